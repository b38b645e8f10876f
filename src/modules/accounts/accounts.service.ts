/**
 * Accounts and transactions (spec "Account", "Transaction", "List accounts", subscription
 * endpoints, "List transactions"; DESIGN.md §5). Accounts: raw array, at most 100, the subscribed
 * view unless `subscription=all`. Subscription can only narrow what the bank authorized;
 * unsubscribed accounts get no new data. Transactions: newest first by recordDate then id,
 * keyset-paged; the variableSymbol filter ignores leading zeros on both sides.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { BankAccount, BankTransaction } from '../../banks/connector.ts';
import type { AccountRow } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CursorCodec } from '../../lib/cursor.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ConnectionsService } from '../connections/connections.service.ts';
import type { Enrichment } from '../enrichment/enrich.ts';
import { enrichAccount } from '../enrichment/enrichment.service.ts';
import { accountsRepository, variableSymbolKey, type AccountOwner, type TransactionPageRow } from './accounts.repository.ts';

export interface AccountView {
  id: string;
  name: string;
  type: string;
  balance: number;
  currencyCode: string;
  iban: string | null;
  subscribed: boolean;
}

export interface TransactionView {
  id: string;
  amount: number;
  currencyCode: string;
  recordState: 'Cleared' | 'Uncleared';
  recordDate: string;
  note: string;
  counterParty: string;
  details: Record<string, string | null>;
  enrichment?: Enrichment;
}

export interface TransactionQuery {
  limit: number;
  nextCursor?: string;
  variableSymbol?: string[];
  /** Bracket-array alias of variableSymbol (`variableSymbol[]=843`). */
  'variableSymbol[]'?: string[];
}

const MAX_VARIABLE_SYMBOLS = 20;

const toAccountView = (a: AccountRow): AccountView => ({
  id: a.id,
  name: a.name,
  type: a.type,
  balance: a.balance,
  currencyCode: a.currencyCode,
  iban: a.iban,
  subscribed: a.subscribed && a.authorized,
});

function toTransactionView(t: TransactionPageRow, withEnrichment: boolean): TransactionView {
  const view: TransactionView = {
    id: t.id,
    amount: t.amount,
    currencyCode: t.currencyCode,
    recordState: t.recordState,
    recordDate: t.recordDate.toISOString(),
    note: t.note,
    counterParty: t.counterParty,
    details: t.details,
  };
  // Set only when present (no spread of a conditional object on every row of every page).
  if (withEnrichment && t.enrichment) view.enrichment = t.enrichment as Enrichment;
  return view;
}

export function accountsService(deps: { db: Db; clock: Clock; cursors: CursorCodec; queue: JobQueue; connections: ConnectionsService }) {
  const repo = accountsRepository(deps.db);

  async function requireAccount(auth: AuthContext, clientId: string, accountId: string) {
    const account = await repo.findOwned(auth.partner.id, auth.mode, clientId, accountId);
    if (!account) throw notFound(`Account ${accountId}`);
    return account;
  }

  return {
    /**
     * Download, inside `tx`: stores the accounts the bank listed (new ones subscribed when
     * `subscribe`; known ones subscribed again when `resubscribe`; others keep their
     * subscription; accounts the bank no longer lists become unauthorized). Returns all accounts
     * of the connection.
     */
    storeAccounts: (tx: Tx, owner: AccountOwner, listed: BankAccount[], subscribe: boolean, resubscribe: boolean): Promise<AccountRow[]> =>
      accountsRepository(tx).upsertAccounts(owner, listed, subscribe, deps.clock.now(), resubscribe),

    /**
     * Download, inside `tx`: stores and enriches an account's transactions fetched from `since`
     * (new ones inserted, Uncleared ones updated in place; a booked one that is the same payment
     * as a stored pending one takes over its row and id, and pending ones the bank no longer
     * reports are removed: accountsRepository.reconcilePending), unless the account was
     * unsubscribed meanwhile (e.g. the user deselected it while the download ran): then nothing
     * is stored and it returns false.
     */
    async storeTransactions(tx: Tx, accountId: string, fetched: BankTransaction[], since: Date): Promise<boolean> {
      const r = accountsRepository(tx);
      if (!(await r.isSubscribed(accountId))) return false;
      await r.reconcilePending(accountId, fetched, since);
      await r.upsertTransactions(accountId, fetched, deps.clock.now());
      await enrichAccount(tx, accountId);
      return true;
    },

    /** Accounts of a connection: subscribed ones, or all with `all`. At most 100. */
    async list(auth: AuthContext, clientId: string, connectionId: string, all: boolean): Promise<AccountView[]> {
      await deps.connections.require(auth, clientId, connectionId);
      return (await repo.listForConnection(connectionId, !all)).map(toAccountView);
    },

    /** Every account of a connection (at most 100), subscribed or not; for a caller that checked the connection is the partner's (the portal). */
    ofConnection: async (connectionId: string): Promise<AccountView[]> => (await repo.listForConnection(connectionId, false)).map(toAccountView),

    /** The accounts of a connection as the bank knows them (`externalId`, type, currency), every one, in the bank's order; for the sandbox controls. */
    async bankAccounts(auth: AuthContext, clientId: string, connectionId: string): Promise<{ id: string; externalId: string; type: string; currencyCode: string }[]> {
      await deps.connections.require(auth, clientId, connectionId);
      return (await repo.listForConnection(connectionId, false)).map(({ id, externalId, type, currencyCode }) => ({ id, externalId, type, currencyCode }));
    },

    /**
     * Subscribes (PATCH) or unsubscribes (DELETE) an account. Subscribing an account the bank no
     * longer authorizes is validation_error. A newly subscribed account of an Active connection
     * gets its data downloaded.
     */
    async setSubscribed(auth: AuthContext, clientId: string, accountId: string, subscribed: boolean): Promise<AccountView> {
      const account = await requireAccount(auth, clientId, accountId);
      if (subscribed && !account.authorized) throw invalid('accountId', 'the bank consent does not cover this account; reconnect to authorize it');
      if (account.subscribed === subscribed) return toAccountView(account);
      return deps.db.transaction().execute(async (tx) => {
        const updated = await accountsRepository(tx).setSubscribed(accountId, subscribed, deps.clock.now());
        if (subscribed && account.connectionState === 'Active') {
          await deps.queue.enqueue(tx, 'connection-download', { connectionId: account.connectionId, reason: 'subscribe', accountId });
        }
        return toAccountView(updated!);
      });
    },

    /**
     * One page of an account's transactions; not_found for another's account, validation_error for
     * a bad cursor or more than 20 variable symbols (variableSymbol and variableSymbol[] together).
     * limit 0 answers no data and the cursor of the position (the start when no cursor is given),
     * or null when no transaction follows it.
     */
    async transactions(auth: AuthContext, clientId: string, accountId: string, query: TransactionQuery) {
      const given = [...(query.variableSymbol ?? []), ...(query['variableSymbol[]'] ?? [])];
      if (given.length > MAX_VARIABLE_SYMBOLS) throw invalid('querystring.variableSymbol', `must NOT have more than ${MAX_VARIABLE_SYMBOLS} items (variableSymbol and variableSymbol[] together)`);
      const symbols = given.length ? [...new Set(given.map((v) => variableSymbolKey(String(v))!))] : null;
      const scope = `transactions:${accountId}:${symbols ? symbols.sort().join(',') : ''}`;
      // The start has the empty position (a limit=0 page's cursor before the first transaction).
      const position = query.nextCursor ? deps.cursors.decode(scope, query.nextCursor) : [];
      const after = position.length ? (position as [string, string]) : null;
      const owner = { partnerId: auth.partner.id, mode: auth.mode, clientId };
      const rows = await repo.pageTransactions(owner, accountId, after, query.limit + 1, symbols);
      // An empty page needs the ownership check on its own: empty account, or not the caller's (404)?
      if (rows.length === 0) await requireAccount(auth, clientId, accountId);
      if (query.limit === 0) return { limit: 0, nextCursor: rows.length ? deps.cursors.encode(scope, position) : null, data: [] };
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      const nextCursor = rows.length > query.limit && last ? deps.cursors.encode(scope, [last.recordDate.toISOString(), last.id]) : null;
      const withEnrichment = auth.partner.capabilities.enrichment;
      return { limit: query.limit, nextCursor, data: page.map((t) => toTransactionView(t, withEnrichment)) };
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;
