/**
 * Live provider catalog (issue 13, docs/live.md "Onboarding a bank: the catalog"): each provider
 * names the connector that serves it (`sandbox` for the generated `_xf` banks, `berlin-group`
 * for live banks imported by `bankdata providers import`), keeps its Berlin Group settings
 * (`xs2a`, Xs2aConfig as jsonb; null for sandbox providers) and an optional `logo_url`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('providers')
    .addColumn('connector', 'text', (c) => c.notNull().defaultTo('sandbox').check(sql`connector in ('sandbox', 'berlin-group')`))
    .addColumn('xs2a', 'jsonb')
    .addColumn('logo_url', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('providers').dropColumn('connector').dropColumn('xs2a').dropColumn('logo_url').execute();
}
