/**
 * Webhooks (spec "Events"; DESIGN.md §6): real deliveries to a local receiver, each verified with
 * the `standardwebhooks` package; retries on 500 and on a receiver that is down, with the same
 * webhook-id, time moved by the injectable clock; rotation with two signatures; 410; ordering;
 * SSRF refusal for live endpoints.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/lib/errors.ts';
import { RETRY_SCHEDULE_MS } from '../src/modules/webhooks/webhooks.service.ts';
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

  it('never signs with more than two secrets; --overlap 0 switches at once; bad overlaps are refused', async () => {
    const p = await partnerWithEndpoint('Hooks rotate twice');
    const { secret: second } = await t.services.webhooks.rotateSecret(p.partnerId, 'sandbox', '24h');
    const { secret: third } = await t.services.webhooks.rotateSecret(p.partnerId, 'sandbox', '24h');
    const during = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [twice] = await receiver.waitFor(() => forConnection(during).length === 1).then(() => forConnection(during));
    expect(twice!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(verify(second, twice!)).toBeTruthy();
    expect(verify(third, twice!)).toBeTruthy();
    expect(() => verify(p.secret, twice!)).toThrow();

    const { secret: fourth } = await t.services.webhooks.rotateSecret(p.partnerId, 'sandbox', '0');
    const at = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [once] = await receiver.waitFor(() => forConnection(at).length === 1).then(() => forConnection(at));
    expect(once!.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verify(fourth, once!)).toBeTruthy();

    for (const overlap of ['', 'soon', '-1h', '31d']) {
      await expect(t.services.webhooks.rotateSecret(p.partnerId, 'sandbox', overlap), overlap).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.code === 'validation_error');
    }
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
    // The operator's view: the second waits for the first, which has its next try.
    const [waiting, retried] = await t.services.webhooks.deliveries(p.partnerId);
    expect(retried).toMatchObject({ type: 'ConnectionConsentRevoked', status: 'pending', waitingFor: null, nextAttemptAt: expect.any(String) });
    expect(waiting).toMatchObject({ type: 'ConnectionConsentExpired', status: 'pending', attempts: 0, waitingFor: retried!.deliveryId, nextAttemptAt: null });
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

    // Events while the endpoint is disabled are kept (failed, visible) and can be sent once it is set again.
    const later = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const [kept] = await t.services.webhooks.deliveries(p.partnerId);
    expect(kept).toMatchObject({ connectionId: later, status: 'failed', attempts: 0, lastError: expect.stringContaining('endpoint disabled') });
    await t.services.webhooks.setEndpoint(p.partnerId, 'sandbox', receiver.url);
    await t.services.webhooks.redeliver(kept!.deliveryId);
    const [sent] = await receiver.waitFor(() => forConnection(later).length === 1).then(() => forConnection(later));
    expect(sent!.headers['webhook-id']).toBe(kept!.eventId);
    expect(verify(p.secret, sent!)).toMatchObject({ type: 'ConnectionCreateFailed' });
  });

  it('honours Retry-After on 429 within the schedule, counted from the end of the attempt', async () => {
    const p = await partnerWithEndpoint('Hooks retry-after');
    receiver.script.push({ status: 429, headers: { 'retry-after': '120' } });
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.lastStatusCode).toBe(429);
    const [delivery] = await t.services.webhooks.deliveries(p.partnerId);
    const wait = new Date(delivery!.nextAttemptAt!).getTime() - t.clock.now().getTime();
    expect(wait).toBeGreaterThan(119_000);
    expect(wait).toBeLessThanOrEqual(120_000);
    t.clock.advance(60_000);
    await t.worker!.sweeper.fireDue();
    await new Promise((r) => setTimeout(r, 300));
    expect(forConnection(id)).toHaveLength(1);
    t.clock.advance(60_000);
    await t.worker!.sweeper.fireDue();
    await receiver.waitFor(() => forConnection(id).length === 2);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]?.status).toBe('delivered');
    expect(forConnection(id)[1]!.headers['webhook-id']).toBe(forConnection(id)[0]!.headers['webhook-id']);
  });

  it('marks a delivery failed after the eighth attempt, then sends the next event of the connection', async () => {
    const p = await partnerWithEndpoint('Hooks give up');
    receiver.script.push(...Array.from({ length: 8 }, () => 500));
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    const subject = { partnerId: p.partnerId, mode: 'sandbox' as const, clientId: p.clientId, connectionId: id };
    await t.db.transaction().execute((tx) => t.services.events.record(tx, subject, 'ConnectionConsentRevoked', { after: true }, t.clock.now()));
    for (const [attempt, delay] of [0, ...RETRY_SCHEDULE_MS].entries()) {
      t.clock.advance(delay);
      await t.worker!.sweeper.fireDue();
      await receiver.waitFor(() => forConnection(id).length >= attempt + 1);
      await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId)).find((d) => d.type === 'ConnectionCreateFailed')!.history.length).toBe(attempt + 1);
    }
    const [next, ...more] = await receiver.waitFor(() => forConnection(id).length >= 9).then(() => forConnection(id).slice(8));
    expect(more).toEqual([]);
    expect(next!.json).toMatchObject({ type: 'ConnectionConsentRevoked', data: { after: true } });
    const given = (await t.services.webhooks.deliveries(p.partnerId)).find((d) => d.type === 'ConnectionCreateFailed')!;
    expect(given).toMatchObject({ status: 'failed', attempts: 8, nextAttemptAt: null, lastStatusCode: 500 });
    expect(given.history.map((a) => a.statusCode)).toEqual(Array(8).fill(500));
    expect(new Set(forConnection(id).slice(0, 8).map((r) => r.headers['webhook-id'])).size).toBe(1);
  });

  it('loses no event recorded while the previous one of its connection is being completed', async () => {
    const p = await partnerWithEndpoint('Hooks race');
    const ids: string[] = [];
    // Like a partner that revokes as soon as it learns the outcome: the next event of the connection
    // is recorded at the moment the worker records the first one as delivered. The partner's own
    // deliveries are told by their signature: the outcome may arrive before connect() returns.
    const ours = (r: Received) => {
      try {
        verify(p.secret, r);
        return true;
      } catch {
        return false;
      }
    };
    receiver.onAnswered = (r) => {
      if (r.json.type !== 'ConnectionCreateFailed' || !ours(r)) return;
      const subject = { partnerId: p.partnerId, mode: 'sandbox' as const, clientId: p.clientId, connectionId: r.json.data.connectionId };
      void t.db.transaction().execute((tx) => t.services.events.record(tx, subject, 'ConnectionConsentRevoked', { next: true }, t.clock.now()));
    };
    try {
      for (let i = 0; i < 20; i++) ids.push(await connect(t, p.apiKey, p.clientId, 'user_fail'));
      await receiver.waitFor(() => ids.every((id) => forConnection(id).some((r) => r.json.type === 'ConnectionConsentRevoked')), 30_000);
    } finally {
      receiver.onAnswered = null;
    }
    for (const id of ids) expect(forConnection(id).map((r) => r.json.type)).toEqual(['ConnectionCreateFailed', 'ConnectionConsentRevoked']);
  });

  it('redelivers on request with the same webhook-id', async () => {
    const p = await partnerWithEndpoint('Hooks redeliver');
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    const [delivery] = await t.services.webhooks.deliveries(p.partnerId);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId))[0]!.status).toBe('delivered');
    const again = await t.services.webhooks.redeliver(delivery!.deliveryId);
    expect(again.deliveryId).not.toBe(delivery!.deliveryId);
    await receiver.waitFor(() => forConnection(id).length === 2);
    expect(forConnection(id)[1]!.headers['webhook-id']).toBe(forConnection(id)[0]!.headers['webhook-id']);
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId)).find((d) => d.deliveryId === again.deliveryId)?.status).toBe('delivered');
    await expect(t.services.webhooks.redeliver('not-a-delivery')).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.code === 'not_found');
  });
});

describe('live endpoints (SSRF)', () => {
  it('refuses at delivery time an endpoint that now resolves to a private address (DNS rebinding)', async () => {
    const p = await partnerWithEndpoint('Live rebinding');
    const id = await connect(t, p.apiKey, p.clientId, 'user_fail');
    await receiver.waitFor(() => forConnection(id).length === 1);
    // The endpoint passed the check when it was set; its name now answers with a loopback address.
    await t.db.insertInto('webhookEndpoints').values({ partnerId: p.partnerId, mode: 'live', url: receiver.url.replace('http:', 'https:'), disabledAt: null, disabledReason: null, updatedAt: new Date() }).execute();
    const subject = { partnerId: p.partnerId, mode: 'live' as const, clientId: p.clientId, connectionId: id };
    await t.db.transaction().execute((tx) => t.services.events.record(tx, subject, 'ConnectionConsentRevoked', {}, t.clock.now()));
    await expect.poll(async () => (await t.services.webhooks.deliveries(p.partnerId, { mode: 'live' }))[0]?.lastError).toMatch(/^refused: .*127\.0\.0\.1/);
    const [live] = await t.services.webhooks.deliveries(p.partnerId, { mode: 'live' });
    expect(live).toMatchObject({ mode: 'live', status: 'pending', attempts: 1, lastStatusCode: null });
    expect(forConnection(id)).toHaveLength(1);
  });

  it('refuses loopback, private and link-local addresses and plain http', async () => {
    const { partnerId } = await t.newPartner({ name: 'Live hooks' });
    for (const url of ['https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.1.2.3/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'http://93.184.216.34/hook', 'ftp://example.com/x']) {
      await expect(t.services.webhooks.setEndpoint(partnerId, 'live', url), url).rejects.toSatisfy((e: unknown) => e instanceof ApiError && e.code === 'validation_error');
    }
    await expect(t.services.webhooks.setEndpoint(partnerId, 'live', 'https://93.184.216.34/hook')).resolves.toMatchObject({ secret: expect.stringMatching(/^whsec_/) });
  });
});
