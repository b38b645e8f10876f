/**
 * Prometheus metrics of this process (issue 19; docs/operations.md "Metrics"), with prom-client
 * on a registry of our own. Each process (`start`, `serve`, `worker`) counts what it does itself
 * and exposes its own numbers; Prometheus sums them over the processes it scrapes. Recording is a
 * counter increment or a histogram observation (no I/O); the job-queue and pool gauges are read
 * when scraped. Durations are in seconds.
 */
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'bankdata_' });

/** HTTP requests by method, route pattern and status (observed when the response is sent). */
export const httpRequestDuration = new Histogram({
  name: 'bankdata_http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/** How a download ended: see `DownloadOutcome` (src/modules/connections/connections.sync.ts). */
export const downloadDuration = new Histogram({
  name: 'bankdata_download_duration_seconds',
  help: 'Duration of bank downloads (accounts and transactions) by outcome: succeeded, failed (for good), retrying (temporary error, the job runs again), abandoned (no longer wanted)',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: 'bankdata_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome: delivered (2xx), retrying (will be tried again), failed (no more tries), unsendable (no enabled endpoint)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookDeliveryLag = new Histogram({
  name: 'bankdata_webhook_delivery_lag_seconds',
  help: 'Time from an event to its delivery answered with 2xx (includes retries)',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400],
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'bankdata_rate_limit_refusals_total',
  help: 'Requests refused with 429 rate_limited',
  registers: [registry],
});

const pools = new Set<pg.Pool>();

/** Counts `pool` in bankdata_db_pool_connections until it is ended. */
export function trackPool(pool: pg.Pool): void {
  pools.add(pool);
}

new Gauge({
  name: 'bankdata_db_pool_connections',
  help: "Connections of this process's database pools: total open, idle, and waiting (requests queued for a connection)",
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let total = 0;
    let idle = 0;
    let waiting = 0;
    for (const pool of pools) {
      if (pool.ended) {
        pools.delete(pool);
        continue;
      }
      total += pool.totalCount;
      idle += pool.idleCount;
      waiting += pool.waitingCount;
    }
    this.set({ state: 'total' }, total);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'waiting' }, waiting);
  },
});

let queueDb: Db | null = null;

/** Reads the job-queue gauges from `db` (pg-boss's tables) on each scrape. */
export function observeQueues(db: Db): void {
  queueDb = db;
}

interface QueueRow {
  name: string;
  depth: number;
  age: number | null;
}
let pendingRows: Promise<QueueRow[]> | null = null;

/** One query per scrape for both queue gauges (prom-client collects them concurrently). */
function queueRows(): Promise<QueueRow[]> {
  if (!queueDb) return Promise.resolve([]);
  pendingRows ??= sql<QueueRow>`
    SELECT q.name, count(j.id)::int AS depth, extract(epoch FROM now() - min(j.created_on))::float8 AS age
    FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active' AND j.start_after <= now()
    GROUP BY q.name`
    .execute(queueDb)
    .then((result) => result.rows)
    .finally(() => (pendingRows = null));
  return pendingRows;
}

new Gauge({
  name: 'bankdata_job_queue_depth',
  help: 'Jobs due to run (created or retry, start time reached) per queue',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const row of await queueRows()) this.set({ queue: row.name }, row.depth);
  },
});

new Gauge({
  name: 'bankdata_job_queue_oldest_age_seconds',
  help: 'Age of the oldest job due to run per queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const row of await queueRows()) this.set({ queue: row.name }, row.age ?? 0);
  },
});
