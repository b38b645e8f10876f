/** Spec "Client", "POST /v1/clients" (target upsert), recover, delete; tenant isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let apiKey: string;
let partnerId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ apiKey, partnerId } = await t.newPartner());
});
afterAll(() => t.close());

describe('POST /v1/clients', () => {
  it('creates a client with 201 and returns it', async () => {
    const reply = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'jana@example.cz', countryCode: 'CZ', externalId: 'user-1' } });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: 'jana@example.cz', countryCode: 'CZ', externalId: 'user-1' });
  });

  it('returns the existing client with 200 when externalId matches, never a duplicate', async () => {
    const first = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'a@example.cz', countryCode: 'CZ', externalId: 'user-2' } });
    const again = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'other@example.cz', countryCode: 'SK', externalId: 'user-2' } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('creates exactly one client for 20 concurrent requests with one externalId', async () => {
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'race@example.cz', countryCode: 'CZ', externalId: 'race-1' } })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(replies.map((r) => r.body.id)).size).toBe(1);
    const rows = await t.db.selectFrom('clients').select('id').where('externalId', '=', 'race-1').execute();
    expect(rows).toHaveLength(1);
  });

  it('creates a new client every time when no externalId is given', async () => {
    const a = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'x@example.cz', countryCode: 'CZ' } });
    const b = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'x@example.cz', countryCode: 'CZ' } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(a.body.externalId).toBeNull();
  });

  it('rejects bad input with validation_error naming the field, and stores nothing', async () => {
    const before = await t.db.selectFrom('clients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: [unknown, string][] = [
      [{ countryCode: 'CZ' }, 'body.email'],
      [{ email: 'nope', countryCode: 'CZ' }, 'body.email'],
      [{ email: 'a@b.cz' }, 'body.countryCode'],
      [{ email: 'a@b.cz', countryCode: 'XX' }, 'body.countryCode'],
      [{ email: 'a@b.cz', countryCode: 'cz' }, 'body.countryCode'],
      [{ email: 'a@b.cz', countryCode: 'CZ', externalId: 'x'.repeat(256) }, 'body.externalId'],
      [{ email: 'a@b.cz', countryCode: 'CZ', externalId: '' }, 'body.externalId'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const reply = await t.call('POST', '/v1/clients', { key: apiKey, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCode(reply)).toBe('validation_error');
      expect(reply.body.error.message).toContain(field);
    }
    const after = await t.db.selectFrom('clients').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('accepts an externalId of exactly 255 characters', async () => {
    const reply = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'a@b.cz', countryCode: 'CZ', externalId: 'y'.repeat(255) } });
    expect(reply.status).toBe(201);
  });
});

describe('POST /v1/clients/recover', () => {
  it('finds a client by externalId and answers 404 for an unknown one', async () => {
    const created = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'r@example.cz', countryCode: 'DE', externalId: 'lost-1' } });
    const found = await t.call('POST', '/v1/clients/recover', { key: apiKey, body: { externalId: 'lost-1' } });
    expect(found.status).toBe(200);
    expect(found.body).toEqual(created.body);
    const missing = await t.call('POST', '/v1/clients/recover', { key: apiKey, body: { externalId: 'never' } });
    expect(missing.status).toBe(404);
    expect(errorCode(missing)).toBe('not_found');
    const bad = await t.call('POST', '/v1/clients/recover', { key: apiKey, body: {} });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('body.externalId');
  });
});

describe('DELETE /v1/clients/{clientId}', () => {
  it('deletes the client (204) so it can no longer be recovered', async () => {
    const id = await t.newClient(apiKey, 'to-delete');
    const reply = await t.call('DELETE', `/v1/clients/${id}`, { key: apiKey, clientId: id });
    expect(reply.status).toBe(204);
    expect(reply.body).toBe('');
    expect((await t.call('POST', '/v1/clients/recover', { key: apiKey, body: { externalId: 'to-delete' } })).status).toBe(404);
    const again = await t.call('DELETE', `/v1/clients/${id}`, { key: apiKey, clientId: id });
    expect(again.status).toBe(404);
    expect(errorCode(again)).toBe('not_found');
  });

  it('demands X-Client-Id equal to the path id', async () => {
    const id = await t.newClient(apiKey);
    const other = await t.newClient(apiKey);
    const mismatch = await t.call('DELETE', `/v1/clients/${id}`, { key: apiKey, clientId: other });
    expect(mismatch.status).toBe(400);
    expect(errorCode(mismatch)).toBe('validation_error');
    expect(mismatch.body.error.message).toContain('x-client-id');
    const missing = await t.call('DELETE', `/v1/clients/${id}`, { key: apiKey });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toContain('headers.x-client-id');
    const malformed = await t.call('DELETE', '/v1/clients/not-a-uuid', { key: apiKey, clientId: 'not-a-uuid' });
    expect(malformed.status).toBe(400);
    expect(errorCode(malformed)).toBe('validation_error');
    expect((await t.call('POST', '/v1/clients/recover', { key: apiKey, body: { externalId: 'to-delete' } })).status).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("makes one partner's clients invisible to another partner and to the other mode", async () => {
    const id = await t.newClient(apiKey, 'private-1');
    const other = await t.newPartner({ name: 'Other Partner' });
    const recover = await t.call('POST', '/v1/clients/recover', { key: other.apiKey, body: { externalId: 'private-1' } });
    expect(recover.status).toBe(404);
    const remove = await t.call('DELETE', `/v1/clients/${id}`, { key: other.apiKey, clientId: id });
    expect(remove.status).toBe(404);
    const created = await t.call('POST', '/v1/clients', { key: other.apiKey, body: { email: 'o@example.cz', countryCode: 'CZ', externalId: 'private-1' } });
    expect(created.status).toBe(201);
    expect(created.body.id).not.toBe(id);
    const live = await t.newKey(partnerId, 'live');
    expect((await t.call('POST', '/v1/clients/recover', { key: live, body: { externalId: 'private-1' } })).status).toBe(404);
    expect((await t.call('POST', '/v1/clients/recover', { key: apiKey, body: { externalId: 'private-1' } })).body.id).toBe(id);
  });
});
