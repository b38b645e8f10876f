/**
 * @bankdata/client against the real service (embedded PostgreSQL, real HTTP; issue 16): every
 * operation of openapi.json once, a hosted connect flow driven by the sandbox controls with its
 * webhooks verified by verifyWebhook (and tampered ones refused), 1,000+ transactions iterated
 * with no duplicate and no gap, a 429 retried after Retry-After, a connection create replayed
 * with the same Idempotency-Key after a dropped answer, and BankdataError fields.
 */
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankdataError, createClient, verifyWebhook, WebhookVerificationError, type BankdataClient, type WebhookEvent } from '@bankdata/client';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { providerId, providerIds, until } from '../helpers/journey.ts';
import { WebhookReceiver } from '../helpers/receiver.ts';

const returnUrl = 'http://localhost:8080/done';
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await startTestApp();
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver?.stop();
  await t?.close();
});

/** A partner with a sandbox webhook endpoint at the receiver. */
async function newPartner(rateLimit = 100_000) {
  const partner = await t.newPartner({ rateLimit });
  const { secret } = await t.services.webhooks.setEndpoint(partner.partnerId, 'sandbox', receiver.url);
  return { ...partner, secret };
}

/** Waits for the webhook `type` about `connectionId`. */
async function eventOf(connectionId: string, type: string): Promise<void> {
  await receiver.waitFor((list) => list.some((r) => r.json.type === type && r.json.data.connectionId === connectionId), 30_000);
}

/** A connection made through the direct flow and the sandbox complete control, once Active. */
async function activeConnection(client: BankdataClient, clientId: string, username = 'user_ok'): Promise<string> {
  const created = await client.connections.create({ returnUrl, providerId: await providerId(t, providerIds.vltava) }, { clientId });
  await client.sandbox.completeConnection(created.connectionId, { outcome: 'Ok', username }, { clientId });
  const connection = await until(() => client.connections.get(created.connectionId, { clientId }), (c) => c.state !== 'Pending');
  expect(connection.state).toBe('Active');
  return created.connectionId;
}

/** `METHOD /path/{param}` of every operation in the committed openapi.json. */
function documentedOperations(): string[] {
  const doc = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
  return Object.entries<Record<string, unknown>>(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

describe('@bankdata/client against the service', () => {
  it('calls every operation of the OpenAPI document once, each on its own /v1/ path', async () => {
    const { apiKey } = await newPartner();
    const operations = documentedOperations();
    const templates = operations.map((operation) => {
      const [method, path] = operation.split(' ') as [string, string];
      return { operation, method, pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) };
    });
    const called = new Set<string>();
    const client = createClient({
      baseUrl: t.baseUrl,
      apiKey,
      fetch: (request) => {
        const { pathname } = new URL(request.url);
        const match = templates.find((tpl) => tpl.method === request.method && tpl.pattern.test(pathname));
        expect(match, `${request.method} ${pathname} is not in openapi.json`).toBeDefined();
        called.add(match!.operation);
        return fetch(request);
      },
    });

    expect((await client.partner.config()).webhook.signatureVersion).toBe('v1');
    expect((await client.partner.usage()).metered).toBe(false);
    const providers = await client.providers.list({ country: 'CZ', limit: 5 });
    expect(providers.data.length).toBeGreaterThan(0);
    const created = await client.clients.create({ email: 'jana@example.cz', countryCode: 'CZ', externalId: 'user-42' });
    expect((await client.clients.recover({ externalId: 'user-42' })).id).toBe(created.id);
    const clientId = created.id;

    const connectionId = await activeConnection(client, clientId);
    const accounts = await client.connections.accounts(connectionId, { clientId, subscription: 'all' });
    const account = accounts[0]!;
    expect((await client.accounts.unsubscribe(account.id, { clientId })).subscribed).toBe(false);
    expect((await client.accounts.subscribe(account.id, { clientId })).subscribed).toBe(true);
    expect((await client.transactions.list(account.id, { clientId, limit: 2 })).data).toHaveLength(2);

    await client.sandbox.addTransactions(connectionId, { count: 2 }, { clientId });
    await client.connections.refresh(connectionId, { clientId });
    expect((await client.sandbox.clock.get()).offsetMs).toBe(0);
    expect((await client.sandbox.clock.advance('PT1M')).offsetMs).toBe(60_000);
    expect((await client.sandbox.clock.reset()).offsetMs).toBe(0);
    await eventOf(connectionId, 'ConnectionRefreshSuccess');
    await client.sandbox.requireReauth(connectionId, { clientId });
    expect((await client.sandbox.expireConsent(connectionId, { clientId })).state).toBe('Inactive');
    const reconnect = await client.connections.reconnect(connectionId, { returnUrl }, { clientId });
    expect(reconnect.connectionId).toBe(connectionId);
    await client.sandbox.completeConnection(connectionId, { outcome: 'Ok' }, { clientId });
    await until(() => client.connections.get(connectionId, { clientId }), (c) => c.state === 'Active');
    expect((await client.sandbox.revokeAtBank(connectionId, { clientId })).state).toBe('Inactive');
    expect((await client.connections.revoke(connectionId, { clientId })).state).toBe('Inactive');
    await client.connections.delete(connectionId, { clientId });

    const session = await client.connectSessions.create({ returnUrl }, { clientId });
    expect(session.hostedUrl).toMatch(/^http/);
    expect((await client.connectSessions.get(session.sessionId, { clientId })).state).toBe('AwaitingBankSelection');
    const driven = await client.sandbox.completeConnectSession(session.sessionId, { providerId: await providerId(t, providerIds.vltava), outcome: 'Cancelled' }, { clientId });
    expect(driven.state).toBe('Cancelled');

    expect((await client.partner.usage({ from: '2026-11-01', to: '2026-11-02' })).metered).toBe(false);
    await client.simplefin.createSetupToken(clientId);
    expect(await client.simplefin.listAccess(clientId)).toEqual([]);
    await expect(client.simplefin.revokeAccess(clientId, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404, code: 'not_found' });
    await client.simplefin.revokeAllAccess(clientId);

    await client.clients.delete(clientId);
    await expect(client.connectSessions.get(session.sessionId, { clientId })).rejects.toMatchObject({ status: 404, code: 'not_found' });
    expect([...called].sort()).toEqual([...operations].sort());
  });

  it('runs a hosted connect flow driven by the sandbox controls; its webhooks verify and narrow by type', async () => {
    const { apiKey, secret } = await newPartner();
    const client = createClient({ baseUrl: t.baseUrl, apiKey });
    const { id: clientId } = await client.clients.create({ email: 'petr@example.cz', countryCode: 'CZ', externalId: 'hosted-1' });
    const session = await client.connectSessions.create({ returnUrl, providerId: await providerId(t, providerIds.vltava) }, { clientId });
    expect((await client.sandbox.completeConnectSession(session.sessionId, { outcome: 'Ok' }, { clientId })).state).toMatch(/Fetching|AwaitingAccountSelection/);
    const awaiting = await until(() => client.connectSessions.get(session.sessionId, { clientId }), (s) => s.state === 'AwaitingAccountSelection');
    expect(awaiting.state).toBe('AwaitingAccountSelection');
    const connectionId = awaiting.connectionId!;
    const all = await client.connections.accounts(connectionId, { clientId, subscription: 'all' });
    const deselected = all[all.length - 1]!.id;
    await client.sandbox.completeConnectSession(session.sessionId, { deselectAccountIds: [deselected] }, { clientId });
    expect((await until(() => client.connectSessions.get(session.sessionId, { clientId }), (s) => s.state === 'Completed')).state).toBe('Completed');
    const subscribed = await client.connections.accounts(connectionId, { clientId });
    expect(subscribed.map((a) => a.id)).not.toContain(deselected);

    const mine = (list: typeof receiver.received) => list.filter((r) => r.json.data.connectionId === connectionId);
    await receiver.waitFor((list) => mine(list).some((r) => r.json.type === 'ConnectionCreateSuccess'));
    const events: WebhookEvent[] = mine(receiver.received).map((r) => verifyWebhook(r.body, r.headers, secret));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['AccountsFetchingProgress', 'TransactionsFetchingProgress', 'ConnectionCreateSuccess']));
    for (const event of events) {
      if (event.type === 'WebhookTest') continue;
      expect(event.data.sessionId).toBe(session.sessionId);
      if (event.type === 'TransactionsFetchingProgress') expect(['Started', 'InProgress', 'Completed']).toContain(event.data.stage);
      if (event.type === 'ConnectionCreateSuccess') expect(event.data.accountCount).toBeGreaterThan(0);
    }

    // A rotation overlap: either secret verifies; a list with the right one accepts.
    const delivery = mine(receiver.received)[0]!;
    expect(verifyWebhook(Buffer.from(delivery.body), new Headers(delivery.headers), ['whsec_' + Buffer.from('another secret 0123456789').toString('base64'), secret]).type).toBeDefined();
    // Tampered body, tampered signature, wrong secret, missing header: refused.
    expect(() => verifyWebhook(delivery.body.replace(connectionId, crypto.randomUUID()), delivery.headers, secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(delivery.body, { ...delivery.headers, 'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64') }, secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(delivery.body, delivery.headers, 'whsec_' + Buffer.from('not the secret at all!!').toString('base64'))).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(delivery.body, { ...delivery.headers, 'webhook-id': undefined }, secret)).toThrow(WebhookVerificationError);
    // Correctly signed, but 6 minutes old (a replay): refused.
    const stale = new Date(Date.now() - 6 * 60_000);
    const staleHeaders = { 'webhook-id': delivery.headers['webhook-id']!, 'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)), 'webhook-signature': new Webhook(secret).sign(delivery.headers['webhook-id']!, stale, delivery.body) };
    expect(() => verifyWebhook(delivery.body, staleHeaders, secret)).toThrow(/too old/i);
  });

  it('iterates over 1,000+ transactions with no duplicate and no gap', async () => {
    const { apiKey } = await newPartner();
    const client = createClient({ baseUrl: t.baseUrl, apiKey });
    const { id: clientId } = await client.clients.create({ email: 'eva@example.cz', countryCode: 'CZ' });
    const connectionId = await activeConnection(client, clientId);
    await client.sandbox.addTransactions(connectionId, { count: 1000 }, { clientId });
    await client.connections.refresh(connectionId, { clientId });
    await eventOf(connectionId, 'ConnectionRefreshSuccess');
    const accountIds = (await client.connections.accounts(connectionId, { clientId })).map((a) => a.id);
    const stored = await t.db.selectFrom('transactions').select(['id', 'accountId']).where('accountId', 'in', accountIds).execute();
    const account = accountIds.reduce((a, b) => (stored.filter((s) => s.accountId === b).length > stored.filter((s) => s.accountId === a).length ? b : a));
    const expected = stored.filter((s) => s.accountId === account).map((s) => s.id);
    expect(expected.length).toBeGreaterThan(1000);

    const seen: string[] = [];
    for await (const transaction of client.transactions.iterate(account, { clientId, limit: 97 })) seen.push(transaction.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...expected].sort());

    const providers: string[] = [];
    for await (const provider of client.providers.iterate({ limit: 7 })) providers.push(provider.id);
    expect(new Set(providers).size).toBe(providers.length);
    expect(providers.length).toBeGreaterThan(7);
  });

  it('retries a 429 after Retry-After', async () => {
    const { apiKey } = await newPartner(1);
    const statuses: number[] = [];
    const client = createClient({ baseUrl: t.baseUrl, apiKey, fetch: async (request) => {
      const response = await fetch(request);
      statuses.push(response.status);
      return response;
    } });
    const started = Date.now();
    for (let i = 0; i < 3; i++) expect((await client.partner.config()).webhook.signatureVersion).toBe('v1');
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);

    const impatient = createClient({ baseUrl: t.baseUrl, apiKey, retries: 0 });
    const errors = await Promise.allSettled([impatient.partner.config(), impatient.partner.config()]);
    const refused = errors.find((e) => e.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(BankdataError);
    expect(refused.reason).toMatchObject({ status: 429, code: 'rate_limited', requestId: expect.any(String) });
  });

  it('replays a connection create after a dropped answer: same Idempotency-Key, one connection', async () => {
    const { apiKey } = await newPartner();
    const keys: (string | null)[] = [];
    let drop = true;
    const client = createClient({ baseUrl: t.baseUrl, apiKey, fetch: async (request) => {
      const response = await fetch(request);
      if (request.method === 'POST' && new URL(request.url).pathname === '/v1/connections') {
        keys.push(request.headers.get('idempotency-key'));
        if (drop) {
          drop = false;
          await response.arrayBuffer(); // the service handled it; the answer is lost on the way
          throw new TypeError('fetch failed: socket hang up');
        }
      }
      return response;
    } });
    const { id: clientId } = await client.clients.create({ email: 'ota@example.cz', countryCode: 'CZ' });
    const created = await client.connections.create({ returnUrl, providerId: await providerId(t, providerIds.vltava) }, { clientId });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const rows = await t.db.selectFrom('connections').select('id').where('clientId', '=', clientId).execute();
    expect(rows.map((r) => r.id)).toEqual([created.connectionId]);

    // Without an Idempotency-Key a POST is never retried: a client create that loses its answer fails.
    drop = true;
    const noKey = createClient({ baseUrl: t.baseUrl, apiKey, fetch: async (request) => {
      const response = await fetch(request);
      if (drop) {
        drop = false;
        throw new TypeError('fetch failed');
      }
      return response;
    } });
    await expect(noKey.clients.create({ email: 'x@example.cz', countryCode: 'CZ' })).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('throws BankdataError with the envelope fields; 4xx is never retried', async () => {
    const { apiKey } = await newPartner();
    let calls = 0;
    const client = createClient({ baseUrl: t.baseUrl, apiKey, fetch: (request) => {
      calls++;
      return fetch(request);
    } });
    const { id: clientId } = await client.clients.create({ email: 'iva@example.cz', countryCode: 'CZ' });
    calls = 0;
    const missing = await client.connections.get(crypto.randomUUID(), { clientId }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(BankdataError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found', requestId: expect.any(String), message: expect.any(String) });
    expect(calls).toBe(1);

    const connectionId = await activeConnection(client, clientId);
    await client.connections.refresh(connectionId, { clientId });
    await eventOf(connectionId, 'ConnectionRefreshSuccess');
    const cooldown = (await client.connections.refresh(connectionId, { clientId }).catch((e: unknown) => e)) as BankdataError;
    expect(cooldown).toMatchObject({ status: 400, code: 'refresh_cooldown' });
    expect(Date.parse(cooldown.nextRefreshPossibleAt!)).toBeGreaterThan(Date.now());

    const unknownKey = createClient({ baseUrl: t.baseUrl, apiKey: 'svc_test_unknown' });
    await expect(unknownKey.partner.config()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
