/**
 * The SimpleFIN protocol (simplefin.org/protocol.html, version 1.0) under
 * `{BANKDATA_BASE_URL}/simplefin`, as budgeting apps call it (issue 21; docs/simplefin.md):
 * - `POST /simplefin/claim/{token}` -> the access URL as text/plain, once;
 * - `GET /simplefin/info` -> `{"versions":["1.0"]}` (public, like the protocol's server info);
 * - `GET /simplefin/accounts?start-date&end-date&pending&account&balances-only` with HTTP Basic
 *   auth -> the Account Set.
 * Bad credentials, a revoked access and a used or expired claim answer 403 with the body
 * `Forbidden` (text/plain), which SimpleFIN apps look for; other errors use the API's envelope.
 * Reads are rate-limited per access as API keys are; X-Request-Id as everywhere. These routes
 * are not in the partner's OpenAPI document (they are SimpleFIN's, not bankdata's, interface).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sendError, toApiError } from '../../plugins/error-envelope.ts';
import { WINDOW_SECONDS } from '../../plugins/rate-limit.ts';
import type { Clock } from '../../lib/clock.ts';
import { SIMPLEFIN_PATH, SimplefinForbidden, type AccountSetQuery, type SimplefinCaller, type SimplefinService } from './simplefin.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    simplefin: SimplefinCaller;
  }
}

const UnixSeconds = Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]*)?$', description: 'unix seconds' });
const Flag = Type.String({ maxLength: 5 });
const AccountsQuery = Type.Object({
  'start-date': Type.Optional(UnixSeconds),
  'end-date': Type.Optional(UnixSeconds),
  pending: Type.Optional(Flag),
  'balances-only': Type.Optional(Flag),
  account: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })),
});

type RawQuery = { 'start-date'?: string; 'end-date'?: string; pending?: string; 'balances-only'?: string; account?: string[] };

const isOn = (flag: string | undefined) => flag === '1' || flag === 'true';
const dateOf = (seconds: string | undefined) => (seconds === undefined ? null : new Date(Math.floor(Number(seconds)) * 1000));

function parseQuery(query: RawQuery): AccountSetQuery {
  return {
    startDate: dateOf(query['start-date']),
    endDate: dateOf(query['end-date']),
    pending: isOn(query.pending),
    balancesOnly: isOn(query['balances-only']),
    accountIds: query.account?.length ? query.account : null,
  };
}

/** `user` and `password` of an HTTP Basic Authorization header, or null. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 1 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export const simplefinProtocolRoutes: FastifyPluginAsync<{ simplefin: SimplefinService; clock: Clock; countRequests: boolean }> = async (app, { simplefin, clock, countRequests }) => {
  app.decorateRequest('simplefin', null as unknown as SimplefinCaller);
  // Apps POST the claim with or without a body and content type: any body is ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler((error: Error, request, reply: FastifyReply) => {
    if (error instanceof SimplefinForbidden) return reply.status(403).type('text/plain; charset=utf-8').send('Forbidden');
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, apiError);
  });

  /** HTTP Basic auth of an access, then its rate limit. */
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const credentials = basicCredentials(request.headers.authorization);
    if (!credentials) throw new SimplefinForbidden();
    const windowStart = countRequests ? Math.floor(clock.now().getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS : null;
    const caller = await simplefin.authenticate(credentials.user, credentials.password, windowStart);
    request.simplefin = caller;
    request.auth = { partner: caller.partner, mode: caller.access.mode, keyId: caller.access.id, ...(caller.requestsInWindow === undefined ? {} : { requestsInWindow: caller.requestsInWindow }) };
    await app.admitRequest(request, reply);
  }

  app.post(`${SIMPLEFIN_PATH}/claim/:token`, { schema: { hide: true, params: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }) } }, async (request, reply) => {
    const accessUrl = await simplefin.claim((request.params as { token: string }).token);
    return reply.type('text/plain; charset=utf-8').send(accessUrl);
  });

  app.get(`${SIMPLEFIN_PATH}/info`, { schema: { hide: true } }, async () => ({ versions: ['1.0'] }));

  app.get(`${SIMPLEFIN_PATH}/accounts`, { schema: { hide: true, querystring: AccountsQuery }, onRequest: authenticate }, async (request) =>
    simplefin.accountSet(request.simplefin, parseQuery(request.query as RawQuery)),
  );
};
