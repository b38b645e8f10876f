/**
 * The sandbox clock per partner (issue 17, docs/sandbox.md "Sandbox clock"): a partner's sandbox
 * time runs `offsetMs` ahead of the service's clock. Work done for one partner's sandbox (an API
 * request with a sandbox key, a timer or a download of a sandbox connection) runs inside a clock
 * scope naming that partner; `PartnerClock.now()` answers the scope's time, the service's clock
 * elsewhere (live data, other partners, webhook delivery). Scopes live in an AsyncLocalStorage
 * whose store is one mutable object per unit of work, so a request can adopt its partner's scope
 * once it knows the partner (after authentication, or after loading a hosted session).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Clock } from './clock.ts';

/** The sandbox partner whose time applies, and how far (ms) it runs ahead. */
export interface SandboxTimeScope {
  partnerId: string;
  offsetMs: number;
}

interface ScopeStore {
  current: SandboxTimeScope | null;
}

const scopes = new AsyncLocalStorage<ScopeStore>();

/** Runs `work` in a fresh unit of work, in `scope` (null: real time) until it adopts another. */
export function runInTimeScope<T>(scope: SandboxTimeScope | null, work: () => T): T {
  return scopes.run({ current: scope }, work);
}

/**
 * Makes the current unit of work (started with runInTimeScope) follow `scope`; outside one it does
 * nothing. Null returns it to real time.
 */
export function adoptTimeScope(scope: SandboxTimeScope | null): void {
  const store = scopes.getStore();
  if (store) store.current = scope;
}

/** The sandbox partner whose clock the current work follows, or null. */
export function sandboxPartnerInScope(): string | null {
  return scopes.getStore()?.current?.partnerId ?? null;
}

/** A clock that answers the scope's sandbox time (the base clock plus the partner's offset), else the base clock. */
export class PartnerClock implements Clock {
  constructor(private readonly base: Clock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + (scopes.getStore()?.current?.offsetMs ?? 0));
  }
}
