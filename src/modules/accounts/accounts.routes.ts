/**
 * `GET /v1/connections/{connectionId}/accounts`, `PATCH`/`DELETE /v1/accounts/{accountId}/subscribe`,
 * `GET /v1/accounts/{accountId}/transactions` (spec; DESIGN.md §5).
 */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { ClientHeaders, errorResponses, Page, PageQuery, Timestamp, Uuid } from '../../lib/schemas.ts';
import type { OnAuthTime } from '../../partner-times.ts';
import type { AccountsService, TransactionQuery } from './accounts.service.ts';

const nullableString = Type.Union([Type.String(), Type.Null()]);

const Account = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    type: Type.String({ description: 'CurrentAccount or SavingAccount' }),
    balance: Type.Number({ description: 'in the account currency' }),
    currencyCode: Type.String(),
    iban: nullableString,
    subscribed: Type.Boolean(),
  },
  { $id: 'Account' },
);

const Category = Type.Object(
  { categoryId: Type.Integer(), categoryName: Type.String(), subcategoryId: Type.Integer(), subcategoryName: Type.String() },
  { description: 'taxonomy with stable ids: docs/categories.md' },
);

const Transaction = Type.Object(
  {
    id: Uuid,
    amount: Type.Number({ description: 'negative for outgoing money, positive for incoming' }),
    currencyCode: Type.String(),
    recordState: Type.Union([Type.Literal('Cleared'), Type.Literal('Uncleared')]),
    recordDate: Timestamp,
    note: Type.String(),
    counterParty: Type.String(),
    details: Type.Object({
      variableSymbol: nullableString,
      constantSymbol: nullableString,
      specificSymbol: nullableString,
      transactionCode: nullableString,
      creditorReference: nullableString,
      externalCategoryName: nullableString,
      mccCode: nullableString,
      others: nullableString,
    }),
    enrichment: Type.Optional(
      Type.Object(
        {
          category: Category,
          merchant: Type.Union([Type.Object({ id: Uuid, name: Type.String() }), Type.Null()], { description: 'a known merchant (stable id), or null: never a guess' }),
          recurrent: Type.Boolean({ description: 'part of a regular series of payments to or from the same payee' }),
        },
        { description: 'present with capability enrichment' },
      ),
    ),
  },
  { $id: 'Transaction' },
);

const AccountParams = Type.Object({ accountId: Uuid });

/** Up to 20 variable symbols: up to 10 significant digits, any number of leading zeros. */
const VariableSymbols = (description: string) =>
  Type.Array(Type.String({ pattern: '^0*[0-9]{1,10}$', maxLength: 64 }), { maxItems: 20, description });
const clientOf = (request: { headers: Record<string, unknown> }) => request.headers['x-client-id'] as string;

/** `at`: the accounts service on the time of the request's key (src/partner-times.ts). */
export const accountsRoutes: FastifyPluginAsync<{ at: OnAuthTime<{ accounts: AccountsService }> }> = async (app, { at }) => {
  app.addSchema(Account);
  app.addSchema(Transaction);

  app.get(
    '/v1/connections/:connectionId/accounts',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'List accounts of a connection',
        description: 'A raw JSON array, at most 100 accounts, not paginated: the subscribed accounts, or every account with subscription=all.',
        params: Type.Object({ connectionId: Uuid }),
        querystring: Type.Object({ subscription: Type.Optional(Type.Union([Type.Literal('subscribed'), Type.Literal('all')], { default: 'subscribed' })) }),
        headers: ClientHeaders,
        response: { 200: Type.Array(Type.Ref('Account'), { maxItems: 100 }), ...errorResponses() },
      },
    },
    async (request) => {
      const { connectionId } = request.params as { connectionId: string };
      const { subscription } = request.query as { subscription: string };
      return at(request.auth).accounts.list(request.auth, clientOf(request), connectionId, subscription === 'all');
    },
  );

  for (const [method, subscribed] of [['PATCH', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: '/v1/accounts/:accountId/subscribe',
      schema: {
        tags: ['Accounts'],
        summary: subscribed ? 'Subscribe an account' : 'Unsubscribe an account',
        description: subscribed
          ? 'Includes the account in data retrieval again (only accounts the bank authorized).'
          : 'Excludes the account from data retrieval; it stays on the connection but gets no new data.',
        params: AccountParams,
        headers: ClientHeaders,
        response: { 200: Type.Ref('Account'), ...errorResponses() },
      },
      handler: async (request) => at(request.auth).accounts.setSubscribed(request.auth, clientOf(request), (request.params as { accountId: string }).accountId, subscribed),
    });
  }

  app.get(
    '/v1/accounts/:accountId/transactions',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'List transactions of an account',
        description:
          'Newest first by recordDate, then id. Iterate with nextCursor until it is null. limit=0 answers no data and the nextCursor of the position (null when nothing follows it).',
        params: AccountParams,
        headers: ClientHeaders,
        querystring: Type.Object({
          ...PageQuery(10),
          variableSymbol: Type.Optional(VariableSymbols('repeat the parameter for several; leading zeros are ignored on both sides')),
          'variableSymbol[]': Type.Optional(VariableSymbols('the same filter in bracket-array style (variableSymbol[]=1&variableSymbol[]=2); combined with variableSymbol, at most 20 in all')),
        }),
        response: { 200: Page(Type.Ref('Transaction'), 'Page of transactions'), ...errorResponses() },
      },
    },
    async (request) => at(request.auth).accounts.transactions(request.auth, clientOf(request), (request.params as { accountId: string }).accountId, request.query as TransactionQuery),
  );
};
