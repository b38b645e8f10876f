/**
 * The spec's error codes ("Errors" table) as a closed union, each mapped to its HTTP status,
 * and the ApiError that services throw. The error-envelope plugin turns an ApiError into
 * `{errorDesc, error: {code, message, nextRefreshPossibleAt?}, requestId}`.
 */
export const errorStatus = {
  validation_error: 400,
  unauthorized: 401,
  capability_disabled: 403,
  operation_temporarily_unavailable: 403,
  consent_inactive: 403,
  not_found: 404,
  connection_not_recoverable: 400,
  refresh_in_progress: 400,
  refresh_cooldown: 400,
  refresh_quota_exceeded: 400,
  background_refresh_not_allowed: 406,
  idempotency_key_mismatch: 422,
  idempotency_key_in_use: 409,
  rate_limited: 429,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ApiErrorOptions {
  /** Overrides the code's default HTTP status (e.g. 405, 413, 415 for validation_error/not_found). */
  status?: number;
  /** Only for refresh_cooldown and refresh_quota_exceeded: UTC ISO-8601. */
  nextRefreshPossibleAt?: string;
  /** Extra response headers (e.g. Allow, Retry-After). */
  headers?: Record<string, string>;
}

/** An error a partner sees: stable `code`, human `message`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly nextRefreshPossibleAt?: string;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.nextRefreshPossibleAt = options.nextRefreshPossibleAt;
    this.headers = options.headers;
  }
}

/** 404 not_found for a resource that does not exist or is not the caller's. */
export function notFound(what: string): ApiError {
  return new ApiError('not_found', `${what} not found`);
}

/** 400 validation_error naming the offending field. */
export function invalid(field: string, message: string): ApiError {
  return new ApiError('validation_error', `${field}: ${message}`);
}
