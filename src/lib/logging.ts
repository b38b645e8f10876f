/**
 * Logs (DESIGN.md §8, issue 19): redaction of secrets (API keys, webhook secrets, hosted-flow
 * tokens, SimpleFIN claim tokens and credentials (HTTP Basic in the Authorization header) and IBANs
 * never appear in full) and the process logger, readable on a terminal, JSON in production.
 */
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

export const redactedHeaders = ['req.headers["x-api-key"]', 'req.headers.cookie', 'req.headers.authorization'];

/** Masks all but the last 4 characters of a secret or IBAN. */
export function mask(value: string): string {
  return value.length <= 4 ? '****' : `${'*'.repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`;
}

/**
 * A request URL safe for logs: the one-time hostedUrl token (`/connect/{token}`; not the session
 * pages under `/connect/s/`), the SimpleFIN claim token (`/simplefin/claim/{token}`) and the values of `state`, `code` (bank journeys) and `ref` (a connect
 * session's bank return) query parameters are masked.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/connect\/(?!s\/|bank-callback(?:[/?]|$))([^/?#]+)/, (_match, token: string) => `/connect/${mask(token)}`)
    .replace(/^\/simplefin\/claim\/([^/?#]+)/, (_match, token: string) => `/simplefin/claim/${mask(token)}`)
    .replace(/([?&](?:state|code|ref)=)([^&#]*)/g, (_match, name: string, value: string) => `${name}${mask(value)}`);
}

/**
 * Whether logs are for people: a terminal on stdout and NODE_ENV not `production`. Otherwise
 * (production, a pipe, a file, a log collector) they are JSON, one object per line.
 */
export function prettyLogs(env: NodeJS.ProcessEnv = process.env, stdout: { isTTY?: boolean } = process.stdout): boolean {
  return env.NODE_ENV !== 'production' && stdout.isTTY === true;
}

/**
 * The process logger (pino): readable one-line logs through pino-pretty when `pretty`, else JSON
 * lines. Both write synchronously to `destination` (stdout), so the start banner printed after
 * them is never interleaved with them. Header secrets are redacted (redactedHeaders). pino-pretty
 * is loaded only for pretty logs.
 */
export function createLogger(level: string, pretty: boolean, destination: NodeJS.WritableStream = process.stdout): Promise<FastifyBaseLogger> {
  const options = {
    level,
    redact: redactedHeaders,
    serializers: { req: (request: { method: string; url: string; host?: string; ip?: string }) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip }) },
  };
  if (!pretty) return Promise.resolve(pino(options, destination === process.stdout ? pino.destination({ dest: 1, sync: true }) : destination));
  // A request reads "GET /v1/partner/config 200 3.1 ms {reqId, partnerId}".
  const messageFormat = (log: Record<string, unknown>, messageKey: string) =>
    log[messageKey] === 'request' ? `${log.method} ${log.route ?? '(no route)'} ${log.status} ${log.durationMs} ms` : String(log[messageKey] ?? '');
  const ignore = 'pid,hostname,method,route,status,durationMs';
  return import('pino-pretty').then(({ default: prettyStream }) =>
    pino(options, prettyStream({ sync: true, singleLine: true, colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore, messageFormat, destination })),
  );
}
