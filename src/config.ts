/**
 * Configuration from the environment (DESIGN.md §3), validated once and frozen.
 * DATABASE_URL (unset = embedded PostgreSQL), PORT (3000), BANKDATA_BASE_URL
 * (http://localhost:PORT), BANKDATA_DATA_DIR (./.bankdata), LOG_LEVEL (info), REDIS_URL (rate-limit
 * counters in Redis instead of PostgreSQL), BANKDATA_RATE_LIMIT (100 requests/s per key),
 * BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS (false: live webhook endpoints must be public https addresses),
 * BANKDATA_WEBHOOK_CONCURRENCY (4 delivery fetchers per worker), BANKDATA_WEBHOOK_BATCH_SIZE (64
 * delivery jobs per fetch), BANKDATA_DB_POOL_SIZE (10 database connections per serve/worker process),
 * BANKDATA_DOWNLOAD_CONCURRENCY (32 downloads at once per worker).
 * BANKDATA_METRICS_PORT (unset: no metrics listener), BANKDATA_METRICS_HOST (HOST),
 * BANKDATA_METRICS_PUBLIC (false; true also serves GET /metrics on the public port).
 * BANKDATA_SECRET_KEY and BANKDATA_SECRET_KEY_PREVIOUS (the key of secrets at rest; lib/secret-keys.ts).
 * BANKDATA_OPERATOR_NAME (bankdata) and BANKDATA_OPERATOR_NOTICE (none): who provides the service
 * and its regulatory line, in the hosted pages' footer.
 * BANKDATA_TRUST_PROXY (false): which reverse proxies' X-Forwarded-For to believe, so `request.ip`
 * is the client's address (portal sign-in limits, PSU-IP-Address): `true`, or a comma list of
 * addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Job-queue and sandbox knobs are read where they apply (src/jobs/queue.ts, src/services.ts).
 */
import { isIP } from 'node:net';
import { parseSecretKey } from './lib/secret-keys.ts';

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
  /** Downloads one worker process runs at once (they wait on banks, not on CPU). */
  readonly downloadConcurrency: number;
  /** Port of the Prometheus metrics listener of this process; null: none. */
  readonly metricsPort: number | null;
  readonly metricsHost: string;
  /** Also answer GET /metrics on the public port. */
  readonly metricsPublic: boolean;
  /**
   * Live webhook endpoints may be private, loopback or link-local addresses, over plain http too
   * (development and tests only; warned about at start-up and in `partner show`).
   */
  readonly allowPrivateWebhookUrls: boolean;
  /** BANKDATA_SECRET_KEY (32 bytes): seals webhook secrets; unset = a key generated into dataDir. */
  readonly secretKey: Buffer | undefined;
  /** BANKDATA_SECRET_KEY_PREVIOUS: opens what the previous key sealed, during a rotation. */
  readonly secretKeyPrevious: Buffer | undefined;
  /** BANKDATA_OPERATOR_NAME: who provides the service, named in the hosted pages' footer. */
  readonly operatorName: string;
  /** BANKDATA_OPERATOR_NOTICE: the operator's regulatory line (licence, register), in the footer; '' = none. */
  readonly operatorNotice: string;
  /** BANKDATA_TRUST_PROXY, Fastify's `trustProxy`: false (default), true (any sender), or addresses/CIDRs/names. */
  readonly trustProxy: boolean | string[];
}

/** A positive integer from `env[name]`, or `fallback` when unset; throws an Error naming the variable. */
function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}

/** Downloads per worker: measured in bench/README.md "download-concurrency". */
export const DEFAULT_DOWNLOAD_CONCURRENCY = 32;
/** A TCP port (0-65535) from `env[name]`; throws an Error naming the variable. */
function portNumber(env: NodeJS.ProcessEnv, name: string): number {
  const value = Number(env[name]);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got "${env[name]}"`);
  return value;
}

/** true/false (unset or empty: false) from `env[name]`; throws an Error naming the variable. */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name] || 'false';
  if (value !== 'true' && value !== 'false') throw new Error(`${name} must be true or false, got "${value}"`);
  return value === 'true';
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * BANKDATA_TRUST_PROXY: unset or `false` (trust no X-Forwarded-For), `true` (trust any sender:
 * only when nothing but the proxy reaches the port), or a comma list of proxy addresses, CIDR ranges (`10.0.0.0/8`) and the names loopback, linklocal, uniquelocal.
 * Throws an Error naming the variable for anything else.
 */
function trustProxy(env: NodeJS.ProcessEnv): boolean | string[] {
  const value = (env.BANKDATA_TRUST_PROXY ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((e) => e.trim());
  const valid = (entry: string) => {
    if (PROXY_NAMES.includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  const bad = entries.filter((e) => !valid(e));
  if (bad.length) throw new Error(`BANKDATA_TRUST_PROXY must be true, false or a comma list of addresses, CIDR ranges and ${PROXY_NAMES.join(', ')}; not "${bad.join(', ')}"`);
  return entries;
}

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
    downloadConcurrency: positiveInt(env, 'BANKDATA_DOWNLOAD_CONCURRENCY', DEFAULT_DOWNLOAD_CONCURRENCY),
    metricsPort: env.BANKDATA_METRICS_PORT ? portNumber(env, 'BANKDATA_METRICS_PORT') : null,
    metricsHost: env.BANKDATA_METRICS_HOST ?? env.HOST ?? '0.0.0.0',
    metricsPublic: flag(env, 'BANKDATA_METRICS_PUBLIC'),
    allowPrivateWebhookUrls: flag(env, 'BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS'),
    secretKey: env.BANKDATA_SECRET_KEY ? parseSecretKey(env.BANKDATA_SECRET_KEY, 'BANKDATA_SECRET_KEY') : undefined,
    secretKeyPrevious: env.BANKDATA_SECRET_KEY_PREVIOUS ? parseSecretKey(env.BANKDATA_SECRET_KEY_PREVIOUS, 'BANKDATA_SECRET_KEY_PREVIOUS') : undefined,
    operatorName: env.BANKDATA_OPERATOR_NAME?.trim() || 'bankdata',
    operatorNotice: env.BANKDATA_OPERATOR_NOTICE?.trim() ?? '',
    trustProxy: trustProxy(env),
  });
}
