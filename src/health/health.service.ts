/**
 * Liveness and readiness (for load balancers and orchestrators; docs/operations.md): the
 * process is alive as long as it answers; it is ready when its database answers, the schema
 * has every migration this code knows, and its job queue runs.
 */
import { sql } from 'kysely';
import { isDatabaseUnavailable } from '../db/availability.ts';
import type { Db } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { JobQueue } from '../jobs/queue.ts';

/** A database probe that takes longer than this counts as unreachable (ms). */
const PROBE_TIMEOUT_MS = 2_000;

/** `reason` is safe to show anyone (no host, port or migration names); `detail` is for the log. */
export type Readiness = { ready: true } | { ready: false; reason: string; detail: string };

export interface HealthDeps {
  db: Db;
  queue: JobQueue;
}

export function healthService({ db, queue }: HealthDeps) {
  /** Runs `probe`, failing after PROBE_TIMEOUT_MS. */
  async function withinTimeout<T>(probe: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([probe, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** Ready, or the first reason not to be: the database unreachable, migrations pending, the job queue not started or stopped. */
    async readiness(): Promise<Readiness> {
      if (!queue.running) return { ready: false, reason: 'the job queue is not running', detail: queue.stopping ? 'stopping' : 'starting' };
      try {
        await withinTimeout(sql`SELECT 1`.execute(db));
        const pending = await withinTimeout(pendingMigrations(db));
        if (pending.length > 0) return { ready: false, reason: 'the database needs migrations', detail: pending.join(', ') };
      } catch (error) {
        const detail = (error as Error).message || String((error as { code?: string }).code);
        return { ready: false, reason: isDatabaseUnavailable(error) ? 'the database cannot be reached' : 'the database did not answer', detail };
      }
      return { ready: true };
    },
  };
}

export type HealthService = ReturnType<typeof healthService>;
