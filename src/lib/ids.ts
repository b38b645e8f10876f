/**
 * Identifiers and secrets: UUIDs, API keys (spec "Authentication" 2-3) and their SHA-256
 * fingerprints, constant-time comparison.
 */
import * as crypto from 'node:crypto';
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export type Mode = 'sandbox' | 'live';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^svc_(test|live)_[0-9A-Za-z]{32}$/;

export const newId = (): string => randomUUID();

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its canonical text form. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** `length` characters of base62 drawn without modulo bias. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** A new API key: `svc_test_` (sandbox) or `svc_live_` (live) + 32 base62 characters. */
export function newApiKey(mode: Mode): string {
  return `svc_${mode === 'sandbox' ? 'test' : 'live'}_${randomBase62(32)}`;
}

/** The mode a well-formed key selects, or null for anything that is not a key. */
export function apiKeyMode(key: string): Mode | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  return match[1] === 'test' ? 'sandbox' : 'live';
}

/** Node's one-shot hash (Node >= 20.12): no Hash object per call (the key lookup hashes on every request). */
const oneShotHash = crypto.hash as typeof crypto.hash | undefined;

/** SHA-256 fingerprint (hex), the only form in which keys and tokens are stored. */
export function sha256Hex(value: string): string {
  return oneShotHash ? oneShotHash('sha256', value, 'hex') : createHash('sha256').update(value).digest('hex');
}

/** Constant-time equality of two hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A URL-safe random token of `bytes` bytes (256 bits by default). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
