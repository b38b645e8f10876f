/**
 * The connection state machine after creation (spec "Connection states" transition table,
 * "POST .../refresh", "POST .../reconnect", "Revoke connection"; DESIGN.md §5 and §7): every
 * transition row with its webhook (received and verified with `standardwebhooks`), every guard's
 * error code, time moved with the injectable clock.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { connect, providerId, providerIds, walkBank } from './helpers/journey.ts';
import { BankdataProcesses } from './helpers/processes.ts';
import { allTransactions, hookedPartner, receivedHooks, type HookedPartner } from './helpers/hooked-partner.ts';
import { WebhookReceiver } from './helpers/receiver.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The app under test; a describe block that needs another setup swaps it for its duration (useApp). */
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

const partner = (capabilities = ['refresh', 'reconnect'], consentDuration?: string) => hookedPartner(t, receiver, { capabilities, consentDuration });
const { hooks, typesOf, waitForHook } = receivedHooks(() => receiver);

const get = (p: Partner, id: string) => t.call('GET', `/v1/connections/${id}`, { key: p.apiKey, clientId: p.clientId });
const post = (p: Partner, id: string, action: string, body?: unknown) => t.call('POST', `/v1/connections/${id}/${action}`, { key: p.apiKey, clientId: p.clientId, body });
const sandbox = (p: Partner, id: string, control: string, body?: unknown) => t.call('POST', `/v1/sandbox/connections/${id}/${control}`, { key: p.apiKey, clientId: p.clientId, body });

/** Every transaction of every account of a connection (all pages), with account ids. */
async function transactions(p: Partner, id: string): Promise<any[]> {
  const accounts = await t.call('GET', `/v1/connections/${id}/accounts?subscription=all`, { key: p.apiKey, clientId: p.clientId });
  const all: any[] = [];
  for (const account of accounts.body) all.push(...(await allTransactions(t, p, account.id)).map((x) => ({ ...x, accountId: account.id })));
  return all;
}

/** Starts a refresh and waits for its outcome webhook. */
async function refreshed(p: Partner, id: string, outcome: 'ConnectionRefreshSuccess' | 'ConnectionRefreshFailed' = 'ConnectionRefreshSuccess') {
  const before = typesOf(p, id).filter((x) => x === outcome).length;
  const reply = await post(p, id, 'refresh');
  expect(reply.status, JSON.stringify(reply.body)).toBe(202);
  await waitForHook(p, id, outcome, before + 1);
  return reply;
}

/** Runs the enclosing describe block against an app started with `options` instead of the shared one. */
function useApp(options: Parameters<typeof startTestApp>[0]): void {
  let shared: TestApp;
  beforeAll(async () => {
    shared = t;
    t = await startTestApp(options);
  });
  afterAll(async () => {
    await t.close();
    t = shared;
  });
}

/** Moves the clock forward to the next `hh:mm` UTC. */
function advanceToUtc(hours: number, minutes: number): void {
  const now = t.clock.now();
  let target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hours, minutes);
  if (target <= now.getTime()) target += DAY;
  t.clock.advance(target - now.getTime());
}

/** Event types recorded for a connection so far (the outbox, before delivery), oldest first. */
async function recorded(id: string): Promise<string[]> {
  const rows = await t.db.selectFrom('events').select(['type', 'payload']).where('connectionId', '=', id).orderBy('createdAt').orderBy('id').execute();
  return rows.map((r) => {
    const stage = (r.payload as { data: { stage?: string } }).data.stage;
    return stage ? `${r.type}:${stage}` : r.type;
  });
}

async function pendingConnection(p: Partner): Promise<string> {
  const created = await t.call('POST', '/v1/connections', { key: p.apiKey, clientId: p.clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
  expect(created.status).toBe(200);
  return created.body.connectionId;
}

async function disabledConnection(p: Partner): Promise<string> {
  const id = await pendingConnection(p);
  expect((await sandbox(p, id, 'complete', { outcome: 'Cancelled' })).status).toBe(200);
  expect((await get(p, id)).body.state).toBe('Disabled');
  return id;
}

describe('consent expiry (durable timer)', () => {
  it("Active -> Inactive with ConnectionConsentExpired after the partner's consentDuration", async () => {
    const p = await partner(['refresh', 'reconnect'], 'P30D');
    const id = await connect(t, p.apiKey, p.clientId);
    await waitForHook(p, id, 'ConnectionCreateSuccess');

    t.clock.advance(29 * DAY);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Active');

    t.clock.advance(DAY + MINUTE);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Inactive');
    await waitForHook(p, id, 'ConnectionConsentExpired');
    const expired = hooks(p, id).find((h) => h.type === 'ConnectionConsentExpired');
    expect(expired.data).toMatchObject({ partnerId: p.partnerId, clientId: p.clientId, connectionId: id });
  });

  it('the default consentDuration is P90D, and the sandbox control expire-consent expires it now', async () => {
    const p = await partner();
    expect((await t.call('GET', '/v1/partner/config', { key: p.apiKey })).body.consentDuration).toBe('P90D');
    const id = await connect(t, p.apiKey, p.clientId);
    const expired = await sandbox(p, id, 'expire-consent');
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ state: 'Inactive', errorDesc: 'Consent expired' });
    await waitForHook(p, id, 'ConnectionConsentExpired');
    // Expired now, not at the end of its 90 days.
    const hook = hooks(p, id).find((h) => h.type === 'ConnectionConsentExpired');
    expect(Math.abs(new Date(hook.data.consentExpiresAt).getTime() - new Date(hook.timestamp).getTime())).toBeLessThan(1000);
    // The timer of the old consent no longer fires anything.
    t.clock.advance(91 * DAY);
    await t.worker!.sweeper.fireDue();
    await new Promise((r) => setTimeout(r, 500));
    expect(typesOf(p, id).filter((x) => x === 'ConnectionConsentExpired')).toHaveLength(1);
  });
});

describe('revoke', () => {
  it('revoke-at-bank: Active -> Inactive with ConnectionConsentRevoked', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const revoked = await sandbox(p, id, 'revoke-at-bank');
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ state: 'Inactive', errorDesc: 'Consent revoked at the bank' });
    await waitForHook(p, id, 'ConnectionConsentRevoked');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionConsentRevoked').data.revokedBy).toBe('bank');
  });

  it('the revoke operation makes Active Inactive; Inactive again is a 200 no-op with no callback', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const first = await post(p, id, 'revoke');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, state: 'Inactive', errorDesc: 'Consent revoked by the partner' });
    await waitForHook(p, id, 'ConnectionConsentRevoked');

    const again = await post(p, id, 'revoke');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, state: 'Inactive' });
    await new Promise((r) => setTimeout(r, 1000));
    expect(typesOf(p, id).filter((x) => x === 'ConnectionConsentRevoked')).toHaveLength(1);
  });

  it('revoking a Disabled connection is 400 connection_not_recoverable; a Pending one 403 operation_temporarily_unavailable', async () => {
    const p = await partner();
    const disabled = await disabledConnection(p);
    const reply = await post(p, disabled, 'revoke');
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe('connection_not_recoverable');
    expect((await get(p, disabled)).body.state).toBe('Disabled');

    const pending = await pendingConnection(p);
    const early = await post(p, pending, 'revoke');
    expect(early.status).toBe(403);
    expect(errorCode(early)).toBe('operation_temporarily_unavailable');
    expect((await get(p, pending)).body.state).toBe('Pending');
  });

  it('autoRevokeAfterCreate: Inactive right after the first successful download, without a consent webhook', async () => {
    const p = await partner(['refresh', 'reconnect', 'autoRevokeAfterCreate']);
    const id = await connect(t, p.apiKey, p.clientId);
    await waitForHook(p, id, 'ConnectionCreateSuccess');
    const until = Date.now() + 10_000;
    while ((await get(p, id)).body.state !== 'Inactive' && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect((await get(p, id)).body.state).toBe('Inactive');
    expect((await transactions(p, id)).length).toBeGreaterThan(0);
    expect(typesOf(p, id)).not.toContain('ConnectionConsentRevoked');
    expect(typesOf(p, id)).not.toContain('ConnectionConsentExpired');
  });

  it('DELETE /v1/connections/{id}: 204, then the connection, its accounts and transactions are gone', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const accounts = (await t.call('GET', `/v1/connections/${id}/accounts`, { key: p.apiKey, clientId: p.clientId })).body;
    const deleted = await t.call('DELETE', `/v1/connections/${id}`, { key: p.apiKey, clientId: p.clientId });
    expect(deleted.status).toBe(204);
    expect(errorCode(await get(p, id))).toBe('not_found');
    expect(errorCode(await t.call('GET', `/v1/accounts/${accounts[0].id}/transactions`, { key: p.apiKey, clientId: p.clientId }))).toBe('not_found');
    const left = await t.db.selectFrom('transactions').select('id').where('accountId', 'in', accounts.map((a: any) => a.id)).execute();
    expect(left).toHaveLength(0);
    expect(errorCode(await t.call('DELETE', `/v1/connections/${id}`, { key: p.apiKey, clientId: p.clientId }))).toBe('not_found');
    // Deleting an Active connection revokes its consent as the revoke operation does, with its webhook.
    await waitForHook(p, id, 'ConnectionConsentRevoked');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionConsentRevoked').data).toMatchObject({ revokedBy: 'partner', deleted: true });
  });

  it('deleting an Inactive connection sends no consent webhook', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    await sandbox(p, id, 'expire-consent');
    expect((await t.call('DELETE', `/v1/connections/${id}`, { key: p.apiKey, clientId: p.clientId })).status).toBe(204);
    await waitForHook(p, id, 'ConnectionConsentExpired');
    await new Promise((r) => setTimeout(r, 500));
    expect(typesOf(p, id)).not.toContain('ConnectionConsentRevoked');
  });
});

describe('refresh', () => {
  it('202 Accepted with nextRefreshPossibleAt; progress events but no AccountsFetching; then ConnectionRefreshSuccess', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    await waitForHook(p, id, 'ConnectionCreateSuccess');
    await receiver.waitFor(() => hooks(p, id).filter((h) => h.data.stage === 'Completed').length === 2);
    const before = hooks(p, id).length;

    const now = t.clock.now().getTime();
    const reply = await refreshed(p, id);
    expect(reply.body.status).toBe('Accepted');
    const next = new Date(reply.body.nextRefreshPossibleAt).getTime();
    expect(next - now).toBeGreaterThanOrEqual(10 * MINUTE - 1000);
    expect(next - now).toBeLessThanOrEqual(10 * MINUTE + 5000);

    const after = hooks(p, id).slice(before);
    const types = after.map((h) => `${h.type}${h.data.stage ? `:${h.data.stage}` : ''}`);
    expect(types).toContain('TransactionsFetchingProgress:Started');
    expect(types).toContain('TransactionsFetchingProgress:Completed');
    expect(types.some((x) => x.startsWith('AccountsFetchingProgress'))).toBe(false);
    expect(types.at(-1)).toBe('ConnectionRefreshSuccess');
    expect((await get(p, id)).body.state).toBe('Active');
  });

  it('an empty body sent as application/json is no body: refresh, revoke and (un)subscribe accept it; routes that need a body answer 400', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    expect((await post(p, id, 'refresh', '')).status).toBe(202);
    const [account] = (await t.call('GET', `/v1/connections/${id}/accounts`, { key: p.apiKey, clientId: p.clientId })).body;
    for (const method of ['DELETE', 'PATCH']) {
      const reply = await t.call(method, `/v1/accounts/${account.id}/subscribe`, { key: p.apiKey, clientId: p.clientId, body: '' });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    }
    const revoked = await post(p, id, 'revoke', '');
    expect([revoked.status, revoked.body.state]).toEqual([200, 'Inactive']);

    const reconnect = await post(p, id, 'reconnect', '');
    expect([reconnect.status, errorCode(reconnect)]).toEqual([400, 'validation_error']);
    const client = await t.call('POST', '/v1/clients', { key: p.apiKey, body: '' });
    expect([client.status, errorCode(client)]).toEqual([400, 'validation_error']);
    const malformed = await post(p, id, 'refresh', '{');
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'validation_error']);
  });

  it('returnUrl and locale in the body are accepted and ignored', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const reply = await post(p, id, 'refresh', { returnUrl: 'https://example.com/x', locale: 'cs' });
    expect(reply.status).toBe(202);
  });

  it('adds new transactions and updates cleared ones in place, with no duplicates', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const before = await transactions(p, id);
    const uncleared = before.filter((x) => x.recordState === 'Uncleared');
    expect(uncleared.length).toBeGreaterThan(0);

    expect((await sandbox(p, id, 'transactions', { count: 7 })).status).toBe(200);
    t.clock.advance(4 * DAY);
    await refreshed(p, id);
    const after = await transactions(p, id);

    expect(after).toHaveLength(before.length + 7);
    expect(new Set(after.map((x) => x.id)).size).toBe(after.length);
    const byId = new Map(after.map((x) => [x.id, x]));
    for (const old of before) expect(byId.has(old.id)).toBe(true);
    for (const x of uncleared) expect(byId.get(x.id)!.recordState).toBe('Cleared');
    const added = after.filter((x) => !before.some((b) => b.id === x.id));
    expect(added).toHaveLength(7);

    // A second refresh without bank changes adds nothing.
    t.clock.advance(11 * MINUTE);
    await refreshed(p, id);
    expect(await transactions(p, id)).toHaveLength(after.length);
    const completed = hooks(p, id).filter((h) => h.type === 'TransactionsFetchingProgress' && h.data.stage === 'Completed').at(-1);
    expect(completed.data.transactionCount).toBeGreaterThanOrEqual(0);
  });

  it('refresh_in_progress for a concurrent call, refresh_cooldown for 10 minutes after success, with nextRefreshPossibleAt', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const replies = await Promise.all(Array.from({ length: 4 }, () => post(p, id, 'refresh')));
    expect(replies.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 202)) {
      expect(r.status).toBe(400);
      expect(errorCode(r)).toBe('refresh_in_progress');
    }
    await waitForHook(p, id, 'ConnectionRefreshSuccess');
    const finishedAt = t.clock.now().getTime();

    t.clock.advance(9 * MINUTE);
    const cooling = await post(p, id, 'refresh');
    expect(cooling.status).toBe(400);
    expect(errorCode(cooling)).toBe('refresh_cooldown');
    const next = new Date(cooling.body.error.nextRefreshPossibleAt).getTime();
    expect(next).toBeGreaterThan(t.clock.now().getTime());
    expect(Math.abs(next - (finishedAt + 10 * MINUTE))).toBeLessThan(10_000);

    t.clock.advance(MINUTE + 10_000);
    await refreshed(p, id);
  });

  it('a refresh whose download failed every retry (not a bank error) still ends with ConnectionRefreshFailed internal_error', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    // The download queue hands a job that failed all its retries to its dead letter.
    const queue = await sql<{ deadLetter: string }>`SELECT dead_letter FROM pgboss.queue WHERE name = 'connection-download'`.execute(t.db);
    expect(queue.rows[0]!.deadLetter).toBe('connection-download-failed');
    // A refresh that was accepted, whose download then failed for good:
    await t.db.updateTable('connections').set({ refreshingSince: t.clock.now() }).where('id', '=', id).execute();
    await t.services.queue.enqueue(t.db, 'connection-download-failed', { connectionId: id, reason: 'refresh' });
    await waitForHook(p, id, 'ConnectionRefreshFailed');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionRefreshFailed').data.error.code).toBe('internal_error');
    expect((await get(p, id)).body.state).toBe('Active');
    await refreshed(p, id);
  });

  it('refresh_quota_exceeded at the per-provider daily quota, until the next UTC day', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_ok', 'dunaj_quota_xf');
    const first = await refreshed(p, id);
    const now = t.clock.now();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    // The day's one refresh is used: the next is possible at the later of the cooldown's end and midnight.
    const expected = Math.max(now.getTime() + 10 * MINUTE, new Date(midnight).getTime());
    expect(Math.abs(new Date(first.body.nextRefreshPossibleAt).getTime() - expected)).toBeLessThan(30_000);

    t.clock.advance(11 * MINUTE);
    const over = await post(p, id, 'refresh');
    if (new Date(midnight) > t.clock.now()) {
      expect(over.status).toBe(400);
      expect(errorCode(over)).toBe('refresh_quota_exceeded');
      expect(over.body.error.nextRefreshPossibleAt).toBe(midnight);
      t.clock.advance(new Date(midnight).getTime() - t.clock.now().getTime() + 1000);
      await refreshed(p, id);
    } else {
      expect(over.status).toBe(202); // the 11 minutes crossed midnight: a new day's quota
    }
  });

  it('a used daily quota binds over the cooldown: refresh_quota_exceeded until midnight, not refresh_cooldown', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_ok', 'dunaj_quota_xf');
    advanceToUtc(12, 0);
    const midnight = new Date(Date.UTC(t.clock.now().getUTCFullYear(), t.clock.now().getUTCMonth(), t.clock.now().getUTCDate() + 1)).toISOString();
    const first = await refreshed(p, id);
    expect(first.body.nextRefreshPossibleAt).toBe(midnight);
    // Inside the cooldown the quota is the later limit: its code and its time.
    const soon = await post(p, id, 'refresh');
    expect([soon.status, errorCode(soon)]).toEqual([400, 'refresh_quota_exceeded']);
    expect(soon.body.error.nextRefreshPossibleAt).toBe(midnight);
  });

  it('a cooldown ending after midnight binds over the quota: refresh_cooldown until its end, then a refresh is accepted', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_ok', 'dunaj_quota_xf');
    advanceToUtc(23, 55);
    const first = await refreshed(p, id);
    const promised = new Date(first.body.nextRefreshPossibleAt).getTime();
    expect(Math.abs(promised - (t.clock.now().getTime() + 10 * MINUTE))).toBeLessThan(10_000);
    const soon = await post(p, id, 'refresh');
    expect([soon.status, errorCode(soon)]).toEqual([400, 'refresh_cooldown']);
    expect(soon.body.error.nextRefreshPossibleAt).toBe(first.body.nextRefreshPossibleAt);
    t.clock.advance(promised - t.clock.now().getTime());
    await refreshed(p, id);
  });

  it('background_refresh_not_allowed (406): the connection becomes Inactive and ConnectionConsentRevoked follows', async () => {
    const p = await partner();
    for (const [username, code] of [['user_ok', 'sumava_presence_xf'], ['user_presence', providerIds.vltava]] as const) {
      const id = await connect(t, p.apiKey, p.clientId, username, code);
      const reply = await post(p, id, 'refresh');
      expect(reply.status).toBe(406);
      expect(errorCode(reply)).toBe('background_refresh_not_allowed');
      expect((await get(p, id)).body.state).toBe('Inactive');
      await waitForHook(p, id, 'ConnectionConsentRevoked');
      expect(typesOf(p, id)).not.toContain('ConnectionRefreshFailed');
    }
  });

  it('a bank demanding re-authentication makes the connection Inactive with ConnectionRefreshFailed', async () => {
    const p = await partner();
    const controlled = await connect(t, p.apiKey, p.clientId);
    expect((await sandbox(p, controlled, 'require-reauth')).status).toBe(200);
    const scripted = await connect(t, p.apiKey, p.clientId, 'user_reauth');
    for (const id of [controlled, scripted]) {
      await refreshed(p, id, 'ConnectionRefreshFailed');
      const failed = hooks(p, id).find((h) => h.type === 'ConnectionRefreshFailed');
      expect(failed.data.error.code).toBe('reauthentication_required');
      expect((await get(p, id)).body.state).toBe('Inactive');
      expect(typesOf(p, id)).not.toContain('ConnectionRefreshSuccess');
    }
  });

  it('guards: capability_disabled, consent_inactive, connection_not_recoverable, operation_temporarily_unavailable', async () => {
    const without = await partner(['reconnect']);
    const id = await connect(t, without.apiKey, without.clientId);
    const disabledCapability = await post(without, id, 'refresh');
    expect(disabledCapability.status).toBe(403);
    expect(errorCode(disabledCapability)).toBe('capability_disabled');

    const p = await partner();
    const inactive = await connect(t, p.apiKey, p.clientId);
    await post(p, inactive, 'revoke');
    const r1 = await post(p, inactive, 'refresh');
    expect([r1.status, errorCode(r1)]).toEqual([403, 'consent_inactive']);

    const r2 = await post(p, await disabledConnection(p), 'refresh');
    expect([r2.status, errorCode(r2)]).toEqual([400, 'connection_not_recoverable']);

    const r3 = await post(p, await pendingConnection(p), 'refresh');
    expect([r3.status, errorCode(r3)]).toEqual([403, 'operation_temporarily_unavailable']);
  });
});

describe('a refresh that takes a while (sandbox user_slow, 3 s downloads)', () => {
  useApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '3000' } });

  it("the 202's nextRefreshPossibleAt is exactly when the next refresh is accepted", async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_slow');
    const accepted = await refreshed(p, id);
    const promised = new Date(accepted.body.nextRefreshPossibleAt).getTime();
    t.clock.advance(promised - t.clock.now().getTime());
    const again = await post(p, id, 'refresh');
    expect(again.status, JSON.stringify(again.body)).toBe(202);
  });

  it('a reconnect completing during a refresh ends the refresh with ConnectionRefreshFailed consent_renewed; the next refresh is accepted', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_slow');
    expect((await post(p, id, 'refresh')).status).toBe(202);
    const reconnect = await post(p, id, 'reconnect', { returnUrl: 'http://localhost:8080/again' });
    expect(reconnect.status).toBe(200);
    expect((await walkBank(reconnect.body.redirectUrl, 'user_slow')).searchParams.get('resultCode')).toBe('Ok');
    await waitForHook(p, id, 'ConnectionRefreshFailed');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionRefreshFailed').data.error.code).toBe('consent_renewed');
    await waitForHook(p, id, 'ConnectionCreateSuccess', 2);
    await new Promise((r) => setTimeout(r, 3500)); // the old refresh's bank calls end, reporting nothing
    expect(typesOf(p, id)).not.toContain('ConnectionRefreshSuccess');
    expect(typesOf(p, id).filter((x) => x === 'ConnectionRefreshFailed')).toHaveLength(1);
    expect((await post(p, id, 'refresh')).status).toBe(202);
  });

  it('a revoke during the refresh stores nothing more and ends the refresh with one ConnectionRefreshFailed consent_inactive', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_slow');
    const before = await transactions(p, id);
    expect((await sandbox(p, id, 'transactions', { count: 7 })).status).toBe(200);
    t.clock.advance(8 * 3_600_000); // the bank's new transactions are dated in the coming hours
    expect((await post(p, id, 'refresh')).status).toBe(202);
    const started = async () => (await recorded(id)).filter((x) => x === 'TransactionsFetchingProgress:Started').length === 2;
    while (!(await started())) await new Promise((r) => setTimeout(r, 20));

    const revoked = await post(p, id, 'revoke');
    expect(revoked.body.state).toBe('Inactive');
    const atRevoke = (await recorded(id)).length;
    await waitForHook(p, id, 'ConnectionRefreshFailed');
    await new Promise((r) => setTimeout(r, 4000)); // the download's remaining bank calls end

    const failed = hooks(p, id).filter((h) => h.type === 'ConnectionRefreshFailed');
    expect(failed).toHaveLength(1);
    expect(failed[0].data.error.code).toBe('consent_inactive');
    expect(typesOf(p, id)).not.toContain('ConnectionRefreshSuccess');
    // The revoke's webhook comes first, then the refresh's outcome, then nothing more.
    expect(typesOf(p, id).filter((x) => x.startsWith('Connection')).slice(-2)).toEqual(['ConnectionConsentRevoked', 'ConnectionRefreshFailed']);
    expect(await recorded(id)).toHaveLength(atRevoke);
    expect(await transactions(p, id)).toHaveLength(before.length);
  });
});

describe('a refresh whose consent ends before its download starts', () => {
  useApp({ worker: false });

  it('ends with one ConnectionRefreshFailed consent_inactive and downloads nothing', async () => {
    const processes = new BankdataProcesses(t);
    try {
      const p = await partner();
      await processes.worker();
      const id = await connect(t, p.apiKey, p.clientId);
      await waitForHook(p, id, 'ConnectionCreateSuccess');
      const undelivered = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`.execute(t.db)).rows[0]!.n) > 0;
      while (await undelivered()) await new Promise((r) => setTimeout(r, 50));
      processes.killAll(); // no worker: the refresh job waits in the queue

      expect((await post(p, id, 'refresh')).status).toBe(202);
      expect((await post(p, id, 'revoke')).body.state).toBe('Inactive');
      const atRevoke = await recorded(id);
      await processes.worker();
      await waitForHook(p, id, 'ConnectionRefreshFailed');
      const job = async () => (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'connection-download' AND data->>'reason' = 'refresh' AND data->>'connectionId' = ${id}`.execute(t.db)).rows[0]?.state;
      while ((await job()) !== 'completed') await new Promise((r) => setTimeout(r, 50));

      expect(hooks(p, id).filter((h) => h.type === 'ConnectionRefreshFailed').map((h) => h.data.error.code)).toEqual(['consent_inactive']);
      expect(typesOf(p, id)).not.toContain('ConnectionRefreshSuccess');
      expect(await recorded(id)).toEqual(atRevoke);
    } finally {
      processes.killAll();
    }
  });
});

describe('reconnect', () => {
  const reconnectBody = { returnUrl: 'http://localhost:8080/again' };

  it('Inactive -> Active through the bank journey: same connectionId, accounts and transactions stay attached', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    const before = await transactions(p, id);
    await sandbox(p, id, 'expire-consent');

    const reply = await post(p, id, 'reconnect', reconnectBody);
    expect(reply.status).toBe(200);
    expect(reply.body.connectionId).toBe(id);
    expect(new Date(reply.body.expiresAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const landed = await walkBank(reply.body.redirectUrl, 'user_ok');
    expect(landed.origin + landed.pathname).toBe('http://localhost:8080/again');
    expect(landed.searchParams.get('connectionId')).toBe(id);
    expect(landed.searchParams.get('resultCode')).toBe('Ok');
    await waitForHook(p, id, 'ConnectionCreateSuccess', 2);
    expect((await get(p, id)).body.state).toBe('Active');
    expect(hooks(p, id).filter((h) => h.type === 'ConnectionCreateSuccess').at(-1).data.reconnect).toBe(true);

    const after = await transactions(p, id);
    expect(new Set(after.map((x) => x.id))).toEqual(new Set(before.map((x) => x.id)));
    // The new consent expires again after consentDuration.
    t.clock.advance(91 * DAY);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Inactive');
  });

  it('subscribeToAllAccounts on reconnect adds the accounts the first consent left out', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId, 'user_ok', providerIds.vltava, { subscribeToAllAccounts: false });
    const list = (sub: string) => t.call('GET', `/v1/connections/${id}/accounts${sub}`, { key: p.apiKey, clientId: p.clientId });
    const all = (await list('?subscription=all')).body;
    expect((await list('')).body.length).toBeLessThan(all.length);

    await post(p, id, 'revoke');
    const reply = await post(p, id, 'reconnect', { ...reconnectBody, subscribeToAllAccounts: true });
    await walkBank(reply.body.redirectUrl, 'user_ok');
    await waitForHook(p, id, 'ConnectionCreateSuccess', 2);
    const subscribed = (await list('')).body;
    expect(subscribed.map((a: any) => a.id).sort()).toEqual(all.map((a: any) => a.id).sort());
  });

  it('an Active connection may reconnect (renews the consent); a failed reconnect leaves the state as it was', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    // locale is a BCP 47 tag: de-AT is stored and sent to the bank as de (issue 17).
    const reply = await post(p, id, 'reconnect', { ...reconnectBody, locale: 'de-AT' });
    expect(reply.status).toBe(200);
    expect(reply.body.redirectUrl).toContain('locale=de');
    expect((await t.db.selectFrom('connections').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale).toBe('de');
    const landed = await walkBank(reply.body.redirectUrl, 'cancel');
    expect(landed.searchParams.get('resultCode')).toBe('Error');
    await waitForHook(p, id, 'ConnectionCreateFailed');
    expect(hooks(p, id).find((h) => h.type === 'ConnectionCreateFailed').data.reconnect).toBe(true);
    expect((await get(p, id)).body.state).toBe('Active');

    await post(p, id, 'revoke');
    const again = await post(p, id, 'reconnect', reconnectBody);
    await walkBank(again.body.redirectUrl, 'user_fail');
    await waitForHook(p, id, 'ConnectionCreateFailed', 2);
    expect((await get(p, id)).body.state).toBe('Inactive');
  });

  it('an abandoned reconnect journey leaves an Inactive connection Inactive after the completion window', async () => {
    const p = await partner();
    const id = await connect(t, p.apiKey, p.clientId);
    await post(p, id, 'revoke');
    expect((await post(p, id, 'reconnect', reconnectBody)).status).toBe(200);
    t.clock.advance(23 * MINUTE);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Inactive');
  });

  it('guards: capability_disabled, connection_not_recoverable, validation_error', async () => {
    const without = await partner(['refresh']);
    const id = await connect(t, without.apiKey, without.clientId);
    const r1 = await post(without, id, 'reconnect', reconnectBody);
    expect([r1.status, errorCode(r1)]).toEqual([403, 'capability_disabled']);

    const p = await partner();
    const r2 = await post(p, await disabledConnection(p), 'reconnect', reconnectBody);
    expect([r2.status, errorCode(r2)]).toEqual([400, 'connection_not_recoverable']);

    const active = await connect(t, p.apiKey, p.clientId);
    const r3 = await post(p, active, 'reconnect', {});
    expect([r3.status, errorCode(r3)]).toEqual([400, 'validation_error']);
    expect(r3.body.error.message).toContain('returnUrl');
  });
});

describe('journeys that never complete', () => {
  it('a Pending connection not completed within about 22 minutes becomes Disabled with ConnectionCreateFailed', async () => {
    const p = await partner();
    const id = await pendingConnection(p);
    t.clock.advance(21 * MINUTE);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Pending');
    t.clock.advance(2 * MINUTE);
    await t.worker!.sweeper.fireDue();
    expect((await get(p, id)).body.state).toBe('Disabled');
    await waitForHook(p, id, 'ConnectionCreateFailed');
  });
});
