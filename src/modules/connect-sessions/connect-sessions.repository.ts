/** Connect sessions in PostgreSQL. The only file of the module that touches Kysely. */
import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { ConnectSession, ConnectSessionState, ConnectSessionsTable } from '../../db/schema.ts';

/** Terminal session states: nothing changes a session once it reaches one. */
export const TERMINAL_STATES: readonly ConnectSessionState[] = ['Completed', 'Failed', 'Cancelled', 'Expired'];
/** States of a session still in progress. */
export const OPEN_STATES: readonly ConnectSessionState[] = ['AwaitingBankSelection', 'RedirectedToBank', 'Authenticating', 'Fetching', 'AwaitingAccountSelection'];

export function connectSessionsRepository(db: Db | Tx) {
  return {
    async insert(row: Insertable<ConnectSessionsTable>): Promise<void> {
      await db.insertInto('connectSessions').values(row).execute();
    },

    find(id: string): Promise<ConnectSession | undefined> {
      return db.selectFrom('connectSessions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The session if it belongs to this partner, mode and client. */
    findScoped(scope: { partnerId: string; mode: string; clientId: string }, id: string): Promise<ConnectSession | undefined> {
      return db
        .selectFrom('connectSessions')
        .selectAll()
        .where('id', '=', id)
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode as ConnectSession['mode'])
        .where('clientId', '=', scope.clientId)
        .executeTakeFirst();
    },

    findByTokenHash(tokenHash: string): Promise<ConnectSession | undefined> {
      return db.selectFrom('connectSessions').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    },

    /** Locks and returns the session (inside a transaction). */
    lock(id: string): Promise<ConnectSession | undefined> {
      return db.selectFrom('connectSessions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Marks the hostedUrl token used and binds the browser secret, only if the token was still unused. */
    async consumeToken(id: string, browserTokenHash: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('connectSessions')
        .set({ tokenUsedAt: at, browserTokenHash, updatedAt: at })
        .where('id', '=', id)
        .where('tokenUsedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Applies `changes` only while the session is in one of `from` (and, with `withoutConnection`,
     * still has no connection); true when it did.
     */
    async transition(id: string, from: readonly ConnectSessionState[], changes: Updateable<ConnectSessionsTable>, withoutConnection = false): Promise<boolean> {
      let query = db.updateTable('connectSessions').set(changes).where('id', '=', id).where('state', 'in', [...from]);
      if (withoutConnection) query = query.where('connectionId', 'is', null);
      return (await query.returning('id').executeTakeFirst()) !== undefined;
    },

    async update(id: string, changes: Updateable<ConnectSessionsTable>): Promise<void> {
      await db.updateTable('connectSessions').set(changes).where('id', '=', id).execute();
    },

    /** Deletes sessions in a terminal state whose last change (their end) was before `before`; answers how many. */
    async deleteEndedBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('connectSessions').where('state', 'in', [...TERMINAL_STATES]).where('updatedAt', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
