/** Clients (end users of a partner) in PostgreSQL, scoped by partner and mode. */
import type { Db } from '../../db/database.ts';
import type { ClientRow } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';

export interface Scope {
  partnerId: string;
  mode: Mode;
}

export function clientsRepository(db: Db) {
  return {
    /** Inserts unless (partner, mode, externalId) exists; returns the new row or undefined. */
    insertIfAbsent(row: Scope & { id: string; email: string; countryCode: string; externalId: string | null }): Promise<ClientRow | undefined> {
      return db
        .insertInto('clients')
        .values(row)
        .onConflict((oc) => oc.columns(['partnerId', 'mode', 'externalId']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    findByExternalId(scope: Scope, externalId: string): Promise<ClientRow | undefined> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode)
        .where('externalId', '=', externalId)
        .executeTakeFirst();
    },

    find(scope: Scope, id: string): Promise<ClientRow | undefined> {
      return db
        .selectFrom('clients')
        .selectAll()
        .where('id', '=', id)
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode)
        .executeTakeFirst();
    },

    async delete(scope: Scope, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('clients')
        .where('id', '=', id)
        .where('partnerId', '=', scope.partnerId)
        .where('mode', '=', scope.mode)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
