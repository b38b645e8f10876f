/**
 * Redaction of secrets in logs (DESIGN.md §8): API keys, webhook secrets, hosted-flow tokens,
 * SimpleFIN claim tokens and credentials (HTTP Basic in the Authorization header) and IBANs never
 * appear in full.
 */
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
