/**
 * Text input guard (issue 14, item 2): every string a request carries, in the URL (path and
 * query), in a JSON or form body, or in a header we store (Idempotency-Key, the analytics
 * headers), must be well-formed Unicode without NUL characters, else the request is refused with
 * 400 validation_error before any route runs, so nothing changes. PostgreSQL refuses NUL in text
 * (it was a 500) and would store U+FFFD for invalid UTF-8 (silently changed data).
 *
 * One place covers every route: an onRequest hook over the raw URL and stored headers, and the
 * two body parsers (JSON for the API, urlencoded for the hosted forms). Invalid UTF-8 bytes in a
 * JSON body are refused, not replaced with U+FFFD as the default parser would do; a JSON string
 * with a lone surrogate escape (`"\ud800"`) is refused for the same reason.
 */
import { isUtf8 } from 'node:buffer';
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.ts';
import { CreateHeaders } from '../lib/schemas.ts';

const BAD_TEXT = 'must not contain NUL characters or invalid UTF-8';
/** Headers whose values we store (connections, connect sessions, idempotency keys). */
const STORED_HEADERS = Object.keys(CreateHeaders.properties).filter((name) => name !== 'x-client-id');

/** True when `value` has a NUL or a lone UTF-16 surrogate (which has no UTF-8 form). */
function isBadText(value: string): boolean {
  // With the u flag a surrogate pair is one code point, so \p{Cs} matches lone surrogates only.
  return value.includes('\0') || /\p{Cs}/u.test(value);
}

/**
 * Checks one percent-encoded URL or form component: printable ASCII only on the wire, every `%`
 * sequence well formed, decoding to UTF-8 without NUL. Returns the decoded text or null.
 */
function decodeComponent(raw: string): string | null {
  if (!/^[\x21-\x7e]*$/.test(raw)) return null;
  if (!raw.includes('%')) return raw;
  try {
    const decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
    return decoded.includes('\0') ? null : decoded;
  } catch {
    return null;
  }
}

/** The first bad `name=value` pair of a query string or form body, as the name to report, else null. */
function badPairIn(encoded: string): string | null {
  for (const pair of encoded.split('&')) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    const decodedName = decodeComponent(name);
    if (decodedName === null) return '(a parameter name)';
    if (equals >= 0 && decodeComponent(pair.slice(equals + 1)) === null) return decodedName;
  }
  return null;
}

/** The location (`body.a.b`, `body[2]`) of the first bad string or key in a parsed JSON value, else null. */
function badStringIn(value: unknown, at: string): string | null {
  if (typeof value === 'string') return isBadText(value) ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = badStringIn(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isBadText(key)) return `${at} (a field name)`;
      const found = badStringIn(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** The 400 for a request whose raw URL or stored headers hold bad text, else null. */
function urlOrHeaderProblem(request: FastifyRequest): ApiError | null {
  const url = request.raw.url ?? '/';
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  // Fast path: a plain ASCII URL without percent escapes cannot hold bad text.
  if (/[^\x21-\x7e]|%/.test(url)) {
    if (path.split('/').some((segment) => decodeComponent(segment) === null)) return new ApiError('validation_error', `path: ${BAD_TEXT}`);
    if (queryAt >= 0) {
      const name = badPairIn(url.slice(queryAt + 1));
      if (name) return new ApiError('validation_error', `query.${name}: ${BAD_TEXT}`);
    }
  }
  for (const header of STORED_HEADERS) {
    const value = request.headers[header];
    // Node decodes header bytes as latin1: the bytes must form UTF-8 without NUL or other controls.
    if (typeof value === 'string' && (/[\x00-\x08\x0a-\x1f\x7f]/.test(value) || !isUtf8(Buffer.from(value, 'latin1')))) {
      return new ApiError('validation_error', `headers.${header}: ${BAD_TEXT}`);
    }
  }
  return null;
}

/**
 * Parses an application/x-www-form-urlencoded body (the hosted forms; give it to
 * @fastify/formbody as `parser`). Throws a 400 ApiError when it holds bad text.
 */
export function parseFormBody(raw: string): Record<string, unknown> {
  const name = badPairIn(raw);
  if (name) throw new ApiError('validation_error', `body.${name}: ${BAD_TEXT}`);
  return parseQueryString(raw);
}

/** Registers the onRequest check and the JSON body parser on the whole app. */
export const inputTextPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: no promise on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    done(urlOrHeaderProblem(request) ?? undefined);
  });

  // The API speaks JSON only: a text/plain body is 415, not a schema error.
  app.removeContentTypeParser('text/plain');
  // An empty JSON body is no body, so routes whose body is optional (refresh, revoke, subscribe)
  // accept `Content-Type: application/json` without one; routes that need a body answer 400
  // validation_error from their schema. Anything else goes to Fastify's own (safe) JSON parser,
  // after the bytes were checked to be UTF-8, and its strings are checked after parsing.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    if (!isUtf8(bytes)) return done(new ApiError('validation_error', `body: ${BAD_TEXT}`), undefined);
    parseJson(request, bytes.toString('utf8'), (error, value) => {
      if (error) return done(error, undefined);
      const at = badStringIn(value, 'body');
      done(at ? new ApiError('validation_error', `${at}: ${BAD_TEXT}`) : null, value);
    });
  });
});
