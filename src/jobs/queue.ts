/**
 * The job queue (pg-boss on the service's PostgreSQL, DESIGN.md §2): a typed registry of job
 * names and payloads, enqueueing inside the caller's database transaction (so a state change
 * and the jobs it causes commit together), and workers.
 */
import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db, Tx } from '../db/database.ts';

/** Every job the service runs, with its payload. */
export interface JobPayloads {
  /** Download accounts and transactions of a connection (create, reconnect, refresh, a newly subscribed account). */
  'connection-download': { connectionId: string; reason: 'create' | 'reconnect' | 'refresh' | 'subscribe'; accountId?: string };
  /** One attempt of a webhook delivery. */
  'webhook-delivery': { deliveryId: string };
}

export type JobName = keyof JobPayloads;

/** Retry and expiry per queue. A job whose worker died is retried once it expires. */
function queueOptions(env: NodeJS.ProcessEnv): Record<JobName, PgBoss.Queue> {
  return {
    'connection-download': {
      name: 'connection-download',
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: Number(env.BANKDATA_DOWNLOAD_EXPIRE_SECONDS ?? 600),
    },
    // Endpoint failures are retried on our own schedule (durable timers); pg-boss retries only
    // attempts whose worker died (the job expires after the 15 s timeout and a margin).
    'webhook-delivery': {
      name: 'webhook-delivery',
      retryLimit: 10,
      retryDelay: 1,
      expireInSeconds: Number(env.BANKDATA_WEBHOOK_EXPIRE_SECONDS ?? 60),
    },
  };
}

export interface JobQueueOptions {
  /** Run pg-boss maintenance (expiry, retention); only worker processes do. */
  maintenance: boolean;
  env?: NodeJS.ProcessEnv;
}

export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  /** Connects pg-boss to `databaseUrl`, creating its schema and our queues (or updating their options). */
  static async start(databaseUrl: string, options: JobQueueOptions): Promise<JobQueue> {
    const env = options.env ?? process.env;
    const boss = new PgBoss({
      connectionString: databaseUrl,
      max: 4,
      supervise: options.maintenance,
      schedule: false,
      maintenanceIntervalSeconds: Number(env.BANKDATA_JOB_MAINTENANCE_SECONDS ?? 30),
    });
    boss.on('error', (error) => console.error('job queue error', error));
    await boss.start();
    for (const queue of Object.values(queueOptions(env))) {
      if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, queue);
      else await boss.createQueue(queue.name, queue);
    }
    return new JobQueue(boss);
  }

  /** Enqueues a job in the transaction `tx`: it exists only if `tx` commits. */
  async enqueue<N extends JobName>(tx: Tx | Db, name: N, data: JobPayloads[N], options: PgBoss.SendOptions = {}): Promise<void> {
    const db: PgBoss.Db = {
      executeSql: async (text, values) => ({ rows: (await tx.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] as object[] }),
    };
    await this.boss.send(name, data, { ...options, db });
  }

  /**
   * Runs `handler` for each job of `name` with `concurrency` pg-boss workers, each fetching up to
   * `batchSize` jobs at a time; a thrown error makes pg-boss retry that job only (the others of
   * its batch complete). With batchSize 1 a worker polls every 0.5 s, also after a job (pg-boss's
   * loop: at most `concurrency` jobs per 0.5 s). A batchSize above 1 is the throughput mode: the
   * jobs of a batch run concurrently and a worker that found jobs fetches again at once, so jobs
   * created in order may finish in another order.
   */
  async work<N extends JobName>(name: N, handler: (data: JobPayloads[N]) => Promise<void>, concurrency = 2, batchSize = 1): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      let workerId: string | null = null;
      workerId = await this.boss.work<JobPayloads[N]>(name, { pollingIntervalSeconds: 0.5, batchSize }, async (jobs) => {
        const outcomes = await Promise.allSettled(jobs.map((job) => handler(job.data)));
        for (const [j, outcome] of outcomes.entries()) {
          if (outcome.status === 'rejected') await this.boss.fail(name, jobs[j]!.id, { message: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) });
        }
        if (batchSize > 1 && workerId) this.boss.notifyWorker(workerId);
      });
    }
  }

  /** Stops fetching new jobs, waits up to `timeoutMs` for running ones, and for pg-boss to close its pool. */
  async stop(timeoutMs = 10_000): Promise<void> {
    const stopped = new Promise<void>((resolve) => {
      this.boss.once('stopped', () => resolve());
      setTimeout(resolve, timeoutMs + 5_000).unref();
    });
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    await stopped;
  }
}
