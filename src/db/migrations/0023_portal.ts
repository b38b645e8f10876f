/**
 * The partner portal (issue 15, docs/portal.md): a partner's own users, their PostgreSQL
 * sessions, one-time password-setup tokens, sign-in failure counters (rate limit per address
 * and per account), and the audit log of every portal action. API keys gain a `label` and a
 * `last_used_at` (written by the auth plugin at most once a minute per key).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portal_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'developer', 'viewer')`))
    .addColumn('password_hash', 'text')
    .addColumn('disabled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX portal_users_partner_email_idx ON portal_users (partner_id, lower(email))`.execute(db);
  await sql`CREATE INDEX portal_users_email_idx ON portal_users (lower(email))`.execute(db);

  await db.schema
    .createTable('portal_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('portal_users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_sessions_user_idx').on('portal_sessions').column('user_id').execute();

  await db.schema
    .createTable('portal_setup_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('portal_users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('portal_signin_failures')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('portal_signin_failures_pk', ['scope', 'window_start'])
    .execute();

  await db.schema
    .createTable('portal_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid')
    .addColumn('who', 'text', (c) => c.notNull())
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_audit_partner_at_idx').on('portal_audit').columns(['partner_id', 'at']).execute();

  await db.schema
    .alterTable('api_keys')
    .addColumn('label', 'text')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_keys').dropColumn('label').dropColumn('last_used_at').execute();
  for (const table of ['portal_audit', 'portal_signin_failures', 'portal_setup_tokens', 'portal_sessions', 'portal_users']) await db.schema.dropTable(table).execute();
}
