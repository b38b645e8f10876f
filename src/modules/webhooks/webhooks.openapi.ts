/**
 * The webhooks of the OpenAPI 3.1 document (`webhooks` and their payload schemas in
 * `components.schemas`): one entry per event type of events.ts, with the Standard Webhooks
 * signature headers and an example body. The payloads are those recorded by EventLog.record
 * (docs/webhooks.md "Events"): `{type, timestamp, data}`, `data` always carrying partnerId,
 * clientId, connectionId and, for hosted flows, sessionId.
 */
import type { EventType } from './events.ts';

type JsonSchema = Record<string, unknown>;

const count = (description: string): JsonSchema => ({ type: 'integer', minimum: 0, description });
const EventError: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string', description: 'stable machine-readable code; branch on this only' }, message: { type: 'string' } },
};
const reconnect: JsonSchema = { type: 'boolean', const: true, description: 'present (true) when the outcome is that of a reconnect' };

interface EventDefinition {
  summary: string;
  description: string;
  /** `data` fields every event has, when not partnerId, clientId and connectionId (an event of no connection). */
  common?: string[];
  /** `data` fields beyond the common ones; required ones listed in `required`. */
  properties: Record<string, JsonSchema>;
  required: string[];
  example: Record<string, unknown>;
}

const EVENTS: Record<EventType, EventDefinition> = {
  ConnectionCreateSuccess: {
    summary: 'A connection is Active',
    description: 'Accounts and transactions are downloaded; the connection is Active. After a reconnect, `reconnect` is true.',
    properties: { accountCount: count('accounts whose transactions were downloaded'), transactionCount: count('transactions the bank returned for the download window'), reconnect },
    required: ['accountCount', 'transactionCount'],
    example: { accountCount: 3, transactionCount: 412 },
  },
  ConnectionCreateFailed: {
    summary: 'A connection failed (Disabled)',
    description:
      'The connection is Disabled. error.code: access_denied, user_cancelled, authorization_timeout, download_timeout, a bank error code (e.g. bank_unavailable) or internal_error. After a reconnect, `reconnect` is true.',
    properties: { error: EventError, reconnect },
    required: ['error'],
    example: { error: { code: 'access_denied', message: 'The bank refused the authorization (access_denied)' } },
  },
  AccountsFetchingProgress: {
    summary: 'Account download progress',
    description: 'During account download on connection creation (never on refresh): stage Started, then Completed with accountCount.',
    properties: { stage: { type: 'string', enum: ['Started', 'Completed'] }, accountCount: count('accounts downloaded (stage Completed)') },
    required: ['stage'],
    example: { stage: 'Completed', accountCount: 3 },
  },
  TransactionsFetchingProgress: {
    summary: 'Transaction download progress',
    description:
      'During transaction download, on creation and on refresh: Started (accountCount), InProgress after each account (accountsDone, accountCount, transactionCount so far), Completed (accountCount, transactionCount). Progress, not a ledger: a retried download reports again.',
    properties: {
      stage: { type: 'string', enum: ['Started', 'InProgress', 'Completed'] },
      accountCount: count('accounts whose transactions are downloaded'),
      accountsDone: count('accounts done so far (stage InProgress)'),
      transactionCount: count('transactions returned so far (stages InProgress and Completed)'),
    },
    required: ['stage', 'accountCount'],
    example: { stage: 'InProgress', accountsDone: 1, accountCount: 3, transactionCount: 212 },
  },
  ConnectionConsentExpiring: {
    summary: 'The consent expires soon',
    description:
      "Sent once per consent, the partner's consentExpiringNoticeDays (default 7) before consentExpiresAt, while the connection is Active: ask the user to reconnect before data stops. A reconnect renews the consent (a new notice before the new end). Not sent when the consent is shorter than the notice period, nor when the setting is 0.",
    properties: {
      consentExpiresAt: { type: 'string', format: 'date-time', description: 'when the consent expires (UTC ISO 8601), as on the connection resource' },
      noticeDays: { type: 'integer', minimum: 1, description: "the partner's consentExpiringNoticeDays when the notice was sent" },
    },
    required: ['consentExpiresAt', 'noticeDays'],
    example: { consentExpiresAt: '2027-02-20T19:31:01.120Z', noticeDays: 7 },
  },
  ConnectionConsentExpired: {
    summary: 'The consent expired',
    description: "The consent reached the end of the partner's consentDuration; the connection is Inactive. Offer a reconnect.",
    properties: { consentExpiresAt: { type: 'string', format: 'date-time', description: 'UTC ISO 8601' } },
    required: ['consentExpiresAt'],
    example: { consentExpiresAt: '2027-02-20T19:31:01.120Z' },
  },
  ConnectionConsentRevoked: {
    summary: 'The consent was revoked',
    description:
      'The connection is Inactive. revokedBy: partner (the revoke operation; `deleted` when the connection was deleted) or bank. After a refresh answered with background_refresh_not_allowed it carries `reason` instead.',
    properties: {
      revokedBy: { type: 'string', enum: ['partner', 'bank'] },
      deleted: { type: 'boolean', description: 'true when the revoke came from deleting the connection' },
      reason: { type: 'string', enum: ['background_refresh_not_allowed'] },
    },
    required: [],
    example: { revokedBy: 'bank' },
  },
  ConnectionRefreshSuccess: {
    summary: 'A refresh completed',
    description: 'New transactions are stored and cleared ones updated. Counts cover the subscribed accounts over the download window.',
    properties: { accountCount: count('accounts refreshed'), transactionCount: count('transactions the bank returned for them') },
    required: ['accountCount', 'transactionCount'],
    example: { accountCount: 3, transactionCount: 5 },
  },
  ConnectionRefreshFailed: {
    summary: 'A refresh failed',
    description:
      'error.code: reauthentication_required or consent_revoked (the connection is Inactive), consent_inactive, consent_renewed, a bank error (e.g. bank_unavailable) or internal_error (the connection stays Active).',
    properties: { error: EventError },
    required: ['error'],
    example: { error: { code: 'reauthentication_required', message: 'The bank demands a new authorization' } },
  },
  WebhookTest: {
    summary: 'A test event',
    description:
      'Sent when someone of the partner\'s team presses "Send test event" on the portal\'s Webhooks page (or runs `bankdata webhook send-test`): signed and delivered like every event, retried likewise, and listed in the delivery log. It belongs to no connection: data has partnerId, mode and a message only. Acknowledge it; there is nothing to do.',
    common: ['partnerId'],
    properties: { mode: { type: 'string', enum: ['sandbox', 'live'], description: 'the mode of the endpoint it was sent to' }, message: { type: 'string' } },
    required: ['mode', 'message'],
    example: { mode: 'sandbox', message: 'A test event: your endpoint receives and verifies bankdata webhooks.' },
  },
};

/** Name of the payload schema of `type` in components.schemas. */
export const eventSchemaName = (type: EventType): string => `${type}Event`;

const signatureHeaders = [
  { name: 'webhook-id', description: 'the event id, the same on every retry and redelivery: drop duplicates by it', example: '2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61' },
  { name: 'webhook-timestamp', description: 'unix seconds when this attempt was sent; refuse one more than 5 minutes away', example: '1795374661' },
  {
    name: 'webhook-signature',
    description: 'Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({ in: 'header', name, required: true, description, schema: { type: 'string' }, example }));

const ids = { partnerId: '6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13', clientId: '0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d', connectionId: '9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b' };

/** Payload schemas (components.schemas) of every event, named `<type>Event`. */
export function webhookEventSchemas(): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const [type, event] of Object.entries(EVENTS) as [EventType, EventDefinition][]) {
    schemas[eventSchemaName(type)] = {
      type: 'object',
      description: event.description,
      required: ['type', 'timestamp', 'data'],
      properties: {
        type: { type: 'string', const: type },
        timestamp: { type: 'string', format: 'date-time', description: 'when the event happened (UTC ISO 8601)' },
        data: {
          type: 'object',
          required: [...(event.common ?? ['partnerId', 'clientId', 'connectionId']), ...event.required],
          properties: {
            partnerId: { type: 'string' },
            ...(event.common
              ? {}
              : {
                  clientId: { type: 'string', format: 'uuid' },
                  connectionId: { type: 'string', format: 'uuid' },
                  sessionId: { type: 'string', format: 'uuid', description: 'the connect session, for hosted flows' },
                }),
            ...event.properties,
          },
        },
      },
    };
  }
  return schemas;
}

/** The document's `webhooks`: one POST per event type, signed with the Standard Webhooks headers. */
export function webhookOperations(): Record<string, unknown> {
  return Object.fromEntries(
    (Object.entries(EVENTS) as [EventType, EventDefinition][]).map(([type, event]) => [
      type,
      {
        post: {
          operationId: `webhook${type}`,
          summary: event.summary,
          description: `${event.description} Verify the signature on the raw body before parsing it (\`verifyWebhook\` of @bankdata/client, or the standardwebhooks package).`,
          tags: ['Webhooks'],
          security: [],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` },
                example: { type, timestamp: '2026-11-22T19:31:01.120Z', data: { ...(event.common ? { partnerId: ids.partnerId } : ids), ...event.example } },
              },
            },
          },
          responses: {
            '2XX': { description: 'Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id.' },
            '410': { description: 'Gone: disables the endpoint until it is set again' },
          },
        },
      },
    ]),
  );
}
