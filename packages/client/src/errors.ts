/**
 * BankdataError: every failed call of the client. Built from the spec's error envelope
 * `{errorDesc, error: {code, message, nextRefreshPossibleAt?}, requestId}` (spec "Errors"); a
 * bare answer without it (401 and 429 may come from a gateway) gets the code the spec derives
 * from the status.
 */

/** Codes derived from the HTTP status when the body carries no envelope (spec "Errors" table). */
const CODE_OF_STATUS: Record<number, string> = { 400: 'validation_error', 401: 'unauthorized', 403: 'operation_temporarily_unavailable', 404: 'not_found', 429: 'rate_limited' };

/** The code of a bare answer with `status` (5xx: internal_error). */
export function codeOfStatus(status: number): string {
  return CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal_error' : `http_${status}`);
}

export interface BankdataErrorFields {
  /** HTTP status; 0 when no answer arrived (code `network_error`). */
  status: number;
  /** The spec's error.code (validation_error, not_found, refresh_cooldown, rate_limited, ...): branch on this. */
  code: string;
  message: string;
  /** X-Request-Id of the failed request, when one was answered. */
  requestId?: string;
  /** UTC ISO-8601; only with refresh_cooldown and refresh_quota_exceeded. */
  nextRefreshPossibleAt?: string;
}

/** A call that failed: an error answer (after the retries the spec allows) or no answer at all. */
export class BankdataError extends Error implements BankdataErrorFields {
  override readonly name = 'BankdataError';
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  readonly nextRefreshPossibleAt?: string;

  constructor(fields: BankdataErrorFields, options?: { cause?: unknown }) {
    super(fields.message, options);
    this.status = fields.status;
    this.code = fields.code;
    if (fields.requestId !== undefined) this.requestId = fields.requestId;
    if (fields.nextRefreshPossibleAt !== undefined) this.nextRefreshPossibleAt = fields.nextRefreshPossibleAt;
  }
}

interface Envelope {
  errorDesc?: unknown;
  error?: { code?: unknown; message?: unknown; nextRefreshPossibleAt?: unknown };
  requestId?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The error of an answer `response` whose body (parsed JSON, or text) is `body`. */
export function errorFromResponse(response: Response, body: unknown): BankdataError {
  const envelope: Envelope = typeof body === 'object' && body !== null ? (body as Envelope) : {};
  const requestId = text(envelope.requestId) ?? text(response.headers.get('x-request-id'));
  const nextRefreshPossibleAt = text(envelope.error?.nextRefreshPossibleAt);
  return new BankdataError({
    status: response.status,
    code: text(envelope.error?.code) ?? codeOfStatus(response.status),
    message: text(envelope.error?.message) ?? text(envelope.errorDesc) ?? (text(body)?.slice(0, 500) || `HTTP ${response.status} ${response.statusText}`.trim()),
    ...(requestId ? { requestId } : {}),
    ...(nextRefreshPossibleAt ? { nextRefreshPossibleAt } : {}),
  });
}
