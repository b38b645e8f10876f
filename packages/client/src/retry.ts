/**
 * The spec's retry rules ("Errors", retry guidance) as a fetch wrapper: 429 is retried after its
 * Retry-After, 5xx answers and network errors with exponential backoff and jitter; a POST is
 * retried only when it carries an Idempotency-Key (so the service replays, never repeats, it);
 * other 4xx answers are never retried. Every attempt sends the same request, headers included.
 */

export interface RetryPolicy {
  /** Retries after the first attempt (default 3; 0 disables). */
  retries: number;
  /** First backoff step in ms (default 250), doubled each retry, with jitter (half to all of it). */
  baseDelayMs: number;
  /** Longest backoff step in ms (default 8000). */
  maxDelayMs: number;
  /** A Retry-After longer than this (ms, default 60000) is not waited for: the answer is returned. */
  maxRetryAfterMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 3, baseDelayMs: 250, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

export type FetchFunction = (input: Request) => Promise<Response>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Milliseconds asked by a Retry-After header (delta-seconds or an HTTP date), or null. */
export function retryAfterMs(response: Response, now = Date.now()): number | null {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** Backoff before retry number `attempt` (0-based): base * 2^attempt capped, with jitter. */
export function backoffMs(policy: RetryPolicy, attempt: number, random = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** `fetchImpl` wrapped with the retry rules of `policy`. */
export function retryingFetch(fetchImpl: FetchFunction, policy: RetryPolicy): FetchFunction {
  return async (request) => {
    const replayable = request.method !== 'POST' || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const last = !replayable || attempt >= policy.retries;
      let response: Response;
      try {
        response = await fetchImpl(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await sleep(backoffMs(policy, attempt));
        continue;
      }
      if (last || !(response.status === 429 || response.status >= 500)) return response;
      const asked = retryAfterMs(response);
      if (asked !== null && asked > policy.maxRetryAfterMs) return response;
      await response.body?.cancel();
      await sleep(asked ?? backoffMs(policy, attempt));
    }
  };
}
