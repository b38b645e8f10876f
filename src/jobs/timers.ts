/**
 * Durable timers (DESIGN.md §3): rows in `timers` with a due time read from the injectable
 * clock, so tests move time instead of waiting. Scheduling happens inside the caller's
 * transaction; the worker's sweeper fires due timers, each in its own transaction together with
 * the state change it causes. A timer whose handler throws is retried a minute later.
 * A timer scheduled for a partner's sandbox (by a service on that partner's PartnerClock,
 * lib/partner-clock.ts) is due by that partner's sandbox clock, and its handler is given the
 * partner's time; webhook retries keep real time.
 */
import { sql } from 'kysely';
import { isDatabaseUnavailable, OutageLog } from '../db/availability.ts';
import type { Db, Tx } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { SandboxTimeScope } from '../lib/partner-clock.ts';

export type TimerKind = 'connection-initiation' | 'consent-expiry' | 'consent-expiring' | 'webhook-retry' | 'connect-session-expiry';

/** Fires timer `refId` inside `tx`; `scope` is the sandbox time it belongs to (null: real time). */
export type TimerHandler = (tx: Tx, refId: string, scope: SandboxTimeScope | null) => Promise<void>;

/**
 * Schedules (or moves) the timer `kind` of `refId` to fire at `dueAt`: by the sandbox clock of
 * partner `sandboxPartnerId` (the caller's PartnerClock.sandboxPartnerId), by real time for null
 * (webhook retries: always null).
 */
export async function scheduleTimer(tx: Tx | Db, kind: TimerKind, refId: string, dueAt: Date, sandboxPartnerId: string | null): Promise<void> {
  await tx
    .insertInto('timers')
    .values({ kind, refId, dueAt, firedAt: null, sandboxPartnerId })
    .onConflict((oc) => oc.columns(['kind', 'refId']).doUpdateSet({ dueAt, firedAt: null, sandboxPartnerId }))
    .execute();
}

/** Cancels the timer `kind` of `refId`, if any. */
export async function cancelTimer(tx: Tx | Db, kind: TimerKind, refId: string): Promise<void> {
  await tx.deleteFrom('timers').where('kind', '=', kind).where('refId', '=', refId).execute();
}

export class TimerSweeper {
  private readonly handlers = new Map<TimerKind, TimerHandler>();
  private interval: NodeJS.Timeout | null = null;
  /** The sweep in progress (or the last one): sweeps of one sweeper run one after another. */
  private last: Promise<unknown> = Promise.resolve();
  private busy = false;
  private readonly outage = new OutageLog('the timer sweeper');

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Registers what firing a timer of `kind` does. */
  on(kind: TimerKind, handler: TimerHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Fires every timer due by the clock's now; returns how many fired. A call while this sweeper's
   * own sweep runs waits for it and then sweeps: it never returns early because the other sweep
   * holds a due timer (other processes' sweepers skip locked timers).
   */
  fireDue(): Promise<number> {
    const run = this.last.then(() => this.sweep());
    this.last = run.catch(() => undefined);
    return run;
  }

  private async sweep(): Promise<number> {
    let fired = 0;
    for (;;) {
      const now = this.clock.now();
      let current: number | null = null;
      const done = await this.db
        .transaction()
        .execute(async (tx) => {
          // A sandbox timer is due by its partner's sandbox clock (real now + the partner's offset).
          const offsetMs = sql<number>`coalesce((select p.sandbox_clock_offset_ms from partners p where p.id = timers.sandbox_partner_id), 0)`;
          const timer = await tx
            .selectFrom('timers')
            .selectAll()
            .select(offsetMs.as('offsetMs'))
            .where('firedAt', 'is', null)
            .where((eb) =>
              eb.or([
                eb.and([eb('sandboxPartnerId', 'is', null), eb('dueAt', '<=', now)]),
                eb.and([eb('sandboxPartnerId', 'is not', null), eb('dueAt', '<=', sql<Date>`${now}::timestamptz + ${offsetMs} * interval '1 millisecond'`)]),
              ]),
            )
            .where('kind', 'in', [...this.handlers.keys()])
            .orderBy('dueAt')
            .limit(1)
            .forUpdate()
            .skipLocked()
            .executeTakeFirst();
          if (!timer) return false;
          current = timer.id;
          const scope = timer.sandboxPartnerId ? { partnerId: timer.sandboxPartnerId, offsetMs: Number(timer.offsetMs) } : null;
          await this.handlers.get(timer.kind as TimerKind)!(tx, timer.refId, scope);
          await tx.updateTable('timers').set({ firedAt: new Date(now.getTime() + (scope?.offsetMs ?? 0)) }).where('id', '=', timer.id).execute();
          return true;
        })
        .catch(async (error) => {
          // The database is away: the timer stays due and the next tick tries again.
          if (isDatabaseUnavailable(error)) throw error;
          console.error('timer failed; retrying in a minute', error);
          if (current === null) return false;
          await this.db
            .updateTable('timers')
            .set({ dueAt: sql<Date>`${now}::timestamptz + interval '1 minute'` })
            .where('id', '=', current)
            .execute();
          return true;
        });
      if (!done) return fired;
      fired++;
    }
  }

  /** Sweeps every `intervalMs` until stop(). */
  start(intervalMs = 1000): void {
    this.interval = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.fireDue()
        .then(() => this.outage.succeeded())
        .catch((error) => (isDatabaseUnavailable(error) ? this.outage.failed(error) : console.error('timer sweep failed; retrying at the next tick', error)))
        .finally(() => (this.busy = false));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    await this.last;
  }
}
