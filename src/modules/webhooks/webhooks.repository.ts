/** Webhook endpoints, secrets, deliveries and attempts in PostgreSQL. */
import { sql, type ExpressionBuilder, type RawBuilder, type Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { PreparedQueries } from '../../db/prepared.ts';
import { jobIsLive } from '../../jobs/queue.ts';
import type { Database, DeliveryStatus, WebhookAttemptsTable, WebhookDeliveriesTable } from '../../db/schema.ts';
import type { Mode } from '../../lib/ids.ts';
import type { EventBody } from './events.ts';

/** A secret signs at `at` while it has no end (the current one) or its rotation overlap has not ended. */
const signsAt = (at: Date) => (eb: ExpressionBuilder<Database, 'webhookSecrets'>) =>
  eb.or([eb('webhookSecrets.expiresAt', 'is', null), eb('webhookSecrets.expiresAt', '>', at)]);

/** One finished attempt of a delivery (its webhook_attempts row) and the state it leaves the delivery in. */
export type AttemptOutcome = Omit<WebhookAttemptsTable, 'id'> & Pick<WebhookDeliveriesTable, 'status' | 'deliveredAt' | 'nextAttemptAt'>;

/** A delivery claimed for an attempt by the job `jobId` (webhooksRepository.claim). */
export interface ClaimedDelivery {
  jobId: string;
  id: string;
  /** Attempts recorded so far. */
  attempts: number;
  eventId: string;
  partnerId: string;
  mode: Mode;
  orderKey: string | null;
  /** The event's stored body, as recorded (keys as stored, not case-mapped). */
  payload: EventBody;
  /** The enabled endpoint's URL; null when the endpoint is missing or disabled. */
  url: string | null;
  /** Why the endpoint is disabled, when it is. */
  disabledReason: string | null;
  /** Ids of the secrets that sign it, newest first (their values: secretsByIds). */
  secretIds: string[];
}

/** A raw query as a Compilable for PreparedQueries. */
const compilable = <R>(db: Db | Tx, query: RawBuilder<R>) => ({ compile: () => query.compile(db) });

export function webhooksRepository(db: Db | Tx) {
  const prepared = new PreparedQueries(db);
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

    /** Stores a new secret, sealed (lib/secret-keys.ts), as the current one. */
    async insertSecret(row: { id: string; partnerId: string; mode: Mode; secretSealed: Buffer; createdAt: Date }): Promise<void> {
      await db.insertInto('webhookSecrets').values({ ...row, secret: null, expiresAt: null }).execute();
    },

    /** The stored form of secrets: sealed, or plain for a row written before migration 0017. */
    secretsByIds(ids: string[]) {
      return db.selectFrom('webhookSecrets').select(['id', 'secret', 'secretSealed']).where('id', 'in', ids).execute();
    },

    /** Every secret (for re-encryption under a new key), oldest first. */
    allSecrets() {
      return db.selectFrom('webhookSecrets').select(['id', 'secret', 'secretSealed']).orderBy('createdAt').execute();
    },

    /** Replaces a secret's stored form by `secretSealed` (clearing a legacy plain value). */
    async resealSecret(id: string, secretSealed: Buffer): Promise<void> {
      await db.updateTable('webhookSecrets').set({ secretSealed, secret: null }).where('id', '=', id).execute();
    },

    /** Ends at `at` the secrets still signing in the overlap of an earlier rotation. */
    async expireOverlappingSecrets(partnerId: string, mode: Mode, at: Date): Promise<Date[]> {
      const ending = await db.selectFrom('webhookSecrets').select('expiresAt').where('partnerId', '=', partnerId).where('mode', '=', mode).where('expiresAt', '>', at).forUpdate().execute();
      await db.updateTable('webhookSecrets').set({ expiresAt: at }).where('partnerId', '=', partnerId).where('mode', '=', mode).where('expiresAt', '>', at).execute();
      return ending.map((secret) => secret.expiresAt!);
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
     * transaction that records a delivery calls this after inserting it. When a worker is
     * recording the head's attempt at that moment, the lock waits for that statement's commit and
     * then sees the new delivery as the head; when the lock comes first, the worker's recording
     * waits for this transaction, and its next claim (a later statement) sees the new delivery.
     * So at least one of the two sends it on, and the claim lets only one of them send it.
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
     * Claims for an attempt, for each job, the delivery it is to send now: for a delivery of a
     * connection (an order key), the connection's oldest pending one (the head; the job's own
     * delivery may have ended since), otherwise the job's delivery itself; only when it is pending
     * and not claimed by another job that pg-boss still runs or retries (the claim of a job that
     * failed for good is void). Whether it is due is not checked: jobs exist only for due
     * deliveries (a retry's job is made by its timer), and a check against this process's clock
     * would strand a delivery recorded by a process whose clock is ahead. One statement; returns
     * what an attempt needs: the event's payload, the enabled endpoint's URL (null when there is
     * none, with the reason when it is disabled) and the ids of the secrets that sign at `at`, newest first.
     * A head is claimed by at most one job, also when several of `jobs` lead to it.
     */
    async claim(jobs: { jobId: string; deliveryId: string }[], at: Date): Promise<ClaimedDelivery[]> {
      // The payload comes as text and is parsed here: as a jsonb value the row mapping would
      // copy it key by key (camelCase) for every delivery.
      const rows = await prepared.execute('webhook-claim', [jobs.map((j) => j.jobId), jobs.map((j) => j.deliveryId), at], ([jobIds, deliveryIds, now]) => {
        const secrets = db
          .selectFrom('webhookSecrets')
          .select('webhookSecrets.id')
          .where('webhookSecrets.partnerId', '=', sql.ref<string>('d.partnerId'))
          .where('webhookSecrets.mode', '=', sql.ref<Mode>('d.mode'))
          .where(signsAt(now as unknown as Date))
          .orderBy('webhookSecrets.createdAt', 'desc');
        return compilable(
          db,
          sql<Omit<ClaimedDelivery, 'payload'> & { payload: string }>`WITH c AS (
            SELECT j.job_id, CASE WHEN x.order_key IS NULL THEN x.id ELSE h.id END AS id,
              CASE WHEN w.disabled_at IS NULL THEN w.url END AS url, CASE WHEN w.disabled_at IS NOT NULL THEN w.disabled_reason END AS disabled_reason
            FROM unnest(${jobIds}::uuid[], ${deliveryIds}::uuid[]) AS j(job_id, delivery_id)
            JOIN webhook_deliveries x ON x.id = j.delivery_id
            LEFT JOIN webhook_endpoints w ON w.partner_id = x.partner_id AND w.mode = x.mode
            LEFT JOIN LATERAL (SELECT p.id FROM webhook_deliveries p WHERE p.order_key = x.order_key AND p.status = 'pending' ORDER BY p.seq LIMIT 1) h ON true)
          UPDATE webhook_deliveries d SET claimed_by = c.job_id
          FROM c
          WHERE d.id = c.id AND d.status = 'pending'
            AND (d.claimed_by IS NULL OR d.claimed_by = c.job_id OR NOT ${jobIsLive('webhook-delivery', sql.ref<string | null>('d.claimedBy'))})
          RETURNING c.job_id, d.id, d.attempts, d.event_id, d.partner_id, d.mode, d.order_key,
            (SELECT e.payload::text FROM events e WHERE e.id = d.event_id) AS payload, c.url, c.disabled_reason,
            array(${secrets}) AS secret_ids`,
        );
      });
      for (const row of rows) (row as unknown as ClaimedDelivery).payload = JSON.parse(row.payload) as EventBody;
      return rows as unknown as ClaimedDelivery[];
    },

    async updateDelivery(id: string, changes: Updateable<WebhookDeliveriesTable>): Promise<void> {
      await db.updateTable('webhookDeliveries').set(changes).where('id', '=', id).execute();
    },

    /**
     * Records each attempt (a webhook_attempts row) and its delivery's new state (attempts, status,
     * the last answer; the claim is released), in one statement for all of them.
     */
    async recordAttempts(rows: AttemptOutcome[]): Promise<void> {
      if (rows.length === 0) return;
      const column = <K extends keyof AttemptOutcome>(key: K) => rows.map((r) => r[key]);
      // Timestamps go as ISO strings: pg's Date formatting (local time with offset) costs more.
      const timestamps = (key: 'at' | 'deliveredAt' | 'nextAttemptAt') => rows.map((r) => r[key]?.toISOString() ?? null);
      const values = [
        column('deliveryId'), column('attempt'), timestamps('at'), column('url'), column('status'),
        column('statusCode'), column('error'), column('latencyMs'), column('responseExcerpt'), timestamps('deliveredAt'), timestamps('nextAttemptAt'),
      ];
      await prepared.execute('webhook-record-attempts', values, ([id, attempt, at, url, status, statusCode, error, latencyMs, responseExcerpt, deliveredAt, nextAttemptAt]) =>
        compilable(
          db,
          sql`WITH v AS (SELECT * FROM unnest(${id}::uuid[], ${attempt}::integer[], ${at}::timestamptz[], ${url}::text[], ${status}::text[],
                ${statusCode}::integer[], ${error}::text[], ${latencyMs}::integer[], ${responseExcerpt}::text[], ${deliveredAt}::timestamptz[], ${nextAttemptAt}::timestamptz[])
                AS v(id, attempt, at, url, status, status_code, error, latency_ms, response_excerpt, delivered_at, next_attempt_at)),
              attempts AS (INSERT INTO webhook_attempts (delivery_id, attempt, at, url, status_code, error, latency_ms, response_excerpt)
                SELECT id, attempt, at, url, status_code, error, latency_ms, response_excerpt FROM v)
            UPDATE webhook_deliveries d SET attempts = v.attempt, status = v.status, last_status_code = v.status_code, last_error = v.error,
              last_latency_ms = v.latency_ms, delivered_at = v.delivered_at, next_attempt_at = v.next_attempt_at, claimed_by = NULL
            FROM v WHERE d.id = v.id`,
        ),
      );
    },

    /** The newest `limit` deliveries of a partner, of `mode` or of both, with their event's type, connection and payload. */
    listDeliveries(partnerId: string, limit: number, mode?: Mode) {
      let query = db
        .selectFrom('webhookDeliveries')
        .innerJoin('events', 'events.id', 'webhookDeliveries.eventId')
        .selectAll('webhookDeliveries')
        .select(['events.type', 'events.connectionId', 'events.payload'])
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
