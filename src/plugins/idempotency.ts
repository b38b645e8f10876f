/**
 * Idempotency-Key (spec "Endpoints", "Limits"; DESIGN.md §5; IETF draft
 * httpapi-idempotency-key-header) on routes with `config.idempotent`: the key (bare or a quoted
 * structured-field string, at most 255 characters of value) is scoped per partner for 24 hours.
 * A replay answers the original status and body with `Idempotent-Replayed: true` (an error body
 * gets the replay's own requestId); the same key with a different request (method, route, path
 * parameters, X-Client-Id, JSON body compared after sorting its keys) is 422
 * idempotency_key_mismatch; a request still running with that key is 409 idempotency_key_in_use,
 * until it has run for a minute without answering: then it is taken as crashed and the key may
 * be used again. Only decided outcomes are stored: not 400 (fix the request), 429, 5xx or
 * operation_temporarily_unavailable (retry later). Stored answers are encrypted (AES-256-GCM,
 * per-database key), as they carry one-time tokens. Records live in PostgreSQL, so every
 * instance agrees.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import stableStringify from 'safe-stable-stringify';
import type { Db } from '../db/database.ts';
import { instanceSecret } from '../db/settings.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError, invalid, type ErrorCode } from '../lib/errors.ts';
import { SecretBox } from '../lib/secret-box.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** A request that has held its key this long without answering is taken as crashed. */
const IDEMPOTENCY_ABANDONED_MS = 60_000;
/** Error codes that ask the caller to retry later: answers with them are not replayed. */
const RETRY_LATER: ReadonlySet<ErrorCode> = new Set(['operation_temporarily_unavailable', 'rate_limited', 'internal_error']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds, and when it claimed it (its record is only touched while that claim stands). */
    idempotencyClaim: { key: string; claimedAt: Date } | null;
  }
}

/** The key of an Idempotency-Key header value: bare, or a structured-field string ("..."); 1 to 255 characters of value. */
function parseIdempotencyKey(raw: string): string {
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(raw.trim());
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : raw.trim();
  if (key.length === 0 || key.length > 255) throw invalid('headers.idempotency-key', 'must be 1 to 255 characters');
  return key;
}

/** What makes two requests "the same": method, route, path parameters, X-Client-Id and the JSON body with its keys sorted. */
function fingerprint(request: FastifyRequest): string {
  const parts = [request.method, request.routeOptions.url, request.params, request.headers['x-client-id'] ?? null, request.body ?? null];
  return createHash('sha256').update(stableStringify(parts)).digest('hex');
}

/** The error code of a serialized error envelope, or null. */
function errorCodeOf(payload: unknown): ErrorCode | null {
  try {
    return (JSON.parse(String(payload)) as { error?: { code?: ErrorCode } }).error?.code ?? null;
  } catch {
    return null;
  }
}

/** Whether an answer is a decided outcome worth replaying. */
function decided(status: number, payload: unknown): boolean {
  if (status >= 500 || status === 400 || status === 429) return false;
  const code = status >= 400 ? errorCodeOf(payload) : null;
  return code === null || !RETRY_LATER.has(code);
}

/** A stored error body with `requestId` set to the replay's own (spec "Errors": it equals X-Request-Id). */
function replayBody(status: number, body: string, requestId: string): string {
  if (status < 400) return body;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return 'requestId' in parsed ? JSON.stringify({ ...parsed, requestId }) : body;
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) => {
  const box = new SecretBox(Buffer.from(await instanceSecret(db, 'idempotency_key'), 'base64url'));
  app.decorateRequest('idempotencyClaim', null);

  async function begin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string') return;
    const key = parseIdempotencyKey(header);
    const partnerId = request.auth.partner.id;
    const now = clock.now();
    const print = fingerprint(request);
    const claimed = await db
      .insertInto('idempotencyRecords')
      .values({ partnerId, key, fingerprint: print, status: 'in_progress', responseStatus: null, responseSealed: null, createdAt: now })
      .onConflict((oc) =>
        oc
          .columns(['partnerId', 'key'])
          .doUpdateSet({ fingerprint: print, status: 'in_progress', responseStatus: null, responseSealed: null, createdAt: now })
          .where((eb) =>
            eb.or([
              eb('idempotencyRecords.createdAt', '<', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
              eb.and([eb('idempotencyRecords.status', '=', 'in_progress'), eb('idempotencyRecords.createdAt', '<', new Date(now.getTime() - IDEMPOTENCY_ABANDONED_MS))]),
            ]),
          ),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotencyClaim = { key, claimedAt: now };
      return;
    }
    const existing = await db.selectFrom('idempotencyRecords').selectAll().where('partnerId', '=', partnerId).where('key', '=', key).executeTakeFirst();
    if (!existing) throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is being processed; retry shortly');
    if (existing.fingerprint !== print) throw new ApiError('idempotency_key_mismatch', 'This Idempotency-Key was used with a different request');
    if (existing.status === 'in_progress') throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is being processed; retry shortly');
    const status = existing.responseStatus!;
    return reply
      .status(status)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(replayBody(status, box.open(existing.responseSealed!), request.id));
  }

  async function finish(request: FastifyRequest, status: number, payload: unknown): Promise<void> {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = null;
    const record = { partnerId: request.auth.partner.id, key: claim.key, createdAt: claim.claimedAt };
    if (!decided(status, payload)) {
      await db.deleteFrom('idempotencyRecords').where('partnerId', '=', record.partnerId).where('key', '=', record.key).where('createdAt', '=', record.createdAt).execute();
      return;
    }
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload ?? null);
    await db
      .updateTable('idempotencyRecords')
      .set({ status: 'done', responseStatus: status, responseSealed: box.seal(body) })
      .where('partnerId', '=', record.partnerId)
      .where('key', '=', record.key)
      .where('createdAt', '=', record.createdAt)
      .execute();
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    await finish(request, reply.statusCode, payload);
    return payload;
  }

  // Only idempotent routes get the hooks: every other request (e.g. a transaction page) skips them.
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const preHandler = Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : [];
    route.preHandler = [...preHandler, begin];
    const onSendHooks = Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : [];
    route.onSend = [...onSendHooks, onSend];
  });
  // A client that goes away does not stop the handler: its answer is still stored by onSend, so a
  // retry with the key replays what was done instead of doing it twice.
});
