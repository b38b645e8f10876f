/**
 * Connections (spec "Connection", "POST /v1/connections", "Get connection", connection states;
 * DESIGN.md §5). Create answers `{connectionId, expiresAt, redirectUrl}` and leaves the
 * connection Pending; the bank's callback either enqueues the download (which makes it Active)
 * or makes it Disabled with ConnectionCreateFailed; a journey not completed 22 minutes after
 * creation becomes Disabled by a durable timer. Once the bank granted consent that timer no
 * longer applies: it moves to a download deadline. Whenever a connection holding a consent is
 * disabled, the consent is revoked at the bank (a `consent-revoke` job). State changes, events
 * and jobs commit together.
 */
import { isIP } from 'node:net';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, Provider } from '../../db/schema.ts';
import type { Banks } from '../../banks/index.ts';
import { BankError } from '../../banks/connector.ts';
import type { PartnerClock } from '../../lib/partner-clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { hasForbiddenScheme, returnUrlWithResult } from '../../lib/return-url.ts';
import { newId, randomToken, sha256Hex } from '../../lib/ids.ts';
import { addDuration, localeLanguage } from '../../lib/iso.ts';
import type { JobPayloads, JobQueue } from '../../jobs/queue.ts';
import { cancelTimer, scheduleTimer } from '../../jobs/timers.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { EventLog, EventSubject } from '../webhooks/events.ts';
import { connectionsRepository } from './connections.repository.ts';

/** About 2 minutes to start the bank authorization (spec "POST /v1/connections" timing). */
export const INITIATION_WINDOW_MS = 2 * 60_000;
/** Completion is checked about 20 minutes after the initiation window: 22 minutes from creation. */
export const COMPLETION_CHECK_MS = 22 * 60_000;
/**
 * Once the bank granted consent, the download must make the connection Active within this time
 * (it covers every retry of the download job); else the connection becomes Disabled
 * (`download_timeout`) and the consent is revoked.
 */
export const DOWNLOAD_DEADLINE_MS = 60 * 60_000;
/** Analytics header values are stored up to this length (longer ones are cut, never refused). */
const ANALYTICS_MAX_LENGTH = 255;

/** The analytics headers (lower-case names) and the field each is stored under in a tracking event. */
export const ANALYTICS_HEADERS = {
  'x-application-name': 'applicationName',
  'x-client-app-version': 'clientAppVersion',
  'x-client-osversion': 'clientOsVersion',
  'x-client-platform': 'clientPlatform',
} as const;

/** The analytics headers present in `headers` as the fields a tracking event stores (ANALYTICS_HEADERS). */
function trackingFields(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(analyticsHeaders(headers)).map(([header, value]) => [ANALYTICS_HEADERS[header as keyof typeof ANALYTICS_HEADERS], value]));
}

/**
 * The analytics headers present in `headers` (spec "Endpoints": X-Application-Name,
 * X-Client-App-Version, X-Client-OSVersion, X-Client-Platform), each cut to 255 characters:
 * analytics only, never refused. Keyed by header name.
 */
export function analyticsHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(ANALYTICS_HEADERS)
      .map((header) => [header, headers[header]])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([header, value]) => [header, value.slice(0, ANALYTICS_MAX_LENGTH)]),
  );
}

export interface CreateConnectionInput {
  returnUrl: string;
  providerId: string;
  locale?: string;
  subscribeToAllAccounts?: boolean;
  skipConsentScreen?: boolean;
  ownershipType?: string;
  /** The end user's IP address (PSU-IP-Address), when the partner has it: the bank authorization starts at once. */
  psuIpAddress?: string;
}

export interface ConnectionView {
  id: string;
  state: Connection['state'];
  errorDesc: string | null;
  providerId: string;
  createdAt: string;
  /** UTC ISO-8601; null before the first consent. */
  consentExpiresAt: string | null;
}

export interface Journey {
  connection: Connection;
  provider: Provider;
}

export const toConnectionView = (c: Connection): ConnectionView => ({
  id: c.id,
  state: c.state,
  errorDesc: c.errorDesc,
  providerId: c.providerId,
  createdAt: c.createdAt.toISOString(),
  consentExpiresAt: c.consentExpiresAt?.toISOString() ?? null,
});

export const subjectOf = (c: Connection): EventSubject => ({ partnerId: c.partnerId, mode: c.mode, clientId: c.clientId, connectionId: c.id, sessionId: c.sessionId });

/** validation_error (naming `field`) unless `value` is absent or an IPv4 or IPv6 address (PSU-IP-Address). */
export function checkPsuIpAddress(field: string, value: string | undefined): void {
  // A zone id (`fe80::1%eth0`) names an interface of ours, not the user's address.
  if (value !== undefined && (isIP(value) === 0 || value.includes('%'))) throw invalid(field, 'must be the end user\'s IPv4 or IPv6 address');
}

/** `ownershipType` parsed case-insensitively; anything unknown falls back to Personal (spec). */
export function parseOwnershipType(value: string | undefined): Connection['ownershipType'] {
  const known = { personal: 'Personal', shared: 'Shared', business: 'Business' } as const;
  return known[(value ?? '').trim().toLowerCase() as keyof typeof known] ?? 'Personal';
}

/** What a bank journey asks the bank for (AuthorizationRequest without the journey's ids). */
interface JourneyOptions {
  locale: string;
  ownershipType: Connection['ownershipType'];
  skipConsentScreen: boolean;
  validUntil: Date;
  psuIpAddress?: string;
}

/** The columns of an open journey, cleared when it ends (completed, failed, timed out). */
const journeyEnded = { authorizationTokenHash: null, pendingConsent: null, authorizationUrl: null, psuIpAddress: null };

export interface ConnectionsDeps {
  db: Db;
  /** The partner's time this instance works on (lib/partner-clock.ts); its timers carry its sandbox partner. */
  clock: PartnerClock;
  config: Config;
  queue: JobQueue;
  events: EventLog;
  banks: Banks;
  providers: ProvidersService;
  clients: ClientsService;
  partners: PartnersService;
}

export function connectionsService(deps: ConnectionsDeps) {
  const { db, clock, config, queue, events, banks } = deps;
  const repo = connectionsRepository(db);

  /**
   * Ends a failed bank journey with ConnectionCreateFailed, inside `tx`: a Pending connection
   * becomes Disabled, and a consent it already holds is revoked at the bank (a job, so a bank
   * that is down is retried); a reconnect journey leaves the connection in its state (`reconnect: true`).
   */
  async function fail(tx: Tx, connection: Connection, code: string, message: string): Promise<void> {
    const now = clock.now();
    const reconnect = connection.state !== 'Pending';
    await connectionsRepository(tx).update(connection.id, {
      ...(reconnect ? {} : { state: 'Disabled' as const, errorCode: code, errorDesc: message, consentRef: null }),
      ...journeyEnded,
      updatedAt: now,
    });
    if (!reconnect && connection.consentRef) await revokeLater(tx, connection, connection.consentRef);
    // The consent the bank created for this journey, never authorized: ended at the bank too.
    if (connection.pendingConsent) await revokeLater(tx, connection, connection.pendingConsent);
    await cancelTimer(tx, 'connection-initiation', connection.id);
    await events.record(tx, subjectOf(connection), 'ConnectionCreateFailed', { error: { code, message }, ...(reconnect ? { reconnect: true } : {}) }, now);
  }

  /** Revokes `consentRef` of `connection`'s bank through a `consent-revoke` job committed with `tx` (retried while the bank is down). */
  async function revokeLater(tx: Tx, connection: Connection, consentRef: string): Promise<void> {
    await queue.enqueue(tx, 'consent-revoke', { connectionId: connection.id, providerId: connection.providerId, consentRef });
  }

  /** Runs a call to the bank of `provider`; a BankError (bank down, no connector) becomes 503 internal_error. */
  async function atBank<T>(provider: Provider, call: () => T | Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof BankError)) throw error;
      throw new ApiError('internal_error', `The bank ${provider.name} is unavailable (${error.code}); retry later`, { status: 503 });
    }
  }

  /**
   * Starts a bank journey for `connectionId` with a fresh single-use state. A live provider needs
   * the user's IP address to start (PSU-IP-Address): without `psuIpAddress` the journey starts
   * when the user opens our `/connect/bank/{state}` page (`startAtBank`), which is then the
   * answered `redirectUrl`. Answers the state, where to send the user, and the bank's side of a
   * started journey (its SCA address and pending consent), as columns of the connection.
   */
  async function startJourney(
    connectionId: string,
    provider: Provider,
    options: JourneyOptions,
  ): Promise<{ state: string; redirectUrl: string; started: Pick<Connection, 'pendingConsent' | 'authorizationUrl' | 'psuIpAddress'> }> {
    const state = randomToken();
    if (provider.mode === 'live' && !options.psuIpAddress) {
      return { state, redirectUrl: `${config.baseUrl}/connect/bank/${encodeURIComponent(state)}`, started: { pendingConsent: null, authorizationUrl: null, psuIpAddress: null } };
    }
    const { redirectUrl, pendingConsent } = await authorizeAtBank(connectionId, state, provider, options);
    return { state, redirectUrl, started: { pendingConsent: pendingConsent ?? null, authorizationUrl: redirectUrl, psuIpAddress: options.psuIpAddress ?? null } };
  }

  /** The bank's authorization for journey `state` (connector.startAuthorization); a BankError becomes 503. */
  function authorizeAtBank(connectionId: string, state: string, provider: Provider, options: JourneyOptions) {
    const { psuIpAddress, ...rest } = options;
    return atBank(provider, () =>
      banks.connectorFor(provider).startAuthorization({ connectionId, state, providerCode: provider.code, ...rest, ...(psuIpAddress ? { psuIpAddress } : {}), callbackUrl: `${config.baseUrl}/connect/bank-callback` }),
    );
  }

  /** Until when the partner of `connection` wants a consent starting now (its consentDuration). */
  async function partnerValidUntil(partnerId: string, now: Date): Promise<Date> {
    return addDuration(now, (await deps.partners.show(partnerId)).consentDuration);
  }

  /** validation_error unless `returnUrl` is http(s) or an app's own scheme (never javascript:, data:, tel:, ...). */
  function checkReturnUrl(returnUrl: string): void {
    if (hasForbiddenScheme(returnUrl)) throw invalid('body.returnUrl', 'must be an http(s) address or an app link; javascript:, data:, file:, tel:, mailto: and other schemes that open no page are not allowed');
  }

  /** The partner's returnUrl with the spec's query values. */
  function returnTo(connection: Connection, resultCode: 'Ok' | 'Error' | 'Cancelled', error?: string): string {
    return returnUrlWithResult(connection.returnUrl, { connectionId: connection.id, resultCode, sessionId: connection.sessionId, error });
  }

  /** True for providers of the directRedirect kind (no initiation window). */
  function directRedirect(provider: Provider): boolean {
    return banks.connectorFor(provider).traits(provider.code).directRedirect;
  }

  /** End of the initiation window: about 2 minutes, or now for directRedirect providers. */
  function initiationEnd(provider: Provider, now: Date): Date {
    return directRedirect(provider) ? now : new Date(now.getTime() + INITIATION_WINDOW_MS);
  }

  /** Locks the connection of an open journey inside `tx`; validation_error when the journey was completed or closed meanwhile. */
  async function lockJourney(tx: Tx, connection: Connection): Promise<Connection> {
    const locked = await connectionsRepository(tx).lock(connection.id);
    if (!locked || !locked.authorizationTokenHash || locked.authorizationTokenHash !== connection.authorizationTokenHash || locked.state === 'Disabled') {
      throw invalid('state', 'this bank authorization is already completed or expired');
    }
    return locked;
  }

  async function complete({ connection, provider }: Journey, query: Record<string, string | undefined>, psuIpAddress?: string): Promise<string> {
    const connector = banks.connectorFor(provider);
    const now = clock.now();
    const context = {
      connectionId: connection.id,
      connectionCreatedAt: connection.createdAt,
      providerCode: provider.code,
      countryCode: provider.countryCode,
      at: now,
      validUntil: await partnerValidUntil(connection.partnerId, now),
      ...(connection.pendingConsent ? { pendingConsent: connection.pendingConsent } : {}),
      ...((psuIpAddress ?? connection.psuIpAddress) ? { psuIpAddress: psuIpAddress ?? connection.psuIpAddress! } : {}),
    };
    const result = await atBank(provider, () => connector.handleCallback(context, query));
    return db.transaction().execute(async (tx) => {
      const locked = await lockJourney(tx, connection);
      if (result.outcome === 'Continue') {
        // A second authorization (e.g. the detailed consent after an availableAccounts one): the journey stays open with the same state.
        if (!result.redirectUrl) throw new BankError('bank_rejected', `${provider.name} asked for another authorization without an address`);
        await connectionsRepository(tx).update(locked.id, { pendingConsent: result.pendingConsent ?? null, authorizationUrl: result.redirectUrl, updatedAt: now });
        return result.redirectUrl;
      }
      const outcome = result.outcome;
      if (result.outcome !== 'Ok') {
        const code = result.outcome === 'Cancelled' ? 'user_cancelled' : (result.errorCode ?? 'authorization_failed');
        const message = result.outcome === 'Cancelled' ? 'The user cancelled the bank authorization' : `The bank refused the authorization (${code})`;
        await fail(tx, locked, code, message);
        return returnTo(locked, locked.sessionId ? outcome : 'Error', code);
      }
      const reconnect = locked.state !== 'Pending';
      await connectionsRepository(tx).update(locked.id, {
        consentRef: result.consent!,
        ...journeyEnded,
        // The download that follows is the user's (PSU-IP-Address), and the consent ends at the bank's validUntil at the latest.
        psuIpAddress: psuIpAddress ?? locked.psuIpAddress,
        bankValidUntil: result.validUntil ?? null,
        refreshingSince: null,
        updatedAt: now,
      });
      // A live reconnect replaces the consent: the old one is ended at the bank (the sandbox bank keeps one consent per connection, renewed in place).
      if (reconnect && locked.consentRef && provider.mode === 'live') await revokeLater(tx, locked, locked.consentRef);
      if (locked.refreshingSince) {
        // A refresh still running on the old consent ends here: the reconnect's download replaces it.
        const error = { code: 'consent_renewed', message: 'A reconnect renewed the consent; its download replaces this refresh' };
        await events.record(tx, subjectOf(locked), 'ConnectionRefreshFailed', { error }, now);
      }
      await queue.enqueue(tx, 'connection-download', { connectionId: locked.id, reason: reconnect ? 'reconnect' : 'create' });
      // The bank journey is over: a creation now has until the download deadline; a reconnect leaves the state as it is.
      if (reconnect) await cancelTimer(tx, 'connection-initiation', locked.id);
      else await scheduleTimer(tx, 'connection-initiation', locked.id, new Date(now.getTime() + DOWNLOAD_DEADLINE_MS), clock.sandboxPartnerId);
      return returnTo(locked, 'Ok');
    });
  }

  return {
    /**
     * Creates a Pending connection and starts the bank authorization (a live one without
     * `psuIpAddress` starts when the user opens the answered redirectUrl, our
     * `/connect/bank/{state}`: startAtBank). A hosted flow passes its
     * `sessionId` (carried on the webhooks) and `onCreated`, run inside the creating transaction
     * (the connection rolls back when it throws). Errors: validation_error (bad input, Inactive
     * provider), not_found (client or provider).
     */
    async create(
      auth: AuthContext,
      clientId: string,
      input: CreateConnectionInput,
      headers: Record<string, string | string[] | undefined>,
      sessionId: string | null = null,
      onCreated?: (tx: Tx, started: { connectionId: string; redirectUrl: string }) => Promise<void>,
    ) {
      await deps.clients.require(auth, clientId);
      checkReturnUrl(input.returnUrl);
      checkPsuIpAddress('body.psuIpAddress', input.psuIpAddress);
      const locale = localeLanguage(input.locale);
      const provider = await deps.providers.connectable(auth, input.providerId);
      const now = clock.now();
      const id = newId();
      const expiresAt = await atBank(provider, () => initiationEnd(provider, now));
      const ownershipType = parseOwnershipType(input.ownershipType);
      const skipConsentScreen = (input.skipConsentScreen ?? false) && auth.partner.skipConsentScreenAllowed;
      const validUntil = addDuration(now, auth.partner.consentDuration);
      const { state, redirectUrl, started } = await startJourney(id, provider, { locale, ownershipType, skipConsentScreen, validUntil, psuIpAddress: input.psuIpAddress });
      const tracking = trackingFields(headers);
      await db.transaction().execute(async (tx) => {
        await connectionsRepository(tx).insert(
          {
            id,
            partnerId: auth.partner.id,
            clientId,
            mode: auth.mode,
            providerId: provider.id,
            state: 'Pending',
            errorCode: null,
            errorDesc: null,
            returnUrl: input.returnUrl,
            locale,
            ownershipType,
            subscribeToAllAccounts: input.subscribeToAllAccounts ?? auth.partner.subscribeToAllAccounts,
            skipConsentScreen,
            authorizationTokenHash: sha256Hex(state),
            ...started,
            consentRef: null,
            consentExpiresAt: null,
            expiresAt,
            sessionId,
            createdAt: now,
            updatedAt: now,
          },
          { kind: 'created', headers: tracking },
        );
        await scheduleTimer(tx, 'connection-initiation', id, new Date(now.getTime() + COMPLETION_CHECK_MS), clock.sandboxPartnerId);
        await onCreated?.(tx, { connectionId: id, redirectUrl });
      }).catch(async (error: unknown) => {
        // Not stored: the consent the bank already created for it is ended there.
        if (started.pendingConsent) await banks.connectorFor(provider).revokeConsent(started.pendingConsent).catch(() => undefined);
        throw error;
      });
      return { connectionId: id, expiresAt: expiresAt.toISOString(), redirectUrl };
    },

    /** The caller's connection, read through `tx` when given; 404 not_found for anyone else's. */
    async require(auth: AuthContext, clientId: string, connectionId: string, tx?: Tx): Promise<Connection> {
      const connection = await (tx ? connectionsRepository(tx) : repo).findScoped({ partnerId: auth.partner.id, mode: auth.mode, clientId }, connectionId);
      if (!connection) throw notFound(`Connection ${connectionId}`);
      return connection;
    },

    async get(auth: AuthContext, clientId: string, connectionId: string): Promise<ConnectionView> {
      return toConnectionView(await this.require(auth, clientId, connectionId));
    },

    /** The open bank journey (creation or reconnect) a bank page belongs to, or null when the state is unknown or used. */
    async journey(state: string): Promise<Journey | null> {
      const connection = await repo.findByAuthorizationToken(sha256Hex(state));
      if (!connection || connection.state === 'Disabled') return null;
      const provider = await deps.providers.find(connection.providerId);
      return provider ? { connection, provider } : null;
    },

    /**
     * The user opens the bank link of journey `state`. Null for an unknown or used state. A link of
     * a bank with an initiation window (not directRedirect) opened after expiresAt ends the journey
     * like the completion timer (`authorization_timeout`: a creation becomes Disabled) and answers
     * `{returnUrl}`, where the user goes with resultCode Error; otherwise `{journey}`.
     */
    async openBankLink(state: string): Promise<{ journey: Journey } | { returnUrl: string } | null> {
      const journey = await this.journey(state);
      if (!journey) return null;
      if (directRedirect(journey.provider) || clock.now() <= journey.connection.expiresAt) return { journey };
      return db.transaction().execute(async (tx) => {
        const locked = await connectionsRepository(tx).lock(journey.connection.id);
        // Completed or closed meanwhile: the link is used.
        if (!locked || locked.state === 'Disabled' || locked.authorizationTokenHash !== journey.connection.authorizationTokenHash) return null;
        await fail(tx, locked, 'authorization_timeout', 'The bank authorization was not started in time');
        return { returnUrl: returnTo(locked, 'Error', 'authorization_timeout') };
      });
    },

    /**
     * `GET /connect/bank/{state}`: the user opens the redirectUrl of a live journey created
     * without `psuIpAddress`; the bank authorization starts now with the user's address
     * (PSU-IP-Address) and answers where to send the user: the bank's SCA address, the same on
     * every later opening; or, after the initiation window, the partner's returnUrl with
     * `authorization_timeout` (openBankLink). Null for an unknown or used state. A bank that
     * cannot be reached: 503 internal_error.
     */
    async startAtBank(state: string, psuIpAddress: string): Promise<string | null> {
      const opened = await this.openBankLink(state);
      if (!opened) return null;
      if ('returnUrl' in opened) return opened.returnUrl;
      const { connection, provider } = opened.journey;
      if (connection.authorizationUrl) return connection.authorizationUrl;
      const now = clock.now();
      const options = { locale: connection.locale, ownershipType: connection.ownershipType, skipConsentScreen: connection.skipConsentScreen, validUntil: await partnerValidUntil(connection.partnerId, now), psuIpAddress };
      const { redirectUrl, pendingConsent } = await authorizeAtBank(connection.id, state, provider, options);
      return db.transaction().execute(async (tx) => {
        const locked = await connectionsRepository(tx).lock(connection.id);
        const open = locked && locked.state !== 'Disabled' && locked.authorizationTokenHash === connection.authorizationTokenHash;
        // A second opening that started meanwhile (or a journey that ended) keeps what is there; this consent is ended at the bank.
        if (!open || locked.authorizationUrl) {
          if (pendingConsent) await revokeLater(tx, connection, pendingConsent);
          return open ? locked.authorizationUrl : null;
        }
        await connectionsRepository(tx).update(connection.id, { pendingConsent: pendingConsent ?? null, authorizationUrl: redirectUrl, psuIpAddress, updatedAt: now });
        return redirectUrl;
      });
    },

    /**
     * Handles the bank's callback for journey `state`: Ok stores the consent and enqueues the
     * download; Error or Cancelled disables the connection (and ends its pending consent at the
     * bank); Continue keeps the journey open and sends the user to the bank's next SCA address.
     * `psuIpAddress` is the user's, when the callback came through the browser. Returns where to
     * send the user.
     * An unknown or already used state throws validation_error.
     */
    async completeAuthorization(state: string, query: Record<string, string | undefined>, psuIpAddress?: string): Promise<string> {
      const found = await this.journey(state);
      if (!found) throw invalid('state', 'this bank authorization is unknown, already completed or expired');
      return complete(found, query, psuIpAddress);
    },

    /** Sandbox control: completes the open bank journey (creation or reconnect) of a connection with the bank's `query`. */
    async completeSandboxJourney(auth: AuthContext, clientId: string, connectionId: string, query: Record<string, string>): Promise<string> {
      const connection = await this.require(auth, clientId, connectionId);
      if (!connection.authorizationTokenHash || connection.state === 'Disabled') {
        throw invalid('connectionId', `the connection is ${connection.state} and not awaiting bank authorization`);
      }
      const provider = (await deps.providers.find(connection.providerId))!;
      return complete({ connection, provider }, query);
    },

    /**
     * Timer `connection-initiation`. 22 minutes after a journey started, when the bank has not
     * answered yet: a Pending connection becomes Disabled (`authorization_timeout`), an unfinished
     * reconnect journey is closed (the connection keeps its state). Once the bank granted consent
     * the timer is the download deadline: a connection still Pending then becomes Disabled
     * (`download_timeout`) and its consent is revoked. Anything else (Active, Inactive) is left alone.
     */
    async checkCompletion(tx: Tx, connectionId: string): Promise<void> {
      const connection = await connectionsRepository(tx).lock(connectionId);
      if (!connection || connection.state === 'Disabled') return;
      if (connection.authorizationTokenHash) {
        await fail(tx, connection, 'authorization_timeout', 'The bank journey was not completed in time');
      } else if (connection.state === 'Pending') {
        await fail(tx, connection, 'download_timeout', 'The bank data could not be downloaded in time');
      }
    },

    /**
     * Reconnect (spec "POST .../reconnect"): a new bank journey on the same connection; on success
     * it is Active again with its accounts and transactions. Disabled: connection_not_recoverable.
     * Pending: operation_temporarily_unavailable. Active connections may reconnect too (renewing
     * consent early, e.g. to authorize more accounts).
     */
    async reconnect(
      auth: AuthContext,
      clientId: string,
      connectionId: string,
      input: { returnUrl: string; locale?: string; subscribeToAllAccounts?: boolean; skipConsentScreen?: boolean; psuIpAddress?: string },
      headers: Record<string, string | string[] | undefined> = {},
    ) {
      if (!auth.partner.capabilities.reconnect) throw new ApiError('capability_disabled', 'Capability reconnect is not enabled for this partner');
      const connection = await this.require(auth, clientId, connectionId);
      if (connection.state === 'Disabled') throw new ApiError('connection_not_recoverable', 'The connection is Disabled: it never obtained consent; create a new connection');
      if (connection.state === 'Pending') throw new ApiError('operation_temporarily_unavailable', 'The connection is still being created; retry once it is Active or Inactive');
      const locale = localeLanguage(input.locale);
      checkReturnUrl(input.returnUrl);
      checkPsuIpAddress('body.psuIpAddress', input.psuIpAddress);
      const provider = (await deps.providers.find(connection.providerId))!;
      const now = clock.now();
      const expiresAt = await atBank(provider, () => initiationEnd(provider, now));
      const skipConsentScreen = (input.skipConsentScreen ?? false) && auth.partner.skipConsentScreenAllowed;
      const validUntil = addDuration(now, auth.partner.consentDuration);
      const { state, redirectUrl, started } = await startJourney(connectionId, provider, { locale, ownershipType: connection.ownershipType, skipConsentScreen, validUntil, psuIpAddress: input.psuIpAddress });
      await db.transaction().execute(async (tx) => {
        // An earlier reconnect journey still open is replaced: its pending consent is ended at the bank.
        const previous = await connectionsRepository(tx).lock(connectionId);
        if (previous?.pendingConsent) await revokeLater(tx, previous, previous.pendingConsent);
        await connectionsRepository(tx).update(connectionId, {
          authorizationTokenHash: sha256Hex(state),
          ...started,
          returnUrl: input.returnUrl,
          locale,
          expiresAt,
          subscribeToAllAccounts: input.subscribeToAllAccounts ?? connection.subscribeToAllAccounts,
          skipConsentScreen,
          updatedAt: now,
        });
        await connectionsRepository(tx).track(connectionId, 'reconnect', trackingFields(headers), now);
        await scheduleTimer(tx, 'connection-initiation', connectionId, new Date(now.getTime() + COMPLETION_CHECK_MS), clock.sandboxPartnerId);
      });
      return { connectionId, expiresAt: expiresAt.toISOString(), redirectUrl };
    },

    /**
     * The user cancelled the hosted connect flow: a still Pending connection becomes Disabled with
     * ConnectionCreateFailed (`user_cancelled`). Answers the state found under the lock (Pending:
     * now Disabled; Active: the caller revokes it), null when the connection is gone.
     */
    async cancelJourney(connectionId: string): Promise<Connection['state'] | null> {
      return db.transaction().execute(async (tx) => {
        const locked = await connectionsRepository(tx).lock(connectionId);
        if (locked?.state === 'Pending') await fail(tx, locked, 'user_cancelled', 'The user cancelled the connect flow');
        return locked?.state ?? null;
      });
    },

    /** Ends the journey of a connection whose first download failed for good (bank error), inside `tx`; a creation's consent is revoked. */
    failDownload: async (tx: Tx, connection: Connection, error: BankError) => fail(tx, connection, error.code, `The bank could not deliver the data (${error.message})`),

    /**
     * Job `consent-revoke`: revokes at its bank a consent that no longer serves (a disabled
     * connection's, a failed journey's pending one, one a live reconnect replaced). Throws (for a
     * retry) while the bank fails.
     */
    async revokeDisabledConsent({ providerId, consentRef }: JobPayloads['consent-revoke']): Promise<void> {
      const provider = await deps.providers.find(providerId);
      if (provider) await banks.connectorFor(provider).revokeConsent(consentRef);
    },

    /** Revokes consents of a client's connections at the bank (before its data is purged). */
    async revokeAllForClient(clientId: string): Promise<void> {
      for (const connection of await repo.listForClient(clientId, ['Active', 'Pending'])) {
        if (!connection.consentRef) continue;
        const provider = await deps.providers.find(connection.providerId);
        if (provider) await banks.connectorFor(provider).revokeConsent(connection.consentRef);
      }
    },

    trackingEvents: (connectionId: string) => repo.trackingEvents(connectionId),
  };
}

export type ConnectionsService = ReturnType<typeof connectionsService>;
