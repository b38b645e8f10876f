/** Foundation: instance settings, partners, API keys, providers, clients. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partners')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('capabilities', 'jsonb', (c) => c.notNull())
    .addColumn('consent_duration', 'text', (c) => c.notNull().defaultTo('P90D'))
    .addColumn('countries', sql`text[]`)
    .addColumn('return_url_patterns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('subscribe_to_all_accounts', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('skip_consent_screen_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('sandbox', 'live')`))
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_keys_partner_idx').on('api_keys').column('partner_id').execute();

  await db.schema
    .createTable('providers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('sandbox', 'live')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('bic_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('Active', 'Inactive', 'Hidden', 'Disabled')`))
    .addColumn('non_regulated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('traits', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('providers_list_idx').on('providers').columns(['mode', 'name', 'id']).execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('partner_id', 'uuid', (c) => c.notNull().references('partners.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('sandbox', 'live')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('clients_external_id_key')
    .on('clients')
    .columns(['partner_id', 'mode', 'external_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['clients', 'providers', 'api_keys', 'partners', 'settings']) {
    await db.schema.dropTable(table).execute();
  }
}
