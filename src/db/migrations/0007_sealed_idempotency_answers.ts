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

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_records').addColumn('response_sealed', 'bytea').execute();
  const box = await boxOf(db);
  const { rows } = await sql<{ partner_id: string; key: string; response_body: string }>`SELECT partner_id, key, response_body FROM idempotency_records WHERE response_body IS NOT NULL`.execute(db);
  for (const row of rows) {
    await sql`UPDATE idempotency_records SET response_sealed = ${box.seal(row.response_body)} WHERE partner_id = ${row.partner_id} AND key = ${row.key}`.execute(db);
  }
  await db.schema.alterTable('idempotency_records').dropColumn('response_body').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_records').addColumn('response_body', 'text').execute();
  const box = await boxOf(db);
  const { rows } = await sql<{ partner_id: string; key: string; response_sealed: Buffer }>`SELECT partner_id, key, response_sealed FROM idempotency_records WHERE response_sealed IS NOT NULL`.execute(db);
  for (const row of rows) {
    await sql`UPDATE idempotency_records SET response_body = ${box.open(row.response_sealed)} WHERE partner_id = ${row.partner_id} AND key = ${row.key}`.execute(db);
  }
  await db.schema.alterTable('idempotency_records').dropColumn('response_sealed').execute();
}
