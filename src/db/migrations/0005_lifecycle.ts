/**
 * Connection lifecycle (spec "Connection states", refresh, reconnect, revoke; DESIGN.md §5):
 * refresh bookkeeping, idempotency records, rate-limit counters and the sandbox bank's own
 * state (revoked consents, forced re-authentication, extra transactions).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('connections')
    .addColumn('refreshing_since', 'timestamptz')
    .addColumn('last_manual_refresh_at', 'timestamptz')
    .addColumn('last_refreshed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('refreshes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refreshes_connection_idx').on('refreshes').columns(['connection_id', 'at']).execute();

  await db.schema.alterTable('partners').addColumn('rate_limit', 'integer').execute();

  await db.schema
    .createTable('idempotency_records')
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('in_progress', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_records_pkey', ['partner_id', 'key'])
    .execute();

  // Counters are ephemeral: UNLOGGED skips the write-ahead log (lost on a crash, which is fine).
  await sql`CREATE UNLOGGED TABLE rate_limit_counters (
    key_id uuid NOT NULL,
    window_start bigint NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (key_id, window_start)
  )`.execute(db);

  await db.schema
    .createTable('sandbox_consents')
    .addColumn('connection_id', 'uuid', (c) => c.primaryKey().references('connections.id').onDelete('cascade'))
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('require_reauth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('extra_transactions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_since', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_consents', 'rate_limit_counters', 'idempotency_records', 'refreshes']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('partners').dropColumn('rate_limit').execute();
  await db.schema.alterTable('connections').dropColumn('refreshing_since').dropColumn('last_manual_refresh_at').dropColumn('last_refreshed_at').execute();
}
