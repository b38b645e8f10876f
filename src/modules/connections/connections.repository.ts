/** Connections and their tracking events in PostgreSQL. */
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, ConnectionState, ConnectionsTable } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Insertable, Updateable } from 'kysely';

/** A connection with its client's externalId and its provider's name (partner-wide lists). */
export type ListedConnection = Connection & { clientExternalId: string | null; providerName: string };

/**
 * Filters of a partner's connection list: a state; created at or after `createdSince`; with a
 * ConnectionCreateFailed event (a failed creation or reconnect) at or after `failedSince`; `term`
 * is an exact connection, client or connect session id or client externalId.
 */
export interface ConnectionListFilter {
  state?: ConnectionState;
  term?: string;
  createdSince?: Date;
  failedSince?: Date;
}

export interface ConnectionScope {
  partnerId: string;
  mode: string;
  clientId: string;
}

export function connectionsRepository(db: Db | Tx) {
  /** Connections with their client's externalId and provider's name. */
  const listed = () =>
    db
      .selectFrom('connections')
      .innerJoin('clients', 'clients.id', 'connections.clientId')
      .innerJoin('providers', 'providers.id', 'connections.providerId')
      .selectAll('connections')
      .select(['clients.externalId as clientExternalId', 'providers.name as providerName']);

  /** Stores a tracking event of a connection: `kind` ('created', 'reconnect') with its analytics fields, at `at`. */
  async function track(connectionId: string, kind: string, headers: Record<string, string>, at: Date): Promise<void> {
    await db.insertInto('connectionTrackingEvents').values({ connectionId, kind, headers: JSON.stringify(headers), at }).execute();
  }

  return {
    async insert(row: Insertable<ConnectionsTable>, tracking: { kind: string; headers: Record<string, string> }): Promise<void> {
      await db.insertInto('connections').values(row).execute();
      await track(row.id!, tracking.kind, tracking.headers, row.createdAt as Date);
    },

    track,

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

    /** Every refresh of the connection, oldest first (`counted` false: made with the user present). */
    refreshesOf(connectionId: string) {
      return db.selectFrom('refreshes').select(['at', 'counted']).where('connectionId', '=', connectionId).orderBy('at').orderBy('id').execute();
    },

    /**
     * A partner's connections of `mode`, newest first, at most `limit`: in `state` when given;
     * with `term`, only those whose connection id, client id, client externalId or connect
     * session id equals it (ids compared only when `term` is a UUID).
     */
    listForPartner(partnerId: string, mode: Mode, filter: ConnectionListFilter, limit: number): Promise<ListedConnection[]> {
      let query = listed()
        .where('connections.partnerId', '=', partnerId)
        .where('connections.mode', '=', mode);
      if (filter.state) query = query.where('connections.state', '=', filter.state);
      if (filter.createdSince) query = query.where('connections.createdAt', '>=', filter.createdSince);
      if (filter.failedSince) {
        const failed = db.selectFrom('events').select('events.connectionId').where('events.partnerId', '=', partnerId).where('events.mode', '=', mode).where('events.type', '=', 'ConnectionCreateFailed').where('events.createdAt', '>=', filter.failedSince);
        query = query.where('connections.id', 'in', failed);
      }
      const term = filter.term;
      if (term) {
        // One indexed lookup per kind of id (an OR across the join would scan all the partner's connections).
        const ids = (column: 'sessionId' | 'id' | 'clientId') => db.selectFrom('connections as m').select('m.id').where(`m.${column}`, '=', term);
        const byExternalId = db.selectFrom('connections as m').innerJoin('clients as mc', 'mc.id', 'm.clientId').select('m.id').where('mc.partnerId', '=', partnerId).where('mc.mode', '=', mode).where('mc.externalId', '=', term);
        const matching = isUuid(term) ? byExternalId.unionAll(ids('sessionId')).unionAll(ids('id')).unionAll(ids('clientId')) : byExternalId.unionAll(ids('sessionId'));
        query = query.where('connections.id', 'in', matching);
      }
      return query.orderBy('connections.createdAt', 'desc').orderBy('connections.id').limit(limit).execute();
    },

    /** One connection of a partner and mode (any client), with its client's externalId and provider's name. */
    findForPartner(partnerId: string, mode: Mode, id: string): Promise<ListedConnection | undefined> {
      if (!isUuid(id)) return Promise.resolve(undefined);
      return listed()
        .where('connections.id', '=', id)
        .where('connections.partnerId', '=', partnerId)
        .where('connections.mode', '=', mode)
        .executeTakeFirst();
    },

    /** How many connections of a partner and mode are in each state, and how many were created at or after `since`. */
    async countsForPartner(partnerId: string, mode: Mode, since: Date): Promise<{ byState: Partial<Record<ConnectionState, number>>; createdSince: number }> {
      const rows = await db
        .selectFrom('connections')
        .select(['state', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.countAll<string>().filterWhere('createdAt', '>=', since).as('recent')])
        .where('partnerId', '=', partnerId)
        .where('mode', '=', mode)
        .groupBy('state')
        .execute();
      return {
        byState: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
        createdSince: rows.reduce((sum, r) => sum + Number(r.recent), 0),
      };
    },

    /** Active connections of a partner and mode whose consent ends in [from, until), soonest first, at most `limit`. */
    consentsEndingBetween(partnerId: string, mode: Mode, from: Date, until: Date, limit: number): Promise<ListedConnection[]> {
      return listed()
        .where('connections.partnerId', '=', partnerId)
        .where('connections.mode', '=', mode)
        .where('connections.state', '=', 'Active')
        .where('connections.consentExpiresAt', '>=', from)
        .where('connections.consentExpiresAt', '<', until)
        .orderBy('connections.consentExpiresAt')
        .limit(limit)
        .execute();
    },
  };
}
