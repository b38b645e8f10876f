/**
 * pg-boss's database connections: a `pg` pool that is ended only once every statement pg-boss
 * started on it has settled, and that rides out a database outage: a statement that finds the
 * database unreachable is tried again with backoff (0.25 s doubling to 5 s) until it runs or the
 * pool closes. pg-boss 10.4.2 calls complete()/fail() without awaiting them (manager.js), so a
 * rejection there would end the process; waiting instead records the job's outcome once the
 * database is back (a statement whose answer was lost is safe to repeat: fetching marks jobs
 * active, which expire and are retried; completing or failing a job twice changes nothing).
 *
 * pg-boss's own pool is ended while workers may still wait for a connection, and `pg`'s
 * `Pool.end()` never answers a caller still waiting for one. Such a worker never stops, and
 * pg-boss's stop loop keeps the process alive for ever after everything else has closed (seen as
 * a `bankdata start` or `bankdata worker` that does not exit on SIGTERM, whenever more workers
 * poll than the pool has connections).
 */
import { setTimeout } from 'node:timers/promises';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { isDatabaseUnavailable, OutageLog } from '../db/availability.ts';

/** Thrown by statements started or retried after the pool closed. */
export class JobQueueStopped extends Error {
  constructor() {
    super('the job queue has stopped');
    this.name = 'JobQueueStopped';
  }
}

const MAX_BACKOFF_MS = 5_000;

export class BossPool implements PgBoss.Db {
  private readonly pool: pg.Pool;
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;
  private readonly outage = new OutageLog('the job queue');

  /** A pool of at most `max` connections to `connectionString`; errors of idle connections go to `onError`. */
  constructor(connectionString: string, max: number, onError: (error: Error) => void) {
    this.pool = new pg.Pool({ connectionString, max, application_name: 'pgboss' });
    this.pool.on('error', onError);
    // A connection lost while checked out emits 'error' on its client too: without a listener, the process would end.
    this.pool.on('connect', (client) => client.on('error', () => {}));
  }

  /**
   * Runs one statement, trying again with backoff while the database is unreachable. Throws the
   * database's other errors, or JobQueueStopped once the pool is closed.
   */
  async executeSql(text: string, values: unknown[]): Promise<{ rows: any[] }> {
    for (let attempt = 0; ; attempt++) {
      if (this.closed) throw new JobQueueStopped();
      try {
        const result = await this.run(text, values);
        this.outage.succeeded();
        return result;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        this.outage.failed(error as Error);
        await setTimeout(Math.min(MAX_BACKOFF_MS, 250 * 2 ** attempt));
      }
    }
  }

  private async run(text: string, values: unknown[]): Promise<{ rows: any[] }> {
    const query = this.pool.query(text, values);
    this.running.add(query);
    try {
      return await query;
    } finally {
      this.running.delete(query);
    }
  }

  /**
   * Ends the pool once no statement is under way (also none waiting for a connection) and
   * `busy()` is false, or after `timeoutMs`; statements after that are refused.
   */
  async close(busy: () => boolean, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await Promise.allSettled([...this.running]);
      // A moment for what settled to start its follow-up (pg-boss completes a job after its handler returns).
      await setTimeout(20);
      if (this.running.size === 0 && !busy()) break;
    }
    this.closed = true;
    await this.pool.end();
  }
}
