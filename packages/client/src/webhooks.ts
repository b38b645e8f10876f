/**
 * verifyWebhook: checks a delivery's Standard Webhooks signature (the `standardwebhooks`
 * library: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, timestamp within 5 minutes)
 * and returns the event as a discriminated union: `event.type` narrows `event.data`
 * (docs/webhooks.md "Events"; the payload schemas are the `webhooks` of openapi.json).
 */
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './schema.js';

type Schemas = components['schemas'];

/** Every webhook body bankdata sends, told apart by `type`. */
export type WebhookEvent = { [K in keyof Schemas]: K extends `${string}Event` ? Schemas[K] : never }[keyof Schemas];
/** The event types: ConnectionCreateSuccess, TransactionsFetchingProgress, ... */
export type WebhookEventType = WebhookEvent['type'];
/** The body of events of `type`. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<WebhookEvent, { type: T }>;

/** Request headers as Node (IncomingHttpHeaders), Fastify, Express or fetch (Headers) give them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export { WebhookVerificationError };

const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function signatureHeaders(headers: WebhookHeaders): Record<string, string> {
  const lower = new Map<string, string>();
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).forEach === 'function') {
    (headers as Headers).forEach((value, name) => lower.set(name.toLowerCase(), value));
  } else {
    for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
      if (value !== undefined) lower.set(name.toLowerCase(), Array.isArray(value) ? value.join(' ') : value);
    }
  }
  return Object.fromEntries(SIGNATURE_HEADERS.map((name) => [name, lower.get(name) ?? '']));
}

/**
 * Verifies a delivery and returns its event.
 * @param rawBody the body exactly as received (before any JSON parsing)
 * @param headers the request headers (webhook-id, webhook-timestamp, webhook-signature)
 * @param secret the endpoint's `whsec_...` secret, or several (during a rotation overlap)
 * @throws WebhookVerificationError when no secret verifies the signature, a header is missing,
 *   or the timestamp is more than 5 minutes from now
 */
export function verifyWebhook(rawBody: string | Uint8Array, headers: WebhookHeaders, secret: string | readonly string[]): WebhookEvent {
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  const signed = signatureHeaders(headers);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (secrets.length === 0) throw new WebhookVerificationError('No webhook secret given');
  let failure: unknown;
  for (const candidate of secrets) {
    try {
      return new Webhook(candidate).verify(body, signed) as WebhookEvent;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}
