/**
 * The variableSymbol-filtered transaction page (issue 18): `transactions_vs_page_idx` on
 * (account_id, variable_symbol_key, record_date DESC, id DESC), so a page for one symbol is an
 * ordered index range that stops after `limit` rows at any symbol frequency and cursor depth
 * (several symbols: one such range per symbol, merged; accounts.repository.ts). It replaces
 * `transactions_vs_idx (account_id, variable_symbol_key)`, which it covers as a prefix.
 *
 * Plain CREATE INDEX, not CONCURRENTLY: migrations run in a transaction and CONCURRENTLY cannot.
 * The build blocks writes to `transactions` (not reads) while it runs: 3.4 s for 1,000,000
 * transactions in `npm run bench -- variable-symbol` on 2 shared cores. An installation that
 * cannot pause downloads for that long creates the index CONCURRENTLY by hand before upgrading
 * (docs/operations.md): IF NOT EXISTS then takes it as built.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_vs_page_idx ON transactions (account_id, variable_symbol_key, record_date DESC, id DESC) WHERE variable_symbol_key IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS transactions_vs_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS transactions_vs_idx ON transactions (account_id, variable_symbol_key) WHERE variable_symbol_key IS NOT NULL`.execute(db);
  await sql`DROP INDEX IF EXISTS transactions_vs_page_idx`.execute(db);
}
