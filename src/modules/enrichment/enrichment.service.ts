/**
 * Enrichment of stored transactions (spec "Transaction", "enrichment" table; DESIGN.md §5), run
 * by the download job after every download or refresh of an account, in the transaction that
 * stored the bank's data: transactions without enrichment (new, or Uncleared ones the bank
 * changed) get category, merchant and payee key; recurrence is then recomputed over all of the
 * account's transactions. Only changed rows are written. Enrichment is stored for every partner;
 * the API serves it only with capability `enrichment`.
 */
import type { Tx } from '../../db/database.ts';
import type { TimedEnrichment } from './enrich.ts';
import { enrichmentRepository } from './enrichment.repository.ts';
import { notePurpose } from './recurrence.ts';

/**
 * The rules (enrich.ts with its data: the lexicon's and the merchant list's indexes, ~80 ms of
 * building), loaded with the first enrichment rather than with every process (bin/build.js puts
 * code loaded on demand in a chunk of its own): the API, the CLI and a start do not need them.
 */
let rules: Promise<typeof import('./enrich.ts')> | undefined;
const loadRules = () => (rules ??= import('./enrich.ts'));

/**
 * Enriches the account's transactions that need it (with `all`, every one again, with the rules
 * of this release: a re-enrichment backfill) and recomputes recurrence; returns how many rows
 * changed.
 */
export async function enrichAccount(tx: Tx, accountId: string, all = false): Promise<number> {
  const { enrichTransaction, withRecurrence, withRefunds } = await loadRules();
  const repo = enrichmentRepository(tx);
  const stored = await repo.listForAccount(accountId);
  const fresh = new Set<number>();
  const items: TimedEnrichment[] = stored.map((t, index) => {
    const base = { time: t.recordDate.getTime(), amount: t.amount, purpose: notePurpose(t.note) };
    const kept = t.enrichment ? { ...base, enrichment: t.enrichment, payeeKey: t.payeeKey } : null;
    if (kept && !all) return kept;
    const again = { ...base, ...enrichTransaction(t) };
    if (kept) again.enrichment = { ...again.enrichment, recurrent: kept.enrichment.recurrent };
    if (!kept || JSON.stringify(kept.enrichment) !== JSON.stringify(again.enrichment) || kept.payeeKey !== again.payeeKey) fresh.add(index);
    return again;
  });
  for (const index of withRefunds(items)) fresh.add(index);
  for (const index of withRecurrence(items)) fresh.add(index);
  await repo.write([...fresh].map((index) => ({ id: stored[index]!.id, enrichment: items[index]!.enrichment, payeeKey: items[index]!.payeeKey })));
  return fresh.size;
}
