/** Accounts and transactions in PostgreSQL: idempotent upserts for downloads, keyset pages for reads. */
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { AccountRow, TransactionRow } from '../../db/schema.ts';

/** The columns a transaction page serves. */
export type TransactionPageRow = Pick<TransactionRow, 'id' | 'amount' | 'currencyCode' | 'recordState' | 'recordDate' | 'note' | 'counterParty' | 'details' | 'enrichment'>;
import type { BankAccount, BankTransaction } from '../../banks/connector.ts';
import { newId } from '../../lib/ids.ts';
import { PreparedQueries } from '../../db/prepared.ts';

/** Variable symbol without leading zeros ("0123" -> "123", "000" -> "0"); the spec's filter key. */
export function variableSymbolKey(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  return value.replace(/^0+(?=.)/, '');
}

export interface AccountOwner {
  connectionId: string;
  partnerId: string;
  clientId: string;
}

const UPSERT_BATCH = 500;

/**
 * A booked transaction is taken for a stored pending one of the same payment when their dates
 * are at most this many days apart (docs/live.md "Transaction ids"): card payments book within
 * 1-3 banking days, and a weekend or holiday adds up to 2 more.
 */
export const PENDING_MATCH_DAYS = 5;
const DAY_MS = 86_400_000;

/** A counterparty compared case- and spacing-insensitively. */
const sameParty = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The most rows a transaction page reads: the spec's largest limit (500) and one more to tell whether a page follows. */
export const MAX_PAGE_ROWS = 501;

const PAGE_COLUMNS = ['id', 'amount', 'currencyCode', 'recordState', 'recordDate', 'note', 'counterParty', 'details', 'enrichment'] as const;

/**
 * The variableSymbol-filtered page (issue 18): per symbol, one ordered range of
 * `transactions_vs_page_idx` (account, symbol, recordDate DESC, id DESC) after the cursor, cut at
 * the page's limit; the ranges merged newest first (Merge Append) and cut again. It reads at most
 * limit rows per symbol whatever the symbol's frequency and the cursor's depth, and the generic
 * plan of the prepared statement (PostgreSQL's after five executions) is this same plan: every
 * branch is an equality on the index's prefix with the index's order. One statement per number
 * of symbols (1-20) and cursor presence. Placeholders: p[0] account, p[4] limit, p[5..6] cursor
 * when `after`, then the symbols.
 */
function symbolPage(p: string[], after: boolean, symbols: number, owned: Expression<unknown>): RawBuilder<TransactionPageRow> {
  const cursor = after ? sql` AND (record_date, id) < (${p[5]}::timestamptz, ${p[6]}::uuid)` : sql``;
  const first = after ? 7 : 5;
  const columns = sql.raw('id, amount, currency_code, record_state, record_date, note, counter_party, details, enrichment');
  const branches = Array.from(
    { length: symbols },
    (_, i) => sql`(SELECT ${columns} FROM transactions WHERE account_id = ${p[0]}::uuid AND variable_symbol_key = ${p[first + i]}::text${cursor} ORDER BY record_date DESC, id DESC LIMIT ${p[4]}::int)`,
  );
  return sql<TransactionPageRow>`SELECT ${columns} FROM (${sql.join(branches, sql` UNION ALL `)}) AS page WHERE EXISTS (${owned}) ORDER BY record_date DESC, id DESC LIMIT ${p[4]}::int`;
}

export function accountsRepository(db: Db | Tx) {
  const prepared = new PreparedQueries(db);
  return {
    /**
     * Inserts new accounts (subscribed = `subscribe`) and refreshes known ones (name, balance,
     * IBAN, authorized), subscribing them too when `resubscribe` (a reconnect with
     * subscribeToAllAccounts), else keeping their subscription. Returns all accounts of the connection.
     */
    async upsertAccounts(owner: AccountOwner, accounts: BankAccount[], subscribe: boolean, at: Date, resubscribe = false): Promise<AccountRow[]> {
      if (accounts.length > 0) {
        await db
          .insertInto('accounts')
          .values(
            accounts.map((a) => ({
              id: newId(),
              ...owner,
              externalId: a.externalId,
              name: a.name,
              type: a.type,
              currencyCode: a.currencyCode,
              iban: a.iban,
              balance: a.balance,
              subscribed: subscribe,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['connectionId', 'externalId']).doUpdateSet({
              name: (eb) => eb.ref('excluded.name'),
              balance: (eb) => eb.ref('excluded.balance'),
              iban: (eb) => eb.ref('excluded.iban'),
              authorized: true,
              ...(resubscribe ? { subscribed: true } : {}),
              updatedAt: at,
            }),
          )
          .execute();
      }
      const known = accounts.map((a) => a.externalId);
      let unauthorized = db.updateTable('accounts').set({ authorized: false, updatedAt: at }).where('connectionId', '=', owner.connectionId);
      if (known.length) unauthorized = unauthorized.where('externalId', 'not in', known);
      await unauthorized.execute();
      return this.listForConnection(owner.connectionId, false);
    },

    /** The accounts of a connection in a stable order: current accounts first, then by name and IBAN. */
    listForConnection(connectionId: string, subscribedOnly: boolean, limit = 100): Promise<AccountRow[]> {
      let query = db.selectFrom('accounts').selectAll().where('connectionId', '=', connectionId).orderBy(sql`type <> 'CurrentAccount'`).orderBy('name').orderBy('iban').orderBy('id').limit(limit);
      if (subscribedOnly) query = query.where('subscribed', '=', true).where('authorized', '=', true);
      return query.execute();
    },

    /** The account if it belongs to this partner, mode and client (one query), with its connection's state. */
    findOwned(partnerId: string, mode: string, clientId: string, accountId: string): Promise<(AccountRow & { connectionState: string }) | undefined> {
      return db
        .selectFrom('accounts')
        .innerJoin('connections', 'connections.id', 'accounts.connectionId')
        .selectAll('accounts')
        .select('connections.state as connectionState')
        .where('accounts.id', '=', accountId)
        .where('accounts.partnerId', '=', partnerId)
        .where('accounts.clientId', '=', clientId)
        .where('connections.mode', '=', mode as 'sandbox')
        .executeTakeFirst();
    },

    /** Whether the account is subscribed and authorized now; locks its row (FOR SHARE) against a concurrent unsubscribe. */
    async isSubscribed(accountId: string): Promise<boolean> {
      const row = await db.selectFrom('accounts').select(['subscribed', 'authorized']).where('id', '=', accountId).forShare().executeTakeFirst();
      return row !== undefined && row.subscribed && row.authorized;
    },

    setSubscribed(accountId: string, subscribed: boolean, at: Date): Promise<AccountRow | undefined> {
      return db.updateTable('accounts').set({ subscribed, updatedAt: at }).where('id', '=', accountId).returningAll().executeTakeFirst();
    },

    /**
     * Keeps our ids across the booking of a pending payment, before `upsertTransactions` (docs/live.md
     * "Transaction ids (matching rule)"). Each fetched Cleared transaction whose externalId is not
     * stored takes over a stored Uncleared row of the account that the bank no longer reports
     * under its own externalId, with the same amount and counterparty and a recordDate at most
     * PENDING_MATCH_DAYS away: the row gets the booked externalId (the upsert then makes it
     * Cleared). Bookings are matched in date order; among several candidates the closest date
     * wins, then the oldest stored row (createdAt, then id). Stored Uncleared rows dated on or
     * after `since` (the fetched period) that the bank no longer reports and that nothing matched
     * are deleted: the pending payment disappeared. Answers how many rows were matched and removed.
     */
    async reconcilePending(accountId: string, fetched: BankTransaction[], since: Date): Promise<{ matched: number; removed: number }> {
      const pending = await db
        .selectFrom('transactions')
        .select(['id', 'externalId', 'amount', 'counterParty', 'recordDate', 'createdAt'])
        .where('accountId', '=', accountId)
        .where('recordState', '=', 'Uncleared')
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
      if (pending.length === 0) return { matched: 0, removed: 0 };
      const reported = new Set(fetched.map((t) => t.externalId));
      const vanished = pending.filter((p) => !reported.has(p.externalId));
      if (vanished.length === 0) return { matched: 0, removed: 0 };
      const bookings = fetched.filter((t) => t.recordState === 'Cleared');
      const stored = new Set<string>();
      for (let i = 0; i < bookings.length; i += UPSERT_BATCH) {
        const ids = bookings.slice(i, i + UPSERT_BATCH).map((t) => t.externalId);
        const rows = await db.selectFrom('transactions').select('externalId').where('accountId', '=', accountId).where('externalId', 'in', ids).execute();
        for (const row of rows) stored.add(row.externalId);
      }
      const newBookings = bookings.filter((t) => !stored.has(t.externalId)).sort((a, b) => a.recordDate.getTime() - b.recordDate.getTime() || (a.externalId < b.externalId ? -1 : 1));
      const taken = new Set<string>();
      for (const booked of newBookings) {
        const gap = (p: (typeof vanished)[number]) => Math.abs(p.recordDate.getTime() - booked.recordDate.getTime());
        // `vanished` is ordered oldest first, and the sort is stable: equal gaps keep that order.
        const [match] = vanished
          .filter((p) => !taken.has(p.id) && Number(p.amount) === booked.amount && sameParty(p.counterParty, booked.counterParty) && gap(p) <= PENDING_MATCH_DAYS * DAY_MS)
          .sort((a, b) => gap(a) - gap(b));
        if (!match) continue;
        taken.add(match.id);
        await db.updateTable('transactions').set({ externalId: booked.externalId }).where('id', '=', match.id).execute();
      }
      const gone = vanished.filter((p) => !taken.has(p.id) && p.recordDate >= since).map((p) => p.id);
      if (gone.length) await db.deleteFrom('transactions').where('id', 'in', gone).execute();
      return { matched: taken.size, removed: gone.length };
    },

    /**
     * Inserts new transactions and updates Uncleared ones in place (they may have cleared);
     * Cleared rows never change. Idempotent: a retried download adds nothing twice. New and
     * updated rows are left without enrichment, for enrichment.service.ts.
     * Returns how many rows were inserted or updated.
     */
    async upsertTransactions(accountId: string, transactions: BankTransaction[], at: Date): Promise<number> {
      let written = 0;
      for (let i = 0; i < transactions.length; i += UPSERT_BATCH) {
        const batch = transactions.slice(i, i + UPSERT_BATCH);
        const result = await db
          .insertInto('transactions')
          .values(
            batch.map((t) => ({
              id: newId(),
              accountId,
              externalId: t.externalId,
              amount: t.amount,
              currencyCode: t.currencyCode,
              recordState: t.recordState,
              recordDate: t.recordDate,
              note: t.note,
              counterParty: t.counterParty,
              details: JSON.stringify(t.details),
              variableSymbolKey: variableSymbolKey(t.details.variableSymbol),
              enrichment: null,
              createdAt: at,
              updatedAt: at,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['accountId', 'externalId'])
              .doUpdateSet({
                amount: (eb) => eb.ref('excluded.amount'),
                recordState: (eb) => eb.ref('excluded.recordState'),
                recordDate: (eb) => eb.ref('excluded.recordDate'),
                note: (eb) => eb.ref('excluded.note'),
                counterParty: (eb) => eb.ref('excluded.counterParty'),
                details: sql`excluded.details`,
                variableSymbolKey: (eb) => eb.ref('excluded.variableSymbolKey'),
                // The bank may have changed it: enrichment.service.ts enriches it again.
                enrichment: null,
                updatedAt: at,
              })
              .where('transactions.recordState', '=', 'Uncleared'),
          )
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      return written;
    },

    /**
     * A page of an account's transactions, newest first by recordDate then id, after the
     * (recordDate, id) position, only when the account belongs to `owner` (checked in the same
     * query, so a page costs one round trip). Empty for an unknown or foreign account.
     * `variableSymbols`: keys (variableSymbolKey) of which the transaction's must be one.
     * `limit`: rows to read, at most MAX_PAGE_ROWS.
     *
     * The unfiltered page is the keyset range capped at MAX_PAGE_ROWS (a literal), cut at `limit`
     * by an outer LIMIT: rows are read lazily, so it reads `limit` rows; and PostgreSQL settles on
     * the generic plan of the prepared statement after five executions, because with the cap its
     * estimate of a parameter LIMIT (a tenth of the rows) is small. With `LIMIT $n` straight on
     * the range it estimates a tenth of the account and plans every execution anew (custom
     * plans), which cost more database CPU than the page itself (bench/README.md, issue 18).
     */
    pageTransactions(owner: { partnerId: string; mode: string; clientId: string }, accountId: string, after: [string, string] | null, limit: number, variableSymbols: string[] | null): Promise<TransactionPageRow[]> {
      const values: unknown[] = [accountId, owner.partnerId, owner.clientId, owner.mode, limit, ...(after ? [new Date(after[0]), after[1]] : []), ...(variableSymbols ?? [])];
      const shape = `page:${after ? 'after' : 'first'}:${variableSymbols?.length ?? 0}`;
      // A declaration, not a const arrow: the bundle (keepNames) would name a new arrow on every page.
      function owned(p: string[]) {
        return db
          .selectFrom('accounts')
          .innerJoin('connections', 'connections.id', 'accounts.connectionId')
          .select('accounts.id')
          .where('accounts.id', '=', p[0]!)
          .where('accounts.partnerId', '=', p[1]!)
          .where('accounts.clientId', '=', p[2]!)
          .where('connections.mode', '=', p[3] as 'sandbox');
      }
      if (variableSymbols) {
        return prepared.execute(shape, values, (p) => {
          const query = symbolPage(p, after !== null, variableSymbols.length, owned(p));
          return { compile: () => query.compile(db) };
        });
      }
      return prepared.execute(shape, values, (p) => {
        let page = db
          .selectFrom('transactions')
          .select(PAGE_COLUMNS)
          .where('accountId', '=', p[0]!)
          .where(({ exists }) => exists(owned(p)))
          .orderBy('recordDate', 'desc')
          .orderBy('id', 'desc')
          .limit(sql.lit(MAX_PAGE_ROWS));
        if (after) page = page.where((eb) => eb(eb.refTuple('recordDate', 'id'), '<', eb.tuple(p[5] as unknown as Date, p[6]!)));
        return db
          .selectFrom(page.as('page'))
          .selectAll()
          .orderBy('recordDate', 'desc')
          .orderBy('id', 'desc')
          .limit(p[4] as unknown as number);
      });
    },

    countTransactions(accountId: string): Promise<number> {
      return db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('accountId', '=', accountId)
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    },
  };
}
