/**
 * PostgreSQL goes away while `bankdata worker`, `bankdata serve` and `bankdata start` run with
 * downloads under way, and comes back (issue 14, item 1): no process exits; during the outage the API answers
 * 503 internal_error in the envelope with Retry-After and X-Request-Id, /readyz says not ready
 * and /healthz alive; afterwards /readyz is ready again, every connection becomes Active and
 * every event reaches the webhook receiver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { callAt, type Reply } from './helpers/app.ts';
import { OwnPostgres } from './helpers/own-postgres.ts';
import { BankdataProcesses } from './helpers/processes.ts';
import { WebhookReceiver } from './helpers/receiver.ts';
import { until } from './helpers/wait.ts';
import { providerIds } from './helpers/journey.ts';

const env = {
  BANKDATA_SANDBOX_SLOW_MS: '3000',
  BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS: '1',
  BANKDATA_JOB_MAINTENANCE_SECONDS: '1',
  BANKDATA_DOWNLOAD_EXPIRE_SECONDS: '30',
  BANKDATA_WEBHOOK_EXPIRE_SECONDS: '10',
};
let database: OwnPostgres;
let processes: BankdataProcesses;
let receiver: WebhookReceiver;

beforeAll(async () => {
  database = await OwnPostgres.start();
  receiver = await new WebhookReceiver().start();
  processes = new BankdataProcesses({ databaseUrl: database.url, baseUrl: 'http://localhost:3000' }, env);
});
afterAll(async () => {
  processes?.killAll();
  await receiver?.stop();
  await database?.close();
});

/** Asserts a 503 in the envelope with Retry-After and X-Request-Id. */
function expectUnavailable(reply: Reply): void {
  expect(reply.status, JSON.stringify(reply.body)).toBe(503);
  expect(reply.body.error.code).toBe('internal_error');
  expect(typeof reply.body.errorDesc).toBe('string');
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(reply.headers.get('x-request-id')).toBeTruthy();
  expect(reply.body.requestId).toBe(reply.headers.get('x-request-id'));
}

describe('PostgreSQL stops (immediate) and restarts while serve, worker and start run', () => {
  it('no process exits; 503 + Retry-After meanwhile; then every connection Active and every event delivered', async () => {
    const partner = await processes.admin(['partner', 'create', '--name', 'Outage Partner', '--return-url-pattern', 'http://localhost:*/*', '--webhook-url', receiver.url]);
    const key: string = partner.apiKey;
    await processes.worker();
    const { url: api } = await processes.serveProcess();
    const { url: combined } = await processes.serveProcess({}, 'start');

    const client = await callAt(api, 'POST', '/v1/clients', { key, body: { email: 'outage@example.com', countryCode: 'CZ' } });
    const clientId: string = client.body.id;
    const providerId = await database.providerId(providerIds.vltava);

    const connectionIds: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await callAt(api, 'POST', '/v1/connections', { key, clientId, body: { returnUrl: 'http://localhost:8080/done', providerId } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const done = await callAt(api, 'POST', `/v1/sandbox/connections/${created.body.connectionId}/complete`, { key, clientId, body: { outcome: 'Ok', username: 'user_slow' } });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      connectionIds.push(created.body.connectionId);
    }
    // Downloads under way: their progress webhooks have started to arrive.
    await receiver.waitFor((r) => r.filter((x) => x.json.type === 'TransactionsFetchingProgress').length >= 2, 30_000);
    expect((await callAt(api, 'GET', '/readyz')).status).toBe(200);

    await database.stopImmediate();
    const outageEnds = Date.now() + 8_000;
    let refused = 0;
    while (Date.now() < outageEnds) {
      expectUnavailable(await callAt(api, 'GET', `/v1/connections/${connectionIds[0]}`, { key, clientId }));
      expectUnavailable(await callAt(api, 'POST', '/v1/clients', { key, body: { email: 'later@example.com', countryCode: 'CZ' } }));
      expectUnavailable(await callAt(api, 'GET', '/readyz'));
      expectUnavailable(await callAt(combined, 'GET', `/v1/connections/${connectionIds[1]}`, { key, clientId }));
      expect((await callAt(api, 'GET', '/healthz')).status).toBe(200);
      expect((await callAt(combined, 'GET', '/healthz')).status).toBe(200);
      refused++;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(refused).toBeGreaterThan(5);
    expect(processes.unexpectedExits()).toEqual([]);

    await database.restart();
    for (const url of [api, combined]) await until(async () => ((await callAt(url, 'GET', '/readyz')).status === 200 ? true : undefined), 'readyz 200', 30_000);
    for (const id of connectionIds) {
      const state = await until(async () => {
        const reply = await callAt(api, 'GET', `/v1/connections/${id}`, { key, clientId });
        return reply.status === 200 && reply.body.state !== 'Pending' ? reply.body.state : undefined;
      }, `connection ${id} settled`, 60_000);
      expect(state).toBe('Active');
    }

    // Every event of the partner reached the receiver (a webhook-id may arrive twice, none may be missing).
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM events WHERE partner_id = $1', [partner.partnerId]);
      expect(rows.length).toBeGreaterThan(connectionIds.length * 4);
      await receiver.waitFor((received) => {
        const ids = new Set(received.filter((r) => r.status === 200).map((r) => r.headers['webhook-id']));
        return rows.every((row) => ids.has(row.id));
      }, 60_000);
    } finally {
      await db.end();
    }
    expect(processes.unexpectedExits()).toEqual([]);
  }, 200_000);
});
