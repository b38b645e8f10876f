/**
 * The connection state machine after creation (spec "Connection states" transition table,
 * "POST .../refresh", "Revoke connection"; DESIGN.md §5): activation with the consent-expiry
 * timer, consent expiry, revocation by the partner, at the bank and automatically after the
 * first download, refresh with its guards, and deletion. Every state change commits together
 * with its event and the jobs or timers it causes.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, Provider } from '../../db/schema.ts';
import { localDay } from '../../lib/local-day.ts';
import type { Banks } from '../../banks/index.ts';
import type { PartnerClock } from '../../lib/partner-clock.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { addDuration } from '../../lib/iso.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { cancelTimer, scheduleTimer } from '../../jobs/timers.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { EventLog } from '../webhooks/events.ts';
import type { UsageService } from '../usage/usage.service.ts';
import { connectionsRepository } from './connections.repository.ts';
import { checkPsuIpAddress, subjectOf, toConnectionView, type ConnectionsService, type ConnectionView } from './connections.service.ts';

/** Cooldown after a successful manual refresh (spec "Limits"). */
const REFRESH_COOLDOWN_MS = 10 * 60_000;
const DAY_MS = 86_400_000;
/** A refresh marked running for longer than this is taken to have died. */
const REFRESH_STALE_MS = 15 * 60_000;

/** Why a connection became Inactive: `errorDesc` (human text) and the internal `errorCode`. */
const INACTIVE_REASONS = {
  expired: { errorCode: 'consent_expired', errorDesc: 'Consent expired' },
  revokedByPartner: { errorCode: 'consent_revoked', errorDesc: 'Consent revoked by the partner' },
  revokedAtBank: { errorCode: 'consent_revoked', errorDesc: 'Consent revoked at the bank' },
  revokedAutomatically: { errorCode: 'consent_revoked', errorDesc: 'Consent revoked automatically after the first download' },
  userPresenceRequired: { errorCode: 'background_refresh_not_allowed', errorDesc: 'The bank requires the user to be present; reconnect with the user' },
  reauthenticationRequired: { errorCode: 'reauthentication_required', errorDesc: 'The bank demands a new authorization; reconnect' },
} as const;
type InactiveReason = keyof typeof INACTIVE_REASONS;

/** The outcome code of an accepted refresh that the consent's end cut short (ConnectionRefreshFailed). */
const REFRESH_CUT_SHORT_CODE = 'consent_inactive';

/**
 * The refresh guard's limits (spec "Limits", "Errors": refresh_cooldown and
 * refresh_quota_exceeded "come from the same guard"): the cooldown runs 10 minutes from the start
 * of the last successful manual refresh; a daily quota of `quota` counted (background) refreshes
 * per connection resets at `dayEnd` (the next midnight: UTC for sandbox, the provider's time
 * zone for live; docs/live.md "Refresh quota"), as does a bank's ACCESS_EXCEEDED (`blockedUntil`).
 * Answers the later of the ends with the code of that binding limit, or null when a refresh is
 * possible at `now`.
 */
function refreshLimit(
  now: Date,
  lastManualRefreshAt: Date | null,
  quota: { used: number; allowed: number | null; dayEnd: Date; blockedUntil: Date | null } | null,
): { code: 'refresh_cooldown' | 'refresh_quota_exceeded'; at: Date } | null {
  const cooldownEnd = lastManualRefreshAt ? lastManualRefreshAt.getTime() + REFRESH_COOLDOWN_MS : 0;
  const used = quota !== null && quota.allowed !== null && quota.used >= quota.allowed;
  const quotaEnd = Math.max(used ? quota!.dayEnd.getTime() : 0, quota?.blockedUntil?.getTime() ?? 0);
  if (Math.max(cooldownEnd, quotaEnd) <= now.getTime()) return null;
  return quotaEnd >= cooldownEnd ? { code: 'refresh_quota_exceeded', at: new Date(quotaEnd) } : { code: 'refresh_cooldown', at: new Date(cooldownEnd) };
}

/**
 * True when `connection` is Active and runs a refresh: the one started at `refreshingSince`
 * (UTC ISO-8601, as the refresh job carries it), or any when not given (jobs queued before the
 * job carried it). A consent that ended or a reconnect ended the refresh; a later one is another.
 */
export function runsRefresh(connection: Connection | undefined, refreshingSince?: string): connection is Connection & { refreshingSince: Date } {
  if (connection?.state !== 'Active' || !connection.refreshingSince) return false;
  return refreshingSince === undefined || connection.refreshingSince.toISOString() === refreshingSince;
}

/** The day a provider's refresh allowance counts in: the provider's local day for live providers, the UTC day for sandbox ones. */
export const quotaDay = (provider: Pick<Provider, 'mode' | 'timeZone'>, at: Date) => localDay(at, provider.mode === 'live' ? provider.timeZone : 'UTC');

export interface LifecycleDeps {
  db: Db;
  /** The partner's time this instance works on (lib/partner-clock.ts); its timers carry its sandbox partner. */
  clock: PartnerClock;
  queue: JobQueue;
  events: EventLog;
  banks: Banks;
  providers: ProvidersService;
  partners: PartnersService;
  connections: ConnectionsService;
  usage: UsageService;
}

/**
 * Locks the connection inside `tx`; 404 not_found when it was deleted meanwhile (a concurrent
 * DELETE of it or of its client won the race), as a request after that DELETE would answer.
 */
async function lockExisting(tx: Tx, connectionId: string): Promise<Connection> {
  const locked = await connectionsRepository(tx).lock(connectionId);
  if (!locked) throw notFound(`Connection ${connectionId}`);
  return locked;
}

const recoverable = (c: Connection) => {
  if (c.state === 'Disabled') throw new ApiError('connection_not_recoverable', 'The connection is Disabled: it never obtained consent; create a new connection');
};

export function lifecycleService(deps: LifecycleDeps) {
  const { db, clock, events, banks, queue } = deps;

  async function connectorOf(connection: Connection) {
    const provider = (await deps.providers.find(connection.providerId))!;
    return { provider, connector: banks.connectorFor(provider) };
  }

  /**
   * Makes a locked connection Inactive inside `tx` for `reason`, with `event` (or none), and
   * cancels the expiry timer. A refresh still running is cut short: it stores nothing more and
   * its outcome is ConnectionRefreshFailed with error.code consent_inactive, after `event`.
   * `changes` are written in the same update (an expiry's consentExpiresAt).
   */
  async function inactivate(
    tx: Tx,
    connection: Connection,
    reason: InactiveReason,
    event: 'ConnectionConsentExpired' | 'ConnectionConsentRevoked' | null,
    data: Record<string, unknown> = {},
    changes: { consentExpiresAt?: Date } = {},
  ): Promise<void> {
    const now = clock.now();
    await connectionsRepository(tx).update(connection.id, { state: 'Inactive', ...INACTIVE_REASONS[reason], refreshingSince: null, updatedAt: now, ...changes });
    await cancelTimer(tx, 'consent-expiry', connection.id);
    await cancelTimer(tx, 'consent-expiring', connection.id);
    if (event) await deps.events.record(tx, subjectOf(connection), event, data, now);
    if (connection.refreshingSince) {
      const error = { code: REFRESH_CUT_SHORT_CODE, message: `The consent ended during the refresh (${INACTIVE_REASONS[reason].errorDesc}); nothing more was stored` };
      await deps.events.record(tx, subjectOf(connection), 'ConnectionRefreshFailed', { error }, now);
    }
  }

  /** Revokes at the bank, then makes the connection Inactive with `event` (none for an automatic revoke). */
  async function revokeNow(connection: Connection, reason: InactiveReason, event: 'ConnectionConsentRevoked' | null, data: Record<string, unknown> = {}): Promise<Connection> {
    if (connection.consentRef) await (await connectorOf(connection)).connector.revokeConsent(connection.consentRef);
    return db.transaction().execute(async (tx) => {
      const locked = await lockExisting(tx, connection.id);
      if (locked.state === 'Active') await inactivate(tx, locked, reason, event, data);
      return lockExisting(tx, connection.id);
    });
  }

  return {
    /**
     * Inside `tx`: a downloaded connection becomes Active with ConnectionCreateSuccess, its consent
     * expiring after the partner's consentDuration or at the bank's validUntil when earlier
     * (durable timer), and a live one is metered (an activation, or a reconnect when
     * `data.reconnect`).
     */
    async activate(tx: Tx, connection: Connection, data: Record<string, unknown>): Promise<void> {
      const now = clock.now();
      const partner = await deps.partners.show(connection.partnerId, tx);
      const partnerEnd = addDuration(now, partner.consentDuration);
      // The bank may date the consent's end earlier (validUntil): the connection expires then.
      const consentExpiresAt = connection.bankValidUntil && connection.bankValidUntil < partnerEnd ? connection.bankValidUntil : partnerEnd;
      // The journey is over: the user's address is not kept.
      await connectionsRepository(tx).update(connection.id, { state: 'Active', errorCode: null, errorDesc: null, consentExpiresAt, psuIpAddress: null, updatedAt: now });
      // Metered (live only): one activation per connection, one reconnect per consent it renews.
      if (data.reconnect) await deps.usage.record(tx, connection, 'reconnect', connection.consentRef ?? '', now);
      else await deps.usage.record(tx, connection, 'activation', connection.consentRef ?? '', now);
      await cancelTimer(tx, 'connection-initiation', connection.id);
      await scheduleTimer(tx, 'consent-expiry', connection.id, consentExpiresAt, clock.sandboxPartnerId);
      // The notice of this consent's end (a reconnect's new consent gets its own); none when it would be due already.
      const noticeAt = new Date(consentExpiresAt.getTime() - partner.consentExpiringNoticeDays * DAY_MS);
      if (partner.consentExpiringNoticeDays > 0 && noticeAt > now) await scheduleTimer(tx, 'consent-expiring', connection.id, noticeAt, clock.sandboxPartnerId);
      else await cancelTimer(tx, 'consent-expiring', connection.id);
      await events.record(tx, subjectOf(connection), 'ConnectionCreateSuccess', data, now);
    },

    /**
     * Timer, the partner's consentExpiringNoticeDays before an Active consent's end:
     * ConnectionConsentExpiring `{consentExpiresAt, noticeDays}`. Nothing when the connection is no
     * longer Active, its consent already ended, or the partner set the notice to 0 meanwhile. The
     * timer fires once per consent (activation or reconnect schedules it anew).
     */
    async noticeConsentExpiring(tx: Tx, connectionId: string): Promise<void> {
      const connection = await connectionsRepository(tx).lock(connectionId);
      const now = clock.now();
      if (connection?.state !== 'Active' || !connection.consentExpiresAt || connection.consentExpiresAt <= now) return;
      const partner = await deps.partners.show(connection.partnerId, tx);
      if (partner.consentExpiringNoticeDays === 0) return;
      await events.record(tx, subjectOf(connection), 'ConnectionConsentExpiring', { consentExpiresAt: connection.consentExpiresAt.toISOString(), noticeDays: partner.consentExpiringNoticeDays }, now);
    },

    /** After the first successful download, with capability autoRevokeAfterCreate: revoke, Inactive, no webhook. */
    async autoRevokeIfEnabled(connectionId: string): Promise<void> {
      const connection = await connectionsRepository(db).find(connectionId);
      if (!connection || connection.state !== 'Active') return;
      const partner = await deps.partners.show(connection.partnerId);
      if (partner.capabilities.autoRevokeAfterCreate) await revokeNow(connection, 'revokedAutomatically', null);
    },

    /** Timer (and sandbox control): an Active connection's consent expires: Inactive + ConnectionConsentExpired. */
    async expireConsent(tx: Tx, connectionId: string): Promise<void> {
      const connection = await connectionsRepository(tx).lock(connectionId);
      if (connection?.state !== 'Active') return;
      // The consent ends now: at its planned end (timer), or earlier (the sandbox control).
      const now = clock.now();
      const consentExpiresAt = connection.consentExpiresAt && connection.consentExpiresAt < now ? connection.consentExpiresAt : now;
      await inactivate(tx, connection, 'expired', 'ConnectionConsentExpired', { consentExpiresAt: consentExpiresAt.toISOString() }, { consentExpiresAt });
    },

    /**
     * Revoke operation: Active -> Inactive (revoked at the bank) with ConnectionConsentRevoked;
     * Inactive -> 200 no-op without callback; Disabled -> connection_not_recoverable; Pending ->
     * operation_temporarily_unavailable.
     */
    async revoke(auth: AuthContext, clientId: string, connectionId: string): Promise<ConnectionView> {
      const connection = await deps.connections.require(auth, clientId, connectionId);
      recoverable(connection);
      if (connection.state === 'Pending') throw new ApiError('operation_temporarily_unavailable', 'The connection is still being created; revoke it once it is Active');
      if (connection.state === 'Inactive') return toConnectionView(connection);
      return toConnectionView(await revokeNow(connection, 'revokedByPartner', 'ConnectionConsentRevoked', { revokedBy: 'partner' }));
    },

    /** Sandbox control: the user revokes consent at the bank; we learn it: Inactive + ConnectionConsentRevoked. */
    async revokedAtBank(auth: AuthContext, clientId: string, connectionId: string): Promise<ConnectionView> {
      const connection = await deps.connections.require(auth, clientId, connectionId);
      if (connection.state !== 'Active') throw new ApiError('validation_error', `connectionId: the connection is ${connection.state}; only an Active consent can be revoked at the bank`);
      return toConnectionView(await revokeNow(connection, 'revokedAtBank', 'ConnectionConsentRevoked', { revokedBy: 'bank' }));
    },

    /** Sandbox control: the consent expires now. */
    async expireNow(auth: AuthContext, clientId: string, connectionId: string): Promise<ConnectionView> {
      const connection = await deps.connections.require(auth, clientId, connectionId);
      if (connection.state !== 'Active') throw new ApiError('validation_error', `connectionId: the connection is ${connection.state}; only an Active consent can expire`);
      return db.transaction().execute(async (tx) => {
        await this.expireConsent(tx, connectionId);
        return toConnectionView(await lockExisting(tx, connectionId));
      });
    },

    /**
     * Refresh (spec "POST .../refresh"): 202 `{status: 'Accepted', nextRefreshPossibleAt}` and a
     * download in the background. Errors: capability_disabled, connection_not_recoverable
     * (Disabled), consent_inactive (Inactive), operation_temporarily_unavailable (Pending),
     * refresh_in_progress, refresh_cooldown / refresh_quota_exceeded (with nextRefreshPossibleAt),
     * background_refresh_not_allowed (406: the connection becomes Inactive, ConnectionConsentRevoked follows).
     * With `psuIpAddress` the user is present: the data calls carry it (PSU-IP-Address), and the
     * refresh neither counts against nor is refused by the daily quota (the cooldown applies).
     */
    async refresh(auth: AuthContext, clientId: string, connectionId: string, input: { psuIpAddress?: string } = {}): Promise<{ status: 'Accepted'; nextRefreshPossibleAt: string }> {
      if (!auth.partner.capabilities.refresh) throw new ApiError('capability_disabled', 'Capability refresh is not enabled for this partner');
      checkPsuIpAddress('body.psuIpAddress', input.psuIpAddress);
      const connection = await deps.connections.require(auth, clientId, connectionId);
      recoverable(connection);
      if (connection.state === 'Inactive') throw new ApiError('consent_inactive', 'The consent is no longer active; reconnect the connection');
      if (connection.state === 'Pending') throw new ApiError('operation_temporarily_unavailable', 'The connection is still being created; refresh it once it is Active');
      const { provider, connector } = await connectorOf(connection);
      // With the user present (psuIpAddress) the refresh is no background access: the bank allows it, and it does not count.
      const userPresent = input.psuIpAddress !== undefined;

      if (!userPresent && !(await connector.backgroundRefreshAllowed(connection.consentRef!, provider.code))) {
        await db.transaction().execute(async (tx) => {
          const locked = await lockExisting(tx, connectionId);
          if (locked.state === 'Active') await inactivate(tx, locked, 'userPresenceRequired', 'ConnectionConsentRevoked', { reason: 'background_refresh_not_allowed' });
        });
        throw new ApiError('background_refresh_not_allowed', 'The bank requires the user to be present; the connection is now Inactive; reconnect with the user');
      }

      const quota = connector.traits(provider.code).dailyRefreshQuota;
      return db.transaction().execute(async (tx) => {
        const repo = connectionsRepository(tx);
        const locked = await lockExisting(tx, connectionId);
        const now = clock.now();
        if (locked.state !== 'Active') throw new ApiError('consent_inactive', 'The consent is no longer active; reconnect the connection');
        if (locked.refreshingSince && now.getTime() - locked.refreshingSince.getTime() < REFRESH_STALE_MS) {
          throw new ApiError('refresh_in_progress', 'A refresh of this connection is already running');
        }
        const day = quotaDay(provider, now);
        const used = await repo.refreshesSince(connectionId, day.start);
        const allowance = { used, allowed: quota, dayEnd: day.end, blockedUntil: locked.refreshBlockedUntil };
        const limit = refreshLimit(now, locked.lastManualRefreshAt, userPresent ? null : allowance);
        if (limit) {
          const message = limit.code === 'refresh_cooldown' ? 'Too soon after the last refresh' : `The bank's daily allowance of background refreshes (${quota ?? 'its own'} a day) is used`;
          throw new ApiError(limit.code, message, { nextRefreshPossibleAt: limit.at.toISOString() });
        }
        await repo.update(connectionId, { refreshingSince: now });
        await repo.recordRefresh(connectionId, now, !userPresent);
        await queue.enqueue(tx, 'connection-download', { connectionId, reason: 'refresh', refreshingSince: now.toISOString(), ...(userPresent ? { psuIpAddress: input.psuIpAddress } : {}) });
        // What the guard will answer once this refresh succeeds (its start anchors the cooldown).
        const next = refreshLimit(now, now, userPresent ? null : { ...allowance, used: used + 1 })!;
        return { status: 'Accepted' as const, nextRefreshPossibleAt: next.at.toISOString() };
      });
    },

    /**
     * The end of a refresh download, inside `tx`: success -> ConnectionRefreshSuccess, the
     * cooldown runs from the refresh's start, and a live one is metered. Failures send
     * ConnectionRefreshFailed, then: a bank demanding re-authentication -> Inactive; a consent
     * the bank says expired -> Inactive + ConnectionConsentExpired; revoked or unknown at the
     * bank -> Inactive + ConnectionConsentRevoked (`revokedBy: 'bank'`); the bank's allowance
     * used (access_exceeded) -> error code refresh_quota_exceeded and the guard refuses refreshes
     * until the provider's next local midnight; another bank error -> still Active. Nothing when the refresh was already ended (the
     * consent ended meanwhile and its ConnectionRefreshFailed was sent then), or when the
     * connection runs another refresh than the one started at `refreshingSince` (UTC ISO-8601):
     * every accepted refresh has exactly one outcome event.
     */
    async finishRefresh(
      tx: Tx,
      connectionId: string,
      outcome: { ok: true; data: Record<string, unknown> } | { ok: false; code: string; message: string },
      refreshingSince?: string,
    ): Promise<void> {
      const connection = await connectionsRepository(tx).lock(connectionId);
      if (!runsRefresh(connection, refreshingSince)) return;
      const now = clock.now();
      if (outcome.ok) {
        await connectionsRepository(tx).update(connectionId, { refreshingSince: null, lastManualRefreshAt: connection.refreshingSince, lastRefreshedAt: now, updatedAt: now });
        await events.record(tx, subjectOf(connection), 'ConnectionRefreshSuccess', outcome.data, now);
        await deps.usage.record(tx, connection, 'refresh', connection.refreshingSince.toISOString(), now);
        return;
      }
      // The bank's daily allowance is used (ACCESS_EXCEEDED): the guard refuses refreshes until the provider's next local midnight.
      const quotaUsed = outcome.code === 'access_exceeded';
      const error = quotaUsed ? { code: 'refresh_quota_exceeded', message: `The bank refused: its daily allowance of background access is used (${outcome.message})` } : { code: outcome.code, message: outcome.message };
      const blockedUntil = quotaUsed ? quotaDay((await deps.providers.find(connection.providerId))!, now).end : undefined;
      await connectionsRepository(tx).update(connectionId, { refreshingSince: null, updatedAt: now, ...(blockedUntil ? { refreshBlockedUntil: blockedUntil } : {}) });
      await events.record(tx, subjectOf(connection), 'ConnectionRefreshFailed', { error }, now);
      const ended = { ...connection, refreshingSince: null };
      if (outcome.code === 'reauthentication_required') await inactivate(tx, ended, 'reauthenticationRequired', null);
      if (outcome.code === 'consent_expired') await inactivate(tx, ended, 'expired', 'ConnectionConsentExpired', { consentExpiresAt: now.toISOString() }, { consentExpiresAt: now });
      if (outcome.code === 'consent_revoked') await inactivate(tx, ended, 'revokedAtBank', 'ConnectionConsentRevoked', { revokedBy: 'bank' });
    },

    /**
     * `DELETE /v1/connections/{id}`: an Active consent is revoked first, as by the revoke
     * operation (ConnectionConsentRevoked with `revokedBy: 'partner', deleted: true`; a running
     * refresh ends with ConnectionRefreshFailed); a Pending connection's consent (its download
     * still running) is revoked at the bank without a webhook; then the connection is purged with
     * its accounts and transactions.
     */
    async remove(auth: AuthContext, clientId: string, connectionId: string): Promise<void> {
      const connection = await deps.connections.require(auth, clientId, connectionId);
      if ((connection.state === 'Active' || connection.state === 'Pending') && connection.consentRef) await (await connectorOf(connection)).connector.revokeConsent(connection.consentRef);
      await db.transaction().execute(async (tx) => {
        // A concurrent DELETE that won the race leaves nothing to delete: this one answers 404 too.
        const locked = await lockExisting(tx, connectionId);
        if (locked.state === 'Active') await inactivate(tx, locked, 'revokedByPartner', 'ConnectionConsentRevoked', { revokedBy: 'partner', deleted: true });
        await cancelTimer(tx, 'connection-initiation', connectionId);
        await cancelTimer(tx, 'consent-expiry', connectionId);
        await cancelTimer(tx, 'consent-expiring', connectionId);
        await connectionsRepository(tx).delete(connectionId);
      });
    },
  };
}

export type LifecycleService = ReturnType<typeof lifecycleService>;
