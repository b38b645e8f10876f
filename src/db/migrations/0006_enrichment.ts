/**
 * Enrichment (spec "Transaction", "enrichment" table; docs/categories.md): each transaction keeps
 * its served enrichment in `transactions.enrichment` (jsonb, since 0002; NULL = not enriched yet)
 * and, from here on, the payee key recurrence groups it by (`payee_key`: "m:<merchant id>" or
 * "p:<counterparty words>", NULL when there is no payee to recognise).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').addColumn('payee_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transactions').dropColumn('payee_key').execute();
}
