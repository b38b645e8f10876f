/**
 * The download against slow, failing and flaky sandbox banks (spec connection states; DESIGN.md
 * §5, §7): once the bank granted consent the 22-minute initiation timer no longer applies (a
 * download deadline does); a connection disabled while holding a consent gets it revoked at the
 * bank and its download stops storing; the flaky bank's temporary errors are retried by the job
 * queue; transactions added by the sandbox control are found by a refresh without moving time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BankError } from '../src/banks/connector.ts';
import { sandboxCallbackQuery } from '../src/banks/sandbox/sandbox-connector.ts';
import { DOWNLOAD_DEADLINE_MS } from '../src/modules/connections/connections.service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect, providerId, providerIds, settle, walkBank } from './helpers/journey.ts';

const MINUTE = 60_000;
let t: TestApp;
let key: string;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '3000', BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS: '1' } });
  ({ apiKey: key } = await t.newPartner({ name: 'Sandbox Banks Partner' }));
  clientId = await t.newClient(key);
});
afterAll(() => t.close());

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const events = async (connectionId: string) =>
  (await t.db.selectFrom('events').select(['type', 'payload']).where('connectionId', '=', connectionId).orderBy('createdAt').orderBy('id').execute()).map((e) => ({ type: e.type, data: (e.payload as any).data }));
const state = async (connectionId: string) => (await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state;
const transactionCount = async (connectionId: string) =>
  Number((await t.db.selectFrom('transactions').innerJoin('accounts', 'accounts.id', 'transactions.accountId').select((eb) => eb.fn.countAll<number>().as('n')).where('accounts.connectionId', '=', connectionId).executeTakeFirstOrThrow()).n);
/** Download jobs of a connection that have finished (completed or failed for good). */
const downloadsDone = async (connectionId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'connection-download' and data->>'connectionId' = ${connectionId} and state in ('completed', 'failed')`.execute(t.db)).rows[0]!.n;
const revokedAtBank = async (connectionId: string) => (await t.services.banks.sandbox.state.get(connectionId)).revoked;

async function bankJourney(username: string, code: string = providerIds.vltava): Promise<string> {
  const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, code) } });
  expect(created.status).toBe(200);
  const landing = await walkBank(created.body.redirectUrl, username);
  expect(landing.searchParams.get('resultCode')).toBe('Ok');
  return created.body.connectionId;
}

describe('account selection while the download runs', () => {
  it('an account unsubscribed before its transactions were fetched gets none', async () => {
    const id = await bankJourney('user_slow');
    await waitFor(async () => (await events(id)).some((e) => e.type === 'AccountsFetchingProgress' && e.data.stage === 'Completed'));
    const accounts = (await t.call('GET', `/v1/connections/${id}/accounts`, { key, clientId })).body as { id: string }[];
    expect(accounts.length).toBeGreaterThan(1);
    const last = accounts.at(-1)!; // downloaded last, in the listed order
    expect((await t.call('DELETE', `/v1/accounts/${last.id}/subscribe`, { key, clientId })).status).toBe(200);
    expect(await settle(t, key, clientId, id, 60_000)).toBe('Active');
    const count = async (accountId: string) => Number((await t.db.selectFrom('transactions').select((eb) => eb.fn.countAll<number>().as('n')).where('accountId', '=', accountId).executeTakeFirstOrThrow()).n);
    expect(await count(last.id)).toBe(0);
    expect(await count(accounts[0]!.id)).toBeGreaterThan(0);
  });
});

describe('once the bank granted consent', () => {
  it('the 22-minute initiation timer no longer disables the connection while a slow download runs', async () => {
    const id = await bankJourney('user_slow');
    t.clock.advance(23 * MINUTE);
    await t.worker!.sweeper.fireDue();
    expect(await state(id)).toBe('Pending');
    expect(await settle(t, key, clientId, id)).toBe('Active');
    const types = (await events(id)).map((e) => e.type);
    expect(types).not.toContain('ConnectionCreateFailed');
    expect(types.at(-1)).toBe('ConnectionCreateSuccess');
    expect(await revokedAtBank(id)).toBe(false);
  });

  it('a download past its deadline disables the connection, revokes the consent and stores nothing more', async () => {
    const id = await bankJourney('user_slow');
    await waitFor(async () => (await events(id)).some((e) => e.type === 'TransactionsFetchingProgress'));
    t.clock.advance(DOWNLOAD_DEADLINE_MS + MINUTE);
    await t.worker!.sweeper.fireDue();
    const got = await t.call('GET', `/v1/connections/${id}`, { key, clientId });
    expect(got.body.state).toBe('Disabled');
    const stored = await transactionCount(id);

    await waitFor(() => downloadsDone(id));
    await waitFor(() => revokedAtBank(id));
    expect(await state(id)).toBe('Disabled');
    expect(await transactionCount(id)).toBe(stored);
    const all = await events(id);
    const failed = all.findIndex((e) => e.type === 'ConnectionCreateFailed');
    expect(all[failed]!.data.error.code).toBe('download_timeout');
    expect(all.slice(failed + 1)).toEqual([]);
    expect(all.map((e) => e.type)).not.toContain('ConnectionCreateSuccess');
  });

  it('a download that fails with a bank error disables the connection and revokes the consent at the bank', async () => {
    const id = await bankJourney('error.consent_invalid');
    expect(await settle(t, key, clientId, id)).toBe('Disabled');
    await waitFor(() => revokedAtBank(id));
    const connection = await t.db.selectFrom('connections').select(['consentRef', 'errorCode']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(connection).toEqual({ consentRef: null, errorCode: 'consent_invalid' });
  });
});

describe('the flaky bank', () => {
  it('fails part-way, the job queue retries the download, the connection becomes Active with complete data', async () => {
    const id = await bankJourney('user_ok', 'spree_flaky_xf');
    expect(await settle(t, key, clientId, id, 30_000)).toBe('Active');
    const types = (await events(id)).map((e) => e.type);
    expect(types).not.toContain('ConnectionCreateFailed');
    expect(types.filter((x) => x === 'ConnectionCreateSuccess')).toHaveLength(1);
    expect((await t.services.banks.sandbox.state.get(id)).listings).toBe(2);
    const retried = await sql<{ retryCount: number }>`select retry_count from pgboss.job where name = 'connection-download' and data->>'connectionId' = ${id}`.execute(t.db);
    expect(retried.rows.map((r) => r.retryCount)).toEqual([1]);

    const { consentRef } = await t.db.selectFrom('connections').select('consentRef').where('id', '=', id).executeTakeFirstOrThrow();
    for (const account of await t.db.selectFrom('accounts').selectAll().where('connectionId', '=', id).execute()) {
      const stored = await t.db.selectFrom('transactions').select('externalId').where('accountId', '=', account.id).execute();
      const expected = await t.services.banks.sandbox.fetchTransactions(consentRef!, account.externalId, new Date(0));
      expect(stored.map((s) => s.externalId).sort()).toEqual(expected.map((e) => e.externalId).sort());
    }

    // A refresh meets the next failure (every other download) and is retried too.
    expect((await t.call('POST', `/v1/connections/${id}/refresh`, { key, clientId })).status).toBe(202);
    await waitFor(async () => (await events(id)).some((e) => e.type === 'ConnectionRefreshSuccess'));
    expect((await events(id)).map((e) => e.type)).not.toContain('ConnectionRefreshFailed');
    expect((await t.services.banks.sandbox.state.get(id)).listings).toBe(4);
  });

  it('a temporary error on the last attempt ends the journey (Disabled, bank_unavailable)', async () => {
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, 'spree_flaky_xf') } });
    const id = created.body.connectionId;
    const row = await t.db.selectFrom('connections').select('createdAt').where('id', '=', id).executeTakeFirstOrThrow();
    // The bank granted consent; the download is run here by hand, attempt by attempt (no job).
    const { consent } = await t.services.banks.sandbox.handleCallback({ connectionId: id, connectionCreatedAt: row.createdAt, providerCode: 'spree_flaky_xf', countryCode: 'DE', at: t.clock.now() }, sandboxCallbackQuery('Ok'));
    await t.db.updateTable('connections').set({ consentRef: consent!, authorizationTokenHash: null }).where('id', '=', id).execute();

    await expect(t.services.sync.download({ connectionId: id, reason: 'create' }, { retryCount: 0, retryLimit: 5 })).rejects.toBeInstanceOf(BankError);
    expect(await state(id)).toBe('Pending');
    await t.services.banks.sandbox.state.countListing(id);
    await t.services.sync.download({ connectionId: id, reason: 'create' }, { retryCount: 5, retryLimit: 5 });
    expect(await state(id)).toBe('Disabled');
    const failed = (await events(id)).find((e) => e.type === 'ConnectionCreateFailed');
    expect(failed!.data.error.code).toBe('bank_unavailable');
    await waitFor(() => revokedAtBank(id));
  });
});

describe('sandbox control: add transactions', () => {
  it('a refresh finds them without moving the clock, and the balance includes them', async () => {
    const id = await connect(t, key, clientId, 'user_ok+added');
    const accounts = async () => (await t.call('GET', `/v1/connections/${id}/accounts`, { key, clientId })).body as any[];
    const before = await accounts();
    const count = await transactionCount(id);

    expect((await t.call('POST', `/v1/sandbox/connections/${id}/transactions`, { key, clientId, body: { count: 3 } })).status).toBe(200);
    expect((await t.call('POST', `/v1/connections/${id}/refresh`, { key, clientId })).status).toBe(202);
    await waitFor(async () => (await events(id)).some((e) => e.type === 'ConnectionRefreshSuccess'));
    expect(await transactionCount(id)).toBe(count + 3);

    const added = await t.db
      .selectFrom('transactions')
      .innerJoin('accounts', 'accounts.id', 'transactions.accountId')
      .select(['transactions.amount', 'transactions.recordDate', 'transactions.recordState', 'accounts.id as accountId'])
      .where('accounts.connectionId', '=', id)
      .where('transactions.externalId', 'like', '%-new-%')
      .execute();
    expect(added).toHaveLength(3);
    expect(added.every((x) => x.recordDate <= t.clock.now() && x.recordState === 'Uncleared')).toBe(true);
    const after = await accounts();
    const account = (list: any[]) => list.find((a) => a.id === added[0]!.accountId);
    const sum = added.reduce((s, x) => s + Math.round(Number(x.amount) * 100), 0);
    expect(Math.round(account(after).balance * 100)).toBe(Math.round(account(before).balance * 100) + sum);
  });
});
