/**
 * Issue 14, items 2 and 4: bad text (NUL, invalid UTF-8) anywhere in a request is 400
 * validation_error and changes nothing; errors Fastify and Node's HTTP parser raise before any
 * route (bad URL, long path parameter, oversized request line, malformed HTTP, bad JSON, wrong
 * content type, unknown route, wrong method, too-large body) carry the envelope and X-Request-Id.
 * Raw sockets, since fetch() would not send these bytes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { envelopeCode, rawRequest, type RawReply } from './helpers/raw-http.ts';

let t: TestApp;
let apiKey: string;
let clientId: string;

beforeAll(async () => {
  t = await startTestApp({ worker: false });
  ({ apiKey } = await t.newPartner({ name: 'Input Partner' }));
  clientId = await t.newClient(apiKey, 'input-client');
});
afterAll(() => t.close());

const send = (head: string, body?: Buffer | string, extra = '') =>
  rawRequest(t.baseUrl, `${head}\r\nX-Api-Key: ${apiKey}${extra}${body !== undefined ? '\r\nContent-Type: application/json' : ''}`, body);

function expectError(reply: RawReply, status: number, code: string, message?: RegExp): void {
  expect(reply.status, reply.text).toBe(status);
  expect(envelopeCode(reply)).toBe(code);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  if (message) expect(reply.json.error.message).toMatch(message);
}

const clientCount = async () => Number((await t.db.selectFrom('clients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('NUL and invalid UTF-8 (item 2)', () => {
  it('refuses NUL in JSON strings of create and recover, creating nothing', async () => {
    const before = await clientCount();
    expectError(await send('POST /v1/clients HTTP/1.1', '{"email":"a@example.com","countryCode":"CZ","externalId":"a\\u0000b"}'), 400, 'validation_error', /body\.externalId/);
    expectError(await send('POST /v1/clients/recover HTTP/1.1', '{"externalId":"a\\u0000b"}'), 400, 'validation_error', /body\.externalId/);
    expectError(await send('POST /v1/clients HTTP/1.1', '{"email":"a@example.com","countryCode":"CZ","externalId":"x","a\\u0000":1}'), 400, 'validation_error');
    expect(await clientCount()).toBe(before);
  });

  it('refuses invalid UTF-8 bytes and lone surrogates in a JSON body instead of storing U+FFFD', async () => {
    const before = await clientCount();
    const invalid = Buffer.concat([Buffer.from('{"email":"a@example.com","countryCode":"CZ","externalId":"a'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    expectError(await send('POST /v1/clients HTTP/1.1', invalid), 400, 'validation_error', /UTF-8/);
    expectError(await send('POST /v1/clients HTTP/1.1', '{"email":"a@example.com","countryCode":"CZ","externalId":"a\\ud800"}'), 400, 'validation_error', /body\.externalId/);
    expect(await clientCount()).toBe(before);
    // Well-formed non-ASCII text is fine.
    const ok = await send('POST /v1/clients HTTP/1.1', JSON.stringify({ email: 'a@example.com', countryCode: 'CZ', externalId: 'Žluťoučký 😀' }));
    expect(ok.status).toBe(201);
  });

  it('refuses NUL and invalid UTF-8 in query strings and path parameters', async () => {
    expectError(await send('GET /v1/providers?search=%00 HTTP/1.1'), 400, 'validation_error', /query\.search/);
    expectError(await send('GET /v1/providers?search=%C3%28 HTTP/1.1'), 400, 'validation_error', /query\.search/);
    expectError(await send('GET /v1/providers?search=%E2%82 HTTP/1.1'), 400, 'validation_error');
    expectError(await send('GET /v1/providers?search=%ZZ HTTP/1.1'), 400, 'validation_error');
    expectError(await send(`GET /v1/connect-sessions/%00 HTTP/1.1\r\nX-Client-Id: ${clientId}`), 400, 'validation_error', /path/);
    expectError(await send(`GET /v1/connections/%C3%28 HTTP/1.1\r\nX-Client-Id: ${clientId}`), 400, 'validation_error');
    expectError(await send('GET /v1/providers?search=caf\xe9 HTTP/1.1'), 400, 'validation_error');
    // A well-formed escape still works.
    expect((await send('GET /v1/providers?search=%C5%BD HTTP/1.1')).status).toBe(200);
  });

  it('refuses invalid UTF-8 in the headers it stores (Idempotency-Key, analytics headers)', async () => {
    const body = JSON.stringify({ returnUrl: 'http://localhost:3000/cb' });
    for (const header of ['Idempotency-Key: k\xc3\x28', 'X-Application-Name: app\xff']) {
      expectError(await send(`POST /v1/connect-sessions HTTP/1.1\r\nX-Client-Id: ${clientId}\r\n${header}`, body), 400, 'validation_error', /headers\./);
    }
    const sessions = await t.db.selectFrom('connectSessions').select('id').execute();
    expect(sessions).toHaveLength(0);
    // NUL in a header never reaches us: Node's parser refuses it, and the answer is still the envelope.
    expectError(await send(`POST /v1/connect-sessions HTTP/1.1\r\nX-Client-Id: ${clientId}\r\nIdempotency-Key: a\0b`, body), 400, 'validation_error');
  });

  it('refuses NUL and invalid UTF-8 in hosted form posts', async () => {
    for (const form of ['username=a%00b', 'username=%C3%28', 'username=caf\xe9']) {
      const reply = await rawRequest(t.baseUrl, 'POST /sandbox-bank/vltava_xf/authorize HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded', Buffer.from(form, 'latin1'));
      expectError(reply, 400, 'validation_error', /body\.username|UTF-8/);
    }
  });
});

describe('framework errors carry the envelope and X-Request-Id (item 4)', () => {
  it('a path that does not percent-decode: 400', async () => {
    expectError(await send('GET /v1/clients/%ZZ HTTP/1.1'), 400, 'validation_error', /path/);
  });

  it('a 5,000-character path parameter: 414', async () => {
    expectError(await send(`GET /v1/connections/${'a'.repeat(5000)} HTTP/1.1\r\nX-Client-Id: ${clientId}`), 414, 'validation_error');
  });

  it('a 100 kB query: 431, answered by the server before Fastify', async () => {
    expectError(await send(`GET /v1/providers?search=${'a'.repeat(100_000)} HTTP/1.1`), 431, 'validation_error');
  });

  it('malformed HTTP: 400', async () => {
    expectError(await rawRequest(t.baseUrl, 'GET /v1/providers HTTP/1.1\r\nBad Header Line'), 400, 'validation_error');
  });

  it('bad JSON, wrong content type, too-large body, unknown route, wrong method', async () => {
    expectError(await send('POST /v1/clients HTTP/1.1', '{"email":'), 400, 'validation_error', /JSON/);
    expectError(await rawRequest(t.baseUrl, `POST /v1/clients HTTP/1.1\r\nX-Api-Key: ${apiKey}\r\nContent-Type: text/plain`, 'hello'), 415, 'validation_error');
    expectError(await rawRequest(t.baseUrl, `POST /v1/clients HTTP/1.1\r\nX-Api-Key: ${apiKey}\r\nContent-Type: application/xml`, '<a/>'), 415, 'validation_error');
    expectError(await send('POST /v1/clients HTTP/1.1', `{"email":"${'a'.repeat(1024 * 1024)}"}`), 413, 'validation_error');
    expectError(await send('GET /v1/nothing-here HTTP/1.1'), 404, 'not_found');
    expectError(await send('PATCH /v1/clients HTTP/1.1'), 405, 'not_found');
  });

  it('keeps a safe incoming X-Request-Id on framework errors', async () => {
    const reply = await send('GET /v1/clients/%ZZ HTTP/1.1\r\nX-Request-Id: trace-123');
    expect(reply.headers['x-request-id']).toBe('trace-123');
    expect(reply.json.requestId).toBe('trace-123');
  });

  it('every success also carries X-Request-Id and nosniff', async () => {
    const reply = await send('GET /v1/providers HTTP/1.1');
    expect(reply.status).toBe(200);
    expect(reply.headers['x-request-id']).toBeTruthy();
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });
});
