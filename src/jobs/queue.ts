/**
 * The job queue (pg-boss on the service's PostgreSQL, DESIGN.md §2): a typed registry of job
 * names and payloads, enqueueing inside the caller's database transaction (so a state change
 * and the jobs it causes commit together), and workers.
 */
import { CompiledQuery, sql, type Expression } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/database.ts';
import { BossPool } from './boss-pool.ts';

/** Every job the service runs, with its payload. */
export interface JobPayloads {
  /** Download accounts and transactions of a connection (create, reconnect, refresh, a newly subscribed account). */
  'connection-download': {
    connectionId: string;
    reason: 'create' | 'reconnect' | 'refresh' | 'subscribe';
    accountId?: string;
    /** For a refresh: its start (UTC ISO-8601), which identifies it on the connection (refreshingSince). */
    refreshingSince?: string;
    /** For a refresh made with the user present: the user's IP address (PSU-IP-Address on the data calls). */
    psuIpAddress?: string;
  };
  /** A download that failed all its retries (the dead letter of `connection-download`): its connection gets an outcome. */
  'connection-download-failed': JobPayloads['connection-download'];
  /** Send a webhook delivery and its connection's next ones (webhooks.service.ts `deliver`). */
  'webhook-delivery': { deliveryId: string };
  /** A webhook-delivery job that failed all its retries (its dead letter): started again. */
  'webhook-delivery-failed': JobPayloads['webhook-delivery'];
  /** Revoke at the bank the consent of a connection that was disabled (retried while the bank is unreachable). */
  'consent-revoke': { connectionId: string; providerId: string; consentRef: string };
}

/** Which attempt of a job runs: `retryCount` 0 is the first; the last is `retryCount === retryLimit`. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type JobName = keyof JobPayloads;

/** How often one worker polls its queue while idle (queue.ts `subscribe`). */
const POLL_SECONDS = 0.5;
/** The shortest interval between two polls of one idle queue, however many workers it has. */
const MIN_POLL_INTERVAL_SECONDS = 0.1;
/** How often a worker of a queue with several polls on its own (their timer wakes one in turn). */
const IDLE_SIBLING_POLL_SECONDS = 30;

/**
 * SQL condition: the job `id` of queue `name` is still to run, waiting for a retry, or running
 * (pg-boss states created, retry and active), rather than completed, cancelled or failed.
 */
export const jobIsLive = (name: JobName, id: Expression<string | null>) =>
  sql<boolean>`EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = ${sql.lit(name)} AND j.id = ${id} AND j.state < 'completed')`;

/** pg-boss runs its statements through `tx`, so its jobs commit (or roll back) with the caller's. */
const bossDb = (tx: Tx | Db): PgBoss.Db => ({
  executeSql: async (text, values) => ({ rows: (await tx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] as object[] }),
});

/** Retry and expiry per queue. A job whose worker died is retried once it expires. */
function queueOptions(env: NodeJS.ProcessEnv): Record<JobName, PgBoss.Queue> {
  // Created in this order: a dead-letter queue must exist before the queue that names it.
  return {
    'connection-download-failed': {
      name: 'connection-download-failed',
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    },
    'connection-download': {
      name: 'connection-download',
      deadLetter: 'connection-download-failed',
      retryLimit: 5,
      retryDelay: Number(env.BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS ?? 5),
      retryBackoff: true,
      expireInSeconds: Number(env.BANKDATA_DOWNLOAD_EXPIRE_SECONDS ?? 600),
    },
    'consent-revoke': {
      name: 'consent-revoke',
      retryLimit: 10,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    },
    'webhook-delivery-failed': {
      name: 'webhook-delivery-failed',
      retryLimit: 10,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 60,
    },
    // Endpoint failures are retried on our own schedule (durable timers); pg-boss retries only
    // jobs whose worker died (the job expires) or could not record (the database unreachable):
    // after 1-2 s, then twice as long each time, 17 to 34 minutes over the ten retries.
    'webhook-delivery': {
      name: 'webhook-delivery',
      deadLetter: 'webhook-delivery-failed',
      retryLimit: 10,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: Number(env.BANKDATA_WEBHOOK_EXPIRE_SECONDS ?? 60),
    },
  };
}

/**
 * pg-boss 10 fetches a queue's jobs `ORDER BY priority DESC, created_on, id LIMIT batchSize FOR
 * UPDATE SKIP LOCKED` but indexes its waiting jobs by (name, start_after) only, so every fetch
 * read and sorted the queue's whole backlog (with 3,000 deliveries waiting, 6.7 ms of PostgreSQL
 * per fetch, 60 % of the database time of webhook delivery). This index is in fetch order: a
 * fetch reads the batch it returns and stops. It is made on pg-boss's partitioned `job` table, so
 * every queue's partition has it, also those created later; once, when it is missing (under an
 * advisory lock, so processes starting together do not race).
 */
async function createFetchIndex(boss: PgBoss): Promise<void> {
  const db = boss.getDb();
  const { rows } = (await db.executeSql(`SELECT to_regclass('pgboss.job_fetch_order_idx') IS NOT NULL AS present`, [])) as { rows: { present: boolean }[] };
  if (rows[0]?.present) return;
  // No parameters: one simple-protocol query, so the three statements run as one transaction.
  await db.executeSql(
    `BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('bankdata: pgboss.job_fetch_order_idx'));
    CREATE INDEX IF NOT EXISTS job_fetch_order_idx ON pgboss.job (name, priority DESC, created_on, id) WHERE state < 'active';
    COMMIT`,
    [],
  );
}

export interface JobQueueOptions {
  /** Run pg-boss maintenance (expiry, retention); only worker processes do. */
  maintenance: boolean;
  env?: NodeJS.ProcessEnv;
}

export class JobQueue {
  private readonly handling = new Set<Promise<void>>();
  /** The timers that wake an idle worker of each queue with several (subscribe). */
  private readonly pollTimers: NodeJS.Timeout[] = [];
  private stopRequested = false;
  private isStarted = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: BossPool,
    private readonly queues: Record<JobName, PgBoss.Queue>,
    /** Settles when pg-boss has started and our queues exist; rejects when that failed (the database unreachable). */
    readonly started: Promise<void>,
  ) {
    void started.then(() => (this.isStarted = true), () => {});
  }

  /** Connects pg-boss to `databaseUrl`, creating its schema and our queues (or updating their options). */
  static async start(databaseUrl: string, options: JobQueueOptions): Promise<JobQueue> {
    const queue = JobQueue.starting(databaseUrl, options);
    await queue.started;
    return queue;
  }

  /**
   * start() without waiting for it: the queue starts in the background (`started`) while the
   * caller goes on (`bankdata start` listens meanwhile: bench/README.md "start-up"). enqueue(),
   * enqueueMany(), work() and stop() wait for the start, so a job enqueued meanwhile still commits
   * in its caller's transaction, which waits the few round trips longer.
   */
  static starting(databaseUrl: string, options: JobQueueOptions): JobQueue {
    const env = options.env ?? process.env;
    // One line per error (a lost database connection, a failed maintenance run): pg-boss retries on its own.
    const onError = (error: Error) => console.error(`job queue error: ${error.message}`);
    const pool = new BossPool(databaseUrl, 4, onError);
    const boss = new PgBoss({
      db: pool,
      supervise: options.maintenance,
      schedule: false,
      maintenanceIntervalSeconds: Number(env.BANKDATA_JOB_MAINTENANCE_SECONDS ?? 30),
    });
    boss.on('error', onError);
    const queues = queueOptions(env);
    const started = (async () => {
      await boss.start();
      await createFetchIndex(boss);
      for (const queue of Object.values(queues)) {
        if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
        else await boss.createQueue(queue.name, queue);
      }
    })();
    started.catch(() => {});
    return new JobQueue(boss, pool, queues, started);
  }

  /** How long a job of `name` may run (ms) before pg-boss deems its worker dead and retries it. */
  expiryMs(name: JobName): number {
    return (this.queues[name].expireInSeconds ?? 900) * 1000;
  }

  /** Enqueues a job in the transaction `tx`: it exists only if `tx` commits. */
  async enqueue<N extends JobName>(tx: Tx | Db, name: N, data: JobPayloads[N], options: PgBoss.SendOptions = {}): Promise<void> {
    await this.started;
    await this.boss.send(name, data, { ...options, db: bossDb(tx) });
  }

  /** Enqueues one job of `name` per payload in the transaction `tx`, in one statement. */
  async enqueueMany<N extends JobName>(tx: Tx | Db, name: N, data: JobPayloads[N][]): Promise<void> {
    if (data.length === 0) return;
    await this.started;
    await this.boss.insert(data.map((d) => ({ name, data: d })), { db: bossDb(tx) });
  }

  /**
   * Runs `handler` for each job of `name` (with which attempt it is), one job at a time per
   * pg-boss worker, with `concurrency` workers; a thrown error makes pg-boss retry that job.
   */
  async work<N extends JobName>(name: N, handler: (data: JobPayloads[N], attempt: JobAttempt) => Promise<void>, concurrency = 2): Promise<void> {
    await this.subscribe(
      name,
      ([job]) => {
        const { data, retryCount, retryLimit } = job as PgBoss.JobWithMetadata<JobPayloads[N]>; // fetched with includeMetadata
        return handler(data, { retryCount, retryLimit });
      },
      concurrency,
      1,
      true,
    );
  }

  /**
   * Runs `handler` on batches of up to `batchSize` jobs of `name`, with `concurrency` pg-boss
   * workers; a thrown error makes pg-boss retry the whole batch. A worker that found jobs fetches
   * again at once (pg-boss would otherwise wait its 0.5 s polling interval after every batch),
   * so a backlog drains at the speed of the handler; an idle worker polls every 0.5 s. Jobs are
   * fetched without pg-boss's metadata columns (the handler gets ids and payloads; a retried job
   * keeps its id).
   */
  async workBatches<N extends JobName>(name: N, handler: (batch: { id: string; data: JobPayloads[N] }[]) => Promise<void>, concurrency: number, batchSize: number): Promise<void> {
    await this.subscribe(name, (jobs) => handler(jobs.map((job) => ({ id: job.id, data: job.data }))), concurrency, batchSize, false);
  }

  /**
   * `concurrency` pg-boss workers on `name`; `includeMetadata` fetches retry counts and the other
   * metadata columns with each job. A queue with one worker polls every 0.5 s. A queue with more
   * is polled by its idle workers in turn (a timer wakes the next idle one) as often as its
   * workers would poll every 0.5 s each, but at most every 0.1 s: 4 webhook workers as before, 32
   * download workers 10 times a second instead of 64 (pg-boss plans each poll anew: they cost an
   * idle worker process ~4 % of a core of PostgreSQL). A worker that finds jobs fetches again at
   * once and wakes the next idle one, which wakes the next if it finds jobs too, so a burst is
   * taken up by every worker within a few fetches. Left alone, a worker polls every
   * IDLE_SIBLING_POLL_SECONDS.
   */
  private async subscribe<N extends JobName>(
    name: N,
    handler: (jobs: PgBoss.Job<JobPayloads[N]>[]) => Promise<void>,
    concurrency: number,
    batchSize: number,
    includeMetadata: boolean,
  ): Promise<void> {
    await this.started;
    const workerIds: string[] = [];
    const busy = new Set<string>();
    let turn = 0;
    /** Wakes the next worker of the queue that is not handling jobs, if any. */
    const wakeIdle = () => {
      for (let k = 0; k < workerIds.length; k++) {
        const id = workerIds[(turn + k) % workerIds.length]!;
        if (busy.has(id)) continue;
        turn = (turn + k + 1) % workerIds.length;
        this.boss.notifyWorker(id);
        return;
      }
    };
    const pollingIntervalSeconds = concurrency === 1 ? POLL_SECONDS : IDLE_SIBLING_POLL_SECONDS;
    for (let i = 0; i < concurrency; i++) {
      const workerId: string = await this.boss.work<JobPayloads[N]>(name, { pollingIntervalSeconds, batchSize, includeMetadata }, async (jobs) => {
        busy.add(workerId);
        this.boss.notifyWorker(workerId);
        wakeIdle();
        const running = handler(jobs);
        this.handling.add(running);
        try {
          await running;
        } finally {
          this.handling.delete(running);
          busy.delete(workerId);
        }
      });
      workerIds.push(workerId);
    }
    if (concurrency > 1) this.pollTimers.push(setInterval(wakeIdle, Math.max(POLL_SECONDS / concurrency, MIN_POLL_INTERVAL_SECONDS) * 1000).unref());
  }

  /** True once started until stop() begins: the queue accepts jobs and its workers (if any) fetch them. */
  get running(): boolean {
    return this.isStarted && !this.stopRequested;
  }

  /** True once stop() has begun: a handler that works through a run of jobs ends it early and hands the rest to new jobs. */
  get stopping(): boolean {
    return this.stopRequested;
  }

  /**
   * Stops fetching new jobs, waits up to `timeoutMs` for running ones, then closes pg-boss's
   * connections once no handler runs and no statement is under way (a poll still running when
   * the stop came may yet have fetched jobs: they are handled and their outcome recorded first).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.stopRequested = true;
    for (const timer of this.pollTimers.splice(0)) clearInterval(timer);
    // A queue that never started has only its connections to close.
    if (!(await this.started.then(() => true, () => false))) return this.pool.close(() => false, timeoutMs);
    const stopped = new Promise<void>((resolve) => {
      this.boss.once('stopped', () => resolve());
      setTimeout(resolve, timeoutMs + 5_000).unref();
    });
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    await stopped;
    await this.pool.close(() => this.handling.size > 0, timeoutMs);
  }
}
