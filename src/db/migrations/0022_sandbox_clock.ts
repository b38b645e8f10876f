/**
 * Sandbox clock and consent-expiry notice (issue 17, docs/sandbox.md "Sandbox clock"):
 * - `partners.sandbox_clock_offset_ms`: how far the partner's sandbox time runs ahead of real time;
 * - `partners.consent_expiring_notice_days`: days before a consent's end that ConnectionConsentExpiring is sent (0: never);
 * - `timers.sandbox_partner_id`: the partner whose sandbox a timer belongs to (null: real time), so
 *   the sweeper fires it by that partner's sandbox clock.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('partners')
    .addColumn('sandbox_clock_offset_ms', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`sandbox_clock_offset_ms >= 0`))
    .addColumn('consent_expiring_notice_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`consent_expiring_notice_days between 0 and 365`))
    .execute();
  await db.schema.alterTable('timers').addColumn('sandbox_partner_id', 'uuid', (c) => c.references('partners.id').onDelete('cascade')).execute();
  await sql`CREATE INDEX timers_sandbox_due_idx ON timers (sandbox_partner_id, due_at) WHERE fired_at IS NULL AND sandbox_partner_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('timers').dropColumn('sandbox_partner_id').execute();
  await db.schema.alterTable('partners').dropColumn('sandbox_clock_offset_ms').dropColumn('consent_expiring_notice_days').execute();
}
