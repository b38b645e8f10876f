/** `POST /v1/connections`, `GET /v1/connections/{connectionId}` (spec; DESIGN.md §5). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ClientHeaders, CreateHeaders, errorResponses, LanguageCode, Timestamp, Uuid } from '../../lib/schemas.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { LifecycleService } from './connections.lifecycle.ts';
import type { ConnectionsService, CreateConnectionInput } from './connections.service.ts';
import type { OnAuthTime } from '../../partner-times.ts';

/** The Connection resource (shared: the sandbox controls answer it too); registered app-wide. */
export const ConnectionSchema = Type.Object(
  {
    id: Uuid,
    state: Type.Union([Type.Literal('Pending'), Type.Literal('Active'), Type.Literal('Inactive'), Type.Literal('Disabled')]),
    errorDesc: Type.Union([Type.String(), Type.Null()], { description: 'human text, not for parsing' }),
    providerId: Uuid,
    createdAt: Timestamp,
    consentExpiresAt: Type.Union([Timestamp, Type.Null()], {
      description:
        'when the consent ends (UTC): while Active, the planned end (the partner\'s consentDuration, or the bank\'s earlier validUntil); after an expiry, when it expired; null before the first consent. ConnectionConsentExpiring is sent ahead of it.',
    }),
  },
  { $id: 'Connection' },
);

const Params = Type.Object({ connectionId: Uuid });
const PSU_IP_DESCRIPTION =
  "the end user's IPv4 or IPv6 address (PSU-IP-Address), which live banks require to start a consent: given, the bank authorization starts at once; else redirectUrl opens on this service first, which takes the address from the user's browser (docs/live.md)";
const JourneyStarted = Type.Object({
  connectionId: Uuid,
  expiresAt: Type.String({ format: 'date-time', description: 'end of the initiation window; the current time for directRedirect providers' }),
  redirectUrl: Type.String({ format: 'uri', description: 'bank authorization address to send the user to' }),
});
const target = (request: { auth: AuthContext; headers: Record<string, unknown>; params: unknown }) =>
  [request.auth, request.headers['x-client-id'] as string, (request.params as { connectionId: string }).connectionId] as const;

/** `at`: the connection and lifecycle services on the time of the request's key (src/partner-times.ts). */
export const connectionsRoutes: FastifyPluginAsync<{ at: OnAuthTime<{ connections: ConnectionsService; lifecycle: LifecycleService }> }> = async (app, { at }) => {

  app.post(
    '/v1/connections',
    {
      config: { idempotent: true },
      schema: {
        tags: ['Connections'],
        summary: 'Create a connection (direct flow)',
        description:
          'Creates a Pending connection and answers the bank authorization address (`redirectUrl`). Send the user there; they come back to returnUrl with connectionId, resultCode (Ok or Error) and error. The connection becomes Active once accounts and transactions are downloaded (ConnectionCreateSuccess) or Disabled (ConnectionCreateFailed); a journey not completed within about 22 minutes becomes Disabled. returnUrl must be http(s) or an app link (javascript:, data:, file:, tel:, mailto: and other schemes that open no page are refused). Live banks need the IP address of the user: pass psuIpAddress, or send the user to redirectUrl, which then opens on this service before the bank. A bank that cannot be reached answers 503 internal_error: retry later.',
        headers: CreateHeaders,
        body: Type.Object({
          returnUrl: Type.String({ format: 'uri', maxLength: 2048, description: 'http(s) or an app link' }),
          providerId: Uuid,
          locale: Type.Optional(LanguageCode),
          subscribeToAllAccounts: Type.Optional(Type.Boolean()),
          skipConsentScreen: Type.Optional(Type.Boolean({ description: 'effective only where the partner is permitted' })),
          ownershipType: Type.Optional(Type.String({ description: 'Personal, Shared or Business, any case; any other value means Personal' })),
          psuIpAddress: Type.Optional(Type.String({ maxLength: 45, description: PSU_IP_DESCRIPTION })),
        }),
        response: { 200: JourneyStarted, ...errorResponses(403, 503) },
      },
    },
    async (request) => at(request.auth).connections.create(request.auth, request.headers['x-client-id'] as string, request.body as CreateConnectionInput, request.headers),
  );

  app.get(
    '/v1/connections/:connectionId',
    {
      schema: {
        tags: ['Connections'],
        summary: 'Get a connection',
        params: Type.Object({ connectionId: Uuid }),
        headers: ClientHeaders,
        response: { 200: Type.Ref('Connection'), ...errorResponses() },
      },
    },
    async (request) => at(request.auth).connections.get(...target(request)),
  );

  app.post(
    '/v1/connections/:connectionId/refresh',
    {
      schema: {
        tags: ['Connections'],
        summary: 'Refresh transactions in the background',
        description:
          'Requires capability refresh. Answers 202 and fetches new transactions in the background (TransactionsFetchingProgress, then ConnectionRefreshSuccess or ConnectionRefreshFailed). Never redirects the user: returnUrl is accepted and ignored. Guards: refresh_in_progress, refresh_cooldown (10 minutes after a successful refresh), refresh_quota_exceeded (per-provider daily quota), background_refresh_not_allowed (406; the connection becomes Inactive and ConnectionConsentRevoked follows). With psuIpAddress (the user is present) the refresh is not counted against, nor refused by, the daily quota.',
        params: Params,
        headers: ClientHeaders,
        body: Type.Object({
          returnUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
          locale: Type.Optional(Type.String({ maxLength: 10 })),
          psuIpAddress: Type.Optional(
            Type.String({ maxLength: 45, description: "the end user's IPv4 or IPv6 address, when the user is present: the bank reads with it (PSU-IP-Address) and the refresh does not count against the daily quota" }),
          ),
        }),
        response: {
          202: Type.Object({ status: Type.Literal('Accepted'), nextRefreshPossibleAt: Type.String({ format: 'date-time' }) }),
          ...errorResponses(403, 406),
        },
      },
      // The body is optional (spec): no body validates as `{}`.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => reply.status(202).send(await at(request.auth).lifecycle.refresh(...target(request), request.body as { psuIpAddress?: string })),
  );

  app.post(
    '/v1/connections/:connectionId/reconnect',
    {
      schema: {
        tags: ['Connections'],
        summary: 'Reconnect: renew consent through the bank',
        description:
          'Requires capability reconnect. Starts a new bank journey on the same connection (always redirects the user); on success it is Active again with its accounts and transactions (ConnectionCreateSuccess with data.reconnect). Disabled connections answer connection_not_recoverable. Active connections may reconnect too (renew consent early, e.g. to authorize more accounts with subscribeToAllAccounts).',
        params: Params,
        headers: CreateHeaders,
        body: Type.Object({
          returnUrl: Type.String({ format: 'uri', maxLength: 2048 }),
          locale: Type.Optional(LanguageCode),
          subscribeToAllAccounts: Type.Optional(Type.Boolean()),
          skipConsentScreen: Type.Optional(Type.Boolean()),
          psuIpAddress: Type.Optional(Type.String({ maxLength: 45, description: PSU_IP_DESCRIPTION })),
        }),
        response: { 200: JourneyStarted, ...errorResponses(403, 503) },
      },
      config: { idempotent: true },
    },
    async (request) => at(request.auth).connections.reconnect(...target(request), request.body as { returnUrl: string }, request.headers),
  );

  app.post(
    '/v1/connections/:connectionId/revoke',
    {
      schema: {
        tags: ['Connections'],
        summary: 'Revoke consent',
        description:
          'Revokes the consent at the bank; the connection becomes Inactive (ConnectionConsentRevoked). Revoking an Inactive connection is a 200 no-op without callback; a Disabled one answers connection_not_recoverable.',
        params: Params,
        headers: ClientHeaders,
        response: { 200: Type.Ref('Connection'), ...errorResponses(403) },
      },
    },
    async (request) => at(request.auth).lifecycle.revoke(...target(request)),
  );

  app.delete(
    '/v1/connections/:connectionId',
    {
      schema: {
        tags: ['Connections'],
        summary: 'Delete a connection',
        description: 'Revokes the consent at the bank when Active (or Pending with its download running), then deletes the connection with its accounts and transactions.',
        params: Params,
        headers: ClientHeaders,
        response: { 204: Type.Null({ description: 'deleted' }), ...errorResponses() },
      },
    },
    async (request, reply) => {
      await at(request.auth).lifecycle.remove(...target(request));
      return reply.status(204).send();
    },
  );
};
