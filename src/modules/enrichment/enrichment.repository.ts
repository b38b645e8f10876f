/** Enrichment in PostgreSQL: an account's transactions as enrichment reads them, and batched writes of results. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { Enrichment } from './enrich.ts';

/** One stored transaction: bank fields, stored enrichment (null: not enriched yet) and payee key. */
export interface StoredTransaction {
  id: string;
  amount: number;
  recordDate: Date;
  note: string;
  counterParty: string;
  details: Record<string, string | null>;
  enrichment: Enrichment | null;
  payeeKey: string | null;
}

const WRITE_BATCH = 1000;

export function enrichmentRepository(db: Db | Tx) {
  return {
    /** Every transaction of the account (order unspecified). */
    async listForAccount(accountId: string): Promise<StoredTransaction[]> {
      const rows = await db
        .selectFrom('transactions')
        .select(['id', 'amount', 'recordDate', 'note', 'counterParty', 'details', 'enrichment', 'payeeKey'])
        .where('accountId', '=', accountId)
        .execute();
      return rows as StoredTransaction[];
    },

    /** Stores enrichment and payee key of the given transactions, one statement per 1,000. */
    async write(rows: { id: string; enrichment: Enrichment; payeeKey: string | null }[]): Promise<void> {
      for (let i = 0; i < rows.length; i += WRITE_BATCH) {
        const batch = rows.slice(i, i + WRITE_BATCH);
        await sql`
          UPDATE transactions AS t SET enrichment = u.enrichment, payee_key = u.payee_key
          FROM unnest(${batch.map((r) => r.id)}::uuid[], ${batch.map((r) => JSON.stringify(r.enrichment))}::jsonb[], ${batch.map((r) => r.payeeKey)}::text[])
            AS u(id, enrichment, payee_key)
          WHERE t.id = u.id`.execute(db);
      }
    },
  };
}
