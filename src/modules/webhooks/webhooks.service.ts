/**
 * Webhook delivery (spec "Events", "Authentication" 7; DESIGN.md §6), on the Standard Webhooks
 * scheme: headers webhook-id (the event id, the same on every attempt), webhook-timestamp (unix
 * seconds of the attempt) and webhook-signature (`v1,<base64>` per active secret, space-separated,
 * computed by the `standardwebhooks` package). At-least-once: a delivery is created in the
 * transaction that records its event; attempts run as jobs with a 15 s timeout and retry after
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (durable timers on the injectable clock), then fail.
 * The events of one connection go out in the order they were recorded: a delivery is sent only
 * once its predecessor was delivered or failed for good. A job sends its connection's deliveries
 * one after another (see `deliver`); workers take jobs in batches, POST concurrently and record
 * finished attempts together. A 410 disables the endpoint; 429, 502 and
 * 503/504 Retry-After is honoured, clamped to the schedule. Live endpoints must be https and resolve
 * to public addresses, checked when set and again when connecting (DNS rebinding), unless the
 * operator set BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS=true (development and tests).
 */
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import ms from 'ms';
import { Webhook } from 'standardwebhooks';
import type { Dispatcher } from 'undici';
import type { Db, Tx } from '../../db/database.ts';
import { recordSecretKey } from '../../db/settings.ts';
import type { SecretKeys } from '../../lib/secret-keys.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { isUuid, newId, type Mode } from '../../lib/ids.ts';
import { assertPublicUrl, createSafeDispatcher, UnsafeUrlError } from '../../lib/safe-fetch.ts';
import { loadUndici } from '../../lib/undici.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { scheduleTimer } from '../../jobs/timers.ts';
import { coalesced } from './coalesced.ts';
import { runDeliveries } from './delivery-runs.ts';
import type { EventBody, EventLog } from './events.ts';
import { webhooksRepository, type AttemptOutcome, type ClaimedDelivery } from './webhooks.repository.ts';
import { webhookDeliveries, webhookDeliveryLag } from '../../metrics/metrics.ts';

/** Delays before retry 1..7 (DESIGN.md §6). */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** Characters of a response body kept with its attempt (the delivery log's body excerpt). */
export const RESPONSE_EXCERPT_CHARS = 512;
/** Bytes of a response body read at most; a longer body closes the connection (as undici's dump). */
const RESPONSE_READ_LIMIT = 128 * 1024;

/** How long finished attempts wait for the rest of their batch before they are recorded. */
const RECORD_WAIT_MS = 10;

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

/** A stored event's fields in the documented order: {type, timestamp, data}. */
const sentBody = (event: EventBody): EventBody => ({ type: event.type, timestamp: event.timestamp, data: event.data });

/** The body sent for a stored event. */
const bodyOf = (event: EventBody) => JSON.stringify(sentBody(event));

/** The first RESPONSE_EXCERPT_CHARS characters of a response body (UTF-8), null when it is empty; reads at most RESPONSE_READ_LIMIT bytes. */
async function excerptOf(body: AsyncIterable<Buffer>): Promise<string | null> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let read = 0;
  for await (const chunk of body) {
    // 4 bytes per character at most: enough bytes for the excerpt's characters.
    if (keptBytes < RESPONSE_EXCERPT_CHARS * 4) {
      kept.push(chunk);
      keptBytes += chunk.length;
    }
    read += chunk.length;
    if (read > RESPONSE_READ_LIMIT) break;
  }
  const text = Buffer.concat(kept).toString('utf8');
  return text === '' ? null : [...text].slice(0, RESPONSE_EXCERPT_CHARS).join('');
}

/** A new `whsec_` secret: base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  queue: JobQueue;
  events: EventLog;
  /** BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS: live endpoints may be private addresses and plain http (development, tests). */
  allowPrivateUrls?: boolean;
  /** Seals and opens the stored secrets. */
  keys: SecretKeys;
}

/** A claimed delivery with the values of its signing secrets and the body it sends. */
interface SignedDelivery extends ClaimedDelivery {
  secrets: string[];
  body: string;
}

export interface AttemptView {
  attempt: number;
  at: string;
  url: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first 512 characters of the response body; null without an answer or with an empty body. */
  responseExcerpt: string | null;
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
  /** The body sent: the event's `{type, timestamp, data}`, in that order. */
  payload: EventBody;
  /** Every attempt, oldest first. */
  history: AttemptView[];
}

export function webhooksService(deps: WebhooksDeps) {
  const { db, clock, queue, keys } = deps;
  const repo = webhooksRepository(db);

  /** The plain value of a stored secret row (sealed, or plain if written before migration 0017). */
  const reveal = (row: { secret: string | null; secretSealed: Buffer | null }): string => row.secret ?? keys.open(row.secretSealed!);

  // Secret values by id: a secret never changes its value, so each is opened once per process
  // (one query and one decryption per new secret); a delivery costs a map lookup.
  const secretValues = new Map<string, string>();
  /** Adds to each claimed delivery (in place) its secrets' values and its body. */
  async function withSecrets(claimed: ClaimedDelivery[]): Promise<SignedDelivery[]> {
    const missing = [...new Set(claimed.flatMap((d) => d.secretIds))].filter((id) => !secretValues.has(id));
    if (missing.length > 0) {
      if (secretValues.size >= 10_000) secretValues.clear();
      for (const row of await repo.secretsByIds(missing)) secretValues.set(row.id, reveal(row));
    }
    const signed = claimed as SignedDelivery[];
    for (const d of signed) {
      d.secrets = d.secretIds.map((id) => secretValues.get(id)!);
      d.body = bodyOf(d.payload);
    }
    return signed;
  }
  // Batches record their attempts and claim their next deliveries through coalesced statements:
  // what batches ask while a statement of the kind is under way goes to PostgreSQL together next.
  const recordTogether = coalesced(
    async (rows: AttemptOutcome[]) => {
      await repo.recordAttempts(rows);
      return [];
    },
    () => [],
  );
  const claimTogether = coalesced(
    (jobs: { jobId: string; deliveryId: string }[]) => repo.claim(jobs, clock.now()),
    (claimed, jobs) => {
      const ids = new Set(jobs.map((job) => job.jobId));
      return claimed.filter((d) => ids.has(d.jobId));
    },
  );
  const claim = async (jobs: { jobId: string; deliveryId: string }[]) => withSecrets(await claimTogether(jobs));
  // A run stops claiming after a quarter of the job's expiry, so the job ends (a last attempt
  // included) well before pg-boss would deem its worker dead and start it again.
  const runBudgetMs = queue.expiryMs('webhook-delivery') / 4;
  // undici's request() and the dispatcher of each mode, made with the mode's first delivery
  // (undici is loaded then, not at start-up); later deliveries take them without awaiting.
  type Sender = { request: Awaited<ReturnType<typeof loadUndici>>['request']; via: Dispatcher };
  const senders: Partial<Record<Mode, Promise<Sender>>> = {};
  const ready: Partial<Record<Mode, Sender>> = {};
  const makeSender = async (mode: Mode): Promise<Sender> => {
    const [{ request }, via] = await Promise.all([loadUndici(), createSafeDispatcher({ allowPrivate: mode === 'sandbox' || (deps.allowPrivateUrls ?? false) })]);
    return (ready[mode] = { request, via });
  };

  /** Queues the next pending delivery of each of `orderKeys` (after their predecessors ended). */
  async function releaseNext(tx: Db | Tx, orderKeys: (string | null)[]): Promise<void> {
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
    if (mode === 'live' && !deps.allowPrivateUrls) {
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

  // One signer per secret (a Webhook decodes its secret once), the cache emptied when it grows large.
  const signers = new Map<string, Webhook>();
  function signer(secret: string): Webhook {
    let webhook = signers.get(secret);
    if (!webhook) {
      if (signers.size >= 10_000) signers.clear();
      webhook = new Webhook(secret);
      signers.set(secret, webhook);
    }
    return webhook;
  }

  /** One POST of `body`, signed with every secret in `secrets`, aborted by `deadline`; never throws. The answer's status, body excerpt, Retry-After and the latency (ms, until the body was read). */
  async function post(url: string, mode: Mode, eventId: string, body: string, secrets: string[], deadline: AbortSignal) {
    const { request, via } = ready[mode] ?? (await (senders[mode] ??= makeSender(mode)));
    const sentAt = new Date();
    const signature = secrets.map((secret) => signer(secret).sign(eventId, sentAt, body)).join(' ');
    const started = performance.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    let retryAfterMs: number | null = null;
    let responseExcerpt: string | null = null;
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
        dispatcher: via,
        headersTimeout: ATTEMPT_TIMEOUT_MS,
        bodyTimeout: ATTEMPT_TIMEOUT_MS,
        signal: deadline,
      });
      statusCode = response.statusCode;
      const retryAfter = response.headers['retry-after'];
      if (typeof retryAfter === 'string' && /^\d+$/.test(retryAfter)) retryAfterMs = Number(retryAfter) * 1000;
      // A 204 (the usual answer) or an empty body has nothing to keep: drained without reading it into buffers.
      if (statusCode === 204 || response.headers['content-length'] === '0') await response.body.dump();
      else responseExcerpt = await excerptOf(response.body);
    } catch (cause: unknown) {
      error = cause instanceof UnsafeUrlError ? `refused: ${cause.reason}` : cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    return { statusCode, error, retryAfterMs, responseExcerpt, latencyMs: Math.round(performance.now() - started) };
  }

  /** A finished attempt: the POST's outcome, or why the delivery could not be sent (no enabled endpoint). */
  interface Attempted extends Awaited<ReturnType<typeof post>> {
    delivery: SignedDelivery;
    started: Date;
    finished: Date;
    unsendable: string | null;
  }

  /** Starts one attempt of each claimed delivery: POSTs under one 15 s deadline; no POST when there is no enabled endpoint. */
  function attempt(claimed: SignedDelivery[]): Promise<Attempted>[] {
    const started = clock.now();
    const deadline = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
    setMaxListeners(Math.max(10, claimed.length), deadline); // one abort listener per POST
    return claimed.map(async (d) => {
      if (d.url === null) {
        const unsendable = d.disabledReason === null ? 'no endpoint' : `endpoint disabled: ${d.disabledReason}`;
        return { delivery: d, started, finished: started, unsendable, statusCode: null, error: null, retryAfterMs: null, responseExcerpt: null, latencyMs: 0 };
      }
      const outcome = await post(d.url, d.mode, d.eventId, d.body, d.secrets, deadline);
      return { delivery: d, started, finished: clock.now(), unsendable: null, ...outcome };
    });
  }

  /**
   * Records finished attempts: attempt rows and delivery states in one statement (retry timers
   * and 410s with them in one transaction); deliveries without an endpoint fail without an
   * attempt. Returns the deliveries that ended (delivered or failed for good), whose
   * connection's next delivery may go.
   */
  async function recordAttempted(attempted: Attempted[]): Promise<ClaimedDelivery[]> {
    const rows: AttemptOutcome[] = [];
    const retries: { id: string; at: Date }[] = [];
    const gone: Attempted[] = [];
    const ended: ClaimedDelivery[] = [];
    let delivered = 0;
    for (const a of attempted) {
      const d = a.delivery;
      if (a.unsendable !== null) {
        webhookDeliveries.inc({ outcome: 'unsendable' });
        await repo.updateDelivery(d.id, { status: 'failed', lastError: a.unsendable, nextAttemptAt: null, claimedBy: null });
        ended.push(d);
        continue;
      }
      const attempt = d.attempts + 1;
      if (a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300) {
        rows.push({ deliveryId: d.id, attempt, at: a.started, url: d.url!, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, responseExcerpt: a.responseExcerpt, status: 'delivered', deliveredAt: a.started, nextAttemptAt: null });
        delivered++;
        webhookDeliveryLag.observe(Math.max(0, a.started.getTime() - Date.parse(d.payload.timestamp)) / 1000);
        ended.push(d);
        continue;
      }
      if (a.statusCode === 410) gone.push(a);
      // Retry delays count from the end of the attempt (a timed-out attempt took 15 s).
      const next = nextAttemptAt(a.finished, attempt, a.statusCode, a.retryAfterMs);
      rows.push({ deliveryId: d.id, attempt, at: a.started, url: d.url!, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, responseExcerpt: a.responseExcerpt, status: next ? 'pending' : 'failed', deliveredAt: null, nextAttemptAt: next });
      webhookDeliveries.inc({ outcome: next ? 'retrying' : 'failed' });
      if (next) retries.push({ id: d.id, at: next });
      else ended.push(d);
    }
    if (delivered > 0) webhookDeliveries.inc({ outcome: 'delivered' }, delivered);
    if (retries.length === 0 && gone.length === 0) {
      await recordTogether(rows);
      return ended;
    }
    await db.transaction().execute(async (tx) => {
      const r = webhooksRepository(tx);
      for (const { delivery: d, finished } of gone) await r.disableEndpoint(d.partnerId, d.mode, `the endpoint answered 410 Gone to delivery ${d.id}`, finished);
      await r.recordAttempts(rows);
      for (const retry of retries) await scheduleTimer(tx, 'webhook-retry', retry.id, retry.at, null);
    });
    return ended;
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
        if (current && !current.expiresAt) return { url, secret: reveal(current) };
        const secret = newWebhookSecret();
        await r.insertSecret({ id: newId(), partnerId, mode, secretSealed: keys.seal(secret), createdAt: now });
        return { url, secret };
      });
    },

    /**
     * Disables the endpoint of a partner and mode (`reason` is shown by `webhook show`): nothing is
     * sent until it is set again; events meanwhile are kept as failed deliveries. validation_error
     * when there is no endpoint; disabling a disabled endpoint keeps its first reason.
     */
    async disableEndpoint(partnerId: string, mode: Mode, reason: string): Promise<void> {
      const endpoint = await repo.endpoint(partnerId, mode);
      if (!endpoint) throw invalid('url', `no ${mode} endpoint is set`);
      if (!endpoint.disabledAt) await repo.disableEndpoint(partnerId, mode, reason, clock.now());
    },

    /**
     * Sends a `WebhookTest` event (docs/webhooks.md "WebhookTest") to the enabled endpoint of a
     * partner and mode, through the normal delivery path (signed, retried, in the delivery log),
     * outside any connection's order. Returns the new delivery's and event's ids.
     * validation_error when there is no enabled endpoint.
     */
    async sendTestEvent(partnerId: string, mode: Mode): Promise<{ deliveryId: string; eventId: string }> {
      const endpoint = await repo.endpoint(partnerId, mode);
      if (!endpoint) throw invalid('url', `no ${mode} endpoint is set: set one first`);
      if (endpoint.disabledAt) throw invalid('url', `the ${mode} endpoint is disabled (${endpoint.disabledReason}): set it again first`);
      const deliveryId = newId();
      const now = clock.now();
      const eventId = await db.transaction().execute(async (tx) => {
        const id = await deps.events.recordTest(tx, partnerId, mode, now);
        await webhooksRepository(tx).insertDelivery({ id: deliveryId, eventId: id, partnerId, mode, orderKey: null, createdAt: now });
        await queue.enqueue(tx, 'webhook-delivery', { deliveryId });
        return id;
      });
      return { deliveryId, eventId };
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
        secrets: secrets.map((s) => ({ secret: reveal(s), createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt?.toISOString() ?? null })),
      };
    },

    /**
     * New secret; the current one keeps signing for `overlap` (e.g. "24h", at most 30 days), then
     * only the new one. Secrets still in the overlap of an earlier rotation stop signing at once,
     * so a delivery never carries more than two signatures; `endedEarly` holds the announced end
     * times of such secrets (empty when none was cut short).
     */
    async rotateSecret(partnerId: string, mode: Mode, overlap: string): Promise<{ secret: string; previousExpiresAt: string; endedEarly: string[] }> {
      const overlapMs = parseOverlap(overlap);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + overlapMs);
      const secret = newWebhookSecret();
      const endedEarly = await db.transaction().execute(async (tx) => {
        const r = webhooksRepository(tx);
        const ended = await r.expireOverlappingSecrets(partnerId, mode, now);
        await r.expireCurrentSecrets(partnerId, mode, expiresAt);
        await r.insertSecret({ id: newId(), partnerId, mode, secretSealed: keys.seal(secret), createdAt: now });
        return ended;
      });
      return { secret, previousExpiresAt: expiresAt.toISOString(), endedEarly: endedEarly.map((at) => at.toISOString()) };
    },

    /**
     * Re-encrypts every stored secret under the current key (after a key rotation: the previous
     * key opens the old ones) and seals any plain row left from before migration 0017, then
     * records the current key as this database's. Returns how many rows it rewrote and kept.
     */
    async reencryptSecrets(): Promise<{ reencrypted: number; unchanged: number }> {
      let reencrypted = 0;
      const rows = await repo.allSecrets();
      for (const row of rows) {
        if (row.secret === null && keys.sealedByCurrent(row.secretSealed!)) continue;
        await repo.resealSecret(row.id, keys.seal(reveal(row)));
        reencrypted++;
      }
      await recordSecretKey(db, keys);
      return { reencrypted, unchanged: rows.length - reencrypted };
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
        payload: sentBody(d.payload as EventBody),
        history: attempts
          .filter((a) => a.deliveryId === d.id)
          .map((a) => ({ attempt: a.attempt, at: a.at.toISOString(), url: a.url, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, responseExcerpt: a.responseExcerpt })),
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

    /**
     * Job `webhook-delivery-failed`, the dead letter of webhook-delivery: a job that failed all its
     * retries (the database unreachable for half an hour) is started again as a new job, which
     * takes over what the failed one had claimed, so no connection's deliveries stay stuck.
     */
    async restart(data: { deliveryId: string }): Promise<void> {
      await queue.enqueue(db, 'webhook-delivery', data);
    },

    /** Timer: a retry is due. */
    async retryDue(tx: Tx, deliveryId: string): Promise<void> {
      await queue.enqueue(tx, 'webhook-delivery', { deliveryId });
    },

    /**
     * Job handler for a batch of `webhook-delivery` jobs (ids and payloads). Each job sends its
     * connection's due deliveries one after another: claim the head (webhooksRepository.claim),
     * POST it, record the outcome, and once it is delivered (or failed for good) claim the next
     * pending delivery of the same connection, and so on until the job's run budget (a quarter
     * of its expiry) is spent or the worker stops; what is left then gets jobs of its own. A
     * failed attempt ends the run of its connection (its retry timer starts a new one). The
     * batch's POSTs run concurrently and their outcomes are recorded together (delivery-runs.ts).
     * A worker that dies leaves its jobs to pg-boss, which retries them once they expire: a
     * retried job claims again what it had claimed. Never throws for endpoint failures; they are
     * scheduled retries.
     */
    async deliver(jobs: { id: string; data: { deliveryId: string } }[]): Promise<void> {
      const until = performance.now() + runBudgetMs;
      const claimed = await claim(jobs.map((job) => ({ jobId: job.id, deliveryId: job.data.deliveryId })));
      await runDeliveries(
        claimed,
        {
          attempt,
          async record(attempted) {
            const ended = await recordAttempted(attempted);
            if (ended.length === 0) return [];
            if (performance.now() < until && !queue.stopping) return claim(ended.map((d) => ({ jobId: d.jobId, deliveryId: d.id })));
            await releaseNext(db, ended.map((d) => d.orderKey));
            return [];
          },
        },
        RECORD_WAIT_MS,
      );
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
