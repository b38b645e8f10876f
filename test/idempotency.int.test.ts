/**
 * Idempotency-Key (spec "Endpoints", "Limits"; DESIGN.md §5, §8) on POST /v1/connections,
 * POST .../reconnect and POST /v1/connect-sessions: replays answer the original status and body
 * with Idempotent-Replayed, a different request with the same key is 422 (the same JSON in another
 * key order is the same request), a concurrent one 409 until it has been silent for a minute;
 * 255 characters of value (bare or quoted), 24 hours, per partner; answers that failed validation
 * or say "retry later" are not stored; stored answers are encrypted.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import * as sealing from '../src/db/migrations/0007_sealed_idempotency_answers.ts';
import { partnersService } from '../src/modules/partners/partners.service.ts';
import { cloneTemplate, errorCode, startTestApp, type TestApp } from './helpers/app.ts';
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
    // The same JSON with its keys in another order is the same request.
    const reordered = await create(p, 'k', JSON.stringify({ providerId: vltava, returnUrl: 'http://localhost:8080/done' }));
    expect(reordered.status).toBe(200);
    expect(reordered.headers.get('idempotent-replayed')).toBe('true');
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
    // The replayed envelope names the replay's own request (errorCode checks requestId = X-Request-Id).
    expect(errorCode(again)).toBe('not_found');
    expect(again.body.requestId).not.toBe(first.body.requestId);
    expect({ ...again.body, requestId: null }).toEqual({ ...first.body, requestId: null });
  });

  it('an answer that says "retry later" (operation_temporarily_unavailable) is not stored', async () => {
    const p = await setup();
    const pending = (await create(p, 'create-it')).body.connectionId;
    const reconnect = () => t.call('POST', `/v1/connections/${pending}/reconnect`, { key: p.apiKey, clientId: p.clientId, body: { returnUrl: 'http://localhost:8080/r' }, headers: { 'idempotency-key': 'later' } });
    const early = await reconnect();
    expect([early.status, errorCode(early)]).toEqual([403, 'operation_temporarily_unavailable']);
    const stored = await t.db.selectFrom('idempotencyRecords').select('key').where('key', '=', 'later').execute();
    expect(stored).toHaveLength(0);
  });

  it('a request that crashed holds its key for a minute (409), then the key can be used again', async () => {
    const p = await setup();
    const first = await create(p, 'crashed');
    expect(first.status).toBe(200);
    // As if the process died before answering: the record stays in_progress.
    await t.db.updateTable('idempotencyRecords').set({ status: 'in_progress', responseStatus: null, responseSealed: null }).where('key', '=', 'crashed').execute();
    const meanwhile = await create(p, 'crashed');
    expect([meanwhile.status, errorCode(meanwhile)]).toEqual([409, 'idempotency_key_in_use']);
    t.clock.advance(61_000);
    const retried = await create(p, 'crashed');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect((await create(p, 'crashed')).body).toEqual(retried.body);
  });

  it('stored answers are encrypted: the bank state of redirectUrl is not in the table, and replays still work', async () => {
    const p = await setup();
    const first = await create(p, 'secret');
    const state = new URL(first.body.redirectUrl).searchParams.get('state')!;
    expect(state.length).toBeGreaterThan(10);
    const table = await sql<{ row: string }>`SELECT r::text AS row FROM idempotency_records r WHERE key = 'secret'`.execute(t.db);
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.row).not.toContain(state);
    expect(table.rows[0]!.row).not.toContain(first.body.connectionId);
    expect((await create(p, 'secret')).body).toEqual(first.body);
  });

  it('keys longer than 255 characters, or empty, are 400 validation_error; quotes of the structured form do not count', async () => {
    const p = await setup();
    for (const key of ['x'.repeat(256), `"${'x'.repeat(256)}"`, '""']) {
      const reply = await create(p, key);
      expect(reply.status).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toContain('idempotency-key');
    }
    expect(await count(p)).toBe(0);
    expect((await create(p, 'y'.repeat(255))).status).toBe(200);
    const quoted = await create(p, `"${'z'.repeat(255)}"`);
    expect(quoted.status).toBe(200);
    expect((await create(p, 'z'.repeat(255))).body).toEqual(quoted.body);
  });
});

describe('migration 0007 (stored answers sealed)', () => {
  it('seals the answers stored before it, and its down migration restores them', async () => {
    const db = createDb(await cloneTemplate(), 2);
    const untyped = db as unknown as Kysely<unknown>;
    try {
      await sealing.down(untyped);
      await sql`DELETE FROM kysely_migration WHERE name = '0007_sealed_idempotency_answers'`.execute(db);
      const { partner } = await partnersService(db, t.clock).create({ name: 'Before 0007' });
      await sql`INSERT INTO idempotency_records (partner_id, key, fingerprint, status, response_status, response_body, created_at) VALUES (${partner.id}, 'old', 'f', 'done', 200, '{"hostedUrl":"http://x/connect/tok123"}', now())`.execute(db);
      expect(await migrateToLatest(db)).toEqual(['0007_sealed_idempotency_answers']);
      expect((await sql<{ row: string }>`SELECT r::text AS row FROM idempotency_records r`.execute(db)).rows[0]!.row).not.toContain('tok123');
      await sealing.down(untyped);
      expect((await sql<{ body: string }>`SELECT response_body AS body FROM idempotency_records`.execute(db)).rows[0]!.body).toBe('{"hostedUrl":"http://x/connect/tok123"}');
    } finally {
      await db.destroy();
    }
  });
});

describe('Idempotency-Key on POST /v1/connect-sessions', () => {
  it('the one-time hostedUrl token is stored encrypted; a replay answers the same hostedUrl', async () => {
    const p = await setup();
    const send = () => t.call('POST', '/v1/connect-sessions', { key: p.apiKey, clientId: p.clientId, body: { returnUrl: 'http://localhost:8080/done' }, headers: { 'idempotency-key': 'session-1' } });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const token = new URL(first.body.hostedUrl).pathname.split('/').at(-1)!;
    expect(token.length).toBeGreaterThan(20);
    const table = await sql<{ row: string }>`SELECT r::text AS row FROM idempotency_records r WHERE key = 'session-1'`.execute(t.db);
    expect(table.rows[0]!.row).not.toContain(token);
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.hostedUrl).toBe(first.body.hostedUrl);
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
