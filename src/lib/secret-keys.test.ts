import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { loadSecretKeys, parseSecretKey, SECRET_KEY_FILE } from './secret-keys.ts';

describe('parseSecretKey', () => {
  const key = Buffer.alloc(32, 0xab);
  it('accepts 32 bytes as hex, base64 and base64url', () => {
    for (const text of [key.toString('hex'), key.toString('base64'), key.toString('base64url'), ` ${key.toString('base64')}\n`]) {
      expect(parseSecretKey(text, 'K').equals(key)).toBe(true);
    }
  });
  it('refuses anything else, naming the variable', () => {
    for (const text of ['', 'short', key.toString('hex').slice(2), Buffer.alloc(16).toString('base64'), Buffer.alloc(48, 0xff).toString('base64'), 'z'.repeat(64)]) {
      expect(() => parseSecretKey(text, 'BANKDATA_SECRET_KEY')).toThrow(/BANKDATA_SECRET_KEY must be 32 bytes/);
    }
  });
  it('is validated when the configuration loads', () => {
    expect(() => loadConfig({ BANKDATA_SECRET_KEY: 'nope' })).toThrow(/BANKDATA_SECRET_KEY/);
    expect(() => loadConfig({ BANKDATA_SECRET_KEY: key.toString('hex'), BANKDATA_SECRET_KEY_PREVIOUS: 'nope' })).toThrow(/BANKDATA_SECRET_KEY_PREVIOUS/);
    expect(loadConfig({ BANKDATA_SECRET_KEY: key.toString('hex') }).secretKey?.equals(key)).toBe(true);
  });
});

describe('loadSecretKeys', () => {
  it('generates a key once into the data dir, mode 0600, and reuses it', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'bankdata-key-')), 'data');
    const warnings: string[] = [];
    const first = loadSecretKeys({ dataDir }, (m) => warnings.push(m));
    const file = join(dataDir, SECRET_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    const second = loadSecretKeys({ dataDir }, (m) => warnings.push(m));
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(second.open(first.seal('whsec_x'))).toBe('whsec_x');
    expect(warnings).toEqual([]);
    // With an external database every process needs the same key: warned.
    loadSecretKeys({ dataDir, databaseUrl: 'postgres://db/x' }, (m) => warnings.push(m));
    expect(warnings[0]).toMatch(/BANKDATA_SECRET_KEY is not set/);
  });
  it('uses BANKDATA_SECRET_KEY when given, and the previous key only to open', () => {
    const current = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    const old = loadSecretKeys({ dataDir: '/nonexistent', secretKey: previous });
    const keys = loadSecretKeys({ dataDir: '/nonexistent', secretKey: current, secretKeyPrevious: previous });
    const sealedOld = old.seal('a');
    expect(keys.open(sealedOld)).toBe('a');
    expect(keys.sealedByCurrent(sealedOld)).toBe(false);
    expect(keys.sealedByCurrent(keys.seal('b'))).toBe(true);
    expect(() => loadSecretKeys({ dataDir: '/nonexistent', secretKey: current }).open(sealedOld)).toThrow();
  });
});
