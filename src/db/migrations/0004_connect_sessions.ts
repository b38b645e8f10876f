/**
 * Connect sessions of the hosted connect flow (spec "Connect session", connect session states;
 * DESIGN.md §8): the one-time hostedUrl token (stored hashed, kept after use to tell a reused
 * link from an unknown one), the browser cookie's secret (hashed), and the flow's progress.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connect_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('country', 'text')
    .addColumn('provider_id', 'uuid', (c) => c.references('providers.id'))
    .addColumn('provider_preset', 'boolean', (c) => c.notNull())
    .addColumn('skip_consent_screen', 'boolean', (c) => c.notNull())
    .addColumn('tracking_headers', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('AwaitingBankSelection', 'RedirectedToBank', 'Authenticating', 'Fetching', 'AwaitingAccountSelection', 'Completed', 'Failed', 'Cancelled', 'Expired')`),
    )
    .addColumn('connection_id', 'uuid', (c) => c.references('connections.id').onDelete('set null'))
    .addColumn('bank_url', 'text')
    .addColumn('result_code', 'text', (c) => c.check(sql`result_code in ('Ok', 'Error', 'Cancelled')`))
    .addColumn('error', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_used_at', 'timestamptz')
    .addColumn('browser_token_hash', 'text', (c) => c.unique())
    .addColumn('accounts_selected_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connect_sessions_client_idx').on('connect_sessions').columns(['client_id']).execute();
  await db.schema.createIndex('connect_sessions_connection_idx').on('connect_sessions').columns(['connection_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connect_sessions').execute();
}
