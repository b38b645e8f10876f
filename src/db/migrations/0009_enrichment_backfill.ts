/**
 * Enrichment backfill (docs/decisions.md: a partner never sees a transaction without
 * enrichment): transactions stored before enrichment existed have `enrichment` NULL, and the
 * download job only enriches an account when it downloads it again. This migration enriches every
 * account that has such transactions (category, merchant, payee key, then recurrence over the
 * account; enrichment.service.ts `enrichAccount`) with the rules of the release that runs it,
 * inside the migration's transaction. `bankdata serve` refuses to start until it has run.
 * Down: nothing to undo (enrichment is derived data and stays).
 */
import type { Kysely } from 'kysely';
import type { Tx } from '../database.ts';
import { enrichAccount } from '../../modules/enrichment/enrichment.service.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Kysely runs PostgreSQL migrations in a transaction, with the application's plugins.
  const tx = db as unknown as Tx;
  const accounts = await tx.selectFrom('transactions').select('accountId').distinct().where('enrichment', 'is', null).execute();
  for (const { accountId } of accounts) await enrichAccount(tx, accountId);
}

export async function down(): Promise<void> {}
