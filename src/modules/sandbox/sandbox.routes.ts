/**
 * Sandbox controls (DESIGN.md §7), sandbox keys only (a live key gets 404 not_found), to script
 * every scenario without a browser:
 * - `POST /v1/sandbox/connections/{id}/complete {outcome, username?}` finishes an open bank journey;
 * - `.../expire-consent` expires an Active consent now (ConnectionConsentExpired);
 * - `.../revoke-at-bank` revokes it at the bank (ConnectionConsentRevoked);
 * - `.../require-reauth` makes the next refreshes demand re-authentication;
 * - `.../transactions {count}` adds generated transactions the next refresh finds, and
 *   `{accountId?, transactions: [...]}` exactly the partner's own (custom-transactions.ts);
 * - `POST /v1/sandbox/connect-sessions/{sessionId}/complete {providerId?, outcome?, username?, deselectAccountIds?}`
 *   drives a hosted connect session past the bank and through account selection;
 * - `GET|POST|DELETE /v1/sandbox/clock` reads, advances (`{advance: 'P91D'}`) or resets the
 *   partner's sandbox clock (docs/sandbox.md "Sandbox clock").
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { SandboxState } from '../../banks/sandbox/sandbox-state.ts';
import { sandboxCallbackQuery } from '../../banks/sandbox/sandbox-connector.ts';
import { parseTestUser } from '../../banks/sandbox/scenarios.ts';
import type { Clock } from '../../lib/clock.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { ClientHeaders, errorResponses, Uuid } from '../../lib/schemas.ts';
import type { LifecycleService } from '../connections/connections.lifecycle.ts';
import { toConnectionView, type ConnectionsService } from '../connections/connections.service.ts';
import type { ConnectSessionsService, SandboxCompleteInput } from '../connect-sessions/connect-sessions.service.ts';
import type { PartnersService } from '../partners/partners.service.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { addCustomTransactions, type CustomTransactionInput } from './custom-transactions.ts';
import type { OnAuthTime } from '../../partner-times.ts';

interface SandboxDeps {
  /** The services on the partner's sandbox time (src/partner-times.ts); `clock` is that time. */
  at: OnAuthTime<{ connections: ConnectionsService; lifecycle: LifecycleService; clock: Clock; connectSessions: ConnectSessionsService; accounts: AccountsService }>;
  state: SandboxState;
  partners: PartnersService;
}

// Null first: the validator coerces types, and a null would pass as "" through a string branch tried first.
const detail = Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 140 })]));
const TransactionsBody = Type.Object(
  {
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'generated card payments to add (instead of transactions)' })),
    accountId: Type.Optional(Uuid),
    transactions: Type.Optional(
      Type.Array(
        Type.Object(
          {
            amount: Type.Number({ minimum: -1e12, maximum: 1e12, description: 'in the account currency; negative = outgoing; at most 2 decimals' }),
            currencyCode: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: "ISO 4217; default the account's" })),
            recordDate: Type.Optional(Type.String({ format: 'date-time', description: 'UTC; default now by the sandbox clock; not in its future, at most 89 days back' })),
            recordState: Type.Optional(Type.Union([Type.Literal('Cleared'), Type.Literal('Uncleared')], { description: 'default Cleared; Uncleared clears 3 days after it was added' })),
            note: Type.Optional(Type.String({ maxLength: 500 })),
            counterParty: Type.Optional(Type.String({ maxLength: 200 })),
            details: Type.Optional(
              Type.Object(
                { variableSymbol: detail, constantSymbol: detail, specificSymbol: detail, transactionCode: detail, creditorReference: detail, externalCategoryName: detail, mccCode: detail, others: detail },
                { additionalProperties: false },
              ),
            ),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1000 },
      ),
    ),
  },
  { additionalProperties: false },
);

const ClockView = Type.Object(
  {
    now: Type.String({ format: 'date-time', description: "the partner's sandbox time (UTC)" }),
    offsetMs: Type.Integer({ minimum: 0, description: 'how far the sandbox clock runs ahead of real time, in milliseconds' }),
  },
  { $id: 'SandboxClock' },
);

const Params = Type.Object({ connectionId: Uuid });
const scoped = (request: FastifyRequest) => [request.auth, request.headers['x-client-id'] as string, (request.params as { connectionId: string }).connectionId] as const;

export const sandboxRoutes: FastifyPluginAsync<SandboxDeps> = async (app, { at, state, partners }) => {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (request.auth.mode !== 'sandbox') throw new ApiError('not_found', 'Sandbox controls exist for sandbox keys only');
  });

  app.post(
    '/v1/sandbox/connections/:connectionId/complete',
    {
      schema: {
        tags: ['Sandbox'],
        summary: 'Finish an open bank journey',
        description:
          'Completes the bank authorization of a connection (creation or reconnect) as the test user `username` (default user_ok) with the given outcome; answers the returnUrl the user would land on. Ok then downloads the data like a real journey. As on the sandbox bank page, the test user decides too: user_fail is refused (Error) and user_cancel cancels, whatever the outcome.',
        params: Params,
        headers: ClientHeaders,
        body: Type.Object({
          outcome: Type.Union([Type.Literal('Ok'), Type.Literal('Error'), Type.Literal('Cancelled')]),
          username: Type.Optional(Type.String({ maxLength: 100, description: 'sandbox test user, e.g. user_slow or error.bank_unavailable' })),
        }),
        response: { 200: Type.Object({ connectionId: Uuid, returnUrl: Type.String({ format: 'uri' }) }), ...errorResponses() },
      },
    },
    async (request) => {
      const { outcome, username } = request.body as { outcome: 'Ok' | 'Error' | 'Cancelled'; username?: string };
      if (username !== undefined && !parseTestUser(username)) throw invalid('body.username', 'is not a sandbox test user (user_ok, user_slow, user_many, user_empty, error.<code>, ...)');
      const [auth, clientId, connectionId] = scoped(request);
      const returnUrl = await at(auth).connections.completeSandboxJourney(auth, clientId, connectionId, sandboxCallbackQuery(outcome, username));
      return { connectionId, returnUrl };
    },
  );

  app.post(
    '/v1/sandbox/connect-sessions/:sessionId/complete',
    {
      schema: {
        tags: ['Sandbox'],
        summary: 'Drive a connect session without a browser',
        description:
          'Finishes the whole session in one call when outcome is left out: confirms the bank (providerId, or the one the session was created with), finishes the bank journey as test user username (default user_ok), waits for the download to list the accounts, keeps them all but deselectAccountIds, and answers once the session is Completed (or Failed, Cancelled, Expired), or 30 s after the call with its current state. In two steps: with outcome (Ok, Error, Cancelled) the call ends after the bank and answers the session (Fetching, Failed or Cancelled); a second call, with deselectAccountIds once the session is AwaitingAccountSelection (account ids from GET /v1/connections/{connectionId}/accounts?subscription=all), finishes the account selection and answers like the one call.',
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100 }) }),
        headers: ClientHeaders,
        body: Type.Object({
          providerId: Type.Optional(Uuid),
          outcome: Type.Optional(Type.Union([Type.Literal('Ok'), Type.Literal('Error'), Type.Literal('Cancelled')])),
          username: Type.Optional(Type.String({ maxLength: 100, description: 'sandbox test user, e.g. user_slow or error.bank_unavailable' })),
          deselectAccountIds: Type.Optional(Type.Array(Uuid, { maxItems: 100 })),
        }),
        response: { 200: Type.Ref('ConnectSession'), ...errorResponses() },
      },
    },
    async (request) => {
      const input = request.body as SandboxCompleteInput;
      if (input.username !== undefined && !parseTestUser(input.username)) throw invalid('body.username', 'is not a sandbox test user (user_ok, user_slow, user_many, user_empty, error.<code>, ...)');
      return at(request.auth).connectSessions.sandboxComplete(request.auth, request.headers['x-client-id'] as string, (request.params as { sessionId: string }).sessionId, input);
    },
  );

  const clockSchema = (summary: string, description: string, body?: ReturnType<typeof Type.Object>) => ({
    schema: { tags: ['Sandbox'], summary, description, ...(body ? { body } : {}), response: { 200: ClockView, ...errorResponses() } },
  });
  const clockScope =
    'It moves time for this partner\'s sandbox only: consent expiry, ConnectionConsentExpiring, the refresh cooldown and daily quota, connect-session expiry and the 22-minute authorization check fire as if that time had passed (with their webhooks), and the sandbox bank sees that time. Live data and other partners keep real time.';
  app.get('/v1/sandbox/clock', clockSchema('Read the sandbox clock', `The partner's sandbox time and its offset from real time. ${clockScope}`), async (request) => partners.sandboxClock(request.auth.partner.id));
  app.post(
    '/v1/sandbox/clock',
    clockSchema('Advance the sandbox clock', `Moves the partner's sandbox clock forward by \`advance\`, an ISO 8601 duration (P91D, PT22M, P1M). ${clockScope}`, Type.Object({ advance: Type.String({ maxLength: 40, description: 'ISO 8601 duration, positive, e.g. P91D' }) })),
    async (request) => partners.sandboxClock(request.auth.partner.id, { advance: (request.body as { advance: string }).advance }),
  );
  app.delete('/v1/sandbox/clock', clockSchema('Reset the sandbox clock', `Returns the partner's sandbox clock to real time. What happened meanwhile stays; timers scheduled on the advanced clock fire when real time reaches them. ${clockScope}`), async (request) =>
    partners.sandboxClock(request.auth.partner.id, { reset: true }),
  );

  const control = (path: string, summary: string, description: string, run: (request: FastifyRequest) => Promise<unknown>) =>
    app.post(
      `/v1/sandbox/connections/:connectionId/${path}`,
      {
        schema: {
          tags: ['Sandbox'],
          summary,
          description,
          params: Params,
          headers: ClientHeaders,
          ...(path === 'transactions' ? { body: TransactionsBody } : {}),
          response: { 200: Type.Ref('Connection'), ...errorResponses() },
        },
      },
      run,
    );

  control('expire-consent', 'Expire the consent now', 'The Active connection becomes Inactive with ConnectionConsentExpired, as when consentDuration ends.', (r) => at(r.auth).lifecycle.expireNow(...scoped(r)));
  control('revoke-at-bank', 'Revoke the consent at the bank', 'The user revokes consent in their bank: the Active connection becomes Inactive with ConnectionConsentRevoked.', (r) => at(r.auth).lifecycle.revokedAtBank(...scoped(r)));
  control('require-reauth', 'Demand re-authentication', 'The next refreshes fail because the bank demands a new authorization: the connection becomes Inactive with ConnectionRefreshFailed. A reconnect clears it.', async (r) => {
    const connection = await at(r.auth).connections.require(...scoped(r));
    await state.setRequireReauth(connection.id, true);
    return toConnectionView(connection);
  });
  control(
    'transactions',
    'Add transactions for the next refresh',
    "With `{count}`: adds `count` new Uncleared card payments to the first current account, dated now (by the sandbox clock) and one minute apart before it. With `{accountId?, transactions}` (up to 1,000): adds exactly these transactions to the account (default: the first current account as GET .../accounts lists them), each with a stable id at the bank; defaults: currencyCode the account's, recordDate now, recordState Cleared, empty note and counterParty, null details. Either way they count in the account's balance and the next refresh finds them, enriched like any other.",
    async (r) => {
      const body = r.body as { count?: number; accountId?: string; transactions?: CustomTransactionInput[] };
      if ((body.count === undefined) === (body.transactions === undefined)) throw invalid('body', 'give either count or transactions');
      if (body.count !== undefined && body.accountId !== undefined) throw invalid('body.accountId', 'goes with transactions; count adds to the first current account');
      const [auth, clientId, connectionId] = scoped(r);
      const { connections, accounts, clock } = at(auth);
      const connection = await connections.require(auth, clientId, connectionId);
      if (body.transactions) await addCustomTransactions({ accounts, state, clock }, { auth, clientId, connectionId }, { accountId: body.accountId, transactions: body.transactions });
      else await state.addTransactions(connection.id, body.count!, clock.now());
      return toConnectionView(connection);
    },
  );
};
