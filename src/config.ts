/**
 * Configuration from the environment (DESIGN.md §3), validated once and frozen.
 * DATABASE_URL (unset = embedded PostgreSQL), PORT (3000), BANKDATA_BASE_URL
 * (http://localhost:PORT), BANKDATA_DATA_DIR (./.bankdata), LOG_LEVEL (info), REDIS_URL (rate-limit
 * counters in Redis instead of PostgreSQL), BANKDATA_RATE_LIMIT (100 requests/s per key),
 * BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS (false: live webhook endpoints must be public https addresses),
 * BANKDATA_WEBHOOK_CONCURRENCY (4 delivery fetchers per worker), BANKDATA_WEBHOOK_BATCH_SIZE (64
 * delivery jobs per fetch), BANKDATA_DB_POOL_SIZE (10 database connections per serve/worker process),
 * BANKDATA_DOWNLOAD_CONCURRENCY (32 downloads at once per worker).
 * Job-queue and sandbox knobs are read where they apply (src/jobs/queue.ts, src/services.ts).
 */
export interface Config {
  readonly databaseUrl: string | undefined;
  readonly port: number;
  readonly host: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly logLevel: string;
  readonly redisUrl: string | undefined;
  /** Default requests per second per API key (partners may override). */
  readonly rateLimit: number;
  /** Database connections of a `start`, `serve` or `worker` process (the job queue has 4 more). */
  readonly databasePoolSize: number;
  /** Webhook delivery fetchers per worker process. */
  readonly webhookConcurrency: number;
  /** Delivery jobs (each a connection's run of due deliveries) each fetcher takes at once. */
  readonly webhookBatchSize: number;
  /**
   * Live webhook endpoints may be private, loopback or link-local addresses, over plain http too
   * (development and tests only; warned about at start-up and in `partner show`).
   */
  readonly allowPrivateWebhookUrls: boolean;
  /** Downloads one worker process runs at once (they wait on banks, not on CPU). */
  readonly downloadConcurrency: number;
}

/** A boolean from `env[name]` ("true" or "false"), or false when unset; throws an Error naming the variable. */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

/** A positive integer from `env[name]`, or `fallback` when unset; throws an Error naming the variable. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}

/** Downloads per worker: measured in bench/README.md "download-concurrency". */
export const DEFAULT_DOWNLOAD_CONCURRENCY = 32;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the environment; throws an Error naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const rateLimit = positiveInt(env, 'BANKDATA_RATE_LIMIT', 100);
  const baseUrl = (env.BANKDATA_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new Error(`BANKDATA_BASE_URL must be an absolute URL, got "${baseUrl}"`);
  }
  return Object.freeze({
    databaseUrl: env.DATABASE_URL || undefined,
    port,
    host: env.HOST ?? '0.0.0.0',
    baseUrl,
    dataDir: env.BANKDATA_DATA_DIR ?? './.bankdata',
    logLevel,
    redisUrl: env.REDIS_URL || undefined,
    rateLimit,
    databasePoolSize: positiveInt(env, 'BANKDATA_DB_POOL_SIZE', 10),
    webhookConcurrency: positiveInt(env, 'BANKDATA_WEBHOOK_CONCURRENCY', 4),
    webhookBatchSize: positiveInt(env, 'BANKDATA_WEBHOOK_BATCH_SIZE', 64),
    allowPrivateWebhookUrls: flag(env, 'BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS'),
    downloadConcurrency: positiveInt(env, 'BANKDATA_DOWNLOAD_CONCURRENCY', DEFAULT_DOWNLOAD_CONCURRENCY),
  });
}
