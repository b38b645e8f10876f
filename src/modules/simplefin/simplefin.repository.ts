/**
 * The SimpleFIN bridge in PostgreSQL: setup tokens and accesses (migration 0019), and the
 * read-only view of a client's data an access serves (accounts of Active and Inactive
 * connections, their transactions). The only file of the module touching Kysely.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ConnectionState, SimplefinAccessesTable, SimplefinSetupTokensTable, TransactionRow } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import type { Mode } from '../../lib/ids.ts';

export type SetupTokenRow = Selectable<SimplefinSetupTokensTable>;
export type AccessRow = Selectable<SimplefinAccessesTable>;

/** Whose data: one partner, one mode, one client. */
export interface SimplefinScope {
  partnerId: string;
  mode: Mode;
  clientId: string;
}

/** An account an access serves, with its connection and bank. */
export interface ServedAccount {
  id: string;
  name: string;
  currencyCode: string;
  balance: number;
  updatedAt: Date;
  connectionId: string;
  connectionState: ConnectionState;
  errorDesc: string | null;
  providerId: string;
  providerName: string;
}

export type ServedTransaction = Pick<TransactionRow, 'id' | 'accountId' | 'amount' | 'recordState' | 'recordDate' | 'note' | 'counterParty' | 'details' | 'enrichment'>;

export function simplefinRepository(db: Db) {
  return {
    /** The client's mode when it belongs to `partnerId`, else undefined. */
    async clientMode(partnerId: string, clientId: string): Promise<Mode | undefined> {
      const row = await db.selectFrom('clients').select('mode').where('partnerId', '=', partnerId).where('id', '=', clientId).executeTakeFirst();
      return row?.mode;
    },

    async insertSetupToken(row: SetupTokenRow): Promise<void> {
      await db.insertInto('simplefinSetupTokens').values(row).execute();
    },

    /**
     * The claim, in one transaction: marks the unexpired, unclaimed token with this hash claimed
     * and stores the access; undefined (nothing changed) when there is no such token.
     */
    claim(tokenHash: string, at: Date, access: Omit<AccessRow, 'partnerId' | 'mode' | 'clientId' | 'setupTokenId' | 'revokedAt'>): Promise<AccessRow | undefined> {
      return db.transaction().execute(async (tx) => {
        const token = await tx
          .updateTable('simplefinSetupTokens')
          .set({ claimedAt: at })
          .where('tokenHash', '=', tokenHash)
          .where('claimedAt', 'is', null)
          .where('expiresAt', '>', at)
          .returningAll()
          .executeTakeFirst();
        if (!token) return undefined;
        return tx
          .insertInto('simplefinAccesses')
          .values({ ...access, partnerId: token.partnerId, mode: token.mode, clientId: token.clientId, setupTokenId: token.id })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * Counts a request of `keyId` in the rate-limit window starting at `windowStart` (unix
     * seconds) in the PostgreSQL counters the API keys use; the count so far.
     */
    async countRequest(keyId: string, windowStart: number): Promise<number> {
      const row = await db
        .insertInto('rateLimitCounters')
        .values({ keyId, windowStart, count: 1 })
        .onConflict((oc) => oc.columns(['keyId', 'windowStart']).doUpdateSet({ count: sql`rate_limit_counters.count + 1` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The unrevoked access with these credentials' hash. */
    findActiveAccess(credentialsHash: string): Promise<AccessRow | undefined> {
      return db.selectFrom('simplefinAccesses').selectAll().where('credentialsHash', '=', credentialsHash).where('revokedAt', 'is', null).executeTakeFirst();
    },

    /** The client's accesses, oldest first, revoked ones included. */
    listAccesses(scope: SimplefinScope): Promise<AccessRow[]> {
      return db
        .selectFrom('simplefinAccesses')
        .selectAll()
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode)
        .where('clientId', '=', scope.clientId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /**
     * Revokes one access of the client (`accessId`), or all of them and the client's unclaimed
     * setup tokens (they expire at `at`), in one transaction; already revoked ones keep their
     * time. The accesses, oldest first; none when `accessId` is not the client's.
     */
    revoke(scope: SimplefinScope, accessId: string | null, at: Date): Promise<AccessRow[]> {
      return db.transaction().execute(async (tx) => {
        if (accessId === null) {
          await tx
            .updateTable('simplefinSetupTokens')
            .set({ expiresAt: at })
            .where('partnerId', '=', scope.partnerId)
            .where('mode', '=', scope.mode)
            .where('clientId', '=', scope.clientId)
            .where('claimedAt', 'is', null)
            .where('expiresAt', '>', at)
            .execute();
        }
        let update = tx
          .updateTable('simplefinAccesses')
          .set({ revokedAt: sql`coalesce(revoked_at, ${at})` })
          .where('partnerId', '=', scope.partnerId)
          .where('mode', '=', scope.mode)
          .where('clientId', '=', scope.clientId);
        if (accessId !== null) update = update.where('id', '=', accessId);
        const rows = await update.returningAll().execute();
        return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
      });
    },

    /**
     * The client's subscribed, authorized accounts of Active and Inactive connections (only
     * `accountIds` when given), by bank name then account name.
     */
    servedAccounts(scope: SimplefinScope, accountIds: string[] | null): Promise<ServedAccount[]> {
      let query = db
        .selectFrom('accounts as a')
        .innerJoin('connections as c', 'c.id', 'a.connectionId')
        .innerJoin('providers as p', 'p.id', 'c.providerId')
        .select([
          'a.id',
          'a.name',
          'a.currencyCode',
          'a.balance',
          'a.updatedAt',
          'c.id as connectionId',
          'c.state as connectionState',
          'c.errorDesc',
          'p.id as providerId',
          'p.name as providerName',
        ])
        .where('a.partnerId', '=', scope.partnerId)
        .where('a.clientId', '=', scope.clientId)
        .where('c.mode', '=', scope.mode)
        .where('c.state', 'in', ['Active', 'Inactive'])
        .where('a.subscribed', '=', true)
        .where('a.authorized', '=', true)
        .orderBy('p.name')
        .orderBy('a.name')
        .orderBy('a.id');
      if (accountIds) query = query.where('a.id', 'in', accountIds);
      return query.execute() as Promise<ServedAccount[]>;
    },

    /** Transactions of `accountIds` dated in [from, to), oldest first; Uncleared ones only with `pending`. */
    servedTransactions(accountIds: string[], from: Date | null, to: Date | null, pending: boolean): Promise<ServedTransaction[]> {
      let query = db
        .selectFrom('transactions')
        .select(['id', 'accountId', 'amount', 'recordState', 'recordDate', 'note', 'counterParty', 'details', 'enrichment'])
        .where('accountId', 'in', accountIds)
        .orderBy('recordDate')
        .orderBy('id');
      if (from) query = query.where('recordDate', '>=', from);
      if (to) query = query.where('recordDate', '<', to);
      if (!pending) query = query.where('recordState', '=', 'Cleared');
      return query.execute();
    },
  };
}

export type SimplefinRepository = ReturnType<typeof simplefinRepository>;
