/**
 * The last line of defence of a long-running process (`start`, `serve`, `worker`) against a
 * database outage: pg-boss 10.4.2 records a job's outcome (complete()/fail()) without awaiting
 * it, so a database error there is an unhandled rejection, which Node turns into an exit. The job
 * queue's pool retries such statements while the database is away (jobs/boss-pool.ts); what can
 * still reject is a statement cut short by the queue stopping, or the database going away in a
 * way no pool saw. Such a rejection is logged and the process carries on (the job expires and is
 * retried). Every other unhandled rejection still ends the process, as Node's default does.
 */
import { isDatabaseUnavailable } from './availability.ts';
import { JobQueueStopped } from '../jobs/boss-pool.ts';

let installed = false;

/** Installs the process-wide `unhandledRejection` handler (once). */
export function surviveDatabaseOutages(log: (line: string) => void = (line) => console.error(line)): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason) || reason instanceof JobQueueStopped) {
      log(`unhandled database error ignored, the process carries on (pg-boss records job outcomes without awaiting them): ${(reason as Error).message}`);
      return;
    }
    throw reason;
  });
}
