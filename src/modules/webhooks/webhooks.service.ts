/**
 * Webhook delivery (spec "Events", "Authentication" 7; DESIGN.md §6), on the Standard Webhooks
 * scheme: headers webhook-id (the event id, the same on every attempt), webhook-timestamp (unix
 * seconds of the attempt) and webhook-signature (`v1,<base64>` per active secret, space-separated,
 * computed by the `standardwebhooks` package). At-least-once: a delivery is created in the
 * transaction that records its event; attempts run as jobs with a 15 s timeout and retry after
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (durable timers on the injectable clock), then fail.
 * The events of one connection go out in the order they were recorded: a delivery is queued only
 * once its predecessor was delivered or failed for good. Workers take deliveries in batches and
 * record a batch's attempts in one transaction. A 410 disables the endpoint; 429, 502 and
 * 503/504 Retry-After is honoured, clamped to the schedule. Live endpoints must resolve to
 * public addresses, checked when set and again when connecting (DNS rebinding).
 */
import { randomBytes } from 'node:crypto';
import ms from 'ms';
import { Webhook } from 'standardwebhooks';
import { request, type Dispatcher } from 'undici';
import type { Db, Tx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isUuid, newId, type Mode } from '../../lib/ids.ts';
import { assertPublicUrl, createSafeDispatcher, UnsafeUrlError } from '../../lib/safe-fetch.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { scheduleTimer } from '../../jobs/timers.ts';
import type { EventBody, EventLog } from './events.ts';
import { webhooksRepository, type AttemptOutcome } from './webhooks.repository.ts';

/** Delays before retry 1..7 (DESIGN.md §6). */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const ATTEMPT_TIMEOUT_MS = 15_000;

/** The longest rotation overlap. */
const MAX_OVERLAP_MS = 30 * 86_400_000;

/** A rotation overlap such as "24h", "30m" or "0" in ms; validation_error when it is not a duration from 0 to 30 days. */
function parseOverlap(overlap: string): number {
  let overlapMs: number | undefined;
  try {
    overlapMs = ms(overlap as ms.StringValue);
  } catch {
    overlapMs = undefined;
  }
  if (typeof overlapMs !== 'number' || !Number.isFinite(overlapMs) || overlapMs < 0 || overlapMs > MAX_OVERLAP_MS) {
    throw invalid('overlap', 'must be a duration from 0 to 30d, such as 24h or 30m');
  }
  return overlapMs;
}

/** The body sent for a stored event, fields in the documented order: {type, timestamp, data}. */
const bodyOf = (event: EventBody) => JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });

/** A new `whsec_` secret: base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  events: EventLog;
}

export interface AttemptView {
  attempt: number;
  at: string;
  url: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
}

export interface DeliveryView {
  deliveryId: string;
  eventId: string;
  mode: Mode;
  type: string;
  connectionId: string | null;
  status: string;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  /** Next try of a pending delivery; null when delivered, failed or waiting for an earlier event. */
  nextAttemptAt: string | null;
  /** The earlier pending delivery of the same connection this one waits for (events go out in order), or null. */
  waitingFor: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** Every attempt, oldest first. */
  history: AttemptView[];
}

export function webhooksService(deps: WebhooksDeps) {
  const { db, clock, queue } = deps;
  const repo = webhooksRepository(db);
  const dispatchers: Record<Mode, Dispatcher> = {
    sandbox: createSafeDispatcher({ allowPrivate: true }),
    live: createSafeDispatcher({ allowPrivate: false }),
  };

  /** Queues the next pending delivery of each of `orderKeys` (after their predecessors ended). */
  async function releaseNext(tx: Tx, orderKeys: (string | null)[]): Promise<void> {
    const keys = [...new Set(orderKeys.filter((k): k is string => k !== null))];
    const next = await webhooksRepository(tx).heads(keys);
    await queue.enqueueMany(tx, 'webhook-delivery', next.map((deliveryId) => ({ deliveryId })));
  }

  async function validateUrl(mode: Mode, url: string): Promise<void> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid('url', 'is not an absolute URL');
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw invalid('url', 'must be http or https');
    if (mode === 'live') {
      if (parsed.protocol !== 'https:') throw invalid('url', 'live endpoints must use https');
      try {
        await assertPublicUrl(url);
      } catch (error: unknown) {
        if (error instanceof UnsafeUrlError) throw invalid('url', `refused: ${error.reason}`);
        throw error;
      }
    }
  }

  // Every recorded event becomes a delivery in the same transaction, when an endpoint is set; it
  // is queued at once when it is the first pending one of its connection.
  deps.events.onRecorded(async (tx, event) => {
    const r = webhooksRepository(tx);
    const endpoint = await r.endpoint(event.subject.partnerId, event.subject.mode);
    if (!endpoint) return;
    const id = newId();
    const delivery = { id, eventId: event.id, partnerId: event.subject.partnerId, mode: event.subject.mode, createdAt: clock.now() };
    if (endpoint.disabledAt) {
      // Kept as failed, so `webhook deliveries` shows it and `webhook redeliver` can send it once the endpoint is set again.
      await r.insertDelivery({ ...delivery, orderKey: null, status: 'failed', lastError: `endpoint disabled: ${endpoint.disabledReason}` });
      return;
    }
    const orderKey = event.subject.connectionId;
    await r.insertDelivery({ ...delivery, orderKey });
    if ((await r.lockHead(orderKey)) === id) await queue.enqueue(tx, 'webhook-delivery', { deliveryId: id });
  });

  /** One POST of `body`, signed with every secret in `secrets`; never throws. */
  async function post(url: string, mode: Mode, eventId: string, body: string, secrets: string[]) {
    const sentAt = new Date();
    const signature = secrets.map((secret) => new Webhook(secret).sign(eventId, sentAt, body)).join(' ');
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let retryAfterMs: number | null = null;
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'bankdata-webhooks/1',
          'webhook-id': eventId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        dispatcher: dispatchers[mode],
        headersTimeout: ATTEMPT_TIMEOUT_MS,
        bodyTimeout: ATTEMPT_TIMEOUT_MS,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      statusCode = response.statusCode;
      const retryAfter = response.headers['retry-after'];
      if (typeof retryAfter === 'string' && /^\d+$/.test(retryAfter)) retryAfterMs = Number(retryAfter) * 1000;
      await response.body.dump();
    } catch (cause: unknown) {
      error = cause instanceof UnsafeUrlError ? `refused: ${cause.reason}` : cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    return { statusCode, error, retryAfterMs, latencyMs: Math.round(performance.now() - started) };
  }

  /** When attempt number `attempt` failed: the next try (schedule, Retry-After honoured for 429/502/503/504), or null when it was the last. */
  function nextAttemptAt(now: Date, attempt: number, statusCode: number | null, retryAfterMs: number | null): Date | null {
    const scheduled = RETRY_SCHEDULE_MS[attempt - 1];
    if (statusCode === 410 || scheduled === undefined) return null;
    const honoured = statusCode !== null && [429, 502, 503, 504].includes(statusCode) && retryAfterMs !== null;
    const delay = honoured ? Math.min(Math.max(retryAfterMs!, scheduled), RETRY_SCHEDULE_MS[RETRY_SCHEDULE_MS.length - 1]!) : scheduled;
    return new Date(now.getTime() + delay);
  }

  return {
    /** Sets the endpoint of a partner and mode; creates the first secret. Returns the current secret. */
    async setEndpoint(partnerId: string, mode: Mode, url: string): Promise<{ url: string; secret: string }> {
      await validateUrl(mode, url);
      const now = clock.now();
      return db.transaction().execute(async (tx) => {
        const r = webhooksRepository(tx);
        await r.upsertEndpoint(partnerId, mode, url, now);
        const [current] = await r.activeSecrets(partnerId, mode, now);
        if (current && !current.expiresAt) return { url, secret: current.secret };
        const secret = newWebhookSecret();
        await r.insertSecret({ id: newId(), partnerId, mode, secret, createdAt: now });
        return { url, secret };
      });
    },

    /** Endpoint and secrets (with their expiry) of a partner and mode. */
    async show(partnerId: string, mode: Mode) {
      const now = clock.now();
      const endpoint = await repo.endpoint(partnerId, mode);
      const secrets = await repo.activeSecrets(partnerId, mode, now);
      return {
        mode,
        url: endpoint?.url ?? null,
        disabledAt: endpoint?.disabledAt?.toISOString() ?? null,
        disabledReason: endpoint?.disabledReason ?? null,
        secrets: secrets.map((s) => ({ secret: s.secret, createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt?.toISOString() ?? null })),
      };
    },

    /**
     * New secret; the current one keeps signing for `overlap` (e.g. "24h", at most 30 days), then
     * only the new one. Secrets still in the overlap of an earlier rotation stop signing at once,
     * so a delivery never carries more than two signatures.
     */
    async rotateSecret(partnerId: string, mode: Mode, overlap: string): Promise<{ secret: string; previousExpiresAt: string }> {
      const overlapMs = parseOverlap(overlap);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + overlapMs);
      const secret = newWebhookSecret();
      await db.transaction().execute(async (tx) => {
        const r = webhooksRepository(tx);
        await r.expireOverlappingSecrets(partnerId, mode, now);
        await r.expireCurrentSecrets(partnerId, mode, expiresAt);
        await r.insertSecret({ id: newId(), partnerId, mode, secret, createdAt: now });
      });
      return { secret, previousExpiresAt: expiresAt.toISOString() };
    },

    /** The newest `limit` deliveries of a partner (of one mode, or both), with their state and every attempt. */
    async deliveries(partnerId: string, { limit = 50, mode }: { limit?: number; mode?: Mode } = {}): Promise<DeliveryView[]> {
      const rows = await repo.listDeliveries(partnerId, limit, mode);
      const attempts = await repo.attemptsOf(rows.map((d) => d.id));
      return rows.map((d) => ({
        deliveryId: d.id,
        eventId: d.eventId,
        mode: d.mode,
        type: d.type,
        connectionId: d.connectionId,
        status: d.status,
        attempts: d.attempts,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        lastLatencyMs: d.lastLatencyMs,
        nextAttemptAt: d.status === 'pending' && !d.waitingFor ? (d.nextAttemptAt?.toISOString() ?? null) : null,
        waitingFor: d.waitingFor,
        deliveredAt: d.deliveredAt?.toISOString() ?? null,
        createdAt: d.createdAt.toISOString(),
        history: attempts
          .filter((a) => a.deliveryId === d.id)
          .map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), url: a.url, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs })),
      }));
    },

    /**
     * Sends the event of a delivery again (same webhook-id), whatever its state: a new delivery of
     * the same event, with its own attempts and retries, outside its connection's order (it holds
     * back no later event). Returns the new delivery's id. Throws not_found.
     */
    async redeliver(deliveryId: string): Promise<{ deliveryId: string }> {
      const delivery = isUuid(deliveryId) ? await repo.delivery(deliveryId) : undefined;
      if (!delivery) throw notFound(`Delivery ${deliveryId}`);
      const id = newId();
      await db.transaction().execute(async (tx) => {
        await webhooksRepository(tx).insertDelivery({ id, eventId: delivery.eventId, partnerId: delivery.partnerId, mode: delivery.mode, orderKey: null, createdAt: clock.now() });
        await queue.enqueue(tx, 'webhook-delivery', { deliveryId: id });
      });
      return { deliveryId: id };
    },

    /** Timer: a retry is due. */
    async retryDue(tx: Tx, deliveryId: string): Promise<void> {
      await queue.enqueue(tx, 'webhook-delivery', { deliveryId });
    },

    /**
     * Job: one attempt of each of `deliveryIds` that is due (pending, first of its connection);
     * the others are left alone. Those due whose endpoint is gone or disabled fail at once (looked
     * for only among the ids the claim left, so a batch that is all sendable takes one statement
     * before its POSTs). POSTs run concurrently (they are of distinct connections); the outcomes,
     * retry timers and the release of each connection's next delivery commit in one transaction.
     * Never throws for endpoint failures; they are scheduled retries.
     */
    async deliver(deliveryIds: string[]): Promise<void> {
      const now = clock.now();
      const claimed = await repo.claimAttempts(deliveryIds, now);
      const claimedIds = new Set(claimed.map((d) => d.id));
      const unclaimed = deliveryIds.filter((id) => !claimedIds.has(id));
      const unsendable = unclaimed.length > 0 ? await repo.unsendable(unclaimed) : [];
      if (unsendable.length > 0) {
        await db.transaction().execute(async (tx) => {
          for (const d of unsendable) await webhooksRepository(tx).updateDelivery(d.id, { status: 'failed', lastError: d.reason, nextAttemptAt: null });
          await releaseNext(tx, unsendable.map((d) => d.orderKey));
        });
      }
      if (claimed.length === 0) return;
      const outcomes = await Promise.all(claimed.map(async (d) => ({ delivery: d, ...(await post(d.url, d.mode, d.eventId, bodyOf(d.payload as EventBody), d.secrets)) })));
      // Retry delays count from the end of the attempts (a timed-out attempt took 15 s).
      const ended = clock.now();

      await db.transaction().execute(async (tx) => {
        const r = webhooksRepository(tx);
        const rows: AttemptOutcome[] = [];
        const released: (string | null)[] = [];
        for (const { delivery: d, statusCode, error, retryAfterMs, latencyMs } of outcomes) {
          const attempt = { deliveryId: d.id, attempt: d.attempts, at: now, url: d.url, statusCode, error, latencyMs };
          if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
            rows.push({ ...attempt, status: 'delivered', deliveredAt: now, nextAttemptAt: null });
            released.push(d.orderKey);
            continue;
          }
          if (statusCode === 410) await r.disableEndpoint(d.partnerId, d.mode, `the endpoint answered 410 Gone to delivery ${d.id}`, now);
          const next = nextAttemptAt(ended, d.attempts, statusCode, retryAfterMs);
          rows.push({ ...attempt, status: next ? 'pending' : 'failed', deliveredAt: null, nextAttemptAt: next });
          if (next) await scheduleTimer(tx, 'webhook-retry', d.id, next);
          else released.push(d.orderKey);
        }
        await r.recordAttempts(rows);
        await releaseNext(tx, released);
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
