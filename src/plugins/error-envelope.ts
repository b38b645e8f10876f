/**
 * Request ids and the error envelope (spec "Errors", "Authentication" 9; DESIGN.md §8).
 * Every response carries X-Request-Id (the caller's value when it is a safe token, else a new
 * UUID). Every error, including unknown routes, wrong methods, malformed JSON, schema
 * violations and oversized bodies, answers
 * `{errorDesc, error: {code, message, nextRefreshPossibleAt?}, requestId}`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability.ts';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, type ErrorCode } from '../lib/errors.ts';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify `genReqId`: reuse a safe incoming X-Request-Id, else a new UUID. */
export function requestIdFrom(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** Headers on every response, API and hosted pages alike (issue 14, items 4 and 5). */
const COMMON_HEADERS = { 'x-content-type-options': 'nosniff' } as const;

/** The envelope body of `error` for request `requestId`. */
function envelope(error: ApiError, requestId: string): Record<string, unknown> {
  return {
    errorDesc: error.message,
    error: {
      code: error.code,
      message: error.message,
      ...(error.nextRefreshPossibleAt ? { nextRefreshPossibleAt: error.nextRefreshPossibleAt } : {}),
    },
    requestId,
  };
}

/** Sends the envelope for `error` on `reply`. */
export function sendError(reply: FastifyReply, request: FastifyRequest, error: ApiError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.status).type('application/json; charset=utf-8').send(envelope(error, request.id));
}

/** Translates anything thrown into an ApiError. */
export function toApiError(error: FastifyError | Error): ApiError {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const fastifyError = error as FastifyError;
  if (fastifyError.validation && fastifyError.validation.length > 0) {
    return new ApiError('validation_error', describeValidation(fastifyError));
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 500) return new ApiError('internal_error', 'Internal server error');
  const code: ErrorCode = status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : status === 429 ? 'rate_limited' : 'validation_error';
  return new ApiError(code, messageFor(fastifyError), { status });
}

/** 503 internal_error with Retry-After: the database cannot be reached (a transaction under way was rolled back). */
function databaseUnavailable(): ApiError {
  return new ApiError('internal_error', 'The service is temporarily unavailable: its database cannot be reached; retry later', {
    status: 503,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

function describeValidation(error: FastifyError): string {
  const first = error.validation![0]!;
  const context = error.validationContext ?? 'body';
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const extra = (first.params as { additionalProperty?: string }).additionalProperty;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = [context, path, missing ?? extra].filter(Boolean).join('.');
  if (missing) return `${field}: is required`;
  if (extra) return `${field}: is not an allowed field`;
  const allowed = allowedValues(error, first);
  if (allowed) return `${field}: must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${field}: ${first.message ?? 'is invalid'}`;
}

/** The values a field may take when it failed an enum or a union of constants, else null. */
function allowedValues(error: FastifyError, first: NonNullable<FastifyError['validation']>[number]): unknown[] | null {
  if (first.keyword === 'enum') return (first.params as { allowedValues: unknown[] }).allowedValues;
  if (first.keyword !== 'const') return null;
  return error.validation!.filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath).map((e) => (e.params as { allowedValue: unknown }).allowedValue);
}

function messageFor(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return `body: is not valid JSON (${error.message})`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: is larger than the 1 MiB limit';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Content-Type: must be application/json';
    case 'FST_ERR_BAD_URL':
      return 'path: is not a valid percent-encoded URL';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'path: a path parameter is longer than 100 characters';
    default:
      return error.message;
  }
}

/**
 * Fastify `frameworkErrors`: errors Fastify raises before routing (a path that does not
 * percent-decode, a path parameter over 100 characters: 414), which skip the onRequest hooks.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers({ ...COMMON_HEADERS, 'x-request-id': request.id });
  sendError(reply, request, toApiError(error));
}

/**
 * Fastify `clientErrorHandler` (Node's `clientError`): requests Node's HTTP parser refuses before
 * Fastify sees them (a request line and headers over `maxHeaderSize`: 431; a malformed request
 * line or header, e.g. a NUL byte: 400; a request that took too long to arrive: 408). The answer
 * is the envelope with a new request id (the request's own X-Request-Id was never parsed), and
 * the connection is closed. Nothing is sent when the socket is gone or already had a response
 * started (Node then has nothing to frame an answer in).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431 ? `request line and headers: are larger than the ${maxHeaderSize / 1024} KiB limit` : status === 408 ? 'request: was not received in time' : 'request: is not valid HTTP/1.1';
  const requestId = crypto.randomUUID();
  const body = JSON.stringify(envelope(new ApiError('validation_error', message, { status }), requestId));
  if (socket.writable && (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent !== true) {
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, `X-Request-Id: ${requestId}`, 'X-Content-Type-Options: nosniff', 'Connection: close'];
    socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** A registered route: method, Fastify URL (`/v1/clients/:clientId`) and its matcher. */
export interface KnownRoute {
  method: string;
  url: string;
  pattern: RegExp;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route, used for 405 answers and by the OpenAPI completeness test. */
    knownRoutes: KnownRoute[];
  }
}

/** Registers request-id header, error handler, and 404/405 handling for the whole app. */
export const errorEnvelopePlugin = fp(async (app: FastifyInstance) => {
  const routes: KnownRoute[] = [];
  app.decorate('knownRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
    for (const method of methods) routes.push({ method, url: route.url, pattern: new RegExp(`^${source}/?$`) });
  });

  // A callback hook, not an async one: no promise on every request; no headers object to copy either.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-content-type-options', COMMON_HEADERS['x-content-type-options']);
    reply.header('x-request-id', request.id);
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = toApiError(error);
    if (apiError.status === 503) request.log.warn(`request refused: ${error.message}`);
    else if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, apiError);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0) {
      return sendError(reply, request, new ApiError('not_found', `Method ${request.method} is not supported on ${path}; use ${allowed.join(', ')}`, { status: 405, headers: { allow: allowed.join(', ') } }));
    }
    return sendError(reply, request, new ApiError('not_found', `No route ${request.method} ${path}`));
  });
});
