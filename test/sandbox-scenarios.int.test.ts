/**
 * Sandbox scenarios scripted in one call (issue 17, docs/sandbox.md): a connect session finished
 * by one call of its sandbox control (and still in two steps); the partner's own transactions read
 * back exactly and enriched; the per-partner sandbox clock moving consent expiry (with
 * ConnectionConsentExpiring ahead of it, received and verified with `standardwebhooks`), the
 * refresh cooldown and session expiry, while another partner's clock stays untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { connect, providerId, providerIds, until } from './helpers/journey.ts';
import { allTransactions, hookedPartner, receivedHooks, type HookedPartner } from './helpers/hooked-partner.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

const DAY = 86_400_000;

let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp();
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

type Partner = HookedPartner;

const partner = (consentDuration?: string) =>
  hookedPartner(t, receiver, { capabilities: ['refresh', 'reconnect', 'enrichment'], consentDuration, returnUrlPatterns: ['http://localhost:*/*'] });
const { hooks, typesOf, waitForHook } = receivedHooks(() => receiver);

const call = (p: Partner, method: string, path: string, body?: unknown) => t.call(method, path, { key: p.apiKey, clientId: p.clientId, body });
const clock = (p: Partner, method: 'GET' | 'POST' | 'DELETE', body?: unknown) => call(p, method, '/v1/sandbox/clock', body);
const completeSession = (p: Partner, sessionId: string, body: Record<string, unknown>) => call(p, 'POST', `/v1/sandbox/connect-sessions/${sessionId}/complete`, body);
const newSession = async (p: Partner) => (await call(p, 'POST', '/v1/connect-sessions', { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) })).body.sessionId as string;
const accountsOf = async (p: Partner, connectionId: string, all = true) => (await call(p, 'GET', `/v1/connections/${connectionId}/accounts${all ? '?subscription=all' : ''}`)).body as { id: string; type: string; balance: number; currencyCode: string }[];

/** Every transaction of an account (all pages). */
const transactionsOf = (p: Partner, accountId: string) => allTransactions(t, p, accountId);

/** Starts a refresh and waits for its success webhook. */
async function refreshed(p: Partner, id: string): Promise<void> {
  const before = typesOf(p, id).filter((x) => x === 'ConnectionRefreshSuccess').length;
  const reply = await call(p, 'POST', `/v1/connections/${id}/refresh`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  await waitForHook(p, id, 'ConnectionRefreshSuccess', before + 1);
}

describe('POST /v1/sandbox/connect-sessions/{id}/complete', () => {
  it('finishes the whole session in one call: Completed, every account kept', async () => {
    const p = await partner();
    const sessionId = await newSession(p);
    const done = await completeSession(p, sessionId, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ sessionId, state: 'Completed', resultCode: 'Ok', error: null });
    const connection = await call(p, 'GET', `/v1/connections/${done.body.connectionId}`);
    expect(connection.body.state).toBe('Active');
    const all = await accountsOf(p, done.body.connectionId);
    expect(all.length).toBeGreaterThan(1);
    expect(await accountsOf(p, done.body.connectionId, false)).toHaveLength(all.length);
  });

  it('with deselectAccountIds: refused before the bank (nothing changes), then the second call waits and completes without them', async () => {
    const p = await partner();
    const sessionId = await newSession(p);
    expect(errorCode(await completeSession(p, sessionId, { deselectAccountIds: ['00000000-0000-4000-8000-000000000000'] }))).toBe('validation_error');
    expect((await call(p, 'GET', `/v1/connect-sessions/${sessionId}`)).body.state).toBe('AwaitingBankSelection');
    // Two steps: the outcome ends the call after the bank.
    const afterBank = await completeSession(p, sessionId, { outcome: 'Ok' });
    expect(['Fetching', 'AwaitingAccountSelection']).toContain(afterBank.body.state);
    const connectionId = afterBank.body.connectionId;
    const listed = await until(() => accountsOf(p, connectionId), (a) => a.length > 1);
    const dropped = [listed[0]!.id];
    const done = await completeSession(p, sessionId, { deselectAccountIds: dropped });
    expect(done.body).toMatchObject({ sessionId, state: 'Completed', resultCode: 'Ok' });
    const kept = (await accountsOf(p, connectionId, false)).map((a) => a.id);
    expect(kept).toHaveLength(listed.length - 1);
    for (const id of dropped) expect(kept).not.toContain(id);
    expect(errorCode(await completeSession(p, sessionId, {}))).toBe('validation_error');
  });

  it('a refused bank ends the one call at once with the session Failed', async () => {
    const p = await partner();
    const done = await completeSession(p, await newSession(p), { username: 'user_fail' });
    expect(done.body).toMatchObject({ state: 'Failed', resultCode: 'Error', error: 'access_denied' });
  });
});

describe('POST /v1/sandbox/connections/{id}/transactions with the partner\'s own transactions', () => {
  it('the next refresh finds exactly them, enriched, with stable ids; the balance includes them', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const accounts = await accountsOf(p, id);
    const target = accounts.find((a) => a.type === 'SavingAccount') ?? accounts.at(-1)!;
    const before = await transactionsOf(p, target.id);
    const now = Date.parse((await clock(p, 'GET')).body.now);
    const mine = [
      {
        amount: -1234.5,
        recordDate: new Date(now - 2 * DAY).toISOString(),
        recordState: 'Cleared',
        note: 'ALBERT HYPERMARKET 1234 PRAHA',
        counterParty: 'Albert',
        details: { variableSymbol: '2024001', constantSymbol: '0308', specificSymbol: '77', transactionCode: 'CARD_PAYMENT', creditorReference: null, externalCategoryName: 'Potraviny', mccCode: '5411', others: 'terminal 7' },
      },
      { amount: 50_000, note: 'Salary March', counterParty: 'ACME s.r.o.', recordState: 'Uncleared', currencyCode: target.currencyCode },
    ];
    const added = await call(p, 'POST', `/v1/sandbox/connections/${id}/transactions`, { accountId: target.id, transactions: mine });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await refreshed(p, id);

    const after = await transactionsOf(p, target.id);
    const fresh = after.filter((x) => !before.some((b) => b.id === x.id));
    expect(fresh).toHaveLength(2);
    const grocery = fresh.find((x) => x.amount === -1234.5)!;
    expect(grocery).toMatchObject({ currencyCode: target.currencyCode, recordState: 'Cleared', recordDate: mine[0]!.recordDate, note: mine[0]!.note, counterParty: 'Albert', details: mine[0]!.details });
    expect(grocery.enrichment.category.subcategoryName).toMatch(/grocer/i);
    const salary = fresh.find((x) => x.amount === 50_000)!;
    expect(salary).toMatchObject({ recordState: 'Uncleared', note: 'Salary March', counterParty: 'ACME s.r.o.' });
    expect(Object.values(salary.details).every((v) => v === null)).toBe(true);
    expect(salary.enrichment).toBeDefined();
    const balanceBefore = target.balance;
    const balanceAfter = (await accountsOf(p, id)).find((a) => a.id === target.id)!.balance;
    expect(balanceAfter).toBeCloseTo(balanceBefore - 1234.5 + 50_000, 2);

    // Stable at the bank: a later refresh stores them again under the same ids, nothing new.
    await clock(p, 'POST', { advance: 'PT11M' });
    await refreshed(p, id);
    expect((await transactionsOf(p, target.id)).map((x) => x.id).sort()).toEqual(after.map((x) => x.id).sort());
  });

  it('refuses bad input with clear 400s and stores nothing; {count} keeps working', async () => {
    const p = await partner();
    const other = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const foreignId = await connect(t, other.apiKey, other.clientId);
    const foreignAccount = (await accountsOf(other, foreignId))[0]!.id;
    const post = (body: unknown) => call(p, 'POST', `/v1/sandbox/connections/${id}/transactions`, body);
    const now = Date.parse((await clock(p, 'GET')).body.now);
    const refused = [
      { accountId: foreignAccount, transactions: [{ amount: -1 }] },
      { transactions: [{ amount: -1, recordDate: new Date(now + DAY).toISOString() }] },
      { transactions: [{ amount: -1, recordDate: new Date(now - 100 * DAY).toISOString() }] },
      { transactions: [{ amount: -1.234 }] },
      { transactions: [{ amount: 'much' }] },
      { transactions: Array.from({ length: 1001 }, () => ({ amount: -1 })) },
      { transactions: [] },
      { count: 2, transactions: [{ amount: -1 }] },
      {},
    ];
    for (const body of refused) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.error.code).toBe('validation_error');
    }
    expect((await post({ transactions: [{ amount: -1, recordDate: new Date(now + DAY).toISOString() }] })).body.error.message).toMatch(/future/);
    const before = (await accountsOf(p, id)).map((a) => a.balance);
    expect((await post({ count: 3 })).status).toBe(200);
    await clock(p, 'POST', { advance: 'PT1M' });
    await refreshed(p, id);
    expect((await accountsOf(p, id)).map((a) => a.balance)).not.toEqual(before);
  });
});

describe('sandbox clock per partner', () => {
  it('advancing 84 then 7 days: ConnectionConsentExpiring once, then ConnectionConsentExpired; consentExpiresAt on the resource; another partner untouched', async () => {
    const p = await partner('P90D');
    const other = await partner('P90D');
    const id = await connect(t, p.apiKey, p.clientId);
    const otherId = await connect(t, other.apiKey, other.clientId);
    const connection = (await call(p, 'GET', `/v1/connections/${id}`)).body;
    const start = Date.parse((await clock(p, 'GET')).body.now);
    expect(Date.parse(connection.consentExpiresAt) - start).toBeGreaterThan(89.9 * DAY);
    expect(Date.parse(connection.consentExpiresAt) - start).toBeLessThanOrEqual(90 * DAY);

    const advanced = await clock(p, 'POST', { advance: 'P84D' });
    expect(advanced.status).toBe(200);
    expect(advanced.body.offsetMs).toBe(84 * DAY);
    expect(Date.parse(advanced.body.now) - start).toBeGreaterThanOrEqual(84 * DAY);
    await t.worker!.sweeper.fireDue();
    await waitForHook(p, id, 'ConnectionConsentExpiring');
    const notice = hooks(p, id).find((h) => h.type === 'ConnectionConsentExpiring');
    expect(notice.data).toMatchObject({ connectionId: id, consentExpiresAt: connection.consentExpiresAt, noticeDays: 7 });
    expect((await call(p, 'GET', `/v1/connections/${id}`)).body.state).toBe('Active');

    await clock(p, 'POST', { advance: 'P7D' });
    await t.worker!.sweeper.fireDue();
    await waitForHook(p, id, 'ConnectionConsentExpired');
    const expired = hooks(p, id).find((h) => h.type === 'ConnectionConsentExpired');
    expect(expired.data.consentExpiresAt).toBe(connection.consentExpiresAt);
    expect((await call(p, 'GET', `/v1/connections/${id}`)).body).toMatchObject({ state: 'Inactive', errorDesc: 'Consent expired', consentExpiresAt: connection.consentExpiresAt });
    await t.worker!.sweeper.fireDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(typesOf(p, id).filter((x) => x === 'ConnectionConsentExpiring')).toHaveLength(1);
    expect(typesOf(p, id).filter((x) => x === 'ConnectionConsentExpired')).toHaveLength(1);

    // The other partner's clock and connection are untouched.
    expect((await clock(other, 'GET')).body.offsetMs).toBe(0);
    expect((await call(other, 'GET', `/v1/connections/${otherId}`)).body.state).toBe('Active');
    expect(typesOf(other, otherId)).not.toContain('ConnectionConsentExpiring');

    // Reset: back to real time.
    const reset = await clock(p, 'DELETE');
    expect(reset.body.offsetMs).toBe(0);
    expect(Math.abs(Date.parse(reset.body.now) - t.clock.now().getTime())).toBeLessThan(5000);
  });

  it('a reconnect renews the consent: a new notice for the new end', async () => {
    const p = await partner('P30D');
    const id = await connect(t, p.apiKey, p.clientId);
    await clock(p, 'POST', { advance: 'P24D' });
    await t.worker!.sweeper.fireDue();
    await waitForHook(p, id, 'ConnectionConsentExpiring');
    const reconnect = await call(p, 'POST', `/v1/connections/${id}/reconnect`, { returnUrl: 'http://localhost:8080/done' });
    expect(reconnect.status, JSON.stringify(reconnect.body)).toBe(200);
    await call(p, 'POST', `/v1/sandbox/connections/${id}/complete`, { outcome: 'Ok' });
    await waitForHook(p, id, 'ConnectionCreateSuccess', 2);
    const renewed = (await call(p, 'GET', `/v1/connections/${id}`)).body.consentExpiresAt;
    expect(Date.parse(renewed) - Date.parse((await clock(p, 'GET')).body.now)).toBeGreaterThan(29 * DAY);
    await clock(p, 'POST', { advance: 'P24D' });
    await t.worker!.sweeper.fireDue();
    await waitForHook(p, id, 'ConnectionConsentExpiring', 2);
    expect(hooks(p, id).filter((h) => h.type === 'ConnectionConsentExpiring').map((h) => h.data.consentExpiresAt).at(-1)).toBe(renewed);
  });

  it('consentExpiringNoticeDays 0 sends no notice; the partner configuration shows the setting', async () => {
    const p = await partner('P90D');
    await t.services.partners.set(p.partnerId, { consentExpiringNoticeDays: 0 });
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).body.consentExpiringNoticeDays).toBe(0);
    const id = await connect(t, p.apiKey, p.clientId);
    await clock(p, 'POST', { advance: 'P89D' });
    await t.worker!.sweeper.fireDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(typesOf(p, id)).not.toContain('ConnectionConsentExpiring');
  });

  it('the refresh cooldown and connect-session expiry follow the partner clock', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    await refreshed(p, id);
    const refused = await call(p, 'POST', `/v1/connections/${id}/refresh`);
    expect(refused.body.error.code).toBe('refresh_cooldown');
    await clock(p, 'POST', { advance: 'PT10M' });
    await refreshed(p, id);

    // The daily quota (one refresh a day at this bank) resets at the partner's next UTC midnight.
    const quoted = await connect(t, p.apiKey, p.clientId, 'user_ok', 'dunaj_quota_xf');
    await refreshed(p, quoted);
    const over = await call(p, 'POST', `/v1/connections/${quoted}/refresh`);
    expect(over.body.error.code).toBe('refresh_quota_exceeded');
    const midnight = Date.parse(over.body.error.nextRefreshPossibleAt ?? over.body.nextRefreshPossibleAt);
    expect(new Date(midnight).toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(midnight).toBeGreaterThan(Date.parse((await clock(p, 'GET')).body.now));
    await clock(p, 'POST', { advance: 'P1D' });
    await refreshed(p, quoted);

    const sessionId = await newSession(p);
    const expiresAt = (await call(p, 'GET', `/v1/connect-sessions/${sessionId}`)).body.expiresAt;
    expect(Date.parse(expiresAt) - Date.parse((await clock(p, 'GET')).body.now)).toBeGreaterThan(29 * 60_000);
    await clock(p, 'POST', { advance: 'PT31M' });
    await t.worker!.sweeper.fireDue();
    expect((await call(p, 'GET', `/v1/connect-sessions/${sessionId}`)).body).toMatchObject({ state: 'Expired', error: 'session_expired' });
  });

  it('the 22-minute check of an unfinished bank journey fires by the partner clock', async () => {
    const p = await partner();
    const created = await call(p, 'POST', '/v1/connections', { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) });
    expect(created.status).toBe(200);
    const id = created.body.connectionId;
    await clock(p, 'POST', { advance: 'PT23M' });
    await t.worker!.sweeper.fireDue();
    await waitForHook(p, id, 'ConnectionCreateFailed');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionCreateFailed').data.error.code).toBe('authorization_timeout');
    expect((await call(p, 'GET', `/v1/connections/${id}`)).body.state).toBe('Disabled');
  });

  it("the same partner's live data keeps real time", async () => {
    const p = await partner();
    const live = { ...p, apiKey: await t.newKey(p.partnerId, 'live') };
    live.clientId = await t.newClient(live.apiKey);
    const liveSession = (await call(live, 'POST', '/v1/connect-sessions', { returnUrl: 'http://localhost:8080/done' })).body;
    const sandboxSession = (await call(p, 'POST', '/v1/connect-sessions', { returnUrl: 'http://localhost:8080/done' })).body;
    expect(Math.abs(Date.parse(liveSession.expiresAt) - (t.clock.now().getTime() + 30 * 60_000))).toBeLessThan(5000);
    await clock(p, 'POST', { advance: 'P1D' });
    await t.worker!.sweeper.fireDue();
    expect((await call(p, 'GET', `/v1/connect-sessions/${sandboxSession.sessionId}`)).body.state).toBe('Expired');
    expect((await call(live, 'GET', `/v1/connect-sessions/${liveSession.sessionId}`)).body.state).toBe('AwaitingBankSelection');
    const liveLater = (await call(live, 'POST', '/v1/connect-sessions', { returnUrl: 'http://localhost:8080/done' })).body;
    expect(Math.abs(Date.parse(liveLater.expiresAt) - (t.clock.now().getTime() + 30 * 60_000))).toBeLessThan(5000);
  });

  it('validates the duration; live keys get 404', async () => {
    const p = await partner();
    for (const advance of ['-P1D', 'P0D', '91 days', 'P20Y']) expect(errorCode(await clock(p, 'POST', { advance })), advance).toBe('validation_error');
    expect((await clock(p, 'GET')).body.offsetMs).toBe(0);
    const live = await t.newKey(p.partnerId, 'live');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect(errorCode(await t.call(method, '/v1/sandbox/clock', { key: live, body: method === 'POST' ? { advance: 'P1D' } : undefined }))).toBe('not_found');
    }
  });
});
