/** Spec "Authentication" 1-4, 9 and "Errors": keys, modes, revocation, request ids, the envelope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
let partnerId: string;
let apiKey: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ partnerId, apiKey } = await t.newPartner({ name: 'Auth Partner' }));
});
afterAll(() => t.close());

describe('API keys', () => {
  it('answers 401 unauthorized without a key, with a malformed key and with an unknown key', async () => {
    for (const key of [undefined, 'nonsense', 'svc_test_short', `svc_test_${'A'.repeat(32)}`, `svc_prod_${'A'.repeat(32)}`]) {
      const reply = await t.call('GET', '/v1/partner/config', { key });
      expect(reply.status).toBe(401);
      expect(errorCode(reply)).toBe('unauthorized');
    }
  });

  it('accepts several keys per mode and selects the mode by prefix', async () => {
    const second = await t.newKey(partnerId, 'sandbox');
    const live = await t.newKey(partnerId, 'live');
    expect(second).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(live).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    for (const [key, mode] of [[apiKey, 'sandbox'], [second, 'sandbox'], [live, 'live']] as const) {
      const reply = await t.call('GET', '/v1/partner/config', { key });
      expect(reply.status).toBe(200);
      expect(reply.body.mode).toBe(mode);
      expect(reply.body.partnerId).toBe(partnerId);
    }
  });

  it('stores only the SHA-256 fingerprint of a key', async () => {
    const rows = await t.db.selectFrom('apiKeys').select(['keyHash', 'hint']).where('partnerId', '=', partnerId).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.keyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.keyHash).not.toContain(apiKey.slice(9));
    }
  });

  it('refuses a revoked key on the very next request', async () => {
    const key = await t.newKey(partnerId, 'sandbox');
    expect((await t.call('GET', '/v1/partner/config', { key })).status).toBe(200);
    const [row] = await t.services.partners.listKeys(partnerId).then((keys) => keys.filter((k) => k.hint === `…${key.slice(-4)}`));
    await t.services.partners.revokeKey(row!.keyId);
    const reply = await t.call('GET', '/v1/partner/config', { key });
    expect(reply.status).toBe(401);
    expect(errorCode(reply)).toBe('unauthorized');
    expect((await t.call('GET', '/v1/partner/config', { key: apiKey })).status).toBe(200);
  });
});

describe('partner configuration', () => {
  it('describes the partner as the spec shows it', async () => {
    const reply = await t.call('GET', '/v1/partner/config', { key: apiKey });
    expect(reply.body).toEqual({
      partnerId,
      name: 'Auth Partner',
      mode: 'sandbox',
      capabilities: { refresh: true, reconnect: true, enrichment: true, autoRevokeAfterCreate: false, nonRegulatedProviders: true },
      consentDuration: 'P90D',
      consentExpiringNoticeDays: 7,
      countries: null,
      webhook: { signatureVersion: 'v1' },
    });
  });
});

describe('request ids and the error envelope', () => {
  it('puts X-Request-Id on successes and errors, echoing a safe incoming one', async () => {
    const ok = await t.call('GET', '/v1/partner/config', { key: apiKey });
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.call('GET', '/v1/partner/config', { key: apiKey, headers: { 'x-request-id': 'trace-abc.123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc.123');
    const unsafe = await t.call('GET', '/v1/partner/config', { key: apiKey, headers: { 'x-request-id': 'bad id <script>' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const error = await t.call('GET', '/v1/nope', { key: apiKey });
    expect(error.body.requestId).toBe(error.headers.get('x-request-id'));
  });

  it('answers unknown routes 404 not_found', async () => {
    const reply = await t.call('GET', '/v1/does-not-exist', { key: apiKey });
    expect(reply.status).toBe(404);
    expect(errorCode(reply)).toBe('not_found');
  });

  it('answers a wrong method 405 with Allow and code not_found', async () => {
    const reply = await t.call('DELETE', '/v1/providers', { key: apiKey });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toContain('GET');
    expect(errorCode(reply)).toBe('not_found');
  });

  it('answers malformed JSON 400 validation_error naming the body', async () => {
    const reply = await t.call('POST', '/v1/clients', { key: apiKey, body: '{"email": ' });
    expect(reply.status).toBe(400);
    expect(errorCode(reply)).toBe('validation_error');
    expect(reply.body.error.message).toMatch(/^body/);
  });

  it('answers schema violations 400 validation_error naming the field', async () => {
    const missing = await t.call('POST', '/v1/clients', { key: apiKey, body: { countryCode: 'CZ' } });
    expect(missing.status).toBe(400);
    expect(errorCode(missing)).toBe('validation_error');
    expect(missing.body.error.message).toContain('body.email');
    const format = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'not-an-email', countryCode: 'CZ' } });
    expect(format.body.error.message).toContain('body.email');
    const query = await t.call('GET', '/v1/providers?limit=501', { key: apiKey });
    expect(query.status).toBe(400);
    expect(query.body.error.message).toContain('querystring.limit');
  });

  it('answers an oversized body 413 and a non-JSON content type 415, both validation_error', async () => {
    const big = await t.call('POST', '/v1/clients', { key: apiKey, body: { email: 'a@b.cz', countryCode: 'CZ', externalId: 'x'.repeat(2 * 1024 * 1024) } });
    expect(big.status).toBe(413);
    expect(errorCode(big)).toBe('validation_error');
    const text = await t.call('POST', '/v1/clients', { key: apiKey, body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(errorCode(text)).toBe('validation_error');
  });

  it('demands a key on every versioned route in the OpenAPI document', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const reply = await t.call(method.toUpperCase(), concrete, { headers: { 'x-client-id': '00000000-0000-4000-8000-000000000000' } });
        expect(reply.status, `${method} ${path}`).toBe(401);
        expect(errorCode(reply)).toBe('unauthorized');
      }
    }
  });
});
