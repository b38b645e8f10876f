import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, prettyLogs, redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('masks hostedUrl tokens and bank journey state/code values, nothing else', () => {
    expect(redactUrl('/connect/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdef')).toBe('/connect/********cdef');
    const flow = '/connect/s/0b9f6a52-3f1e-4c52-9a57-6a2f3c1d9e10';
    expect(redactUrl(`${flow}?country=CZ`)).toBe(`${flow}?country=CZ`);
    expect(redactUrl(`${flow}/status`)).toBe(`${flow}/status`);
    expect(redactUrl(`${flow}/bank-return?ref=WyIwYjlmIl0.signature123&connectionId=c1`)).toBe(`${flow}/bank-return?ref=********e123&connectionId=c1`);
    expect(redactUrl('/connect/bank-callback?state=secretstate123&code=abcdefgh')).toBe('/connect/bank-callback?state=********e123&code=****efgh');
    expect(redactUrl('/sandbox-bank/vltava_xf/authorize?state=secretstate123&locale=cs')).toBe('/sandbox-bank/vltava_xf/authorize?state=********e123&locale=cs');
    expect(redactUrl('/v1/connections')).toBe('/v1/connections');
  });

  it('masks SimpleFIN claim tokens and keeps the data routes (their credentials travel in the Authorization header)', () => {
    expect(redactUrl('/simplefin/claim/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdef')).toBe('/simplefin/claim/********cdef');
    expect(redactUrl('/simplefin/accounts?start-date=1700000000&pending=1')).toBe('/simplefin/accounts?start-date=1700000000&pending=1');
  });
});

describe('createLogger', () => {
  const capture = () => {
    const lines: string[] = [];
    const destination = new Writable({ write: (chunk, _encoding, done) => (lines.push(...String(chunk).split('\n').filter(Boolean)), done()) });
    return { lines, destination };
  };
  const request = { reqId: 'req_1', method: 'GET', route: '/v1/accounts/:accountId/transactions', status: 200, durationMs: 3.2, partnerId: 'p1' };

  it('on a terminal: one readable line per record, not JSON', async () => {
    const { lines, destination } = capture();
    (await createLogger('info', true, destination)).info(request, 'request');
    expect(lines).toHaveLength(1);
    expect(() => JSON.parse(lines[0]!)).toThrow();
    expect(lines[0]).toContain('GET /v1/accounts/:accountId/transactions 200 3.2 ms');
    expect(lines[0]).toContain('"reqId":"req_1"');
  });

  it('in production: one JSON object per line, with the API key header redacted', async () => {
    const { lines, destination } = capture();
    (await createLogger('info', false, destination)).info({ ...request, req: { method: 'GET', url: '/connect/AbCdEfGhIjKlMnOp', headers: { 'x-api-key': 'svc_test_secret' } } }, 'request');
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({ level: 30, msg: 'request', method: 'GET', status: 200, partnerId: 'p1' });
    expect(lines[0]).not.toContain('svc_test_secret');
    expect(lines[0]).not.toContain('AbCdEfGhIjKlMnOp');
  });

  it('is pretty only on a terminal outside production', () => {
    expect(prettyLogs({}, { isTTY: true })).toBe(true);
    expect(prettyLogs({ NODE_ENV: 'production' }, { isTTY: true })).toBe(false);
    expect(prettyLogs({}, { isTTY: false })).toBe(false);
  });
});
