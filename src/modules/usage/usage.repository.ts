/** Metered live events in PostgreSQL (`usage_events`, migration 0014). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { UsageEventsTable, UsageKind } from '../../db/schema.ts';

/** One metered event (the row without its serial id). */
export type UsageEvent = Omit<Insertable<UsageEventsTable>, 'id'>;

export function usageRepository(db: Db | Tx) {
  return {
    /** Records `event` unless its key is recorded already (ON CONFLICT DO NOTHING); true when new. */
    async record(event: UsageEvent): Promise<boolean> {
      const result = await db.insertInto('usageEvents').values(event).onConflict((oc) => oc.column('key').doNothing()).executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Counts per UTC day and kind of a partner's events in [from, to). */
    countsPerDay(partnerId: string, from: Date, to: Date): Promise<{ day: string; kind: UsageKind; n: number }[]> {
      return db
        .selectFrom('usageEvents')
        .select([sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), 'kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('partnerId', '=', partnerId)
        .where('at', '>=', from)
        .where('at', '<', to)
        .groupBy(['day', 'kind'])
        .orderBy('day')
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, n: Number(r.n) })));
    },
  };
}
