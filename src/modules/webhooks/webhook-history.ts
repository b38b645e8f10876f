/**
 * What happened to a partner's events and deliveries (issue 15, the portal's Overview and
 * connection pages): the success rate of deliveries over a period, counts of failure events,
 * and one connection's events each with its deliveries.
 */
import type { Db } from '../../db/database.ts';
import type { Mode } from '../../lib/ids.ts';
import type { EventBody, EventType } from './events.ts';
import { webhookHistoryRepository } from './webhook-history.repository.ts';

/** One event of a connection with its deliveries (none when the mode had no endpoint then). */
export interface ConnectionEventView {
  eventId: string;
  type: string;
  at: string;
  /** The event's own data (error, stage, counts), without the ids every event carries. */
  details: Record<string, unknown>;
  deliveries: { deliveryId: string; status: string; attempts: number; lastStatusCode: number | null; lastError: string | null }[];
}

/** Deliveries of a period per status, and the share delivered of those that ended (null when none ended). */
export interface DeliveryStats {
  delivered: number;
  failed: number;
  pending: number;
  /** delivered / (delivered + failed), 0..1; null when no delivery ended. */
  successRate: number | null;
}

const IDS = new Set(['partnerId', 'clientId', 'connectionId', 'sessionId']);

export function webhookHistory(db: Db) {
  const repo = webhookHistoryRepository(db);
  return {
    /** Deliveries of a partner's `mode` created at or after `since`. */
    async deliveryStats(partnerId: string, mode: Mode, since: Date): Promise<DeliveryStats> {
      const counts = await repo.deliveryCounts(partnerId, mode, since);
      const [delivered, failed, pending] = [counts.delivered ?? 0, counts.failed ?? 0, counts.pending ?? 0];
      return { delivered, failed, pending, successRate: delivered + failed > 0 ? delivered / (delivered + failed) : null };
    },

    /** How many events of each of `types` a partner's `mode` recorded at or after `since` (0 for none). */
    async eventCounts<T extends EventType>(partnerId: string, mode: Mode, types: T[], since: Date): Promise<Record<T, number>> {
      const counts = await repo.eventCounts(partnerId, mode, types, since);
      return Object.fromEntries(types.map((type) => [type, counts[type] ?? 0])) as Record<T, number>;
    },

    /** The newest `limit` events of a connection (newest first), each with its deliveries. The caller checked the connection is the partner's. */
    async connectionEvents(connectionId: string, limit = 200): Promise<ConnectionEventView[]> {
      const events = await repo.eventsOfConnection(connectionId, limit);
      const deliveries = await repo.deliveriesOf(events.map((e) => e.id));
      return events.map((e) => ({
        eventId: e.id,
        type: e.type,
        at: e.createdAt.toISOString(),
        details: Object.fromEntries(Object.entries((e.payload as EventBody).data).filter(([key]) => !IDS.has(key))),
        deliveries: deliveries
          .filter((d) => d.eventId === e.id)
          .map((d) => ({ deliveryId: d.id, status: d.status, attempts: d.attempts, lastStatusCode: d.lastStatusCode, lastError: d.lastError })),
      }));
    },
  };
}

export type WebhookHistory = ReturnType<typeof webhookHistory>;
