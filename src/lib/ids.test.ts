import { describe, expect, it } from 'vitest';
import { apiKeyMode, digestsEqual, newApiKey, randomBase62, sha256Hex } from './ids.ts';

describe('API keys', () => {
  it('have the spec format and select the mode by prefix', () => {
    expect(newApiKey('sandbox')).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    expect(newApiKey('live')).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
    expect(apiKeyMode(newApiKey('sandbox'))).toBe('sandbox');
    expect(apiKeyMode(newApiKey('live'))).toBe('live');
    for (const bad of ['', 'svc_test_', `svc_test_${'a'.repeat(31)}`, `svc_test_${'a'.repeat(33)}`, `svc_test_${'-'.repeat(32)}`, `SVC_TEST_${'a'.repeat(32)}`]) {
      expect(apiKeyMode(bad)).toBeNull();
    }
  });

  it('are random base62', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => randomBase62(32)));
    expect(seen.size).toBe(1000);
    const chars = new Set([...Array.from(seen).join('')]);
    expect(chars.size).toBe(62);
  });

  it('compare fingerprints exactly', () => {
    const a = sha256Hex('a');
    expect(digestsEqual(a, sha256Hex('a'))).toBe(true);
    expect(digestsEqual(a, sha256Hex('b'))).toBe(false);
    expect(digestsEqual(a, a.slice(0, 62))).toBe(false);
  });
});
