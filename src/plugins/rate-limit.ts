/**
 * Rate limits per API key (spec "Limits", "Errors" rate_limited; DESIGN.md §3, §5): a fixed
 * one-second window, `partner.rateLimit` requests per key (default BANKDATA_RATE_LIMIT, 100).
 * Counters are shared by every instance: in PostgreSQL (an UNLOGGED table, counted in the same
 * round trip as the API-key lookup) or in Redis when REDIS_URL is set. Every API answer carries
 * the IETF draft headers `RateLimit-Policy: "default";q=100;w=1` and `RateLimit: "default";r=42;t=1`;
 * a 429 rate_limited also carries `Retry-After` (seconds, never earlier than `t`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';

export const WINDOW_SECONDS = 1;

/** Counts a request of `keyId` in the window starting at `windowStart` (unix seconds); returns the count so far. */
export interface RateCounter {
  hit(keyId: string, windowStart: number): Promise<number>;
  close(): Promise<void>;
}

/** Redis counters: INCR with an expiry of two windows. */
export class RedisCounter implements RateCounter {
  private readonly redis: Redis;
  constructor(url: string) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  }
  async hit(keyId: string, windowStart: number): Promise<number> {
    const key = `bankdata:rl:${keyId}:${windowStart}`;
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS * 2).exec()) as [[Error | null, number]];
    return count;
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { clock: Clock; defaultLimit: number; counter: RateCounter | null }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.auth) return;
    const now = options.clock.now().getTime();
    const windowStart = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const count = options.counter ? await options.counter.hit(request.auth.keyId, windowStart) : request.auth.requestsInWindow;
    if (count === undefined) return;
    const limit = request.auth.partner.rateLimit ?? options.defaultLimit;
    const reset = Math.max(1, Math.ceil(windowStart + WINDOW_SECONDS - now / 1000));
    reply.header('ratelimit-policy', `"default";q=${limit};w=${WINDOW_SECONDS}`);
    reply.header('ratelimit', `"default";r=${Math.max(0, limit - count)};t=${reset}`);
    if (count > limit) {
      throw new ApiError('rate_limited', `Rate limit of ${limit} requests per ${WINDOW_SECONDS} s exceeded for this API key; retry after ${reset} s`, { headers: { 'retry-after': String(reset) } });
    }
  });
});
