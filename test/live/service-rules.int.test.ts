/**
 * Live journeys and refresh rules of the service (issue 13; docs/live.md "PSU-IP-Address",
 * "Refresh quota"), through the test bank behind the Prism gate: a second SCA (Continue), a
 * refused journey's pending consent deleted at the bank, `/connect/bank/{state}` starting the
 * consent with the browser's address; the bank's validUntil caps the consent, a refresh with
 * psuIpAddress does not count, the bank's ACCESS_EXCEEDED blocks refreshes until the provider's
 * next local midnight, and a consent revoked or expired at the bank sends its consent webhook.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { XS2A_DEFAULTS } from '../../src/banks/berlin-group/config.ts';
import { localDay } from '../../src/lib/local-day.ts';
import { errorCode, startTestApp, type TestApp } from '../helpers/app.ts';
import { settle } from '../helpers/journey.ts';
import { PrismGate } from './prism-gate.ts';
import { TestBank } from './test-bank.ts';

const bank = new TestBank({ pageSize: 10, bookedCount: 12 });
let gate: PrismGate;
let t: TestApp;
let key: string;
let clientId: string;
let providerId: string;

beforeAll(async () => {
  gate = new PrismGate(await bank.start());
  await gate.start();
  t = await startTestApp();
  await t.services.providers.importLive([
    { code: 'cz_quota', name: 'Quota Bank', countryCode: 'CZ', bicCodes: [], timeZone: 'Europe/Prague', status: 'Active', logoUrl: null, connector: 'berlin-group', xs2a: { ...XS2A_DEFAULTS, baseUrl: gate.url, frequencyPerDay: 2, maxConsentDays: 30 } },
  ]);
  const partner = await t.newPartner({ consentDuration: 'P90D' });
  key = await t.newKey(partner.partnerId, 'live');
  clientId = await t.newClient(key);
  providerId = (await t.call('GET', '/v1/providers', { key })).body.data[0].id;
}, 120_000);

afterEach(() => {
  const violations = gate.violations();
  gate.clear();
  bank.switches = { consentExpired: false, accessExceeded: false, failNext: 0, slowMs: 0 };
  expect(violations, 'Prism contract violations').toEqual([]);
});

afterAll(async () => {
  await t?.close();
  await gate?.stop();
  await bank.stop();
});

/** A live connection made Active through the bank's SCA page; answers its id. */
async function connect(): Promise<string> {
  const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'https://app.example/done', providerId, psuIpAddress: '198.51.100.20' } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const sca = await fetch(`${created.body.redirectUrl}?approve=1`, { redirect: 'manual' });
  await fetch(sca.headers.get('location')!, { redirect: 'manual' });
  expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Active');
  return created.body.connectionId;
}

const types = async (connectionId: string) => (await t.db.selectFrom('events').select(['type', 'payload']).where('connectionId', '=', connectionId).orderBy('createdAt').execute()).map((e) => ({ type: e.type, data: (e.payload as { data: any }).data }));

/** Waits for the `nth` (1-based) event of `type` of the connection; answers it. */
async function waitForEvent(connectionId: string, type: string, nth = 1) {
  const until = Date.now() + 60_000;
  for (;;) {
    const found = (await types(connectionId)).filter((e) => e.type === type);
    if (found.length >= nth) return found[nth - 1]!;
    if (Date.now() > until) throw new Error(`no ${type}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('live journeys', { timeout: 120_000 }, () => {
  it('availableAccounts: the second SCA (outcome Continue) keeps the journey and its state; the connection becomes Active', async () => {
    await t.services.providers.importLive([
      { code: 'cz_two_step', name: 'Two Step Bank', countryCode: 'CZ', bicCodes: [], timeZone: 'Europe/Prague', status: 'Active', logoUrl: null, connector: 'berlin-group', xs2a: { ...XS2A_DEFAULTS, baseUrl: gate.url, consentModel: 'availableAccounts' } },
    ]);
    const twoStep = (await t.call('GET', '/v1/providers?search=Two', { key })).body.data[0].id;
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'https://app.example/done', providerId: twoStep, psuIpAddress: '198.51.100.20' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const first = await fetch(`${created.body.redirectUrl}?approve=1`, { redirect: 'manual' });
    const callback = new URL(first.headers.get('location')!);
    const next = await fetch(callback, { redirect: 'manual' });
    expect(next.status).toBe(303);
    const secondSca = next.headers.get('location')!;
    // Not the partner's returnUrl yet: the bank's next SCA address; the connection is still Pending with its journey open.
    expect(secondSca.startsWith('https://app.example')).toBe(false);
    expect((await t.call('GET', `/v1/connections/${created.body.connectionId}`, { key, clientId })).body.state).toBe('Pending');
    const second = await fetch(`${secondSca}?approve=1`, { redirect: 'manual' });
    const back = await fetch(second.headers.get('location')!, { redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('resultCode')).toBe('Ok');
    expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Active');
  });

  it('a journey the user refuses at the bank ends Disabled, and its pending consent is deleted at the bank', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'https://app.example/done', providerId, psuIpAddress: '198.51.100.20' } });
    const consentId = new URL(created.body.redirectUrl).pathname.split('/').pop()!;
    const denied = await fetch(`${created.body.redirectUrl}?deny=1`, { redirect: 'manual' });
    const back = await fetch(denied.headers.get('location')!, { redirect: 'manual' });
    expect(new URL(back.headers.get('location')!).searchParams.get('resultCode')).toBe('Error');
    expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Disabled');
    const until = Date.now() + 30_000;
    while (!bank.requests.some((r) => r.method === 'DELETE' && r.path.includes(consentId)) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(bank.requests.some((r) => r.method === 'DELETE' && r.path.includes(consentId))).toBe(true);
  });

  it('a live direct connection without psuIpAddress starts at the bank when the user opens our page, with the browser address', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'https://app.example/done', providerId } });
    const ours = created.body.redirectUrl.replace(t.services.config.baseUrl, t.baseUrl);
    const before = bank.requests.length;
    const opened = await fetch(ours, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const sca = opened.headers.get('location')!;
    const consentCall = bank.requests.slice(before).find((r) => r.method === 'POST' && r.path.startsWith('/v1/consents'))!;
    expect(consentCall.headers['psu-ip-address']).toBe('127.0.0.1');
    // Opened again: the same SCA address, no second consent.
    const again = await fetch(ours, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(sca);
    expect(bank.requests.slice(before).filter((r) => r.method === 'POST' && r.path.startsWith('/v1/consents'))).toHaveLength(1);
    const approved = await fetch(`${sca}?approve=1`, { redirect: 'manual' });
    await fetch(approved.headers.get('location')!, { redirect: 'manual' });
    expect(await settle(t, key, clientId, created.body.connectionId)).toBe('Active');
  });
});

describe('live refresh', { timeout: 120_000 }, () => {
  it("the bank's validUntil (maxConsentDays 30) caps the partner's P90D", async () => {
    const connectionId = await connect();
    const row = await t.db.selectFrom('connections').select(['consentExpiresAt', 'psuIpAddress']).where('id', '=', connectionId).executeTakeFirstOrThrow();
    const days = (row.consentExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(32);
    // The journey's PSU address is not kept once Active.
    expect(row.psuIpAddress).toBeNull();
  });

  it("a user-present refresh does not count; ACCESS_EXCEEDED blocks refreshes until the provider's next local midnight", async () => {
    const connectionId = await connect();
    const present = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId, body: { psuIpAddress: '198.51.100.20' } });
    expect(present.status, JSON.stringify(present.body)).toBe(202);
    await waitForEvent(connectionId, 'ConnectionRefreshSuccess');
    const bad = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId, body: { psuIpAddress: 'localhost' } });
    expect(errorCode(bad)).toBe('validation_error');
    // Past the cooldown: a background refresh is allowed (the user-present one did not count; 1 of 2 used after it), and the bank refuses it.
    t.clock.advance(11 * 60_000);
    bank.switches.accessExceeded = true;
    const background = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId });
    expect(background.status, JSON.stringify(background.body)).toBe(202);
    const failed = await waitForEvent(connectionId, 'ConnectionRefreshFailed');
    expect(failed.data.error.code).toBe('refresh_quota_exceeded');
    const midnight = localDay(t.clock.now(), 'Europe/Prague').end.toISOString();
    const refused = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId });
    expect(refused.status).toBe(400);
    expect(errorCode(refused)).toBe('refresh_quota_exceeded');
    expect(refused.body.error.nextRefreshPossibleAt).toBe(midnight);
    // With the user present the bank allows it.
    bank.switches.accessExceeded = false;
    const again = await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId, body: { psuIpAddress: '198.51.100.21' } });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    await waitForEvent(connectionId, 'ConnectionRefreshSuccess', 2);
  });

  it('a consent revoked at the bank: ConnectionRefreshFailed, then Inactive with ConnectionConsentRevoked (revokedBy bank)', async () => {
    const connectionId = await connect();
    const row = await t.db.selectFrom('connections').select('consentRef').where('id', '=', connectionId).executeTakeFirstOrThrow();
    bank.revokeAtBank(JSON.parse(row.consentRef!).consentId);
    expect((await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId })).status).toBe(202);
    const revoked = await waitForEvent(connectionId, 'ConnectionConsentRevoked');
    expect(revoked.data.revokedBy).toBe('bank');
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Inactive');
    expect((await types(connectionId)).map((e) => e.type).slice(-2)).toEqual(['ConnectionRefreshFailed', 'ConnectionConsentRevoked']);
  });

  it('a consent expired at the bank: Inactive with ConnectionConsentExpired', async () => {
    const connectionId = await connect();
    bank.switches.consentExpired = true;
    expect((await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId })).status).toBe(202);
    await waitForEvent(connectionId, 'ConnectionConsentExpired');
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body).toMatchObject({ state: 'Inactive', errorDesc: 'Consent expired' });
  });
});
