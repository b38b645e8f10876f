/**
 * Idempotency-Key (spec "Endpoints"; DESIGN.md §5; IETF draft httpapi-idempotency-key-header) on
 * routes with `config.idempotent`: the key (bare or a quoted structured-field string, at most 255
 * characters) is scoped per partner for 24 hours. A replay answers the original status and body
 * with `Idempotent-Replayed: true`; the same key with a different request is 422
 * idempotency_key_mismatch; a request still running with that key is 409 idempotency_key_in_use.
 * Requests that fail validation (400) or the server (5xx) are not stored: they are safe to retry.
 * Records live in PostgreSQL, so every instance agrees.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError, invalid } from '../lib/errors.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: string | null;
  }
}

/** The key of an Idempotency-Key header value: bare, or a structured-field string ("..."). */
export function parseIdempotencyKey(raw: string): string {
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(raw.trim());
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, '$1') : raw.trim();
  if (key.length === 0 || key.length > 255) throw invalid('headers.idempotency-key', 'must be 1 to 255 characters');
  return key;
}

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params, request.headers['x-client-id'] ?? null, request.body ?? null]))
    .digest('hex');
}

export const idempotencyPlugin = fp(async (app: FastifyInstance, { db, clock }: { db: Db; clock: Clock }) => {
  app.decorateRequest('idempotencyKey', null);

  async function begin(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string') return;
    const key = parseIdempotencyKey(header);
    const partnerId = request.auth.partner.id;
    const now = clock.now();
    const print = fingerprint(request);
    const claimed = await db
      .insertInto('idempotencyRecords')
      .values({ partnerId, key, fingerprint: print, status: 'in_progress', responseStatus: null, responseBody: null, createdAt: now })
      .onConflict((oc) =>
        oc
          .columns(['partnerId', 'key'])
          .doUpdateSet({ fingerprint: print, status: 'in_progress', responseStatus: null, responseBody: null, createdAt: now })
          .where('idempotencyRecords.createdAt', '<', new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
      )
      .returning('key')
      .executeTakeFirst();
    if (claimed) {
      request.idempotencyKey = key;
      return;
    }
    const existing = await db.selectFrom('idempotencyRecords').selectAll().where('partnerId', '=', partnerId).where('key', '=', key).executeTakeFirst();
    if (!existing) throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is being processed; retry shortly');
    if (existing.fingerprint !== print) throw new ApiError('idempotency_key_mismatch', 'This Idempotency-Key was used with a different request');
    if (existing.status === 'in_progress') throw new ApiError('idempotency_key_in_use', 'A request with this Idempotency-Key is being processed; retry shortly');
    return reply.status(existing.responseStatus!).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(existing.responseBody);
  }

  async function finish(request: FastifyRequest, status: number, payload: unknown): Promise<void> {
    const key = request.idempotencyKey;
    if (!key) return;
    request.idempotencyKey = null;
    const where = db.deleteFrom('idempotencyRecords').where('partnerId', '=', request.auth.partner.id).where('key', '=', key);
    if (status >= 500 || status === 400 || status === 429) {
      await where.execute();
      return;
    }
    await db
      .updateTable('idempotencyRecords')
      .set({ status: 'done', responseStatus: status, responseBody: typeof payload === 'string' ? payload : JSON.stringify(payload ?? null) })
      .where('partnerId', '=', request.auth.partner.id)
      .where('key', '=', key)
      .execute();
  }

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const preHandler = Array.isArray(route.preHandler) ? route.preHandler : route.preHandler ? [route.preHandler] : [];
    route.preHandler = [...preHandler, begin];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await finish(request, reply.statusCode, payload);
    return payload;
  });
  // A client that went away before the answer leaves nothing stored: the key may be retried.
  app.addHook('onRequestAbort', async (request) => {
    if (request.idempotencyKey) await finish(request, 500, null);
  });
});
