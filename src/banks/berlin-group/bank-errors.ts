/**
 * XS2A error answers -> BankError (issue 13 "errors"; docs/live.md "Errors and states"). The
 * Berlin Group reports errors as `tppMessages: [{category, code, text}]` with the HTTP status:
 * - `CONSENT_EXPIRED` -> `consent_expired`;
 * - `CONSENT_INVALID`, `CONSENT_UNKNOWN`, and 401/403 without another code on a consent-bound
 *   call -> `consent_revoked`;
 * - 429 (`ACCESS_EXCEEDED`) -> `access_exceeded`;
 * - 408, 5xx, timeouts and unreachable banks -> temporary `bank_unavailable` (retried);
 * - any other 4xx -> a definitive `bank_rejected` carrying the bank's code and text.
 */
import { BankError } from '../connector.ts';
import type { Xs2aTppMessage } from './xs2a-types.ts';

const REVOKED_CODES = new Set(['CONSENT_INVALID', 'CONSENT_UNKNOWN']);

/** The tppMessages of an error body (also the bare array some banks answer), else none. */
export function tppMessages(body: unknown): Xs2aTppMessage[] {
  const list = Array.isArray(body) ? body : (body as { tppMessages?: unknown } | null)?.tppMessages;
  return Array.isArray(list) ? list.filter((m): m is Xs2aTppMessage => typeof m === 'object' && m !== null) : [];
}

/** `CODE: text` of each message, or the HTTP status when the bank says nothing. */
function describe(status: number, messages: Xs2aTppMessage[]): string {
  const said = messages.map((m) => [m.code, m.text].filter(Boolean).join(': ')).filter(Boolean);
  return said.length ? said.join('; ') : `HTTP ${status}`;
}

/** The BankError for a non-2xx XS2A answer of `provider`; `consentBound` = the call carried a Consent-ID. */
export function bankErrorOf(provider: string, status: number, body: unknown, consentBound: boolean): BankError {
  const messages = tppMessages(body);
  const codes = new Set(messages.map((m) => m.code?.toUpperCase()));
  const said = describe(status, messages);
  if (codes.has('CONSENT_EXPIRED')) return new BankError('consent_expired', `${provider}: the consent expired at the bank (${said})`);
  if ([...codes].some((code) => code && REVOKED_CODES.has(code))) return new BankError('consent_revoked', `${provider}: the bank no longer knows the consent (${said})`);
  if (status === 429 || codes.has('ACCESS_EXCEEDED')) return new BankError('access_exceeded', `${provider}: the bank's daily allowance is used (${said})`);
  if (status === 408 || status >= 500) return new BankError('bank_unavailable', `${provider}: the bank is unavailable (${said}); retry later`, true);
  if (consentBound && (status === 401 || status === 403) && messages.length === 0) {
    return new BankError('consent_revoked', `${provider}: the bank refuses the consent (${said})`);
  }
  return new BankError('bank_rejected', `${provider}: the bank refused the request (${said})`);
}

/** The BankError for a call that got no answer (timeout, refused or reset connection, TLS failure). */
export function transportErrorOf(provider: string, error: unknown, timeoutMs: number): BankError {
  const err = error as { name?: string; code?: string; message?: string };
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT') {
    return new BankError('bank_unavailable', `${provider}: the bank did not answer within ${timeoutMs} ms; retry later`, true);
  }
  if (/^ERR_(SSL|TLS)_|CERT|UNABLE_TO_VERIFY/.test(err.code ?? '')) {
    return new BankError('bank_tls_failed', `${provider}: the TLS connection to the bank failed (${err.code}); check the provider's certificates`);
  }
  if (err.code === 'UND_ERR_SOCKET') {
    // Under TLS 1.3 a bank refusing our client certificate also just closes the connection.
    return new BankError('bank_unavailable', `${provider}: the bank closed the connection (${err.code}; a refused TLS client certificate looks the same); retry later`, true);
  }
  return new BankError('bank_unavailable', `${provider}: the bank could not be reached (${err.code ?? err.message ?? 'network error'}); retry later`, true);
}
