import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

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
