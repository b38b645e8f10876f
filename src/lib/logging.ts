/**
 * Redaction of secrets in logs (DESIGN.md §8): API keys, webhook secrets, hosted-flow tokens
 * and IBANs never appear in full.
 */
export const redactedHeaders = ['req.headers["x-api-key"]', 'req.headers.cookie', 'req.headers.authorization'];

/** Masks all but the last 4 characters of a secret or IBAN. */
export function mask(value: string): string {
  return value.length <= 4 ? '****' : `${'*'.repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`;
}
