/**
 * Connect sessions: the hosted connect flow (spec "What the service does" 2, "Connect session",
 * "POST /v1/connect-sessions", "GET /v1/connect-sessions/{sessionId}", connect session states;
 * DESIGN.md §7, §8). A session is created by the partner's backend; its one-time hostedUrl token
 * is consumed on first load and an HttpOnly cookie of that session (its browser secret) carries the
 * flow from then on, under the session's own path `/connect/s/{sessionId}`. Once the user
 * confirms a bank, the connection is created by the connections service (same states and
 * webhooks as a direct one, carrying `sessionId`); the session follows the connection through
 * its events (connect-sessions.progress.ts) and ends Completed, Failed, Cancelled or Expired.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import { sandboxCallbackQuery } from '../../banks/sandbox/sandbox-connector.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, ConnectSession, ConnectSessionState } from '../../db/schema.ts';
import type { PartnerClock } from '../../lib/partner-clock.ts';
import type { CursorCodec } from '../../lib/cursor.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { digestsEqual, newId, randomToken, sha256Hex, type Mode } from '../../lib/ids.ts';
import { addDuration, isCountryCode, localeLanguage } from '../../lib/iso.ts';
import { matchesAnyReturnUrl, returnUrlWithResult } from '../../lib/return-url.ts';
import { scheduleTimer } from '../../jobs/timers.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { AccountsService, AccountView } from '../accounts/accounts.service.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { LifecycleService } from '../connections/connections.lifecycle.ts';
import { analyticsHeaders, type ConnectionsService } from '../connections/connections.service.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import { connectSessionsRepository, OPEN_STATES, TERMINAL_STATES } from './connect-sessions.repository.ts';

/** How long a connect session lives (the spec leaves it open; it covers the 22-minute bank journey). */
export const SESSION_DURATION_MS = 30 * 60_000;

/** How long the sandbox control waits for a session to complete before answering its current state. */
const SANDBOX_COMPLETE_WAIT_MS = 30_000;
/** How often it reads the session while waiting. */
const SANDBOX_COMPLETE_POLL_MS = 100;

/** Signing scope of the bank-return reference (so it cannot pass for a cursor, nor a cursor for it). */
const BANK_RETURN_SCOPE = 'connect-session-bank-return';

/** The path of a session's hosted pages; its forms and the bank return live under it. */
export const flowPath = (sessionId: string): string => `/connect/s/${sessionId}`;

/**
 * Body of `POST /v1/connect-sessions`: `returnUrl` must match one of the partner's return-URL
 * patterns; `locale` ISO 639-1 (default en), also the bank's; `country` ISO 3166-1 alpha-2,
 * preselected in the picker; `providerId` skips the picker; `skipConsentScreen` applies only
 * where the partner is permitted.
 */
export interface CreateSessionInput {
  returnUrl: string;
  locale?: string;
  country?: string;
  providerId?: string | null;
  skipConsentScreen?: boolean;
}

/** The spec's connect session resource (GET answer; expiresAt UTC ISO-8601). */
export interface SessionView {
  sessionId: string;
  state: ConnectSessionState;
  connectionId: string | null;
  resultCode: 'Ok' | 'Error' | 'Cancelled' | null;
  error: string | null;
  expiresAt: string;
}

/**
 * Body of the sandbox control `POST /v1/sandbox/connect-sessions/{sessionId}/complete`: before
 * the bank, the bank (`providerId`, else the session's) and the journey's `outcome` as test user
 * `username` (no outcome: Ok, and the whole session is finished in the call); the accounts to
 * deselect (`deselectAccountIds`) once they are listed.
 */
export interface SandboxCompleteInput {
  providerId?: string;
  outcome?: 'Ok' | 'Error' | 'Cancelled';
  username?: string;
  deselectAccountIds?: string[];
}

/** Which page the flow shows for a session. */
export type FlowStep = 'picker' | 'consent' | 'confirm' | 'bank' | 'failed' | 'progress' | 'accounts' | 'done' | 'expired' | 'return';

/** Result of loading a hostedUrl: a fresh flow (with the cookie secret), a reused link, or an unknown token. */
export type OpenResult = { kind: 'opened'; session: ConnectSession; browserToken: string } | { kind: 'used'; session: ConnectSession } | { kind: 'unknown' };

/** How long an ended session stays readable (GET) before housekeeping deletes it: 30 days after it ended. */
export const ENDED_SESSION_RETENTION_MS = 30 * 86_400_000;

/** The partner's view of session `s`. */
const toSessionView = (s: ConnectSession): SessionView => ({
  sessionId: s.id,
  state: s.state,
  connectionId: s.connectionId,
  resultCode: s.resultCode,
  error: s.error,
  expiresAt: s.expiresAt.toISOString(),
});

/** True once `s` is Completed, Failed, Cancelled or Expired: nothing changes it any more. */
export const isTerminal = (s: ConnectSession): boolean => TERMINAL_STATES.includes(s.state);

/**
 * The page a session is on. `failed`: the bank refused or failed and the user may try again,
 * choose another bank or leave (AwaitingBankSelection with the failure's `error`); `done`: the
 * accounts are chosen (the rest downloads while the user is back at the partner) or Completed.
 */
export function stepOf(s: ConnectSession): FlowStep {
  if (s.state === 'Expired') return 'expired';
  if (s.state === 'Completed' || (!isTerminal(s) && s.accountsSelectedAt)) return 'done';
  if (isTerminal(s)) return 'return';
  if (s.state === 'AwaitingBankSelection') return s.error ? 'failed' : !s.providerId ? 'picker' : s.skipConsentScreen ? 'confirm' : 'consent';
  if (s.state === 'RedirectedToBank' || s.state === 'Authenticating') return 'bank';
  return s.state === 'AwaitingAccountSelection' ? 'accounts' : 'progress';
}

/**
 * The partner's returnUrl with the spec's query values: connectionId, resultCode, sessionId and
 * error. `resultCode` defaults to the session's; while it has none, Ok once the accounts are
 * chosen (the download completes after the user is back), else Error. Ok carries no error.
 */
export function returnTarget(s: ConnectSession, resultCode: 'Ok' | 'Error' | 'Cancelled' = s.resultCode ?? (s.accountsSelectedAt ? 'Ok' : 'Error')): string {
  return returnUrlWithResult(s.returnUrl, { connectionId: s.connectionId, resultCode, sessionId: s.id, error: resultCode === 'Ok' ? null : s.error });
}

/** True when `browserToken` (the session's cookie value) is the secret bound to `s` when its hostedUrl was opened. */
export function isBrowserOf(s: ConnectSession, browserToken: string | undefined): boolean {
  return browserToken !== undefined && s.browserTokenHash !== null && digestsEqual(sha256Hex(browserToken), s.browserTokenHash);
}

/** A connection that got its data: Active, or already Inactive again (e.g. autoRevokeAfterCreate). */
const gotData = (c: Connection | null): boolean => c !== null && (c.state === 'Active' || c.state === 'Inactive');

/** A promise rejection handler answering `fallback` for not_found (e.g. a deleted connection) and rethrowing anything else. */
const unlessNotFound =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof ApiError && error.code === 'not_found') return fallback;
    throw error;
  };

/** Thrown inside the connection's creating transaction when the session ended after confirmBank claimed it: nothing is created. */
class SessionEnded extends Error {}

export interface ConnectSessionsDeps {
  db: Db;
  /** The partner's time this instance works on (lib/partner-clock.ts); its timers carry its sandbox partner. */
  clock: PartnerClock;
  config: Config;
  partners: PartnersService;
  clients: ClientsService;
  providers: ProvidersService;
  connections: ConnectionsService;
  lifecycle: LifecycleService;
  accounts: AccountsService;
  /** Signs the bank-return reference (the instance's cursor HMAC, own scope). */
  cursors: CursorCodec;
}

export function connectSessionsService(deps: ConnectSessionsDeps) {
  const { db, clock, config } = deps;
  const repo = connectSessionsRepository(db);
  /**
   * Where the bank journey returns the user: the session's bank-return page with `ref`, an HMAC
   * of the session id, so that a browser without the session's cookie (a bank app handing the
   * return to the system browser) can still finish there.
   */
  const bankReturnUrl = (sessionId: string) => `${config.baseUrl}${flowPath(sessionId)}/bank-return?ref=${deps.cursors.encode(BANK_RETURN_SCOPE, [sessionId])}`;

  /** The changes that end a session cancelled by the user. */
  const cancelled = () => ({ state: 'Cancelled' as const, resultCode: 'Cancelled' as const, error: 'user_cancelled', updatedAt: clock.now() });

  /** The partner's view of the session, as the services it calls expect (the key that created it is not needed). */
  async function authFor(s: ConnectSession, tx?: Tx): Promise<AuthContext> {
    return { partner: await deps.partners.show(s.partnerId, tx), mode: s.mode, keyId: `connect-session:${s.id}` };
  }

  /** Session `id` as stored now; not_found once it was deleted (its client deleted, or pruned). */
  async function reload(id: string): Promise<ConnectSession> {
    const s = await repo.find(id);
    if (!s) throw notFound(`Connect session ${id}`);
    return s;
  }

  /** The session's connection, or null when it has none (or it was deleted); read through `tx` when given. */
  async function connectionOf(s: ConnectSession, tx?: Tx): Promise<Connection | null> {
    if (!s.connectionId) return null;
    return deps.connections.require(await authFor(s, tx), s.clientId, s.connectionId, tx).catch(unlessNotFound(null));
  }

  /**
   * Inside `tx`, at or after expiresAt: a session whose connection already got its data ends
   * Completed (the accounts stay as selected); any other unfinished session ends Expired with
   * resultCode Error and error `session_expired`. The connection keeps its own lifecycle.
   */
  async function expire(tx: Tx, id: string): Promise<void> {
    const s = await connectSessionsRepository(tx).lock(id);
    if (!s || isTerminal(s) || clock.now() < s.expiresAt) return;
    const now = clock.now();
    await connectSessionsRepository(tx).update(id, gotData(await connectionOf(s, tx)) ? { state: 'Completed', resultCode: 'Ok', error: null, updatedAt: now } : { state: 'Expired', resultCode: 'Error', error: 'session_expired', updatedAt: now });
  }

  /** Applies a due expiry now (the timer may not have fired yet) and returns the current session. */
  async function expireIfDue(s: ConnectSession): Promise<ConnectSession> {
    if (isTerminal(s) || clock.now() < s.expiresAt) return s;
    await db.transaction().execute((tx) => expire(tx, s.id));
    return reload(s.id);
  }

  /** The caller's session `sessionId` (expired first when due); not_found for anyone else's (another partner, mode or client). */
  async function requireScoped(auth: AuthContext, clientId: string, sessionId: string): Promise<ConnectSession> {
    const s = await repo.findScoped({ partnerId: auth.partner.id, mode: auth.mode, clientId }, sessionId);
    if (!s) throw notFound(`Connect session ${sessionId}`);
    return expireIfDue(s);
  }

  /** Records the account selection as done; the session is Completed at once when the connection already has its data. */
  async function recordSelection(id: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const locked = await connectSessionsRepository(tx).lock(id);
      if (!locked || isTerminal(locked) || locked.accountsSelectedAt) return;
      const now = clock.now();
      await connectSessionsRepository(tx).update(id, { accountsSelectedAt: now, updatedAt: now, ...(gotData(await connectionOf(locked, tx)) ? { state: 'Completed' as const, resultCode: 'Ok' as const } : {}) });
    });
  }

  /**
   * The user picks a bank (or, with null, goes back to the picker; also from the failure page,
   * which clears the failure's `error`). Not found: not_found; not connectable: validation_error.
   */
  async function chooseProvider(s: ConnectSession, providerId: string | null): Promise<void> {
    if (providerId) await deps.providers.connectable(await authFor(s), providerId);
    await repo.transition(s.id, ['AwaitingBankSelection'], { providerId, error: null, updatedAt: clock.now() });
  }

  /**
   * The user leaves the failure page for the partner ("Back to <partner>"): the session ends
   * Failed with resultCode Error and the bank's `error` (the outcome the user got). True when the
   * session was on the failure page.
   */
  async function giveUp(id: string): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const locked = await connectSessionsRepository(tx).lock(id);
      if (!locked || locked.state !== 'AwaitingBankSelection' || !locked.error) return false;
      await connectSessionsRepository(tx).update(id, { state: 'Failed', resultCode: 'Error', updatedAt: clock.now() });
      return true;
    });
  }

  /**
   * The user confirms the bank: the session is claimed (RedirectedToBank, so a double submit
   * creates one connection), then the connection is created (Pending, analytics headers stored,
   * `sessionId` on its webhooks) and, in the same transaction, the session gets its connectionId
   * and bank address. A session that ended meanwhile (cancelled, expired) gets no connection and
   * the answer is its own page. Returns the bank address; for a session already at the bank (a
   * double submit) that address, or the flow's own path while the first submit is still creating
   * the connection. When the creation fails the session is back at bank selection. Other states:
   * validation_error. `psuIpAddress` is the browser's address (request.ip), given to the bank.
   * From the failure page ("Try again") the claim drops the failed connection (connectionId null
   * until the new one is stored), its `error` and progress counts.
   */
  async function confirmBank(s: ConnectSession, psuIpAddress?: string): Promise<string> {
    if (!s.providerId) throw invalid('providerId', 'choose a bank first');
    const retry = { connectionId: null, bankUrl: null, error: null, accountsFound: null, transactionsDownloaded: null };
    const claimed = await repo.transition(s.id, ['AwaitingBankSelection'], { state: 'RedirectedToBank', ...retry, updatedAt: clock.now() });
    if (!claimed) {
      const current = await reload(s.id);
      if (stepOf(current) === 'bank') return current.bankUrl ?? flowPath(s.id);
      throw invalid('state', `the session is ${current.state}`);
    }
    const linkSession = async (tx: Tx, started: { connectionId: string; redirectUrl: string }) => {
      const linked = await connectSessionsRepository(tx).transition(s.id, ['RedirectedToBank'], { connectionId: started.connectionId, bankUrl: started.redirectUrl, updatedAt: clock.now() });
      if (!linked) throw new SessionEnded();
    };
    try {
      // The user is here, so the bank journey starts with the browser's address (PSU-IP-Address).
      const input = { returnUrl: bankReturnUrl(s.id), providerId: s.providerId, locale: s.locale, subscribeToAllAccounts: true, skipConsentScreen: s.skipConsentScreen, psuIpAddress };
      return (await deps.connections.create(await authFor(s), s.clientId, input, s.trackingHeaders, s.id, linkSession)).redirectUrl;
    } catch (error) {
      // The claim is undone, unless the connection was stored (the session keeps it) or the session ended meanwhile.
      await repo.transition(s.id, ['RedirectedToBank'], { state: 'AwaitingBankSelection', updatedAt: clock.now() }, true);
      if (error instanceof SessionEnded) return flowPath(s.id);
      throw error;
    }
  }

  /** The user is back from the bank: with consent granted the session is Fetching (failures arrive as events). */
  async function afterBank(s: ConnectSession): Promise<void> {
    const connection = await connectionOf(s);
    if (connection?.consentRef && connection.state === 'Pending') {
      await repo.transition(s.id, ['RedirectedToBank', 'Authenticating'], { state: 'Fetching', updatedAt: clock.now() });
    }
  }

  /** Every account of the session's connection, each with `subscribed`. */
  async function accounts(s: ConnectSession): Promise<AccountView[]> {
    if (!s.connectionId) return [];
    return deps.accounts.list(await authFor(s), s.clientId, s.connectionId, true).catch(unlessNotFound([]));
  }

  /**
   * Account selection: every account not in `keepIds` is unsubscribed (selection only
   * deselects). The session is Completed at once when the connection already has its data,
   * else when ConnectionCreateSuccess arrives.
   */
  async function selectAccounts(s: ConnectSession, keepIds: string[]): Promise<void> {
    if (s.state !== 'AwaitingAccountSelection' || s.accountsSelectedAt) throw invalid('state', `the session is ${s.state}; accounts can be selected only once they are listed`);
    const auth = await authFor(s);
    for (const account of await accounts(s)) {
      if (account.subscribed && !keepIds.includes(account.id)) await deps.accounts.setSubscribed(auth, s.clientId, account.id, false);
    }
    await recordSelection(s.id);
  }

  /**
   * The user cancels: the session ends Cancelled (`user_cancelled`). Its connection, decided
   * under the connection's lock: a Pending one is ended (Disabled, ConnectionCreateFailed
   * `user_cancelled`, which cancels the session in the same transaction); an Active one (its
   * download finished meanwhile) is revoked (Inactive, ConnectionConsentRevoked). On the failure
   * page the session ends Failed instead (giveUp). Nothing for a session that already ended or
   * was deleted.
   */
  async function cancel(s: ConnectSession): Promise<void> {
    if (await giveUp(s.id)) return;
    // Before the bank: cancelled unless a connection was created since `s` was read (its creating transaction sets connectionId).
    if (await repo.transition(s.id, OPEN_STATES, cancelled(), true)) return;
    const current = await repo.find(s.id);
    if (!current || isTerminal(current)) return;
    if (current.connectionId && (await deps.connections.cancelJourney(current.connectionId)) === 'Active') {
      await deps.lifecycle.revoke(await authFor(current), current.clientId, current.connectionId).catch(unlessNotFound(null));
    }
    await repo.transition(s.id, OPEN_STATES, cancelled());
  }

  return {
    /**
     * `POST /v1/connect-sessions`: answers `{sessionId, hostedUrl, expiresAt}`. Errors:
     * not_found (client, or a preset provider the partner cannot use), validation_error (returnUrl
     * matching none of the partner's return-URL patterns, bad locale or country, Inactive provider).
     */
    async create(auth: AuthContext, clientId: string, input: CreateSessionInput, headers: Record<string, string | string[] | undefined>) {
      await deps.clients.require(auth, clientId);
      if (!matchesAnyReturnUrl(input.returnUrl, auth.partner.returnUrlPatterns)) {
        throw invalid('body.returnUrl', 'does not match any return-URL pattern registered for this partner');
      }
      const locale = localeLanguage(input.locale);
      if (input.country !== undefined && !isCountryCode(input.country)) throw invalid('body.country', 'must be an ISO 3166-1 alpha-2 country code such as CZ');
      const provider = input.providerId ? await deps.providers.connectable(auth, input.providerId) : null;
      const now = clock.now();
      const id = newId();
      const token = randomToken();
      const expiresAt = new Date(now.getTime() + SESSION_DURATION_MS);
      const tracking = analyticsHeaders(headers);
      await db.transaction().execute(async (tx) => {
        await connectSessionsRepository(tx).insert({
          id,
          partnerId: auth.partner.id,
          mode: auth.mode,
          clientId,
          returnUrl: input.returnUrl,
          locale,
          country: input.country ?? null,
          providerId: provider?.id ?? null,
          providerPreset: provider !== null,
          skipConsentScreen: (input.skipConsentScreen ?? false) && auth.partner.skipConsentScreenAllowed,
          trackingHeaders: JSON.stringify(tracking),
          state: 'AwaitingBankSelection',
          connectionId: null,
          bankUrl: null,
          resultCode: null,
          error: null,
          tokenHash: sha256Hex(token),
          tokenUsedAt: null,
          browserTokenHash: null,
          accountsSelectedAt: null,
          expiresAt,
          createdAt: now,
          updatedAt: now,
        });
        await scheduleTimer(tx, 'connect-session-expiry', id, expiresAt, clock.sandboxPartnerId);
      });
      return { sessionId: id, hostedUrl: `${config.baseUrl}/connect/${token}`, expiresAt: expiresAt.toISOString() };
    },

    /** `GET /v1/connect-sessions/{sessionId}`; not_found for anyone else's session. */
    async get(auth: AuthContext, clientId: string, sessionId: string): Promise<SessionView> {
      return toSessionView(await requireScoped(auth, clientId, sessionId));
    },

    /** True when `token` is a hostedUrl token (used or not); consumes nothing (a HEAD request, a link previewer). */
    async isHostedToken(token: string): Promise<boolean> {
      return (await repo.findByTokenHash(sha256Hex(token))) !== undefined;
    },

    /** The first load of a hostedUrl consumes its token and binds a new browser secret (for the cookie). */
    async open(token: string): Promise<OpenResult> {
      const s = await repo.findByTokenHash(sha256Hex(token));
      if (!s) return { kind: 'unknown' };
      const browserToken = randomToken();
      if (s.tokenUsedAt || !(await repo.consumeToken(s.id, sha256Hex(browserToken), clock.now()))) return { kind: 'used', session: s };
      return { kind: 'opened', session: await expireIfDue(await reload(s.id)), browserToken };
    },

    /** Session `id` (expired first when due), or undefined when there is none. Who may act on it is the caller's check (isBrowserOf). */
    async find(id: string): Promise<ConnectSession | undefined> {
      const s = await repo.find(id);
      return s && expireIfDue(s);
    },

    /** Session `id` of a partner's `mode` (any client) as the API shows it, with its client; null for anyone else's or none (the portal's search). */
    async findForPartner(partnerId: string, mode: Mode, id: string): Promise<(SessionView & { clientId: string }) | null> {
      const found = await repo.find(id);
      if (!found || found.partnerId !== partnerId || found.mode !== mode) return null;
      const s = await expireIfDue(found);
      return { ...toSessionView(s), clientId: s.clientId };
    },

    /** True when `ref` is the bank-return reference of session `sessionId` (see bankReturnUrl). */
    isBankReturnRef(sessionId: string, ref: string): boolean {
      try {
        return deps.cursors.decode(BANK_RETURN_SCOPE, ref)[0] === sessionId;
      } catch {
        return false;
      }
    },

    /** Timer `connect-session-expiry`. */
    expire,

    /** What the pages show: the partner (its display name, branding), the session's bank, when a consent given now would end, and the connection's state. */
    async context(s: ConnectSession) {
      const auth = await authFor(s);
      const provider = s.providerId ? await deps.providers.find(s.providerId) : undefined;
      const connection = await connectionOf(s);
      const partnerName = auth.partner.displayName ?? auth.partner.name;
      return { partner: auth.partner, partnerName, consentUntil: addDuration(clock.now(), auth.partner.consentDuration), provider, connectionState: connection?.state ?? null };
    },

    /** The partner's branding for pages of session `s` that have no session context yet (the "link already used" page). */
    partnerOf: async (s: ConnectSession) => (await authFor(s)).partner,

    /** Banks for the picker: every listed provider of the partner (filtering happens on the page). */
    async banks(s: ConnectSession) {
      return (await deps.providers.list(await authFor(s), { limit: 500 })).data;
    },

    chooseProvider,
    confirmBank,
    afterBank,

    /**
     * The user is back from the bank in a browser without the session's cookie (a bank app that
     * hands the return to the system browser), proven by the bank-return reference. That browser
     * cannot show the accounts page, so a granted consent keeps every authorized account (the
     * selection can only deselect) and the session completes once the data is stored, as if the
     * user had confirmed them all. Answers the partner's returnUrl: resultCode Ok after a granted
     * consent, the session's result once it ended (refused, cancelled, expired); null while the
     * bank has not answered yet.
     */
    async returnWithoutBrowser(s: ConnectSession): Promise<string | null> {
      await afterBank(s);
      // That browser cannot offer "Try again": a refused journey ends the session Failed.
      await giveUp(s.id);
      const current = await expireIfDue(await reload(s.id));
      if (isTerminal(current)) return returnTarget(current);
      if (current.state !== 'Fetching' && current.state !== 'AwaitingAccountSelection') return null;
      await recordSelection(s.id);
      return returnTarget(await reload(s.id), 'Ok');
    },

    accounts,
    selectAccounts,
    cancel,

    /**
     * Sandbox control `POST /v1/sandbox/connect-sessions/{sessionId}/complete` (docs/sandbox.md).
     * Before the bank it confirms the bank (`providerId`, else the session's) and finishes the bank
     * journey as test user `username`. With `outcome` given that is all (the first of two steps:
     * answers Fetching, Failed or Cancelled). Without it the outcome is Ok and the call finishes the
     * whole session: it waits (polling, no connection held) for the download to list the accounts,
     * keeps them all but `deselectAccountIds`, and answers once the session ended (Completed), or
     * after SANDBOX_COMPLETE_WAIT_MS with its current state. A call on a session that is Fetching
     * or AwaitingAccountSelection (the second step) does the same from there. validation_error
     * (changing nothing) when the session ended, a needed field is missing, or deselectAccountIds
     * are not accounts of the session's connection (before the bank there are none yet).
     */
    async sandboxComplete(auth: AuthContext, clientId: string, sessionId: string, input: SandboxCompleteInput): Promise<SessionView> {
      const deadline = performance.now() + SANDBOX_COMPLETE_WAIT_MS;
      let s = await requireScoped(auth, clientId, sessionId);
      if (isTerminal(s)) throw invalid('sessionId', `the session is ${s.state}`);
      const atOrBeforeBank = s.state === 'AwaitingBankSelection' || s.state === 'RedirectedToBank' || s.state === 'Authenticating';
      if (atOrBeforeBank && input.deselectAccountIds?.length) {
        throw invalid('body.deselectAccountIds', 'the session has no accounts before the bank: call once it is AwaitingAccountSelection, or without deselectAccountIds to keep every account');
      }
      if (s.state === 'AwaitingBankSelection') {
        if (input.providerId) await chooseProvider(s, input.providerId);
        s = await reload(s.id);
        if (!s.providerId) throw invalid('body.providerId', 'is required: the session has no bank yet');
        await confirmBank(s);
        s = await reload(s.id);
      }
      if (s.state === 'RedirectedToBank' || s.state === 'Authenticating') {
        await deps.connections.completeSandboxJourney(auth, clientId, s.connectionId!, sandboxCallbackQuery(input.outcome ?? 'Ok', input.username));
        await afterBank(s);
        // The sandbox control makes no second attempt: a refused journey ends the session Failed.
        await giveUp(s.id);
        // The first of two steps: the partner selects the accounts in a second call.
        if (input.outcome) return toSessionView(await reload(s.id));
      }
      /** Session `s` once `done` (or ended, or the wait is over), read afresh every SANDBOX_COMPLETE_POLL_MS. */
      const waitFor = async (done: (current: ConnectSession) => boolean): Promise<ConnectSession> => {
        for (;;) {
          const current = await expireIfDue(await reload(s.id));
          if (done(current) || isTerminal(current) || performance.now() >= deadline) return current;
          await sleep(SANDBOX_COMPLETE_POLL_MS);
        }
      };
      s = await waitFor((current) => current.state === 'AwaitingAccountSelection');
      if (s.state === 'AwaitingAccountSelection' && !s.accountsSelectedAt) {
        const all = await accounts(s);
        const unknown = (input.deselectAccountIds ?? []).filter((id) => !all.some((a) => a.id === id));
        if (unknown.length) throw invalid('body.deselectAccountIds', `not accounts of this session's connection: ${unknown.join(', ')}`);
        await selectAccounts(s, all.map((a) => a.id).filter((id) => !input.deselectAccountIds?.includes(id)));
      } else if (s.accountsSelectedAt && input.deselectAccountIds?.length) {
        throw invalid('body.deselectAccountIds', 'the accounts of this session were already selected');
      }
      return toSessionView(await waitFor(isTerminal));
    },

    /**
     * Housekeeping: deletes the sessions that ended (Completed, Failed, Cancelled, Expired) more
     * than ENDED_SESSION_RETENTION_MS ago; their GET answers not_found from then on. Answers how many.
     */
    async pruneEnded(): Promise<number> {
      return repo.deleteEndedBefore(new Date(clock.now().getTime() - ENDED_SESSION_RETENTION_MS));
    },
  };
}

export type ConnectSessionsService = ReturnType<typeof connectSessionsService>;
