/**
 * The client's retry rules on a scripted fetch (spec "Errors", retry guidance): which answers
 * are retried, how often, after how long, with which Idempotency-Key.
 */
import { describe, expect, it } from 'vitest';
import { BankdataError, createClient } from '../src/index.ts';
import { backoffMs, defaultRetryPolicy, retryAfterMs } from '../src/retry.ts';

const envelope = (code: string, status: number) =>
  new Response(JSON.stringify({ errorDesc: code, error: { code, message: code }, requestId: 'req-1' }), { status, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' } });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A client whose fetch answers from `script` in order and records each request. */
function scripted(script: (Response | Error)[], retries = 3) {
  const requests: Request[] = [];
  const client = createClient({
    baseUrl: 'http://bankdata.test',
    apiKey: 'svc_test_x',
    retries: { retries, baseDelayMs: 1, maxDelayMs: 4 },
    fetch: async (request) => {
      requests.push(request);
      const next = script.shift() ?? new Error('script exhausted');
      if (next instanceof Error) throw next;
      return next;
    },
  });
  return { client, requests };
}

const clientId = '0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d';
const body = { returnUrl: 'https://app.example/done' };

describe('retries', () => {
  it('retries a GET after 5xx answers and network errors, then answers', async () => {
    const { client, requests } = scripted([envelope('internal_error', 503), new TypeError('fetch failed'), ok({ webhook: { signatureVersion: 'v1' } })]);
    expect(await client.partner.config()).toEqual({ webhook: { signatureVersion: 'v1' } });
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.url === 'http://bankdata.test/v1/partner/config' && r.headers.get('x-api-key') === 'svc_test_x')).toBe(true);
  });

  it('gives up after `retries` and throws the last error', async () => {
    const { client, requests } = scripted([envelope('internal_error', 500), envelope('internal_error', 500), envelope('internal_error', 502)], 2);
    await expect(client.partner.config()).rejects.toMatchObject({ status: 502, code: 'internal_error', requestId: 'req-1' });
    expect(requests).toHaveLength(3);
  });

  it('never retries a 4xx', async () => {
    const { client, requests } = scripted([envelope('validation_error', 400)]);
    await expect(client.connections.get(clientId, { clientId })).rejects.toBeInstanceOf(BankdataError);
    expect(requests).toHaveLength(1);
  });

  it('retries a connect-session create with the same generated Idempotency-Key, or the one given', async () => {
    const { client, requests } = scripted([new TypeError('fetch failed'), envelope('internal_error', 500), ok({ sessionId: 's' }), ok({ sessionId: 't' })]);
    await client.connectSessions.create(body, { clientId });
    const keys = requests.map((r) => r.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(requests.map((r) => r.headers.get('x-client-id'))).toEqual([clientId, clientId, clientId]);
    await client.connectSessions.create(body, { clientId, idempotencyKey: 'my-key' });
    expect(requests[3]!.headers.get('idempotency-key')).toBe('my-key');
  });

  it('does not retry a POST without an Idempotency-Key', async () => {
    const { client, requests } = scripted([envelope('internal_error', 500)]);
    await expect(client.connections.revoke(clientId, { clientId })).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(1);
    const dropped = scripted([new TypeError('fetch failed')]);
    await expect(dropped.client.clients.create({ email: 'a@example.com', countryCode: 'CZ' })).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(dropped.requests).toHaveLength(1);
  });

  it('derives the code of a bare 401 or 429 from its status', async () => {
    const { client } = scripted([new Response('Unauthorized', { status: 401 })]);
    await expect(client.partner.config()).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    const limited = scripted([new Response(null, { status: 429, headers: { 'retry-after': '3600' } })]);
    await expect(limited.client.partner.config()).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limited.requests).toHaveLength(1); // an hour is longer than maxRetryAfterMs: answered at once
  });

  it('reads Retry-After in seconds or as a date, and backs off with jitter within bounds', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(retryAfterMs(new Response(null, { headers: { 'retry-after': '2' } }), now)).toBe(2000);
    expect(retryAfterMs(new Response(null, { headers: { 'retry-after': 'Tue, 24 Nov 2026 12:00:05 GMT' } }), now)).toBe(5000);
    expect(retryAfterMs(new Response(null), now)).toBeNull();
    expect(backoffMs(defaultRetryPolicy, 0, () => 0)).toBe(125);
    expect(backoffMs(defaultRetryPolicy, 0, () => 1)).toBe(250);
    expect(backoffMs(defaultRetryPolicy, 10, () => 1)).toBe(defaultRetryPolicy.maxDelayMs);
  });
});
