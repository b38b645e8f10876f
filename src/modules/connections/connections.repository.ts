/** Connections and their tracking events in PostgreSQL. */
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, ConnectionState, ConnectionsTable } from '../../db/schema.ts';
import type { Insertable, Updateable } from 'kysely';

export interface ConnectionScope {
  partnerId: string;
  mode: string;
  clientId: string;
}

export function connectionsRepository(db: Db | Tx) {
  return {
    async insert(row: Insertable<ConnectionsTable>, tracking: { kind: string; headers: Record<string, string> }): Promise<void> {
      await db.insertInto('connections').values(row).execute();
      await db
        .insertInto('connectionTrackingEvents')
        .values({ connectionId: row.id, kind: tracking.kind, headers: JSON.stringify(tracking.headers), at: row.createdAt })
        .execute();
    },

    /** The connection if it belongs to this partner, mode and client. */
    findScoped(scope: ConnectionScope, id: string): Promise<Connection | undefined> {
      return db
        .selectFrom('connections')
        .selectAll()
        .where('id', '=', id)
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode as Connection['mode'])
        .where('clientId', '=', scope.clientId)
        .executeTakeFirst();
    },

    /** Locks and returns the connection (inside a transaction). */
    lock(id: string): Promise<Connection | undefined> {
      return db.selectFrom('connections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** Returns the connection with a shared lock (inside a transaction): its state cannot change until the transaction ends. */
    lockShared(id: string): Promise<Connection | undefined> {
      return db.selectFrom('connections').selectAll().where('id', '=', id).forShare().executeTakeFirst();
    },

    find(id: string): Promise<Connection | undefined> {
      return db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByAuthorizationToken(tokenHash: string): Promise<Connection | undefined> {
      return db.selectFrom('connections').selectAll().where('authorizationTokenHash', '=', tokenHash).executeTakeFirst();
    },

    async update(id: string, changes: Updateable<ConnectionsTable>): Promise<void> {
      await db.updateTable('connections').set(changes).where('id', '=', id).execute();
    },

    /** Connections of a client in the given states. */
    listForClient(clientId: string, states: ConnectionState[]): Promise<Connection[]> {
      return db.selectFrom('connections').selectAll().where('clientId', '=', clientId).where('state', 'in', states).execute();
    },

    /** Refreshes of the connection since `since` that count against the daily quota (background ones). */
    async refreshesSince(connectionId: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('refreshes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('connectionId', '=', connectionId)
        .where('at', '>=', since)
        .where('counted', '=', true)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Records an accepted refresh; `counted` false for one made with the user present. */
    async recordRefresh(connectionId: string, at: Date, counted: boolean): Promise<void> {
      await db.insertInto('refreshes').values({ connectionId, at, counted }).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('connections').where('id', '=', id).execute();
    },

    trackingEvents(connectionId: string) {
      return db.selectFrom('connectionTrackingEvents').selectAll().where('connectionId', '=', connectionId).orderBy('id').execute();
    },
  };
}
