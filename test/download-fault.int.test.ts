/**
 * A crash mid-download loses nothing: the worker process is killed (SIGKILL) while a slow bank
 * download is half done; after a new worker starts, the queue retries the job and the data ends
 * complete and unduplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, waitFor, type TestApp } from './helpers/app.ts';
import { BankdataProcesses } from './helpers/processes.ts';
import { providerId, providerIds, settle, walkBank } from './helpers/journey.ts';

const env = { BANKDATA_SANDBOX_SLOW_MS: '4000', BANKDATA_DOWNLOAD_EXPIRE_SECONDS: '6', BANKDATA_JOB_MAINTENANCE_SECONDS: '1' };
let processes: BankdataProcesses;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ worker: false, env });
  processes = new BankdataProcesses(t, env);
});
afterAll(async () => {
  processes.killAll();
  await t.close();
});

describe('worker killed during the download', () => {
  it('retries the download after restart: complete data, no duplicates', async () => {
    const { apiKey: key } = await t.newPartner({ name: 'Fault Partner' });
    const clientId = await t.newClient(key);
    const first = await processes.worker();
    const created = await t.call('POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) } });
    const connectionId = created.body.connectionId;
    await walkBank(created.body.redirectUrl, 'user_slow');

    await waitFor(async () =>
      t.db.selectFrom('events').select('id').where('connectionId', '=', connectionId).where('type', '=', 'TransactionsFetchingProgress').where('payload', '@>', JSON.stringify({ data: { stage: 'InProgress' } }) as never).executeTakeFirst(),
    );
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const partial = await t.db.selectFrom('transactions').innerJoin('accounts', 'accounts.id', 'transactions.accountId').select((eb) => eb.fn.countAll<number>().as('n')).where('accounts.connectionId', '=', connectionId).executeTakeFirstOrThrow();
    expect(Number(partial.n)).toBeGreaterThan(0);
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Pending');

    await processes.worker();
    expect(await settle(t, key, clientId, connectionId, 60_000)).toBe('Active');

    const accounts = await t.db.selectFrom('accounts').selectAll().where('connectionId', '=', connectionId).execute();
    const connection = await t.db.selectFrom('connections').select('consentRef').where('id', '=', connectionId).executeTakeFirstOrThrow();
    for (const account of accounts) {
      const stored = await t.db.selectFrom('transactions').select('externalId').where('accountId', '=', account.id).execute();
      const expected = await t.services.banks.sandbox.fetchTransactions(connection.consentRef!, account.externalId, new Date(0));
      expect(stored.length).toBe(expected.length);
      expect(new Set(stored.map((s) => s.externalId))).toEqual(new Set(expected.map((e) => e.externalId)));
    }
    const successes = await t.db.selectFrom('events').select('id').where('connectionId', '=', connectionId).where('type', '=', 'ConnectionCreateSuccess').execute();
    expect(successes).toHaveLength(1);
  }, 120_000);
});
