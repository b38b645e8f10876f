/**
 * A partner's connections seen across its clients (issue 15, the portal's Overview and
 * Connections pages; the API sees them per client): counts by state, recent creations and
 * failures, the webhook success rate, consents ending soon, a list filtered by state or found by
 * connection id, client id, client externalId or connect session id, and one connection with its
 * accounts and its timeline (tracking events with their analytics headers, lifecycle events with
 * their webhook deliveries, refreshes). Always one partner and one mode; periods follow the
 * partner's sandbox clock in sandbox mode.
 */
import type { Db } from '../../db/database.ts';
import type { ConnectionState } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mode } from '../../lib/ids.ts';
import { PartnerClock } from '../../lib/partner-clock.ts';
import type { AccountsService, AccountView } from '../accounts/accounts.service.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { ConnectionEventView, DeliveryStats, WebhookHistory } from '../webhooks/webhook-history.ts';
import { connectionsRepository, type ListedConnection } from './connections.repository.ts';
import { ANALYTICS_HEADERS } from './connections.service.ts';

export const CONNECTION_STATES: ConnectionState[] = ['Active', 'Pending', 'Inactive', 'Disabled'];
const DAY_MS = 86_400_000;
/** The Overview's period for new connections, failures and the webhook success rate. */
export const RECENT_DAYS = 7;

/** The Overview's recent counts a Connections list can show: connections created, or with a failed attempt, in the last RECENT_DAYS. */
export const RECENT_FILTERS = ['created', 'failed'] as const;
export type RecentFilter = (typeof RECENT_FILTERS)[number];
/** The Overview lists Active connections whose consent ends within this many days. */
export const EXPIRING_DAYS = 14;
/** The longest list the Connections page shows. */
export const LIST_LIMIT = 200;

export interface ConnectionSummary {
  id: string;
  clientId: string;
  clientExternalId: string | null;
  sessionId: string | null;
  state: ConnectionState;
  errorCode: string | null;
  errorDesc: string | null;
  providerId: string;
  providerName: string;
  createdAt: string;
  /** UTC ISO-8601; null before the first consent. */
  consentExpiresAt: string | null;
  lastRefreshedAt: string | null;
}

export interface Overview {
  /** Start of the recent period (UTC ISO-8601) and the end of the expiry window. */
  since: string;
  expiringUntil: string;
  byState: Record<ConnectionState, number>;
  total: number;
  createdRecently: number;
  failures: { create: number; refresh: number };
  webhooks: DeliveryStats;
  /** Active connections whose consent ends within EXPIRING_DAYS, soonest first (at most 50). */
  expiring: ConnectionSummary[];
}

/** One line of a connection's timeline. */
export type TimelineEntry =
  /** `headers`: the analytics headers sent, by header name (lower case), in the spec's order. */
  | { at: string; kind: 'tracking'; what: string; headers: [string, string][] }
  | { at: string; kind: 'event'; what: string; event: ConnectionEventView }
  | { at: string; kind: 'refresh'; what: string; counted: boolean };

export interface ConnectionDetail extends ConnectionSummary {
  ownershipType: string;
  locale: string;
  accounts: AccountView[];
  /** Newest first. */
  timeline: TimelineEntry[];
  refreshCount: number;
}

/** A tracking event's stored analytics fields as [header name, value] pairs. */
const sentHeaders = (stored: Record<string, string>): [string, string][] =>
  Object.entries(ANALYTICS_HEADERS).flatMap(([header, field]) => (stored[field] !== undefined ? [[header, stored[field]] as [string, string]] : []));

const summary = (c: ListedConnection): ConnectionSummary => ({
  id: c.id,
  clientId: c.clientId,
  clientExternalId: c.clientExternalId,
  sessionId: c.sessionId,
  state: c.state,
  errorCode: c.errorCode,
  errorDesc: c.errorDesc,
  providerId: c.providerId,
  providerName: c.providerName,
  createdAt: c.createdAt.toISOString(),
  consentExpiresAt: c.consentExpiresAt?.toISOString() ?? null,
  lastRefreshedAt: c.lastRefreshedAt?.toISOString() ?? null,
});

export interface ConnectionDirectoryDeps {
  db: Db;
  clock: Clock;
  partners: PartnersService;
  accounts: AccountsService;
  history: WebhookHistory;
}

export function connectionDirectory({ db, clock, partners, accounts, history }: ConnectionDirectoryDeps) {
  const repo = connectionsRepository(db);

  /** The partner's time in `mode`: its sandbox clock in sandbox mode, else the service's. */
  async function nowOf(partnerId: string, mode: Mode): Promise<Date> {
    return new PartnerClock(clock, await partners.timeScope(partnerId, mode)).now();
  }

  return {
    /** The Overview of a partner's `mode`: see Overview. */
    async overview(partnerId: string, mode: Mode): Promise<Overview> {
      const now = await nowOf(partnerId, mode);
      const since = new Date(now.getTime() - RECENT_DAYS * DAY_MS);
      const until = new Date(now.getTime() + EXPIRING_DAYS * DAY_MS);
      const counts = await repo.countsForPartner(partnerId, mode, since);
      const byState = Object.fromEntries(CONNECTION_STATES.map((s) => [s, counts.byState[s] ?? 0])) as Record<ConnectionState, number>;
      const failures = await history.eventCounts(partnerId, mode, ['ConnectionCreateFailed', 'ConnectionRefreshFailed'], since);
      return {
        since: since.toISOString(),
        expiringUntil: until.toISOString(),
        byState,
        total: Object.values(byState).reduce((a, b) => a + b, 0),
        createdRecently: counts.createdSince,
        failures: { create: failures.ConnectionCreateFailed, refresh: failures.ConnectionRefreshFailed },
        // Deliveries are stamped with the service's clock, not the sandbox one.
        webhooks: await history.deliveryStats(partnerId, mode, new Date(clock.now().getTime() - RECENT_DAYS * DAY_MS)),
        expiring: (await repo.consentsEndingBetween(partnerId, mode, now, until, 50)).map(summary),
      };
    },

    /**
     * A partner's connections of `mode`, newest first (at most LIST_LIMIT): in `state` when
     * given; with `term` (trimmed), those whose connection id, client id, client externalId or
     * connect session id is exactly `term`; with `recent`, those the Overview counts in its last
     * RECENT_DAYS: created (`created`) or with a failed creation or reconnect (`failed`).
     */
    async list(partnerId: string, mode: Mode, filter: { state?: ConnectionState; term?: string; recent?: RecentFilter }): Promise<ConnectionSummary[]> {
      const term = filter.term?.trim() || undefined;
      const since = filter.recent ? new Date((await nowOf(partnerId, mode)).getTime() - RECENT_DAYS * DAY_MS) : undefined;
      const recent = filter.recent === 'created' ? { createdSince: since } : filter.recent === 'failed' ? { failedSince: since } : {};
      return (await repo.listForPartner(partnerId, mode, { state: filter.state, term, ...recent }, LIST_LIMIT)).map(summary);
    },

    /** One connection of a partner's `mode` with its accounts and timeline; null when it is not the partner's (or of the other mode). */
    async detail(partnerId: string, mode: Mode, connectionId: string): Promise<ConnectionDetail | null> {
      const connection = await repo.findForPartner(partnerId, mode, connectionId);
      if (!connection) return null;
      const [tracking, events, refreshes] = await Promise.all([repo.trackingEvents(connection.id), history.connectionEvents(connection.id), repo.refreshesOf(connection.id)]);
      const timeline: TimelineEntry[] = [
        ...tracking.map((t) => ({ at: t.at.toISOString(), kind: 'tracking' as const, what: t.kind === 'reconnect' ? 'Reconnect started' : `Connection ${t.kind}`, headers: sentHeaders(t.headers) })),
        ...events.map((e) => ({ at: e.at, kind: 'event' as const, what: e.type, event: e })),
        ...refreshes.map((r) => ({ at: r.at.toISOString(), kind: 'refresh' as const, what: r.counted ? 'Refresh (background)' : 'Refresh (user present)', counted: r.counted })),
      ].sort((a, b) => b.at.localeCompare(a.at));
      return {
        ...summary(connection),
        ownershipType: connection.ownershipType,
        locale: connection.locale,
        accounts: await accounts.ofConnection(connection.id),
        timeline,
        refreshCount: refreshes.length,
      };
    },
  };
}

export type ConnectionDirectory = ReturnType<typeof connectionDirectory>;
