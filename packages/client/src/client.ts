/**
 * createClient: one typed method per operation of the bankdata API (spec "Endpoints"), calls
 * made by openapi-fetch on the types generated from openapi.json (src/schema.ts). Every path is
 * written out with its own version segment (`/v1/...`), as the spec declares it. Client-scoped
 * operations take `{ clientId }` (sent as X-Client-Id) on every call. Connection create,
 * reconnect and connect-session create send an Idempotency-Key (a new UUID unless given), so
 * their retries are replays. Failures throw BankdataError; retries follow retry.ts.
 */
import createFetchClient from 'openapi-fetch';
import { BankdataError, errorFromResponse } from './errors.js';
import { defaultRetryPolicy, retryingFetch, type FetchFunction, type RetryPolicy } from './retry.js';
import type { components, paths } from './schema.js';

export interface ClientOptions {
  /** The service's address, e.g. `https://bankdata.example.com` (no path: each operation has its own `/v1/`). */
  baseUrl: string;
  /** `svc_test_...` (sandbox) or `svc_live_...` (live). */
  apiKey: string;
  /** A fetch of your own (a proxy, a test double); default the global fetch. */
  fetch?: FetchFunction;
  /** Retries after the first attempt (default 3; 0 disables), or the whole policy. */
  retries?: number | Partial<RetryPolicy>;
}

type Schemas = components['schemas'];
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
/** The JSON body of an operation. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = Operation<P, M> extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;
/** The query parameters of an operation. */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** Options of every client-scoped call: the client (end user) it acts for, sent as X-Client-Id. */
export interface ClientScope {
  clientId: string;
}

/** Options of connection create, reconnect and connect-session create. */
export interface CreateOptions extends ClientScope {
  /** Replays within 24 hours answer the first result; default a new UUID per call (reused by its retries). */
  idempotencyKey?: string;
  /** Analytics headers (no functional effect). */
  analytics?: { applicationName?: string; clientAppVersion?: string; clientOsVersion?: string; clientPlatform?: string };
}

export type Provider = Schemas['Provider'];
export type Transaction = Schemas['Transaction'];
export type Connection = Schemas['Connection'];
export type Account = Schemas['Account'];
export type ConnectSession = Schemas['ConnectSession'];

interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a successful answer; else throws BankdataError. */
function unwrap<T>(result: Result<T>): T {
  if (result.error !== undefined || !result.response.ok) throw errorFromResponse(result.response, result.error);
  return result.data as T;
}

/** Runs a call; an error without answer (network, after retries) becomes BankdataError network_error. */
async function send<T>(call: () => Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call();
  } catch (error) {
    if (error instanceof BankdataError || (error instanceof Error && error.name === 'AbortError')) throw error;
    throw new BankdataError({ status: 0, code: 'network_error', message: `No answer from bankdata: ${error instanceof Error ? error.message : String(error)}` }, { cause: error });
  }
  return unwrap(result);
}

const scoped = (options: ClientScope) => ({ 'x-client-id': options.clientId });

function createHeaders(options: CreateOptions) {
  const analytics = options.analytics ?? {};
  const optional = {
    'x-application-name': analytics.applicationName,
    'x-client-app-version': analytics.clientAppVersion,
    'x-client-osversion': analytics.clientOsVersion,
    'x-client-platform': analytics.clientPlatform,
  };
  return {
    ...scoped(options),
    'idempotency-key': options.idempotencyKey ?? globalThis.crypto.randomUUID(),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
}

/** Yields every item of every page, following nextCursor until it is null. */
async function* pages<T>(fetchPage: (nextCursor: string | undefined) => Promise<{ data: T[]; nextCursor: string | null }>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/**
 * A client of the bankdata API for one API key.
 * @throws BankdataError from every method on an error answer (status, code, message, requestId,
 *   nextRefreshPossibleAt) or when no answer arrived (status 0, code network_error)
 */
export function createClient(options: ClientOptions) {
  const policy: RetryPolicy = typeof options.retries === 'number' ? { ...defaultRetryPolicy, retries: options.retries } : { ...defaultRetryPolicy, ...options.retries };
  const baseFetch: FetchFunction = options.fetch ?? ((request) => globalThis.fetch(request));
  const api = createFetchClient<paths>({ baseUrl: options.baseUrl, fetch: retryingFetch(baseFetch, policy), headers: { 'x-api-key': options.apiKey } });

  const providers = {
    /** GET /v1/providers: one page of the banks available to the key. */
    list: (query: QueryOf<'/v1/providers', 'get'> = {}) => send(() => api.GET('/v1/providers', { params: { query } })),
    /** Every provider, page after page (`limit` is the page size). */
    iterate: (query: Omit<QueryOf<'/v1/providers', 'get'>, 'nextCursor'> = {}): AsyncGenerator<Provider, void, undefined> =>
      pages((nextCursor) => providers.list({ ...query, ...(nextCursor ? { nextCursor } : {}) })),
  };

  type TransactionQuery = Omit<QueryOf<'/v1/accounts/{accountId}/transactions', 'get'>, 'variableSymbol[]'>;
  const transactions = {
    /** GET /v1/accounts/{accountId}/transactions: one page, newest first. */
    list: (accountId: string, options: ClientScope & TransactionQuery) => {
      const { clientId, ...query } = options;
      return send(() => api.GET('/v1/accounts/{accountId}/transactions', { params: { path: { accountId }, header: scoped({ clientId }), query } }));
    },
    /** Every transaction of the account, newest first, page after page (`limit` is the page size). */
    iterate: (accountId: string, options: ClientScope & Omit<TransactionQuery, 'nextCursor'>): AsyncGenerator<Transaction, void, undefined> =>
      pages((nextCursor) => transactions.list(accountId, { ...options, ...(nextCursor ? { nextCursor } : {}) })),
  };

  return {
    partner: {
      /** GET /v1/partner/config: the partner's configuration. */
      config: () => send(() => api.GET('/v1/partner/config')),
      /** GET /v1/partner/usage: metered live events per type and UTC day (`from`, `to`: YYYY-MM-DD); a sandbox key answers zeros. */
      usage: (query: QueryOf<'/v1/partner/usage', 'get'> = {}) => send(() => api.GET('/v1/partner/usage', { params: { query } })),
    },
    providers,
    clients: {
      /** POST /v1/clients: creates a client, or answers the existing one with the same externalId. */
      create: (body: BodyOf<'/v1/clients', 'post'>) => send(() => api.POST('/v1/clients', { body })),
      /** POST /v1/clients/recover: the client with this externalId. */
      recover: (body: BodyOf<'/v1/clients/recover', 'post'>) => send(() => api.POST('/v1/clients/recover', { body })),
      /** DELETE /v1/clients/{clientId}: deletes the client and purges its data (sent with X-Client-Id = clientId). */
      delete: (clientId: string) => send(() => api.DELETE('/v1/clients/{clientId}', { params: { path: { clientId }, header: scoped({ clientId }) } })),
    },
    simplefin: {
      /** POST /v1/clients/{clientId}/simplefin/setup-tokens: a one-time SimpleFIN setup token for the client's budgeting app (24 h). */
      createSetupToken: (clientId: string) =>
        send(() => api.POST('/v1/clients/{clientId}/simplefin/setup-tokens', { params: { path: { clientId }, header: scoped({ clientId }) } })),
      /** GET /v1/clients/{clientId}/simplefin/access: the client's claimed SimpleFIN accesses (never their credentials). */
      listAccess: (clientId: string) => send(() => api.GET('/v1/clients/{clientId}/simplefin/access', { params: { path: { clientId }, header: scoped({ clientId }) } })),
      /** DELETE /v1/clients/{clientId}/simplefin/access: revokes every access and the unclaimed setup tokens. */
      revokeAllAccess: (clientId: string) =>
        send(() => api.DELETE('/v1/clients/{clientId}/simplefin/access', { params: { path: { clientId }, header: scoped({ clientId }) } })),
      /** DELETE /v1/clients/{clientId}/simplefin/access/{accessId}: revokes one access. */
      revokeAccess: (clientId: string, accessId: string) =>
        send(() => api.DELETE('/v1/clients/{clientId}/simplefin/access/{accessId}', { params: { path: { clientId, accessId }, header: scoped({ clientId }) } })),
    },
    connections: {
      /** POST /v1/connections: a direct connection; send the user to `redirectUrl`. */
      create: (body: BodyOf<'/v1/connections', 'post'>, options: CreateOptions) =>
        send(() => api.POST('/v1/connections', { body, params: { header: createHeaders(options) } })),
      /** GET /v1/connections/{connectionId} */
      get: (connectionId: string, options: ClientScope) =>
        send(() => api.GET('/v1/connections/{connectionId}', { params: { path: { connectionId }, header: scoped(options) } })),
      /** DELETE /v1/connections/{connectionId}: with its accounts and transactions. */
      delete: (connectionId: string, options: ClientScope) =>
        send(() => api.DELETE('/v1/connections/{connectionId}', { params: { path: { connectionId }, header: scoped(options) } })),
      /** POST /v1/connections/{connectionId}/refresh: 202; the outcome arrives as a webhook. */
      refresh: (connectionId: string, options: ClientScope, body: BodyOf<'/v1/connections/{connectionId}/refresh', 'post'> = {}) =>
        send(() => api.POST('/v1/connections/{connectionId}/refresh', { body, params: { path: { connectionId }, header: scoped(options) } })),
      /** POST /v1/connections/{connectionId}/reconnect: same connectionId; send the user to `redirectUrl`. */
      reconnect: (connectionId: string, body: BodyOf<'/v1/connections/{connectionId}/reconnect', 'post'>, options: CreateOptions) =>
        send(() => api.POST('/v1/connections/{connectionId}/reconnect', { body, params: { path: { connectionId }, header: createHeaders(options) } })),
      /** POST /v1/connections/{connectionId}/revoke: revokes the consent; the connection becomes Inactive. */
      revoke: (connectionId: string, options: ClientScope) =>
        send(() => api.POST('/v1/connections/{connectionId}/revoke', { params: { path: { connectionId }, header: scoped(options) } })),
      /** GET /v1/connections/{connectionId}/accounts: subscribed accounts (`subscription: 'all'` for all). */
      accounts: (connectionId: string, options: ClientScope & QueryOf<'/v1/connections/{connectionId}/accounts', 'get'>) => {
        const { clientId, ...query } = options;
        return send(() => api.GET('/v1/connections/{connectionId}/accounts', { params: { path: { connectionId }, header: scoped({ clientId }), query } }));
      },
    },
    accounts: {
      /** PATCH /v1/accounts/{accountId}/subscribe */
      subscribe: (accountId: string, options: ClientScope) =>
        send(() => api.PATCH('/v1/accounts/{accountId}/subscribe', { params: { path: { accountId }, header: scoped(options) } })),
      /** DELETE /v1/accounts/{accountId}/subscribe */
      unsubscribe: (accountId: string, options: ClientScope) =>
        send(() => api.DELETE('/v1/accounts/{accountId}/subscribe', { params: { path: { accountId }, header: scoped(options) } })),
    },
    transactions,
    connectSessions: {
      /** POST /v1/connect-sessions: a hosted connect flow; send the user to the one-time `hostedUrl`. */
      create: (body: BodyOf<'/v1/connect-sessions', 'post'>, options: CreateOptions) =>
        send(() => api.POST('/v1/connect-sessions', { body, params: { header: createHeaders(options) } })),
      /** GET /v1/connect-sessions/{sessionId} */
      get: (sessionId: string, options: ClientScope) =>
        send(() => api.GET('/v1/connect-sessions/{sessionId}', { params: { path: { sessionId }, header: scoped(options) } })),
    },
    /** Sandbox controls (sandbox keys only): drive journeys and bank events without a browser. */
    sandbox: {
      /** POST /v1/sandbox/connections/{connectionId}/complete: ends a direct journey at the sandbox bank. */
      completeConnection: (connectionId: string, body: BodyOf<'/v1/sandbox/connections/{connectionId}/complete', 'post'>, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connections/{connectionId}/complete', { body, params: { path: { connectionId }, header: scoped(options) } })),
      /** POST /v1/sandbox/connect-sessions/{sessionId}/complete: drives a hosted session (bank, outcome, account selection). */
      completeConnectSession: (sessionId: string, body: BodyOf<'/v1/sandbox/connect-sessions/{sessionId}/complete', 'post'>, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connect-sessions/{sessionId}/complete', { body, params: { path: { sessionId }, header: scoped(options) } })),
      /** POST /v1/sandbox/connections/{connectionId}/expire-consent */
      expireConsent: (connectionId: string, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connections/{connectionId}/expire-consent', { params: { path: { connectionId }, header: scoped(options) } })),
      /** POST /v1/sandbox/connections/{connectionId}/revoke-at-bank */
      revokeAtBank: (connectionId: string, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connections/{connectionId}/revoke-at-bank', { params: { path: { connectionId }, header: scoped(options) } })),
      /** POST /v1/sandbox/connections/{connectionId}/require-reauth */
      requireReauth: (connectionId: string, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connections/{connectionId}/require-reauth', { params: { path: { connectionId }, header: scoped(options) } })),
      /** The partner's sandbox clock (docs/sandbox.md "Sandbox clock"): `{now, offsetMs}`. */
      clock: {
        /** GET /v1/sandbox/clock */
        get: () => send(() => api.GET('/v1/sandbox/clock')),
        /** POST /v1/sandbox/clock: moves the partner's sandbox time forward by an ISO 8601 duration (e.g. `P91D`). */
        advance: (advance: string) => send(() => api.POST('/v1/sandbox/clock', { body: { advance } })),
        /** DELETE /v1/sandbox/clock: back to real time. */
        reset: () => send(() => api.DELETE('/v1/sandbox/clock')),
      },
      /** POST /v1/sandbox/connections/{connectionId}/transactions: adds generated (`{count}`) or your own (`{accountId?, transactions}`) transactions for the next refresh. */
      addTransactions: (connectionId: string, body: BodyOf<'/v1/sandbox/connections/{connectionId}/transactions', 'post'>, options: ClientScope) =>
        send(() => api.POST('/v1/sandbox/connections/{connectionId}/transactions', { body, params: { path: { connectionId }, header: scoped(options) } })),
    },
  };
}

/** The client returned by createClient. */
export type BankdataClient = ReturnType<typeof createClient>;
