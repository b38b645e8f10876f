/** Reads of past events and deliveries for the portal (counts, one connection's events); webhooks.repository.ts writes them. */
import type { Db } from '../../db/database.ts';
import type { DeliveryStatus } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';

export function webhookHistoryRepository(db: Db) {
  return {
    /** A partner's deliveries of `mode` created at or after `since`, counted per status. */
    async deliveryCounts(partnerId: string, mode: Mode, since: Date): Promise<Partial<Record<DeliveryStatus, number>>> {
      const rows = await db
        .selectFrom('webhookDeliveries')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('partnerId', '=', partnerId)
        .where('mode', '=', mode)
        .where('createdAt', '>=', since)
        .groupBy('status')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** A partner's events of `mode` and of one of `types` recorded at or after `since`, counted per type. */
    async eventCounts(partnerId: string, mode: Mode, types: string[], since: Date): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('events')
        .select(['type', (eb) => eb.fn.countAll<string>().as('n')])
        .where('partnerId', '=', partnerId)
        .where('mode', '=', mode)
        .where('type', 'in', types)
        .where('createdAt', '>=', since)
        .groupBy('type')
        .execute();
      return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
    },

    /** The newest `limit` events of a connection, newest first. */
    eventsOfConnection(connectionId: string, limit: number) {
      return db.selectFrom('events').select(['id', 'type', 'payload', 'createdAt']).where('connectionId', '=', connectionId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Every delivery of `eventIds` (first ones and redeliveries), oldest first. */
    deliveriesOf(eventIds: string[]) {
      if (eventIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('webhookDeliveries').select(['id', 'eventId', 'status', 'attempts', 'lastStatusCode', 'lastError']).where('eventId', 'in', eventIds).orderBy('seq').execute();
    },
  };
}
