/**
 * The Berlin Group connector against the stateful test bank behind the Prism gate (official
 * NextGenPSD2 1.3.11 file): every call must pass the contract in both directions.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BerlinGroupConnector, type BerlinGroupOptions } from '../../src/banks/berlin-group/berlin-group-connector.ts';
import { XS2A_DEFAULTS, type Xs2aConfig } from '../../src/banks/berlin-group/config.ts';
import { BankError, type AuthorizationRequest } from '../../src/banks/connector.ts';
import { AdjustableClock } from '../../src/lib/clock.ts';
import { PrismGate } from './prism-gate.ts';
import { TestBank } from './test-bank.ts';

const bank = new TestBank({ pageSize: 10, bookedCount: 25 });
let gate: PrismGate;
const clock = new AdjustableClock();
const PSU = '203.0.113.7';
const connectors: BerlinGroupConnector[] = [];

beforeAll(async () => {
  gate = new PrismGate(await bank.start());
  await gate.start();
});

afterAll(async () => {
  await Promise.all(connectors.map((c) => c.close()));
  await gate?.stop();
  await bank.stop();
});

afterEach(() => {
  const violations = gate.violations();
  gate.clear();
  bank.reset();
  expect(violations, 'Prism contract violations').toEqual([]);
});

function connector(xs2a: Partial<Xs2aConfig> = {}, options: Partial<BerlinGroupOptions> = {}): BerlinGroupConnector {
  const c = new BerlinGroupConnector({
    provider: { code: 'cz_testbank', name: 'Test bank', timeZone: 'Europe/Prague', xs2a: { ...XS2A_DEFAULTS, baseUrl: gate.url, ...xs2a } },
    clock,
    ...options,
  });
  connectors.push(c);
  return c;
}

function authorization(overrides: Partial<AuthorizationRequest> = {}): AuthorizationRequest {
  return {
    connectionId: 'conn_1',
    state: 'st4te',
    providerCode: 'cz_testbank',
    locale: 'en',
    ownershipType: 'Personal',
    skipConsentScreen: false,
    callbackUrl: 'https://bankdata.example/bank-callback',
    psuIpAddress: PSU,
    validUntil: new Date(clock.now().getTime() + 90 * 86_400_000),
    ...overrides,
  };
}

const journey = (pendingConsent?: string) => ({
  connectionId: 'conn_1',
  connectionCreatedAt: clock.now(),
  providerCode: 'cz_testbank',
  countryCode: 'CZ',
  at: clock.now(),
  psuIpAddress: PSU,
  ...(pendingConsent ? { pendingConsent } : {}),
});

/** Starts, approves at the bank's SCA page (as the browser would follow it) and calls back: the consent reference. */
async function connect(c: BerlinGroupConnector): Promise<string> {
  const start = await c.startAuthorization(authorization());
  const sca = await fetch(`${start.redirectUrl}?approve=1`, { redirect: 'manual' });
  expect(sca.status).toBe(302);
  const back = new URL(sca.headers.get('location')!);
  const result = await c.handleCallback(journey(start.pendingConsent), Object.fromEntries(back.searchParams));
  expect(result.outcome).toBe('Ok');
  return result.consent!;
}

async function bankError(promise: Promise<unknown>): Promise<BankError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(BankError);
  return error as BankError;
}

describe('consent', () => {
  it('creates an allPsd2 consent with the Berlin Group headers and answers the SCA redirect', async () => {
    const c = connector({ maxConsentDays: 30 });
    const start = await c.startAuthorization(authorization());
    const [created] = bank.requests;
    expect(created).toMatchObject({ method: 'POST', path: '/v1/consents' });
    expect(created!.headers['psu-ip-address']).toBe(PSU);
    expect(created!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(created!.headers['tpp-redirect-preferred']).toBe('true');
    expect(created!.headers['tpp-redirect-uri']).toBe('https://bankdata.example/bank-callback?state=st4te');
    expect(created!.headers['tpp-nok-redirect-uri']).toBe('https://bankdata.example/bank-callback?state=st4te&nok=1');
    const consent = [...bank.consents.values()][0]!;
    expect(consent).toMatchObject({ access: { allPsd2: 'allAccounts' }, recurringIndicator: true, frequencyPerDay: 4, status: 'received' });
    // 90 days wanted, capped at 30 (a local date in Prague).
    const capped = new Date(clock.now().getTime() + 30 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Prague' });
    expect(consent.validUntil).toBe(capped);
    expect(start.redirectUrl).toBe(`${bank.url}/sca/${consent.consentId}`);
    expect(JSON.parse(start.pendingConsent!)).toMatchObject({ consentId: consent.consentId });
  });

  it('refuses to start a consent without the PSU IP address', async () => {
    const { psuIpAddress: _, ...request } = authorization();
    expect((await bankError(connector().startAuthorization(request))).code).toBe('psu_ip_address_required');
    expect(bank.requests).toHaveLength(0);
  });

  it('answers Ok with the bank-dated validUntil once the PSU approved', async () => {
    const c = connector();
    const start = await c.startAuthorization(authorization());
    const page = await fetch(start.redirectUrl);
    expect(await page.text()).toContain('Approve');
    const sca = await fetch(`${start.redirectUrl}?approve=1`, { redirect: 'manual' });
    const back = new URL(sca.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe('st4te');
    const result = await c.handleCallback(journey(start.pendingConsent), Object.fromEntries(back.searchParams));
    const consent = [...bank.consents.values()][0]!;
    expect(result).toMatchObject({ outcome: 'Ok' });
    expect(JSON.parse(result.consent!)).toEqual({ consentId: consent.consentId, validUntil: consent.validUntil });
    // Valid through its last local day: ends at the next midnight in Prague.
    const [y, m, d] = consent.validUntil.split('-').map(Number) as [number, number, number];
    const midnight = result.validUntil!;
    expect(midnight.toLocaleString('sv-SE', { timeZone: 'Europe/Prague' })).toBe(`${new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)} 00:00:00`);
  });

  it('answers Cancelled on the NOK URI, Error when rejected or not yet authorized', async () => {
    const c = connector();
    const start = await c.startAuthorization(authorization());
    expect((await c.handleCallback(journey(start.pendingConsent), { state: 'st4te' })).errorCode).toBe('authorization_incomplete');
    const sca = await fetch(`${start.redirectUrl}?deny=1`, { redirect: 'manual' });
    const back = new URL(sca.headers.get('location')!);
    expect(back.searchParams.get('nok')).toBe('1');
    expect(await c.handleCallback(journey(start.pendingConsent), Object.fromEntries(back.searchParams))).toMatchObject({ outcome: 'Cancelled' });
    expect(await c.handleCallback(journey(start.pendingConsent), { state: 'st4te' })).toEqual({ outcome: 'Error', errorCode: 'consent_rejected' });
  });

  it('availableAccounts: a one-off account-list consent, then a detailed consent on the IBANs (Continue)', async () => {
    const c = connector({ consentModel: 'availableAccounts' });
    const first = await c.startAuthorization(authorization());
    const listConsent = [...bank.consents.values()][0]!;
    expect(listConsent).toMatchObject({ access: { availableAccounts: 'allAccounts' }, recurringIndicator: false, frequencyPerDay: 1 });
    bank.authorize(listConsent.consentId);
    const next = await c.handleCallback(journey(first.pendingConsent), { state: 'st4te' });
    expect(next.outcome).toBe('Continue');
    const detailed = [...bank.consents.values()][1]!;
    const ibans = [{ iban: 'CZ6508000000192000145399', currency: 'CZK' }, { iban: 'CZ6907100000000000123457', currency: 'CZK' }];
    expect(detailed).toMatchObject({ access: { accounts: ibans, balances: ibans, transactions: ibans }, recurringIndicator: true, frequencyPerDay: 4, redirectUri: listConsent.redirectUri });
    expect(next.redirectUrl).toBe(`${bank.url}/sca/${detailed.consentId}`);
    bank.authorize(detailed.consentId);
    const done = await c.handleCallback(journey(next.pendingConsent), { state: 'st4te' });
    expect(done.outcome).toBe('Ok');
    expect(await c.listAccounts(done.consent!)).toHaveLength(2);
  });

  it('bankOffered: empty access lists', async () => {
    await connector({ consentModel: 'bankOffered' }).startAuthorization(authorization());
    expect([...bank.consents.values()][0]!.access).toEqual({ accounts: [], balances: [], transactions: [] });
  });
});

describe('data', () => {
  it('lists accounts with the preferred balance and reads every transaction page', async () => {
    const c = connector();
    const consent = await connect(c);
    const accounts = await c.listAccounts(consent);
    expect(accounts).toEqual([
      { externalId: 'acc-current', name: 'Běžný účet', type: 'CurrentAccount', currencyCode: 'CZK', iban: 'CZ6508000000192000145399', balance: 25_430.5 - 42.9 - 199 },
      { externalId: 'acc-savings', name: 'Spořicí účet', type: 'SavingAccount', currencyCode: 'CZK', iban: 'CZ6907100000000000123457', balance: 120_000 },
    ]);
    bank.requests.length = 0;
    const transactions = await c.fetchTransactions(consent, 'acc-current', new Date(clock.now().getTime() - 90 * 86_400_000));
    // 25 booked + 2 pending over three pages of 10.
    expect(bank.requests.map((r) => new URL(r.path, 'http://x').searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(transactions).toHaveLength(27);
    expect(new Set(transactions.map((t) => t.externalId)).size).toBe(27);
    expect(transactions.filter((t) => t.recordState === 'Uncleared').map((t) => t.externalId)).toEqual(['E-PEND-1', 'E-PEND-2']);
    const salary = transactions.find((t) => t.externalId === 'E-CUR-000')!;
    expect(salary).toMatchObject({ amount: 1500, counterParty: 'Zaměstnavatel a.s.', recordState: 'Cleared', note: 'Mzda /VS2024000/KS0138' });
    expect(salary.details).toMatchObject({ variableSymbol: '2024000', constantSymbol: '0138', transactionCode: 'PMNT-RCDT-ESCT' });
    const savings = await c.fetchTransactions(consent, 'acc-savings', new Date(clock.now().getTime() - 90 * 86_400_000));
    expect(savings[0]!.details).toMatchObject({ variableSymbol: '77', specificSymbol: '1', constantSymbol: '0898' });
  });

  it('sends PSU-IP-Address only on user-present calls; background reads stop at frequencyPerDay with access_exceeded', async () => {
    const c = connector({ frequencyPerDay: 4 });
    const consent = await connect(c);
    const since = new Date(clock.now().getTime() - 10 * 86_400_000);
    await c.fetchTransactions(consent, 'acc-current', since, { psuIpAddress: PSU });
    expect(bank.requests.at(-1)!.headers['psu-ip-address']).toBe(PSU);
    for (let i = 0; i < 4; i++) await c.fetchTransactions(consent, 'acc-current', since);
    expect(bank.requests.at(-1)!.headers['psu-ip-address']).toBeUndefined();
    expect(bank.backgroundReads(JSON.parse(consent).consentId, '/v1/accounts/acc-current/transactions')).toBe(4);
    expect((await bankError(c.fetchTransactions(consent, 'acc-current', since))).code).toBe('access_exceeded');
    // The PSU present does not count.
    expect(await c.fetchTransactions(consent, 'acc-current', since, { psuIpAddress: PSU })).not.toHaveLength(0);
  });

  it('keeps entryReference when a pending payment books; without bank ids the fingerprints stay stable per record', async () => {
    const c = connector();
    const consent = await connect(c);
    const since = new Date(clock.now().getTime() - 90 * 86_400_000);
    bank.bookPending();
    const booked = await c.fetchTransactions(consent, 'acc-current', since, { psuIpAddress: PSU });
    expect(booked.find((t) => t.externalId === 'E-PEND-1')!.recordState).toBe('Cleared');

    bank.reset({ idMode: 'none' });
    const c2 = connector();
    const consent2 = await connect(c2);
    const first = await c2.fetchTransactions(consent2, 'acc-current', since, { psuIpAddress: PSU });
    const again = await c2.fetchTransactions(consent2, 'acc-current', since, { psuIpAddress: PSU });
    expect(again.map((t) => t.externalId)).toEqual(first.map((t) => t.externalId));
    expect(first.every((t) => t.externalId.startsWith('fp_'))).toBe(true);
  });
});

describe('errors and revocation', () => {
  it('maps CONSENT_EXPIRED, the bank clock past validUntil, a revocation at the bank, 429, 5xx and timeouts', async () => {
    const c = connector({}, { timeoutMs: 400 });
    const consent = await connect(c);
    const { consentId } = JSON.parse(consent) as { consentId: string };

    bank.switches.consentExpired = true;
    expect((await bankError(c.listAccounts(consent))).code).toBe('consent_expired');
    bank.switches.consentExpired = false;

    bank.switches.accessExceeded = true;
    expect((await bankError(c.listAccounts(consent))).code).toBe('access_exceeded');
    bank.switches.accessExceeded = false;

    bank.switches.failNext = 1;
    expect(await bankError(c.listAccounts(consent))).toMatchObject({ code: 'bank_unavailable', temporary: true });

    bank.switches.slowMs = 1000;
    const slow = await bankError(c.listAccounts(consent, { psuIpAddress: PSU }));
    expect(slow).toMatchObject({ code: 'bank_unavailable', temporary: true });
    expect(slow.message).toContain('400 ms');
    bank.switches.slowMs = 0;

    await c.beginRefresh(consent);
    bank.revokeAtBank(consentId);
    expect((await bankError(c.beginRefresh(consent))).code).toBe('consent_revoked');
    expect((await bankError(c.listAccounts(consent, { psuIpAddress: PSU }))).code).toBe('consent_revoked');
  });

  it('expires the consent by the bank clock', async () => {
    const c = connector({ maxConsentDays: 5 });
    const consent = await connect(c);
    bank.clockOffsetMs = 7 * 86_400_000;
    expect((await bankError(c.beginRefresh(consent))).code).toBe('consent_expired');
    expect((await bankError(c.listAccounts(consent, { psuIpAddress: PSU }))).code).toBe('consent_expired');
  });

  it('revokes with DELETE, idempotently', async () => {
    const c = connector();
    const consent = await connect(c);
    await c.revokeConsent(consent);
    await c.revokeConsent(consent);
    await c.revokeConsent(JSON.stringify({ consentId: 'cns-unknown', validUntil: '2030-01-01' }));
    expect(bank.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/v1/consents/${JSON.parse(consent).consentId}`,
      `/v1/consents/${JSON.parse(consent).consentId}`,
      '/v1/consents/cns-unknown',
    ]);
    expect([...bank.consents.values()][0]!.status).toBe('terminatedByTpp');
  });
});

describe('the gate', () => {
  it('reports a request that breaks the contract (here: no PSU-IP-Address, no combinedServiceIndicator)', async () => {
    const answer = await fetch(`${gate.url}/v1/consents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
      body: JSON.stringify({ access: { allPsd2: 'allAccounts' }, recurringIndicator: true, validUntil: '2030-01-01', frequencyPerDay: 4 }),
    });
    expect(answer.status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 300)); // Prism's log line too
    expect(gate.violations().map((v) => v.detail).join('\n')).toMatch(/psu-ip-address/);
    gate.clear();
  });
});

describe('traits and start-up', () => {
  it('answers the provider settings as traits', () => {
    expect(connector({ frequencyPerDay: 2, historyDays: 30 }).traits()).toEqual({ directRedirect: false, requiresUserPresence: false, dailyRefreshQuota: 2, flaky: false, historyDays: 30 });
  });

  it('refuses to start without its certificate files, naming provider and file', () => {
    expect(() => connector({ tls: { certFile: '/nonexistent/qwac.pem', keyFile: '/nonexistent/qwac.key' } })).toThrow(/cz_testbank.*\/nonexistent\/qwac\.pem/);
  });
});
