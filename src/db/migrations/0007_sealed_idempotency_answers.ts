/**
 * Stored idempotent answers are encrypted (DESIGN.md §8: they carry one-time hostedUrl tokens
 * and bank states): `response_body` (text) becomes `response_sealed` (bytea, AES-256-GCM under
 * the per-database `idempotency_key` setting). Answers stored before are sealed in place, so
 * their keys keep replaying.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../database.ts';
import { instanceSecret } from '../settings.ts';
import { SecretBox } from '../../lib/secret-box.ts';

const boxOf = async (db: Kysely<unknown>) => new SecretBox(Buffer.from(await instanceSecret(db as unknown as Db, 'idempotency_key'), 'base64url'));

/** Replaces column `from` by `to` (of `type`), each stored value passed through `convert`. */
async function moveColumn<From, To>(db: Kysely<unknown>, from: string, to: string, type: 'bytea' | 'text', convert: (value: From) => To): Promise<void> {
  await db.schema.alterTable('idempotency_records').addColumn(to, type).execute();
  // One-word aliases: the app's Kysely instance renames snake_case result columns.
  const { rows } = await sql<{ partner: string; key: string; value: From }>`SELECT partner_id AS partner, key, ${sql.ref(from)} AS value FROM idempotency_records WHERE ${sql.ref(from)} IS NOT NULL`.execute(db);
  for (const row of rows) {
    await sql`UPDATE idempotency_records SET ${sql.ref(to)} = ${convert(row.value)} WHERE partner_id = ${row.partner} AND key = ${row.key}`.execute(db);
  }
  await db.schema.alterTable('idempotency_records').dropColumn(from).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const box = await boxOf(db);
  await moveColumn(db, 'response_body', 'response_sealed', 'bytea', (body: string) => box.seal(body));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const box = await boxOf(db);
  await moveColumn(db, 'response_sealed', 'response_body', 'text', (sealed: Buffer) => box.open(sealed));
}
