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
import pg from 'pg';
import type PgBoss from 'pg-boss';

export class BossPool implements PgBoss.Db {
  private readonly pool: pg.Pool;
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;

  /** A pool of at most `max` connections to `connectionString`; errors of idle connections go to `onError`. */
  constructor(connectionString: string, max: number, onError: (error: Error) => void) {
    this.pool = new pg.Pool({ connectionString, max, application_name: 'pgboss' });
    this.pool.on('error', onError);
  }

  /** Runs one statement. Throws the database's error, or an Error once close() has begun. */
  async executeSql(text: string, values: unknown[]): Promise<{ rows: any[] }> {
    if (this.closing) throw new Error('the job queue has stopped');
    const query = this.pool.query(text, values);
    this.running.add(query);
    try {
      return await query;
    } finally {
      this.running.delete(query);
    }
  }

  /** Refuses new statements, waits for those already started (also those waiting for a connection), then ends the pool. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
    await this.pool.end();
  }
}
