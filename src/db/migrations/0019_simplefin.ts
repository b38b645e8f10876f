/**
 * The SimpleFIN bridge (issue 21, docs/simplefin.md):
 * - `simplefin_setup_tokens`: one-time claim URLs minted for a client (the URL's secret stored as
 *   its SHA-256 only), valid 24 hours, `claimed_at` set by the one claim that succeeds;
 * - `simplefin_accesses`: the access URLs claimed from them: the SHA-256 of `user:password` (the
 *   credentials themselves are never stored), scoped to one partner, mode and client;
 *   `revoked_at` ends the access (403 on its next request).
 * Both go with their client (ON DELETE CASCADE), so deleting a client ends its SimpleFIN access.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('simplefin_setup_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('simplefin_setup_tokens_client_idx').on('simplefin_setup_tokens').columns(['client_id']).execute();
  await db.schema
    .createTable('simplefin_accesses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('client_id', 'uuid', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('setup_token_id', 'uuid', (c) => c.notNull().unique().references('simplefin_setup_tokens.id').onDelete('cascade'))
    .addColumn('credentials_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('simplefin_accesses_client_idx').on('simplefin_accesses').columns(['client_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('simplefin_accesses').execute();
  await db.schema.dropTable('simplefin_setup_tokens').execute();
}
