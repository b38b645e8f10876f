/**
 * Metering of live mode (issue 13, docs/live.md "Metering"): one row per billable event, a live
 * connection becoming Active (`activation`), a successful refresh (`refresh`) or reconnect
 * (`reconnect`). `key` is unique per event (kind, connection, and the consent or refresh start),
 * so an insert retried after a crash adds nothing. Rows outlive the connection (no foreign key):
 * usage stays billable after a delete.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('activation', 'refresh', 'reconnect')`))
    .addColumn('partner_id', 'uuid', (c) => c.notNull())
    .addColumn('client_id', 'uuid', (c) => c.notNull())
    .addColumn('connection_id', 'uuid', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_events_partner_at_idx').on('usage_events').columns(['partner_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_events').execute();
}
