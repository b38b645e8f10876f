/**
 * Connections, accounts, transactions, tracking events, lifecycle events and durable timers
 * (spec "Connection", "Account", "Transaction", "Events"; DESIGN.md §3, §5).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'uuid', (c) => c.notNull().references('providers.id'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('Pending', 'Active', 'Inactive', 'Disabled')`))
    .addColumn('error_code', 'text')
    .addColumn('error_desc', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('ownership_type', 'text', (c) => c.notNull())
    .addColumn('subscribe_to_all_accounts', 'boolean', (c) => c.notNull())
    .addColumn('skip_consent_screen', 'boolean', (c) => c.notNull())
    .addColumn('authorization_token_hash', 'text', (c) => c.unique())
    .addColumn('consent_ref', 'text')
    .addColumn('consent_expires_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connections_client_idx').on('connections').columns(['client_id']).execute();

  await db.schema
    .createTable('connection_tracking_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('headers', 'jsonb', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tracking_connection_idx').on('connection_tracking_events').columns(['connection_id']).execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('connection_id', 'uuid', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('partner_id', 'uuid', (c) => c.notNull())
    .addColumn('client_id', 'uuid', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('iban', 'text')
    .addColumn('balance', sql`numeric(20, 2)`, (c) => c.notNull())
    .addColumn('subscribed', 'boolean', (c) => c.notNull())
    .addColumn('authorized', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('accounts_connection_external_key', ['connection_id', 'external_id'])
    .execute();
  await db.schema.createIndex('accounts_client_idx').on('accounts').columns(['client_id']).execute();

  await db.schema
    .createTable('transactions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(20, 2)`, (c) => c.notNull())
    .addColumn('currency_code', 'text', (c) => c.notNull())
    .addColumn('record_state', 'text', (c) => c.notNull().check(sql`record_state in ('Cleared', 'Uncleared')`))
    .addColumn('record_date', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('counter_party', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('variable_symbol_key', 'text')
    .addColumn('enrichment', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('transactions_account_external_key', ['account_id', 'external_id'])
    .execute();
  await sql`CREATE INDEX transactions_page_idx ON transactions (account_id, record_date DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX transactions_vs_idx ON transactions (account_id, variable_symbol_key) WHERE variable_symbol_key IS NOT NULL`.execute(db);

  await db.schema
    .createTable('events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'uuid')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_connection_idx').on('events').columns(['connection_id', 'created_at']).execute();

  await db.schema
    .createTable('timers')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('fired_at', 'timestamptz')
    .addUniqueConstraint('timers_kind_ref_key', ['kind', 'ref_id'])
    .execute();
  await sql`CREATE INDEX timers_due_idx ON timers (due_at) WHERE fired_at IS NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['timers', 'events', 'transactions', 'accounts', 'connection_tracking_events', 'connections']) {
    await db.schema.dropTable(table).execute();
  }
}
