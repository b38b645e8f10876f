/**
 * pg-boss's database connections: a `pg` pool that is ended only once every statement pg-boss
 * started on it has settled.
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

export class BossPool implements PgBoss.Db {
  private readonly pool: pg.Pool;
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  /** A pool of at most `max` connections to `connectionString`; errors of idle connections go to `onError`. */
  constructor(connectionString: string, max: number, onError: (error: Error) => void) {
    this.pool = new pg.Pool({ connectionString, max, application_name: 'pgboss' });
    this.pool.on('error', onError);
  }

  /** Runs one statement. Throws the database's error, or an Error once the pool is closed. */
  async executeSql(text: string, values: unknown[]): Promise<{ rows: any[] }> {
    if (this.closed) throw new Error('the job queue has stopped');
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
