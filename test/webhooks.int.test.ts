/**
 * Webhooks (spec "Events"; DESIGN.md §6): real deliveries to a local receiver, each verified with
 * the `standardwebhooks` package; retries on 500 and on a receiver that is down, with the same
 * webhook-id, time moved by the injectable clock; rotation with two signatures; 410; ordering;
 * SSRF refusal for live endpoints.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/errors.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import { WebhookReceiver, type Received } from './helpers/receiver.ts';

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

async function partnerWithEndpoint(name: string) {
  const partner = await t.newPartner({ name });
  const { secret } = await t.services.webhooks.setEndpoint(partner.partnerId, 'sandbox', receiver.url);
  const clientId = await t.newClient(partner.apiKey);
  return { ...partner, secret, clientId };
}

const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers);
const forConnection = (id: string) => receiver.received.filter((r) => r.json.data.connectionId === id);

describe('webhook deliveries', () => {
  it('delivers every lifecycle and progress event of a journey, signed and verifiable', async () => {
    const p = await partnerWithEndpoint('Hooks');
    const id = await connect(t, p.apiKey, p.clientId);
    await receiver.waitFor(() => forConnection(id).some((r) => r.json.type === 'ConnectionCreateSuccess'));
    await receiver.waitFor(() => forConnection(id).filter((r) => r.json.data.stage === 'Completed').length === 2);
    const deliveries = forConnection(id);
    for (const r of deliveries) {
      expect(verify(p.secret, r)).toEqual(r.json);
      expect(r.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.json.data).toMatchObject({ partnerId: p.partnerId, clientId: p.clientId, connectionId: id });
      expect(new Date(r.json.timestamp).toISOString()).toBe(r.json.timestamp);
      expect(r.body.length).toBeLessThan(20_000);
    }
    const types = deliveries.map((r) => `${r.json.type}${r.json.data.stage ? `:${r.json.data.stage}` : ''}`);
    expect(types).toContain('AccountsFetchingProgress:Started');
    expect(types).toContain('AccountsFetchingProgress:Completed');
    expect(types).toContain('TransactionsFetchingProgress:Started');
    expect(types).toContain('TransactionsFetchingProgress:InProgress');
    expect(types).toContain('TransactionsFetchingProgress:Completed');
    const completed = deliveries.find((r) => r.json.type === 'TransactionsFetchingProgress' && r.json.data.stage === 'Completed')!;
    expect(completed.json.data.transactionCount).toBeGreaterThan(0);
    expect(new Set(deliveries.map((r) => r.headers['webhook-id'])).size).toBe(deliveries.length);
    // Every event of the connection, progress ones included, arrives in the order it was recorded.
    const recorded = await t.db.selectFrom('webhookDeliveries').select('eventId').where('orderKey', '=', id).orderBy('seq').execute();
    expect(deliveries.map((r) => r.headers['webhook-id'])).toEqual(recorded.map((d) => d.eventId));
  });

  it('delivers ConnectionCreateFailed with data.error.code', async () => {
    const p = await partnerWithEndpoint('Hooks fail');
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [failed] = await receiver.waitFor(() => forConnection(id).length > 0).then(() => forConnection(id));
    expect(failed!.json.type).toBe('ConnectionCreateFailed');
    expect(failed!.json.data.error).toEqual({ code: 'access_denied', message: expect.any(String) });
    expect(verify(p.secret, failed!)).toBeTruthy();
  });

  it('retries after a 500 with the same webhook-id and stops once acknowledged', async () => {
    const p = await partnerWithEndpoint('Hooks retry');
    receiver.script.push(500);
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.lastStatusCode).toBe(500);
    const [delivery] = await t.services.webhooks.deliveries(p.partnerId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(new Date(delivery!.nextAttemptAt!).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5_000);
    t.clock.advance(5_000);
    await t.worker!.sweeper.fireDue();
    await receiver.waitFor(() => forConnection(id).length === 2);
    const [first, second] = forConnection(id);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect([first!.status, second!.status]).toEqual([500, 200]);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]!.status).toBe('delivered');
    t.clock.advance(3_600_000);
    await t.worker!.sweeper.fireDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(forConnection(id)).toHaveLength(2);
  });

  it('keeps retrying while the receiver is down and delivers once it is up', async () => {
    const p = await partnerWithEndpoint('Hooks down');
    await receiver.stop();
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.attempts, { timeout: 10_000 }).toBe(1);
    t.clock.advance(5_000);
    await t.worker!.sweeper.fireDue();
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.attempts, { timeout: 10_000 }).toBe(2);
    const [down] = await t.services.webhooks.deliveries(p.partnerId);
    expect(down!.lastError).toBeTruthy();
    await receiver.start();
    t.clock.advance(5 * 60_000);
    await t.worker!.sweeper.fireDue();
    const [arrived] = await receiver.waitFor(() => forConnection(id).length === 1).then(() => forConnection(id));
    expect(verify(p.secret, arrived!)).toBeTruthy();
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.status).toBe('delivered');
  });

  it('signs with both secrets during a rotation overlap, then with the new one only', async () => {
    const p = await partnerWithEndpoint('Hooks rotate');
    const { secret: fresh } = await t.services.webhooks.rotateSecret(p.partnerId, 'sandbox', '24h');
    const first = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [during] = await receiver.waitFor(() => forConnection(first).length === 1).then(() => forConnection(first));
    expect(during!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(p.secret, during!)).toBeTruthy();
    expect(verify(fresh, during!)).toBeTruthy();

    t.clock.advance(25 * 3_600_000);
    const second = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [after] = await receiver.waitFor(() => forConnection(second).length === 1).then(() => forConnection(second));
    expect(after!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verify(fresh, after!)).toBeTruthy();
    expect(() => verify(p.secret, after!)).toThrow();
  });

  it('keeps the events of one connection in order across retries', async () => {
    const p = await partnerWithEndpoint('Hooks order');
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    receiver.script.push(500);
    const subject = { partnerId: p.partnerId, mode: 'sandbox' as const, clientId: p.clientId, connectionId: id };
    await t.db.transaction().execute((tx) => t.services.events.record(tx, subject, 'ConnectionConsentRevoked', { order: 1 }, t.clock.now()));
    await t.db.transaction().execute((tx) => t.services.events.record(tx, subject, 'ConnectionConsentExpired', { order: 2 }, t.clock.now()));
    await receiver.waitFor(() => forConnection(id).length === 2);
    await new Promise((r) => setTimeout(r, 500));
    expect(forConnection(id).map((r) => r.json.data.order ?? 0)).toEqual([0, 1]);
    t.clock.advance(5_000);
    await t.worker!.sweeper.fireDue();
    await receiver.waitFor(() => forConnection(id).length === 4);
    expect(forConnection(id).map((r) => [r.json.data.order ?? 0, r.status])).toEqual([[0, 200], [1, 500], [1, 200], [2, 200]]);
  });

  it('disables the endpoint when it answers 410 Gone', async () => {
    const p = await partnerWithEndpoint('Hooks gone');
    receiver.script.push(410);
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    await expect.poll(async () => (await t.services.webhooks.show(p.partnerId, 'sandbox')).disabledAt).not.toBeNull();
    expect((await t.services.webhooks.deliveries(p.partnerId))[0]!.status).toBe('failed');
  });

  it('redelivers on request with the same webhook-id', async () => {
    const p = await partnerWithEndpoint('Hooks redeliver');
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    const [delivery] = await t.services.webhooks.deliveries(p.partnerId);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]!.status).toBe('delivered');
    await t.services.webhooks.redeliver(delivery!.deliveryId);
    await receiver.waitFor(() => forConnection(id).length === 2);
    expect(forConnection(id)[1]!.headers['webhook-id']).toBe(forConnection(id)[0]!.headers['webhook-id']);
  });
});

describe('live endpoints (SSRF)', () => {
  it('refuses loopback, private and link-local addresses and plain http', async () => {
    const { partnerId } = await t.newPartner({ name: 'Live hooks' });
    for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'http://93.184.216.34/hook', 'ftp://example.com/x']) {
      await expect(t.services.webhooks.setEndpoint(partnerId, 'live', url), url).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.code === 'validation_error');
    }
    await expect(t.services.webhooks.setEndpoint(partnerId, 'live', 'https://93.184.216.34/hook')).resolves.toMatchObject({ secret: expect.stringMatching(/^whsec_/) });
  });
});
