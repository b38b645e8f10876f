/**
 * Connections (spec "Connection", "POST /v1/connections", "Get connection", connection states;
 * DESIGN.md §5). Create answers `{connectionId, expiresAt, redirectUrl}` and leaves the
 * connection Pending; the bank's callback either enqueues the download (which makes it Active)
 * or makes it Disabled with ConnectionCreateFailed; a journey not completed 22 minutes after
 * creation becomes Disabled by a durable timer. State changes, events and jobs commit together.
 */
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, Provider } from '../../db/schema.ts';
import type { Banks } from '../../banks/index.ts';
import { BankError } from '../../banks/connector.ts';
import type { Clock } from '../../lib/clock.ts';
import { ApiError, invalid, notFound } from '../../lib/errors.ts';
import { newId, randomToken, sha256Hex } from '../../lib/ids.ts';
import { isLanguageCode } from '../../lib/iso.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { cancelTimer, scheduleTimer } from '../../jobs/timers.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { ClientsService } from '../clients/clients.service.ts';
import type { ProvidersService } from '../providers/providers.service.ts';
import type { EventLog, EventSubject } from '../webhooks/events.ts';
import { connectionsRepository } from './connections.repository.ts';

/** About 2 minutes to start the bank authorization (spec "POST /v1/connections" timing). */
export const INITIATION_WINDOW_MS = 2 * 60_000;
/** Completion is checked about 20 minutes after the initiation window: 22 minutes from creation. */
export const COMPLETION_CHECK_MS = 22 * 60_000;

export const ANALYTICS_HEADERS = {
  'x-application-name': 'applicationName',
  'x-client-app-version': 'clientAppVersion',
  'x-client-osversion': 'clientOsVersion',
  'x-client-platform': 'clientPlatform',
} as const;

export interface CreateConnectionInput {
  returnUrl: string;
  providerId: string;
  locale?: string;
  subscribeToAllAccounts?: boolean;
  skipConsentScreen?: boolean;
  ownershipType?: string;
}

export interface ConnectionView {
  id: string;
  state: Connection['state'];
  errorDesc: string | null;
  providerId: string;
  createdAt: string;
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
});

export const subjectOf = (c: Connection): EventSubject => ({ partnerId: c.partnerId, mode: c.mode, clientId: c.clientId, connectionId: c.id, sessionId: c.sessionId });

/** `ownershipType` parsed case-insensitively; anything unknown falls back to Personal (spec). */
export function parseOwnershipType(value: string | undefined): Connection['ownershipType'] {
  const known = { personal: 'Personal', shared: 'Shared', business: 'Business' } as const;
  return known[(value ?? '').trim().toLowerCase() as keyof typeof known] ?? 'Personal';
}

export interface ConnectionsDeps {
  db: Db;
  clock: Clock;
  config: Config;
  queue: JobQueue;
  events: EventLog;
  banks: Banks;
  providers: ProvidersService;
  clients: ClientsService;
}

export function connectionsService(deps: ConnectionsDeps) {
  const { db, clock, config, queue, events, banks } = deps;
  const repo = connectionsRepository(db);

  /**
   * Ends a failed bank journey with ConnectionCreateFailed, inside `tx`: a Pending connection
   * becomes Disabled; a reconnect journey leaves the connection in its state (`reconnect: true`).
   */
  async function fail(tx: Tx, connection: Connection, code: string, message: string): Promise<void> {
    const now = clock.now();
    const reconnect = connection.state !== 'Pending';
    await connectionsRepository(tx).update(connection.id, {
      ...(reconnect ? {} : { state: 'Disabled' as const, errorCode: code, errorDesc: message }),
      authorizationTokenHash: null,
      updatedAt: now,
    });
    await cancelTimer(tx, 'connection-initiation', connection.id);
    await events.record(tx, subjectOf(connection), 'ConnectionCreateFailed', { error: { code, message }, ...(reconnect ? { reconnect: true } : {}) }, now);
  }

  /** Starts a bank journey for `connectionId` with a fresh single-use state; returns the state and the bank address. */
  async function startJourney(connectionId: string, provider: Provider, locale: string): Promise<{ state: string; redirectUrl: string }> {
    const state = randomToken();
    const { redirectUrl } = await banks.connectorFor(provider).startAuthorization({ connectionId, state, providerCode: provider.code, locale, callbackUrl: `${config.baseUrl}/connect/bank-callback` });
    return { state, redirectUrl };
  }

  /** The partner's returnUrl with the spec's query values. */
  function returnTo(connection: Connection, resultCode: 'Ok' | 'Error' | 'Cancelled', error?: string): string {
    const url = new URL(connection.returnUrl);
    url.searchParams.set('connectionId', connection.id);
    url.searchParams.set('resultCode', resultCode);
    if (connection.sessionId) url.searchParams.set('sessionId', connection.sessionId);
    if (error) url.searchParams.set('error', error);
    return url.toString();
  }

  /** End of the initiation window: about 2 minutes, or now for directRedirect providers. */
  function initiationEnd(provider: Provider, now: Date): Date {
    return banks.connectorFor(provider).traits(provider.code).directRedirect ? now : new Date(now.getTime() + INITIATION_WINDOW_MS);
  }

  async function complete({ connection, provider }: Journey, query: Record<string, string | undefined>): Promise<string> {
    const connector = banks.connectorFor(provider);
    const now = clock.now();
    const result = await connector.handleCallback({ connectionId: connection.id, connectionCreatedAt: connection.createdAt, countryCode: provider.countryCode, at: now }, query);
    return db.transaction().execute(async (tx) => {
      const locked = await connectionsRepository(tx).lock(connection.id);
      if (!locked || !locked.authorizationTokenHash || locked.authorizationTokenHash !== connection.authorizationTokenHash || locked.state === 'Disabled') {
        throw invalid('state', 'this bank authorization is already completed or expired');
      }
      if (result.outcome !== 'Ok') {
        const code = result.outcome === 'Cancelled' ? 'user_cancelled' : (result.errorCode ?? 'authorization_failed');
        const message = result.outcome === 'Cancelled' ? 'The user cancelled the bank authorization' : `The bank refused the authorization (${code})`;
        await fail(tx, locked, code, message);
        return returnTo(locked, locked.sessionId ? result.outcome : 'Error', code);
      }
      const reconnect = locked.state !== 'Pending';
      await connectionsRepository(tx).update(locked.id, { consentRef: result.consent!, authorizationTokenHash: null, updatedAt: now });
      await queue.enqueue(tx, 'connection-download', { connectionId: locked.id, reason: reconnect ? 'reconnect' : 'create' });
      return returnTo(locked, 'Ok');
    });
  }

  return {
    /**
     * Creates a Pending connection and starts the bank authorization.
     * Errors: validation_error (bad input, Inactive provider), not_found (client or provider).
     */
    async create(auth: AuthContext, clientId: string, input: CreateConnectionInput, headers: Record<string, string | string[] | undefined>, sessionId: string | null = null) {
      await deps.clients.require(auth, clientId);
      const locale = input.locale ?? 'en';
      if (!isLanguageCode(locale)) throw invalid('body.locale', 'must be an ISO 639-1 language code such as en or cs');
      const provider = await deps.providers.connectable(auth, input.providerId);
      const now = clock.now();
      const id = newId();
      const expiresAt = initiationEnd(provider, now);
      const { state, redirectUrl } = await startJourney(id, provider, locale);
      const tracking = Object.fromEntries(
        Object.entries(ANALYTICS_HEADERS)
          .map(([header, name]) => [name, headers[header]])
          .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
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
            ownershipType: parseOwnershipType(input.ownershipType),
            subscribeToAllAccounts: input.subscribeToAllAccounts ?? auth.partner.subscribeToAllAccounts,
            skipConsentScreen: (input.skipConsentScreen ?? false) && auth.partner.skipConsentScreenAllowed,
            authorizationTokenHash: sha256Hex(state),
            consentRef: null,
            consentExpiresAt: null,
            expiresAt,
            sessionId,
            createdAt: now,
            updatedAt: now,
          },
          { kind: 'created', headers: tracking },
        );
        await scheduleTimer(tx, 'connection-initiation', id, new Date(now.getTime() + COMPLETION_CHECK_MS));
      });
      return { connectionId: id, expiresAt: expiresAt.toISOString(), redirectUrl };
    },

    /** The caller's connection; 404 not_found for anyone else's. */
    async require(auth: AuthContext, clientId: string, connectionId: string): Promise<Connection> {
      const connection = await repo.findScoped({ partnerId: auth.partner.id, mode: auth.mode, clientId }, connectionId);
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
     * Handles the bank's callback for journey `state`: Ok stores the consent and enqueues the
     * download; Error or Cancelled disables the connection. Returns where to send the user.
     * An unknown or already used state throws validation_error.
     */
    async completeAuthorization(state: string, query: Record<string, string | undefined>): Promise<string> {
      const found = await this.journey(state);
      if (!found) throw invalid('state', 'this bank authorization is unknown, already completed or expired');
      return complete(found, query);
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
     * Timer, 22 minutes after a journey started: a connection still Pending becomes Disabled; an
     * unfinished reconnect journey is closed (the connection keeps its state).
     */
    async checkCompletion(tx: Tx, connectionId: string): Promise<void> {
      const connection = await connectionsRepository(tx).lock(connectionId);
      if (!connection || connection.state === 'Disabled') return;
      if (connection.state !== 'Pending' && !connection.authorizationTokenHash) return;
      await fail(tx, connection, 'authorization_timeout', 'The bank journey was not completed in time');
    },

    /**
     * Reconnect (spec "POST .../reconnect"): a new bank journey on the same connection; on success
     * it is Active again with its accounts and transactions. Disabled: connection_not_recoverable.
     * Pending: operation_temporarily_unavailable. Active connections may reconnect too (renewing
     * consent early, e.g. to authorize more accounts).
     */
    async reconnect(auth: AuthContext, clientId: string, connectionId: string, input: { returnUrl: string; locale?: string; subscribeToAllAccounts?: boolean; skipConsentScreen?: boolean }) {
      if (!auth.partner.capabilities.reconnect) throw new ApiError('capability_disabled', 'Capability reconnect is not enabled for this partner');
      const connection = await this.require(auth, clientId, connectionId);
      if (connection.state === 'Disabled') throw new ApiError('connection_not_recoverable', 'The connection is Disabled: it never obtained consent; create a new connection');
      if (connection.state === 'Pending') throw new ApiError('operation_temporarily_unavailable', 'The connection is still being created; retry once it is Active or Inactive');
      const locale = input.locale ?? 'en';
      if (!isLanguageCode(locale)) throw invalid('body.locale', 'must be an ISO 639-1 language code such as en or cs');
      const provider = (await deps.providers.find(connection.providerId))!;
      const now = clock.now();
      const expiresAt = initiationEnd(provider, now);
      const { state, redirectUrl } = await startJourney(connectionId, provider, locale);
      await db.transaction().execute(async (tx) => {
        await connectionsRepository(tx).update(connectionId, {
          authorizationTokenHash: sha256Hex(state),
          returnUrl: input.returnUrl,
          locale,
          expiresAt,
          subscribeToAllAccounts: input.subscribeToAllAccounts ?? connection.subscribeToAllAccounts,
          skipConsentScreen: (input.skipConsentScreen ?? false) && auth.partner.skipConsentScreenAllowed,
          updatedAt: now,
        });
        await scheduleTimer(tx, 'connection-initiation', connectionId, new Date(now.getTime() + COMPLETION_CHECK_MS));
      });
      return { connectionId, expiresAt: expiresAt.toISOString(), redirectUrl };
    },

    /** The user cancelled the hosted connect flow: a still Pending connection becomes Disabled with ConnectionCreateFailed (`user_cancelled`). */
    async cancelJourney(connectionId: string): Promise<void> {
      await db.transaction().execute(async (tx) => {
        const locked = await connectionsRepository(tx).lock(connectionId);
        if (locked?.state === 'Pending') await fail(tx, locked, 'user_cancelled', 'The user cancelled the connect flow');
      });
    },

    /** Ends the journey of a connection whose first download failed for good (bank error), inside `tx`. */
    failDownload: async (tx: Tx, connection: Connection, error: BankError) => fail(tx, connection, error.code, `The bank could not deliver the data (${error.message})`),

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
