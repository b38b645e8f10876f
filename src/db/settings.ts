/** Instance-wide settings kept in PostgreSQL, so every `serve` process agrees on them. */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { randomToken } from '../lib/ids.ts';

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
