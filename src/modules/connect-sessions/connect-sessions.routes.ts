/** `POST /v1/connect-sessions`, `GET /v1/connect-sessions/{sessionId}` (spec; DESIGN.md §8). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ClientHeaders, CountryCode, CreateHeaders, errorResponses, LanguageCode, Timestamp, Uuid } from '../../lib/schemas.ts';
import type { OnAuthTime } from '../../partner-times.ts';
import type { ConnectSessionsService, CreateSessionInput } from './connect-sessions.service.ts';

/** The connect session resource; registered app-wide (the sandbox control answers it too). */
export const ConnectSessionSchema = Type.Object(
  {
    sessionId: Type.String({ description: 'opaque; do not parse' }),
    state: Type.Union(
      ['AwaitingBankSelection', 'RedirectedToBank', 'Authenticating', 'Fetching', 'AwaitingAccountSelection', 'Completed', 'Failed', 'Cancelled', 'Expired'].map((s) => Type.Literal(s)),
    ),
    connectionId: Type.Union([Uuid, Type.Null()], { description: 'set once the user confirmed a bank; the connection of a Completed session' }),
    resultCode: Type.Union([Type.Literal('Ok'), Type.Literal('Error'), Type.Literal('Cancelled'), Type.Null()], { description: 'set in the terminal states' }),
    error: Type.Union([Type.String(), Type.Null()], { description: 'failure code, e.g. access_denied, user_cancelled, session_expired' }),
    expiresAt: Timestamp,
  },
  { $id: 'ConnectSession' },
);

/**
 * Registers `POST /v1/connect-sessions` (answers `{sessionId, hostedUrl, expiresAt}`) and
 * `GET /v1/connect-sessions/{sessionId}` (the ConnectSession resource) on the partner API; errors
 * in the spec's envelope (validation_error, not_found).
 */
/** `at`: the connect-session service on the time of the request's key (src/partner-times.ts). */
export const connectSessionsRoutes: FastifyPluginAsync<{ at: OnAuthTime<{ connectSessions: ConnectSessionsService }> }> = async (app, { at }) => {
  app.post(
    '/v1/connect-sessions',
    {
      config: { idempotent: true },
      schema: {
        tags: ['Connect sessions'],
        summary: 'Create a connect session (hosted flow)',
        description:
          'Answers a one-time hostedUrl to send the user to: bank picker (skipped with providerId), consent information, the bank, progress and account selection, then a redirect to returnUrl with connectionId, resultCode (Ok, Error or Cancelled), sessionId and error. returnUrl must match one of the partner\'s registered return-URL patterns. The connection is created when the user confirms a bank and then behaves like a direct one; its webhooks carry sessionId. The session expires at expiresAt (30 minutes).',
        headers: CreateHeaders,
        body: Type.Object({
          returnUrl: Type.String({ format: 'uri', maxLength: 2048, description: "must match a registered return-URL pattern (web URL, universal/app link or custom scheme)" }),
          locale: Type.Optional(LanguageCode),
          country: Type.Optional(CountryCode),
          providerId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'skips the bank picker' })),
          skipConsentScreen: Type.Optional(Type.Boolean({ description: 'effective only where the partner is permitted' })),
        }),
        response: {
          200: Type.Object({ sessionId: Type.String(), hostedUrl: Type.String({ format: 'uri', description: 'one-time: the first load consumes it' }), expiresAt: Timestamp }),
          ...errorResponses(),
        },
      },
    },
    async (request) => at(request.auth).connectSessions.create(request.auth, request.headers['x-client-id'] as string, request.body as CreateSessionInput, request.headers),
  );

  app.get(
    '/v1/connect-sessions/:sessionId',
    {
      schema: {
        tags: ['Connect sessions'],
        summary: 'Get a connect session',
        description: 'For troubleshooting and reconciliation; webhooks remain authoritative. A session is kept until 30 days after it ended (Completed, Failed, Cancelled or Expired); then not_found.',
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100 }) }),
        headers: ClientHeaders,
        response: { 200: Type.Ref('ConnectSession'), ...errorResponses() },
      },
    },
    async (request) => at(request.auth).connectSessions.get(request.auth, request.headers['x-client-id'] as string, (request.params as { sessionId: string }).sessionId),
  );
};
