/** Instance-wide settings kept in PostgreSQL, so every `serve` process agrees on them. */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { randomToken } from '../lib/ids.ts';

/** The secret that signs cursors, created once per database. */
export async function instanceSecret(db: Db): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: 'cursor_secret', value: randomToken(32) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', sql.lit('cursor_secret')).executeTakeFirstOrThrow();
  return row.value;
}
