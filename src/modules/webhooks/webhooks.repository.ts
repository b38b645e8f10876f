/** Webhook endpoints, secrets, deliveries and attempts in PostgreSQL. */
import { sql, type ExpressionBuilder, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import type { Database, DeliveryStatus, WebhookAttemptsTable, WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';

/** A secret signs at `at` while it has no end (the current one) or its rotation overlap has not ended. */
const signsAt = (at: Date) => (eb: ExpressionBuilder<Database, 'webhookSecrets'>) =>
  eb.or([eb('webhookSecrets.expiresAt', 'is', null), eb('webhookSecrets.expiresAt', '>', at)]);

/** One finished attempt of a delivery (its webhook_attempts row) and the state it leaves the delivery in. */
export type AttemptOutcome = Omit<WebhookAttemptsTable, 'id'> & Pick<WebhookDeliveriesTable, 'status' | 'deliveredAt' | 'nextAttemptAt'>;

export function webhooksRepository(db: Db | Tx) {
  return {
    endpoint(partnerId: string, mode: Mode) {
      return db.selectFrom('webhookEndpoints').selectAll().where('partnerId', '=', partnerId).where('mode', '=', mode).executeTakeFirst();
    },

    async upsertEndpoint(partnerId: string, mode: Mode, url: string, at: Date): Promise<void> {
      await db
        .insertInto('webhookEndpoints')
        .values({ partnerId, mode, url, disabledAt: null, disabledReason: null, updatedAt: at })
        .onConflict((oc) => oc.columns(['partnerId', 'mode']).doUpdateSet({ url, disabledAt: null, disabledReason: null, updatedAt: at }))
        .execute();
    },

    async disableEndpoint(partnerId: string, mode: Mode, reason: string, at: Date): Promise<void> {
      await db.updateTable('webhookEndpoints').set({ disabledAt: at, disabledReason: reason, updatedAt: at }).where('partnerId', '=', partnerId).where('mode', '=', mode).execute();
    },

    /** Secrets that sign at `at`: the current one and those still in their overlap window, newest first. */
    activeSecrets(partnerId: string, mode: Mode, at: Date) {
      return db
        .selectFrom('webhookSecrets')
        .selectAll()
        .where('partnerId', '=', partnerId)
        .where('mode', '=', mode)
        .where(signsAt(at))
        .orderBy('createdAt', 'desc')
        .execute();
    },

    async insertSecret(row: { id: string; partnerId: string; mode: Mode; secret: string; createdAt: Date }): Promise<void> {
      await db.insertInto('webhookSecrets').values({ ...row, expiresAt: null }).execute();
    },

    /** Ends at `at` the secrets still signing in the overlap of an earlier rotation. */
    async expireOverlappingSecrets(partnerId: string, mode: Mode, at: Date): Promise<void> {
      await db.updateTable('webhookSecrets').set({ expiresAt: at }).where('partnerId', '=', partnerId).where('mode', '=', mode).where('expiresAt', '>', at).execute();
    },

    /** Ends the current secret(s) at `expiresAt` (rotation overlap). */
    async expireCurrentSecrets(partnerId: string, mode: Mode, expiresAt: Date): Promise<void> {
      await db.updateTable('webhookSecrets').set({ expiresAt }).where('partnerId', '=', partnerId).where('mode', '=', mode).where('expiresAt', 'is', null).execute();
    },

    /** A new delivery, pending and due at once unless `status` says otherwise. */
    async insertDelivery(row: { id: string; eventId: string; partnerId: string; mode: Mode; orderKey: string | null; createdAt: Date; status?: DeliveryStatus; lastError?: string }): Promise<void> {
      const pending = (row.status ?? 'pending') === 'pending';
      await db
        .insertInto('webhookDeliveries')
        .values({ ...row, status: row.status ?? 'pending', nextAttemptAt: pending ? row.createdAt : null })
        .execute();
    },

    delivery(id: string) {
      return db.selectFrom('webhookDeliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Locks the oldest pending delivery of `orderKey` (FOR UPDATE) and returns its id. A
     * transaction that records a delivery calls this after inserting it: when the head is being
     * finished by a worker at that moment, the lock waits for the worker's commit, so exactly one
     * of the two sees the new delivery as the next to send.
     */
    async lockHead(orderKey: string): Promise<string | undefined> {
      const row = await db.selectFrom('webhookDeliveries').select('id').where('orderKey', '=', orderKey).where('status', '=', 'pending').orderBy('seq').limit(1).forUpdate().executeTakeFirst();
      return row?.id;
    },

    /**
     * The oldest pending delivery of each of `orderKeys` (those that have one): one index probe
     * per key, the keys as one array parameter (cheap to plan, the same statement for any count).
     */
    async heads(orderKeys: string[]): Promise<string[]> {
      if (orderKeys.length === 0) return [];
      const { rows } = await sql<{ id: string }>`SELECT h.id FROM unnest(${orderKeys}::text[]) AS k(order_key)
        CROSS JOIN LATERAL (SELECT d.id FROM webhook_deliveries d WHERE d.order_key = k.order_key AND d.status = 'pending' ORDER BY d.seq LIMIT 1) h`.execute(db);
      return rows.map((r) => r.id);
    },

    /**
     * Claims the next attempt of each of `ids` that is pending, first of its order key, and whose
     * endpoint is set and enabled (attempts + 1), in one statement; returns what an attempt needs,
     * with the secrets that sign at `at` (newest first). Event payload, URL and secrets are
     * per-row subqueries rather than joins: a third cheaper to plan, and the statement is
     * planned on every call.
     */
    claimAttempts(ids: string[], at: Date) {
      return db
        .updateTable('webhookDeliveries as d')
        .set({ attempts: sql`d.attempts + 1` })
        .where('d.id', 'in', ids)
        .where('d.status', '=', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('webhookDeliveries as p').select('p.id').whereRef('p.orderKey', '=', 'd.orderKey').where('p.status', '=', 'pending').whereRef('p.seq', '<', 'd.seq'))),
        )
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('webhookEndpoints as w').select('w.partnerId').whereRef('w.partnerId', '=', 'd.partnerId').whereRef('w.mode', '=', 'd.mode').where('w.disabledAt', 'is', null)),
        )
        .returning(['d.id', 'd.attempts', 'd.eventId', 'd.partnerId', 'd.mode', 'd.orderKey'])
        .returning((eb) => [
          sql<unknown>`(SELECT e.payload FROM events e WHERE e.id = d.event_id)`.as('payload'),
          sql<string>`(SELECT w.url FROM webhook_endpoints w WHERE w.partner_id = d.partner_id AND w.mode = d.mode)`.as('url'),
          sql<string[]>`array(${eb
            .selectFrom('webhookSecrets')
            .select('webhookSecrets.secret')
            .whereRef('webhookSecrets.partnerId', '=', 'd.partnerId')
            .whereRef('webhookSecrets.mode', '=', 'd.mode')
            .where(signsAt(at))
            .orderBy('webhookSecrets.createdAt', 'desc')})`.as('secrets'),
        ])
        .execute();
    },

    /** Those of `ids` that are pending and first of their order key but have no enabled endpoint, with the reason. */
    async unsendable(ids: string[]): Promise<{ id: string; orderKey: string | null; reason: string }[]> {
      const rows = await db
        .selectFrom('webhookDeliveries as d')
        .leftJoin('webhookEndpoints as w', (join) => join.onRef('w.partnerId', '=', 'd.partnerId').onRef('w.mode', '=', 'd.mode'))
        .select(['d.id', 'd.orderKey', 'w.partnerId as endpointPartnerId', 'w.disabledReason'])
        .where('d.id', 'in', ids)
        .where('d.status', '=', 'pending')
        .where((eb) => eb.or([eb('w.partnerId', 'is', null), eb('w.disabledAt', 'is not', null)]))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('webhookDeliveries as p').select('p.id').whereRef('p.orderKey', '=', 'd.orderKey').where('p.status', '=', 'pending').whereRef('p.seq', '<', 'd.seq'))),
        )
        .execute();
      return rows.map((r) => ({ id: r.id, orderKey: r.orderKey, reason: r.endpointPartnerId ? `endpoint disabled: ${r.disabledReason}` : 'no endpoint' }));
    },

    async updateDelivery(id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
      await db.updateTable('webhookDeliveries').set(changes).where('id', '=', id).execute();
    },

    /** Records each attempt (a webhook_attempts row) and its delivery's new state, in one statement for all of them. */
    async recordAttempts(rows: AttemptOutcome[]): Promise<void> {
      if (rows.length === 0) return;
      const values = sql.join(
        rows.map(
          (r) =>
            sql`(${r.deliveryId}::uuid, ${r.attempt}::integer, ${r.at}::timestamptz, ${r.url}::text, ${r.status}, ${r.statusCode}::integer, ${r.error}::text, ${r.latencyMs}::integer, ${r.deliveredAt}::timestamptz, ${r.nextAttemptAt}::timestamptz)`,
        ),
      );
      await sql`WITH v(id, attempt, at, url, status, status_code, error, latency_ms, delivered_at, next_attempt_at) AS (VALUES ${values}),
          attempts AS (INSERT INTO webhook_attempts (delivery_id, attempt, at, url, status_code, error, latency_ms)
            SELECT id, attempt, at, url, status_code, error, latency_ms FROM v)
        UPDATE webhook_deliveries d SET status = v.status, last_status_code = v.status_code, last_error = v.error,
          last_latency_ms = v.latency_ms, delivered_at = v.delivered_at, next_attempt_at = v.next_attempt_at
        FROM v WHERE d.id = v.id`.execute(db);
    },

    /** The newest `limit` deliveries of a partner, of `mode` or of both, with their event's type and connection. */
    listDeliveries(partnerId: string, limit: number, mode?: Mode) {
      let query = db
        .selectFrom('webhookDeliveries')
        .innerJoin('events', 'events.id', 'webhookDeliveries.eventId')
        .selectAll('webhookDeliveries')
        .select(['events.type', 'events.connectionId'])
        // A pending delivery queued behind an earlier pending one of its connection: the first of those.
        .select((eb) =>
          eb
            .selectFrom('webhookDeliveries as earlier')
            .select('earlier.id')
            .whereRef('earlier.orderKey', '=', 'webhookDeliveries.orderKey')
            .whereRef('earlier.seq', '<', 'webhookDeliveries.seq')
            .where('earlier.status', '=', 'pending')
            .where('webhookDeliveries.status', '=', 'pending')
            .orderBy('earlier.seq')
            .limit(1)
            .as('waitingFor'),
        )
        .where('webhookDeliveries.partnerId', '=', partnerId);
      if (mode) query = query.where('webhookDeliveries.mode', '=', mode);
      return query.orderBy('webhookDeliveries.seq', 'desc').limit(limit).execute();
    },

    /** Every attempt of `deliveryIds`, oldest first. */
    attemptsOf(deliveryIds: string[]) {
      if (deliveryIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('webhookAttempts').selectAll().where('deliveryId', 'in', deliveryIds).orderBy('id').execute();
    },
  };
}
