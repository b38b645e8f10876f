/**
 * The operator's key for secrets at rest (issue 14, item 6; docs/operations.md "Secret key and
 * rotation"): webhook secrets are stored AES-256-GCM sealed (lib/secret-box.ts) under
 * BANKDATA_SECRET_KEY (32 bytes, as 64 hex digits or base64/base64url), or, when it is unset, under
 * a key generated once into `<BANKDATA_DATA_DIR>/secret.key` (mode 0600). During a rotation
 * BANKDATA_SECRET_KEY_PREVIOUS opens what the old key sealed, until `bankdata secrets reencrypt`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.ts';

/** The file, under the data dir, that holds a generated key (base64, one line). */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * Decodes a 32-byte key given as 64 hex digits or as base64/base64url (with or without
 * padding). Throws an Error naming `name` otherwise.
 */
export function parseSecretKey(value: string, name: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(text) ? Buffer.from(text, 'base64') : null;
  if (!key || key.length !== 32) throw new Error(`${name} must be 32 bytes as 64 hex digits or base64 (e.g. the output of: openssl rand -base64 32)`);
  return key;
}

/** Seals with the current key; opens with the current key, else the previous one. */
export class SecretKeys {
  private readonly current: SecretBox;
  private readonly previous: SecretBox | null;

  /** `source`: where the current key came from (for messages). */
  constructor(current: Buffer, previous: Buffer | null, readonly source: 'BANKDATA_SECRET_KEY' | string) {
    this.current = new SecretBox(current);
    this.previous = previous ? new SecretBox(previous) : null;
  }

  /** Encrypts `plaintext` under the current key. */
  seal(plaintext: string): Buffer {
    return this.current.seal(plaintext);
  }

  /** Decrypts `sealed`; throws when neither the current nor the previous key sealed it. */
  open(sealed: Buffer): string {
    try {
      return this.current.open(sealed);
    } catch (error) {
      if (!this.previous) throw error;
      return this.previous.open(sealed);
    }
  }

  /** True when the current key sealed `sealed` (false: the previous key did, or neither). */
  sealedByCurrent(sealed: Buffer): boolean {
    try {
      this.current.open(sealed);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * The keys of this process: `secretKey` (BANKDATA_SECRET_KEY, validated by loadConfig) or the
 * data dir's generated key, created on first use with mode 0600 (two processes starting at once
 * agree: the file is created exclusively). `warn` is told when a generated key is used with an
 * external database (DATABASE_URL), where every process must share one key.
 */
export function loadSecretKeys(config: { secretKey?: Buffer; secretKeyPrevious?: Buffer; dataDir: string; databaseUrl?: string }, warn: (message: string) => void = (m) => process.emitWarning(m)): SecretKeys {
  const previous = config.secretKeyPrevious ?? null;
  if (config.secretKey) return new SecretKeys(config.secretKey, previous, 'BANKDATA_SECRET_KEY');
  const file = join(config.dataDir, SECRET_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (config.databaseUrl) {
    warn(`BANKDATA_SECRET_KEY is not set: webhook secrets are encrypted with the key in ${file}. Every process on this database needs the same key; set BANKDATA_SECRET_KEY (see docs/operations.md).`);
  }
  return new SecretKeys(parseSecretKey(readFileSync(file, 'utf8'), file), previous, file);
}
