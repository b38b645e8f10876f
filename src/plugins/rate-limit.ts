/**
 * Rate limits per API key (spec "Limits", "Errors" rate_limited; DESIGN.md §3, §5): a fixed
 * one-second window, `partner.rateLimit` requests per key (default BANKDATA_RATE_LIMIT, 100).
 * Counters are shared by every instance: in PostgreSQL (an UNLOGGED table, counted in the same
 * round trip as the API-key lookup) or in Redis when REDIS_URL is set. Every API answer carries
 * the IETF draft headers `RateLimit-Policy: "default";q=100;w=1` and `RateLimit: "default";r=42;t=1`;
 * a 429 rate_limited also carries `Retry-After` (seconds, never earlier than `t`).
 *
 * Redis must answer at start-up (else the app does not start, saying why). If it goes away
 * later, requests are admitted without counting (fail open, no RateLimit headers) and a warning
 * is logged at most once a minute, until it is back: losing the limiter never takes the API down.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { rateLimitRefusals } from '../metrics/metrics.ts';

export const WINDOW_SECONDS = 1;

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies the rate limit to a request whose `auth` a route set itself (rate-limit.ts). */
    admitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** How long a request waits for Redis before it is admitted uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_WARNING_INTERVAL_MS = 60_000;

/** Rate-limit counters in Redis: INCR with an expiry of two windows. */
export class RedisCounter {
  private constructor(private readonly redis: Redis) {}

  /** Connects to `url`; throws an Error naming REDIS_URL and the cause when Redis does not answer. */
  static async connect(url: string): Promise<RedisCounter> {
    // No offline queue and a command timeout: while Redis is away a count fails at once instead of waiting.
    // Loaded only with REDIS_URL: the client is a large module for a start without Redis. Read
    // through the default export (module.exports), the one name the bundle's chunk keeps.
    const { Redis } = (await import('ioredis')).default;
    const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 3000, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
    let cause = '';
    // Without a listener every reconnect attempt would log "[ioredis] Unhandled error event".
    redis.on('error', (error: Error) => (cause = error.message));
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      redis.disconnect();
      const shown = new URL(url);
      if (shown.password) shown.password = '***';
      throw new Error(`REDIS_URL: cannot reach Redis at ${shown} (${cause || (error as Error).message}); start Redis or unset REDIS_URL to count requests in PostgreSQL`);
    }
    return new RedisCounter(redis);
  }

  /** Counts a request of `keyId` in the window starting at `windowStart` (unix seconds); the count so far. Rejects while Redis is unreachable. */
  async hit(keyId: string, windowStart: number): Promise<number> {
    const key = `bankdata:rl:${keyId}:${windowStart}`;
    const [[error, count]] = (await this.redis.multi().incr(key).expire(key, WINDOW_SECONDS * 2).exec()) as [[Error | null, number]];
    if (error) throw error;
    return count;
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { clock: Clock; defaultLimit: number; redisUrl: string | undefined }) => {
  const counter = options.redisUrl ? await RedisCounter.connect(options.redisUrl) : null;
  if (counter) app.addHook('onClose', () => counter.close());
  let lastWarning = -Infinity;

  /** The Redis count, or undefined (admit uncounted) while Redis is unreachable. */
  async function countInRedis(redis: RedisCounter, keyId: string, windowStart: number): Promise<number | undefined> {
    try {
      return await redis.hit(keyId, windowStart);
    } catch (error) {
      if (Date.now() - lastWarning >= REDIS_WARNING_INTERVAL_MS) {
        lastWarning = Date.now();
        app.log.warn({ err: error }, 'Redis is unreachable: requests are admitted without rate limiting until it is back');
      }
      return undefined;
    }
  }

  /** Sets the RateLimit headers for `count` requests in the current window; the 429 error past the limit, else null. */
  function limit(request: FastifyRequest, reply: FastifyReply, now: number, count: number): ApiError | null {
    const windowStart = Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const allowed = request.auth.partner.rateLimit ?? options.defaultLimit;
    const reset = Math.max(1, Math.ceil(windowStart + WINDOW_SECONDS - now / 1000));
    reply.header('ratelimit-policy', `"default";q=${allowed};w=${WINDOW_SECONDS}`);
    reply.header('ratelimit', `"default";r=${Math.max(0, allowed - count)};t=${reset}`);
    if (count <= allowed) return null;
    rateLimitRefusals.inc();
    return new ApiError('rate_limited', `Rate limit of ${allowed} requests per ${WINDOW_SECONDS} s exceeded for this API key; retry after ${reset} s`, { headers: { 'retry-after': String(reset) } });
  }

  /**
   * Applies the limit to an authenticated request: counted in Redis, or by the credential lookup
   * (`request.auth.requestsInWindow`, PostgreSQL). Throws 429 rate_limited past the limit.
   */
  async function admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = options.clock.now().getTime();
    const count = counter ? await countInRedis(counter, request.auth.keyId, Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS) : request.auth.requestsInWindow;
    if (count === undefined) return;
    const error = limit(request, reply, now, count);
    if (error) throw error;
  }
  // Routes that authenticate on their own (SimpleFIN's HTTP Basic) call it after setting request.auth.
  app.decorate('admitRequest', admit);

  if (counter) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.auth) await admit(request, reply);
    });
  } else {
    // Counted by the API-key lookup (auth.ts) in the same round trip: nothing to await, so a
    // callback hook (no promise on every request).
    app.addHook('onRequest', (request, reply, done) => {
      const count = request.auth?.requestsInWindow;
      done(count === undefined ? undefined : (limit(request, reply, options.clock.now().getTime(), count) ?? undefined));
    });
  }
});
