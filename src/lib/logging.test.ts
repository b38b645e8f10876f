import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.ts';

describe('redactUrl', () => {
  it('masks hostedUrl tokens and bank journey state/code values, nothing else', () => {
    expect(redactUrl('/connect/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdef')).toBe('/connect/********cdef');
    expect(redactUrl('/connect/session?country=CZ')).toBe('/connect/session?country=CZ');
    expect(redactUrl('/connect/session/status')).toBe('/connect/session/status');
    expect(redactUrl('/connect/bank-callback?state=secretstate123&code=abcdefgh')).toBe('/connect/bank-callback?state=********e123&code=****efgh');
    expect(redactUrl('/sandbox-bank/vltava_xf/authorize?state=secretstate123&locale=cs')).toBe('/sandbox-bank/vltava_xf/authorize?state=********e123&locale=cs');
    expect(redactUrl('/v1/connections')).toBe('/v1/connections');
  });
});
