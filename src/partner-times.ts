/**
 * The services on each partner's time (issue 17, docs/sandbox.md "Sandbox clock";
 * lib/partner-clock.ts): `real` works on the service's clock (live data, work of no partner), and
 * a set per sandbox partner works on its sandbox clock. A partner's set is built on first use
 * from the same factories (src/services.ts) and built again when its offset changed. Whoever knows
 * the partner picks the set: API routes by the request's key (`ofAuth`), hosted pages by the
 * session they show (`ofSession`, `ofHostedToken`), bank pages and callbacks by the journey's
 * connection (`ofJourney`), the worker by a job's connection (`ofConnection`) or a timer's scope.
 */
import type { Db } from './db/database.ts';
import type { AuthContext } from './plugins/auth.ts';
import type { Clock } from './lib/clock.ts';
import { sha256Hex, type Mode } from './lib/ids.ts';
import { PartnerClock, type SandboxTimeScope } from './lib/partner-clock.ts';
import { connectionsRepository } from './modules/connections/connections.repository.ts';
import { connectSessionsRepository } from './modules/connect-sessions/connect-sessions.repository.ts';
import type { PartnersService } from './modules/partners/partners.service.ts';

/** What API routes are given (PartnerTimes.ofAuth): the services on the time of a request's key. */
export type OnAuthTime<T> = (auth: AuthContext) => T;

/** What the hosted pages are given: the services on the real time, or on the time of the session or journey they load. */
export type OnDataTime<T> = Pick<PartnerTimes<T>, 'real' | 'ofSession' | 'ofHostedToken' | 'ofJourney'>;

/** Whose data a piece of work touches. */
export interface PartnerData {
  partnerId: string;
  mode: Mode;
}

export class PartnerTimes<T> {
  /** The services on the service's clock. */
  readonly real: T;
  /** Each sandbox partner's services, with the offset (ms) they were built for. */
  private readonly sandbox = new Map<string, { offsetMs: number; services: T }>();

  constructor(
    private readonly deps: { db: Db; clock: Clock; partners: PartnersService },
    private readonly build: (clock: PartnerClock) => T,
  ) {
    this.real = build(new PartnerClock(deps.clock, null));
  }

  /** The services on `scope`'s time: a sandbox partner's (offset in ms), or real time for null. */
  of(scope: SandboxTimeScope | null): T {
    if (!scope) return this.real;
    const built = this.sandbox.get(scope.partnerId);
    if (built?.offsetMs === scope.offsetMs) return built.services;
    const services = this.build(new PartnerClock(this.deps.clock, scope));
    this.sandbox.set(scope.partnerId, { offsetMs: scope.offsetMs, services });
    return services;
  }

  /** The services of an API request's key: its partner's sandbox time for a sandbox key, else real time (no query). */
  ofAuth(auth: AuthContext): T {
    return auth.mode === 'sandbox' ? this.of({ partnerId: auth.partner.id, offsetMs: Number(auth.partner.sandboxClockOffsetMs) }) : this.real;
  }

  /** The services of `data`'s partner and mode (its offset read now); real time for none. */
  async ofData(data: PartnerData | undefined | null): Promise<T> {
    return data ? this.of(await this.deps.partners.timeScope(data.partnerId, data.mode)) : this.real;
  }

  /** The services of connection `connectionId`'s partner and mode (a job of it). */
  async ofConnection(connectionId: string): Promise<T> {
    return this.ofData(await connectionsRepository(this.deps.db).find(connectionId));
  }

  /** The services of the connection whose bank journey has state `state` (bank pages and callbacks). */
  async ofJourney(state: string): Promise<T> {
    return this.ofData(await connectionsRepository(this.deps.db).findByAuthorizationToken(sha256Hex(state)));
  }

  /** The services of connect session `sessionId`'s partner and mode (the hosted pages). */
  async ofSession(sessionId: string): Promise<T> {
    return this.ofData(await connectSessionsRepository(this.deps.db).find(sessionId));
  }

  /** The services of the connect session whose hostedUrl has `token`. */
  async ofHostedToken(token: string): Promise<T> {
    return this.ofData(await connectSessionsRepository(this.deps.db).findByTokenHash(sha256Hex(token)));
  }
}
