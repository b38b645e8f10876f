/**
 * Re-enrichment with the rules of issue 20 (docs/categories.md: a merchant for every card payment
 * and transfer to a business, refunds in the category of the purchase, foreign descriptors,
 * children & education): every account's stored transactions are enriched again
 * (enrichment.service.ts `enrichAccount` with `all`) inside the migration's transaction; only
 * rows whose enrichment changed are written. Down: nothing to undo (enrichment is derived data).
 */
import type { Kysely } from 'kysely';
import type { Tx } from '../database.ts';
import { enrichAccount } from '../../modules/enrichment/enrichment.service.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Kysely runs PostgreSQL migrations in a transaction, with the application's plugins.
  const tx = db as unknown as Tx;
  const accounts = await tx.selectFrom('transactions').select('accountId').distinct().execute();
  for (const { accountId } of accounts) await enrichAccount(tx, accountId, true);
}

export async function down(): Promise<void> {}
