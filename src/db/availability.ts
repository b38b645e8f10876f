/**
 * Telling "the database cannot be reached right now" (refused, reset, shut down, restarting)
 * apart from "a statement failed". The first is temporary and affects every statement alike:
 * the API answers 503 with Retry-After, the job queue backs off and tries again, and a process
 * never ends because of it (docs/operations.md "What survives what").
 */

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node socket errors of a connection that cannot be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** pg's own messages for a connection lost or not queryable, and its pool's connect timeout. */
const PG_MESSAGES = [/^Connection terminated/, /not queryable/, /timeout exceeded when trying to connect/, /^Connection ended unexpectedly/];

/**
 * True when `error` means the database is unreachable: a socket error (ECONNREFUSED, ...),
 * a connection pg lost, or a PostgreSQL error of class 08 (connection exception) or 57P01-57P03
 * (administrator or crash shutdown, starting up). Follows `cause` and AggregateError members.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  if (PG_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}

/**
 * Reports a database outage once per outage rather than once per failed statement: `failed`
 * logs the first error of an outage, `succeeded` logs the recovery. `what` names the user of
 * the connections ("the API", "the job queue").
 */
export class OutageLog {
  private since: number | null = null;

  constructor(
    private readonly what: string,
    private readonly log: (line: string) => void = (line) => console.error(line),
  ) {}

  failed(error: Error): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.log(`database unreachable for ${this.what} (${error.message}); retrying with backoff`);
  }

  succeeded(): void {
    if (this.since === null) return;
    this.log(`database reachable again for ${this.what} after ${((Date.now() - this.since) / 1000).toFixed(1)} s`);
    this.since = null;
  }
}
