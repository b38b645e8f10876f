/**
 * Scale-out and fault suite (issue 14; `npm run test:faults`, run by .ci/run): 2 `bankdata serve`
 * and 2 `bankdata worker` processes on one PostgreSQL of the test's own. 200 connections are
 * created across both APIs (sandbox direct flow, completed with POST
 * /v1/sandbox/connections/{id}/complete) in four scenarios; one worker is killed (SIGKILL) while
 * slow downloads run, and PostgreSQL is crashed (as `pg_ctl stop -m immediate`) and started again
 * while webhooks are being delivered. Afterwards: every connection is Active or Disabled as its
 * scenario says, every account holds exactly the sandbox bank's transactions (none missing, none
 * twice), every event reached the receiver (a webhook-id may come twice, none may be missing),
 * and no process exited on its own. The numbers measured go to test-artifacts/faults.json and
 * docs/operations.md "What survives what".
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankError } from '../../src/banks/connector.ts';
import { Banks } from '../../src/banks/index.ts';
import { SandboxState } from '../../src/banks/sandbox/sandbox-state.ts';
import { createDb, type Db } from '../../src/db/database.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { callAt, type Reply } from '../helpers/app.ts';
import { OwnPostgres } from '../helpers/own-postgres.ts';
import { BankdataProcesses } from '../helpers/processes.ts';
import { WebhookReceiver } from '../helpers/receiver.ts';
import { until } from '../helpers/wait.ts';

const CONNECTIONS = 200;
const CLIENTS = 20;
const env = {
  BANKDATA_SANDBOX_SLOW_MS: '5000',
  BANKDATA_DOWNLOAD_EXPIRE_SECONDS: '15',
  BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS: '1',
  BANKDATA_JOB_MAINTENANCE_SECONDS: '1',
  BANKDATA_WEBHOOK_EXPIRE_SECONDS: '10',
  BANKDATA_RATE_LIMIT: '100000',
};

/** Scenario of connection i: test user, bank and the state it must end in. */
function scenarioOf(i: number): { username: string; bank: string; expected: 'Active' | 'Disabled' } {
  if (i % 10 === 0) return { username: 'user_fail', bank: 'vltava_xf', expected: 'Disabled' };
  if (i % 10 === 1 || i % 10 === 2) return { username: 'user_slow', bank: 'vltava_xf', expected: 'Active' };
  if (i % 10 === 3) return { username: 'user_ok', bank: 'spree_flaky_xf', expected: 'Active' };
  return { username: 'user_ok', bank: 'vltava_xf', expected: 'Active' };
}

let database: OwnPostgres;
let processes: BankdataProcesses;
let receiver: WebhookReceiver;
let db: Db;

beforeAll(async () => {
  database = await OwnPostgres.start();
  db = createDb(database.url, 2);
  receiver = await new WebhookReceiver().start();
  receiver.delayMs = 20;
  processes = new BankdataProcesses({ databaseUrl: database.url, baseUrl: 'http://localhost:3000' }, env);
}, 120_000);
afterAll(async () => {
  processes?.killAll();
  await receiver?.stop();
  await db?.destroy();
  await database?.close();
});

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  }));
}

/** Calls `path` until it answers below 500 (a partner retrying through the outage); counts the 503s seen. */
async function withRetry(unavailable: { count: number }, call: () => Promise<Reply>): Promise<Reply> {
  for (;;) {
    const reply = await call();
    if (reply.status < 500) return reply;
    expect(reply.status, JSON.stringify(reply.body)).toBe(503);
    expect(reply.headers.get('retry-after')).toBeTruthy();
    expect(reply.body.error.code).toBe('internal_error');
    unavailable.count++;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * What the sandbox bank holds for an account. The flaky bank fails the last account of every
 * other listing (a temporary error): listing the accounts again, as the retried download does,
 * makes it answer.
 */
async function bankTransactions(banks: Banks, consentRef: string, externalId: string) {
  try {
    return await banks.sandbox.fetchTransactions(consentRef, externalId, new Date(0));
  } catch (error) {
    if (!(error instanceof BankError) || !error.temporary) throw error;
    await banks.sandbox.listAccounts(consentRef);
    return banks.sandbox.fetchTransactions(consentRef, externalId, new Date(0));
  }
}

describe('2 serve + 2 worker processes, a worker killed mid-download, PostgreSQL restarted mid-delivery', () => {
  it('200 connections end as their scenarios say, with complete unduplicated data and every event delivered', async () => {
    const started = Date.now();
    const partner = await processes.admin(['partner', 'create', '--name', 'Fault Partner', '--return-url-pattern', 'http://localhost:*/*', '--webhook-url', receiver.url]);
    const key: string = partner.apiKey;
    const [workerA] = await Promise.all([processes.worker(), processes.worker()]);
    const apis = (await Promise.all([processes.serveProcess(), processes.serveProcess()])).map((s) => s.url);
    const providers = new Map<string, string>();
    for (const code of ['vltava_xf', 'spree_flaky_xf']) providers.set(code, await database.providerId(code));
    const unavailable = { count: 0 };

    const clients: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const reply = await callAt(apis[i % 2]!, 'POST', '/v1/clients', { key, body: { email: `c${i}@example.com`, countryCode: 'CZ', externalId: `fault-${i}` } });
      clients.push(reply.body.id);
    }

    // 200 connections across both APIs; a worker dies once downloads are under way (accounts stored, transactions being fetched).
    const connections: { id: string; clientId: string; expected: string; api: string }[] = [];
    let killedAt = 0;
    const killWorker = (async () => {
      await until(async () => {
        const row = await db.selectFrom('events').select('id').where('type', '=', 'TransactionsFetchingProgress').where('payload', '@>', JSON.stringify({ data: { stage: 'Started' } }) as never).executeTakeFirst();
        return row ? true : undefined;
      }, 'a download in progress', 120_000);
      await processes.kill(workerA!);
      killedAt = Date.now();
      await processes.worker(); // what a process manager does
    })();
    await inParallel(Array.from({ length: CONNECTIONS }, (_, i) => i), 16, async (i) => {
      const { username, bank, expected } = scenarioOf(i);
      const api = apis[i % 2]!;
      const clientId = clients[i % CLIENTS]!;
      const created = await withRetry(unavailable, () => callAt(api, 'POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId: providers.get(bank) } }));
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const done = await withRetry(unavailable, () => callAt(apis[(i + 1) % 2]!, 'POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Ok', username } }));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      connections.push({ id: created.body.connectionId, clientId, expected, api });
    });
    await killWorker;
    const createdMs = Date.now() - started;

    // PostgreSQL crashes while deliveries are under way (events recorded, not all received yet).
    const delivered = () => new Set(receiver.received.filter((r) => r.status === 200).map((r) => r.headers['webhook-id']));
    const pending = async () => Number((await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n) - delivered().size;
    expect(await pending()).toBeGreaterThan(0);
    const receivedBefore = receiver.received.length;
    await database.stopImmediate();
    const outageStarted = Date.now();
    const during: Reply[] = [];
    while (Date.now() - outageStarted < 5_000) {
      during.push(await callAt(apis[during.length % 2]!, 'GET', `/v1/connections/${connections[0]!.id}`, { key, clientId: connections[0]!.clientId }));
      during.push(await callAt(apis[during.length % 2]!, 'GET', '/readyz'));
      await new Promise((r) => setTimeout(r, 250));
    }
    await database.restart();
    const outageMs = Date.now() - outageStarted;
    for (const reply of during) {
      expect(reply.status).toBe(503);
      expect(reply.body.error.code).toBe('internal_error');
      expect(reply.body.requestId).toBe(reply.headers.get('x-request-id'));
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const readyAfterMs = await until(async () => {
      const answers = await Promise.all(apis.map((api) => callAt(api, 'GET', '/readyz')));
      return answers.every((a) => a.status === 200) ? Date.now() - outageStarted - outageMs : undefined;
    }, 'both APIs ready', 60_000);

    // Every connection ends as its scenario says.
    const byId = new Map(connections.map((c) => [c.id, c]));
    await until(async () => {
      const rows = await db.selectFrom('connections').select(['id', 'state']).where('id', 'in', [...byId.keys()]).execute();
      return rows.every((r) => r.state !== 'Pending') ? rows : undefined;
    }, 'every connection settled', 150_000);
    const settledMs = Date.now() - started;
    for (const c of connections) {
      const reply = await callAt(c.api, 'GET', `/v1/connections/${c.id}`, { key, clientId: c.clientId });
      expect(reply.body.state, `${c.id}: ${JSON.stringify(reply.body)}`).toBe(c.expected);
    }

    // Every account holds exactly the bank's transactions: none missing, none twice.
    const banks = new Banks({ baseUrl: 'http://localhost:3000', slowMs: 0, state: new SandboxState(db), clock: systemClock });
    const accounts = await db
      .selectFrom('accounts')
      .innerJoin('connections', 'connections.id', 'accounts.connectionId')
      .select(['accounts.id', 'accounts.externalId', 'connections.consentRef', 'connections.providerId'])
      .execute();
    let transactions = 0;
    for (const account of accounts) {
      const stored = await db.selectFrom('transactions').select('externalId').where('accountId', '=', account.id).execute();
      const expected = await bankTransactions(banks, account.consentRef!, account.externalId);
      expect(stored.length).toBe(new Set(stored.map((s) => s.externalId)).size);
      expect(new Set(stored.map((s) => s.externalId))).toEqual(new Set(expected.map((e) => e.externalId)));
      transactions += stored.length;
    }
    expect(accounts.length).toBeGreaterThan(CONNECTIONS);

    // Every event reached the receiver, signed and answered 200.
    const events = await db.selectFrom('events').select('id').execute();
    await receiver.waitFor(() => {
      const ids = delivered();
      return events.every((e) => ids.has(e.id));
    }, 90_000);
    const deliveredMs = Date.now() - started;
    const webhookIds = receiver.received.filter((r) => r.status === 200).map((r) => r.headers['webhook-id']);
    expect(processes.unexpectedExits()).toEqual([]);

    const summary = {
      connections: CONNECTIONS,
      active: connections.filter((c) => c.expected === 'Active').length,
      disabled: connections.filter((c) => c.expected === 'Disabled').length,
      accounts: accounts.length,
      transactions,
      events: events.length,
      webhooksReceived: webhookIds.length,
      duplicateWebhooks: webhookIds.length - new Set(webhookIds).size,
      webhooksReceivedBeforeOutage: receivedBefore,
      apiAnswersDuringOutage: during.length,
      unavailableWhileCreating: unavailable.count,
      outageMs,
      readyAfterRestartMs: readyAfterMs,
      workerKilledAfterMs: killedAt - started,
      allCreatedAfterMs: createdMs,
      allSettledAfterMs: settledMs,
      allDeliveredAfterMs: deliveredMs,
      totalMs: Date.now() - started,
      unexpectedExits: 0,
    };
    mkdirSync('test-artifacts', { recursive: true });
    writeFileSync('test-artifacts/faults.json', `${JSON.stringify(summary, null, 2)}\n`);
    console.log(`fault suite: ${JSON.stringify(summary)}`);
  }, 400_000);
});
