/**
 * The sandbox bank's memory of a consent (`sandbox_consents`, since 0005) gains:
 * - `listings`: how often it listed the consent's accounts; the flaky sandbox bank
 *   (`spree_flaky_xf`) fails every other download part-way, deterministically, by that count;
 * - `extra_batches`: the transactions added by the sandbox control, one `{since, count}` per call
 *   (each batch dated at or before its own call), replacing one running count anchored at the
 *   first call (`extra_transactions`, `extra_since`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_consents')
    .addColumn('listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_batches', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await sql`update sandbox_consents set extra_batches = jsonb_build_array(jsonb_build_object('since', extra_since, 'count', extra_transactions)) where extra_transactions > 0 and extra_since is not null`.execute(db);
  await db.schema.alterTable('sandbox_consents').dropColumn('extra_transactions').dropColumn('extra_since').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_consents')
    .addColumn('extra_transactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_since', 'timestamptz')
    .execute();
  await sql`update sandbox_consents set extra_transactions = coalesce((select sum((b->>'count')::int) from jsonb_array_elements(extra_batches) b), 0), extra_since = (select min((b->>'since')::timestamptz) from jsonb_array_elements(extra_batches) b)`.execute(db);
  await db.schema.alterTable('sandbox_consents').dropColumn('listings').dropColumn('extra_batches').execute();
}
