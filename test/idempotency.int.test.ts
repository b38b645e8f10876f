/**
 * Idempotency-Key (spec "Endpoints", "Limits"; DESIGN.md §5) on POST /v1/connections and
 * POST .../reconnect: replays answer the original status and body with Idempotent-Replayed, a
 * different request with the same key is 422, a concurrent one 409; 255 characters, 24 hours, per
 * partner; requests that failed validation are not stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';
import { connect, providerId, providerIds } from './helpers/journey.ts';

let t: TestApp;
let vltava: string;

beforeAll(async () => {
  t = await startTestApp();
  vltava = await providerId(t, providerIds.vltava);
});
afterAll(() => t.close());

async function setup() {
  const p = await t.newPartner();
  return { ...p, clientId: await t.newClient(p.apiKey) };
}
type P = Awaited<ReturnType<typeof setup>>;

const body = (extra: Record<string, unknown> = {}) => ({ returnUrl: 'http://localhost:8080/done', providerId: vltava, ...extra });
const create = (p: P, key: string, b: unknown = body()) => t.call('POST', '/v1/connections', { key: p.apiKey, clientId: p.clientId, body: b, headers: { 'idempotency-key': key } });
const count = async (p: P) => (await t.db.selectFrom('connections').select('id').where('clientId', '=', p.clientId).execute()).length;

describe('Idempotency-Key on POST /v1/connections', () => {
  it('a replay answers the original status and body with Idempotent-Replayed: true, creating nothing', async () => {
    const p = await setup();
    const first = await create(p, 'order-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(p, 'order-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The key may also come as a structured-field string.
    const quoted = await create(p, '"order-1"');
    expect(quoted.body).toEqual(first.body);
    expect(await count(p)).toBe(1);
  });

  it('the same key with a different request is 422 idempotency_key_mismatch and changes nothing', async () => {
    const p = await setup();
    await create(p, 'k');
    const other = await create(p, 'k', body({ locale: 'cs' }));
    expect(other.status).toBe(422);
    expect(errorCode(other)).toBe('idempotency_key_mismatch');
    const otherClient = await t.newClient(p.apiKey);
    const elsewhere = await t.call('POST', '/v1/connections', { key: p.apiKey, clientId: otherClient, body: body(), headers: { 'idempotency-key': 'k' } });
    expect(errorCode(elsewhere)).toBe('idempotency_key_mismatch');
    expect(await count(p)).toBe(1);
  });

  it('20 identical requests at once create exactly one connection; every answer is the original or 409', async () => {
    const p = await setup();
    const replies = await Promise.all(Array.from({ length: 20 }, () => create(p, 'burst')));
    expect(await count(p)).toBe(1);
    const [connection] = await t.db.selectFrom('connections').select('id').where('clientId', '=', p.clientId).execute();
    const ok = replies.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.body.connectionId).toBe(connection!.id);
    for (const r of replies.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(errorCode(r)).toBe('idempotency_key_in_use');
    }
    expect(new Set(ok.map((r) => JSON.stringify(r.body))).size).toBe(1);
    // Once the first answer is stored, a retry of a 409 replays it.
    const retry = await create(p, 'burst');
    expect(retry.status).toBe(200);
    expect(retry.body.connectionId).toBe(connection!.id);
  });

  it('keys are scoped per partner', async () => {
    const a = await setup();
    const b = await setup();
    const ra = await create(a, 'shared');
    const rb = await create(b, 'shared');
    expect(rb.status).toBe(200);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
    expect(rb.body.connectionId).not.toBe(ra.body.connectionId);
  });

  it('a key is remembered for 24 hours, then a new request with it runs again', async () => {
    const p = await setup();
    const first = await create(p, 'daily');
    t.clock.advance(23 * 3_600_000);
    expect((await create(p, 'daily')).body.connectionId).toBe(first.body.connectionId);
    t.clock.advance(3_600_000 + 60_000);
    const later = await create(p, 'daily');
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.connectionId).not.toBe(first.body.connectionId);
    expect(await count(p)).toBe(2);
  });

  it('a request that failed validation is not stored: the same key works once the request is fixed', async () => {
    const p = await setup();
    const bad = await create(p, 'fixme', { providerId: vltava });
    expect(bad.status).toBe(400);
    expect(errorCode(bad)).toBe('validation_error');
    const good = await create(p, 'fixme');
    expect(good.status).toBe(200);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('an error answer other than 400 is replayed too (the outcome was decided)', async () => {
    const p = await setup();
    const stranger = '00000000-0000-4000-8000-000000000000';
    const send = () => t.call('POST', '/v1/connections', { key: p.apiKey, clientId: stranger, body: body(), headers: { 'idempotency-key': 'nf' } });
    const first = await send();
    expect(first.status).toBe(404);
    const again = await send();
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keys longer than 255 characters, or empty, are 400 validation_error', async () => {
    const p = await setup();
    for (const key of ['x'.repeat(256), '""']) {
      const reply = await create(p, key);
      expect(reply.status).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toContain('idempotency-key');
    }
    expect(await count(p)).toBe(0);
    expect((await create(p, 'y'.repeat(255))).status).toBe(200);
  });
});

describe('Idempotency-Key on POST .../reconnect', () => {
  it('a replayed reconnect answers the same journey; a different body is 422', async () => {
    const p = await setup();
    const id = await connect(t, p.apiKey, p.clientId);
    await t.call('POST', `/v1/connections/${id}/revoke`, { key: p.apiKey, clientId: p.clientId });
    const reconnect = (b: unknown) => t.call('POST', `/v1/connections/${id}/reconnect`, { key: p.apiKey, clientId: p.clientId, body: b, headers: { 'idempotency-key': 'again' } });
    const first = await reconnect({ returnUrl: 'http://localhost:8080/r' });
    expect(first.status).toBe(200);
    const replay = await reconnect({ returnUrl: 'http://localhost:8080/r' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(errorCode(await reconnect({ returnUrl: 'http://localhost:8080/other' }))).toBe('idempotency_key_mismatch');
  });
});
