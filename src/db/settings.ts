/** Instance-wide settings kept in PostgreSQL, so every `serve` process agrees on them. */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { randomToken } from '../lib/ids.ts';
import type { SecretKeys } from '../lib/secret-keys.ts';

/**
 * A random per-database secret (32 bytes, base64url), created on first use: `cursor_secret`
 * signs cursors; `idempotency_key` encrypts stored idempotent answers.
 */
export async function instanceSecret(db: Db, name: 'cursor_secret' | 'idempotency_key' = 'cursor_secret'): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: name, value: randomToken(32) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', sql.lit(name)).executeTakeFirstOrThrow();
  return row.value;
}

const KEY_CHECK = 'secret_key_check';
const KEY_CHECK_TEXT = 'bankdata secret key check';

/**
 * Makes sure `keys` open this database's secrets: the first process records a value sealed by
 * its key (setting `secret_key_check`); later ones must open it with their current or previous
 * key, else this throws (a process with another key would fail every webhook delivery).
 * Returns 'previous' when only the previous key opens it (a rotation not yet re-encrypted).
 */
export async function checkSecretKey(db: Db, keys: SecretKeys): Promise<'current' | 'previous'> {
  await db
    .insertInto('settings')
    .values({ key: KEY_CHECK, value: keys.seal(KEY_CHECK_TEXT).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', sql.lit(KEY_CHECK)).executeTakeFirstOrThrow();
  const sealed = Buffer.from(row.value, 'base64');
  try {
    if (keys.open(sealed) !== KEY_CHECK_TEXT) throw new Error('mismatch');
  } catch {
    throw new Error(`The secret key (${keys.source}) is not the one this database's webhook secrets are encrypted with: set BANKDATA_SECRET_KEY to that key (or, while rotating, BANKDATA_SECRET_KEY_PREVIOUS); see docs/operations.md "Secret key and rotation".`);
  }
  return keys.sealedByCurrent(sealed) ? 'current' : 'previous';
}

/** Records that `keys`' current key seals this database's secrets (after a re-encryption). */
export async function recordSecretKey(db: Db, keys: SecretKeys): Promise<void> {
  await db.updateTable('settings').set({ value: keys.seal(KEY_CHECK_TEXT).toString('base64') }).where('key', '=', sql.lit(KEY_CHECK)).execute();
}

const BASE_URL = 'base_url';

/** Records the public address (BANKDATA_BASE_URL, else http://localhost:PORT) of the API that now listens on this database. */
export async function recordBaseUrl(db: Db, baseUrl: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: BASE_URL, value: baseUrl })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: baseUrl }))
    .execute();
}

/** The public address the last API started on this database recorded, or null before any did. */
export async function recordedBaseUrl(db: Db): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', sql.lit(BASE_URL)).executeTakeFirst();
  return row?.value ?? null;
}
