/**
 * The sandbox clock per partner (issue 17, docs/sandbox.md "Sandbox clock"): a partner's sandbox
 * time runs `offsetMs` ahead of the service's clock. The time is passed explicitly: the services
 * that follow it (connections, lifecycle, sync, accounts, connect sessions, the sandbox bank) are
 * built once per PartnerClock (`PartnerTimes`, src/partner-times.ts), and whoever knows the partner
 * (a route after authentication, the hosted flow after loading its session, the worker after
 * loading a job's connection or timer) picks the services of that partner's time. Live data,
 * other partners and webhook delivery keep the service's clock.
 */
import type { Clock } from './clock.ts';

/** The sandbox partner whose time applies, and how far (ms) it runs ahead. */
export interface SandboxTimeScope {
  partnerId: string;
  offsetMs: number;
}

/** A clock on a partner's time: `scope`'s sandbox time (the base clock plus its offset), or the base clock for null. */
export class PartnerClock implements Clock {
  /** The sandbox partner whose timers this time schedules (timers.ts), null for real time. */
  readonly sandboxPartnerId: string | null;
  private readonly offsetMs: number;

  constructor(
    private readonly base: Clock,
    scope: SandboxTimeScope | null,
  ) {
    this.sandboxPartnerId = scope?.partnerId ?? null;
    this.offsetMs = scope?.offsetMs ?? 0;
  }

  now(): Date {
    return this.offsetMs === 0 ? this.base.now() : new Date(this.base.now().getTime() + this.offsetMs);
  }
}
