/**
 * TypeBox schemas shared by routes: the error envelope, ids, ISO codes, the X-Client-Id
 * header, and page shapes. They feed both validation (Ajv) and the OpenAPI document.
 */
import { Type, type TSchema } from 'typebox';

export const Uuid = Type.String({ format: 'uuid' });
export const Timestamp = Type.String({ format: 'date-time', description: 'UTC ISO 8601' });
export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2', examples: ['CZ'] });
/** A BCP 47 language tag; services keep its ISO 639-1 language (lib/iso.ts localeLanguage). */
export const LanguageCode = Type.String({
  maxLength: 35,
  description: 'BCP 47 language tag such as `cs`, `cs-CZ` or `CS`; its language (ISO 639-1, lower case) is stored and used. An unknown language, or a value that is not a BCP 47 tag, falls back to `en`.',
  examples: ['en', 'cs-CZ'],
});

export const ErrorEnvelope = Type.Object(
  {
    errorDesc: Type.String({ description: 'human text, not for parsing' }),
    error: Type.Object({
      code: Type.String({ description: 'stable machine-readable code; branch on this only' }),
      message: Type.String(),
      nextRefreshPossibleAt: Type.Optional(Timestamp),
    }),
    requestId: Type.String({ description: 'same value as the X-Request-Id header' }),
  },
  { $id: 'ErrorEnvelope', description: 'Error envelope (spec "Errors")' },
);

/** Headers of client-scoped routes (spec "Authentication" 6). */
export const ClientHeaders = Type.Object({ 'x-client-id': Type.String({ format: 'uuid', description: 'the client id' }) });

/**
 * Headers of connection create, reconnect and connect-session create (spec "Endpoints"):
 * X-Client-Id, Idempotency-Key and the analytics headers. The key's 255-character limit applies
 * to its value (plugins/idempotency.ts); the raw header may be a quoted structured-field string,
 * whose quotes and escapes are not counted.
 */
export const CreateHeaders = Type.Object({
  ...ClientHeaders.properties,
  'idempotency-key': Type.Optional(
    Type.String({ maxLength: 2 * 255 + 2, description: 'replay-safe retries (24 hours, per partner): 1 to 255 characters, bare or as a structured-field string ("..."); a UUID is recommended' }),
  ),
  'x-application-name': Type.Optional(Type.String({ description: 'analytics only; stored up to 255 characters, longer values are cut' })),
  'x-client-app-version': Type.Optional(Type.String({ description: 'analytics only; stored up to 255 characters, longer values are cut' })),
  'x-client-osversion': Type.Optional(Type.String({ description: 'analytics only; stored up to 255 characters, longer values are cut' })),
  'x-client-platform': Type.Optional(Type.String({ description: 'analytics only; stored up to 255 characters, longer values are cut' })),
});

/**
 * Response headers for the OpenAPI document (components.headers): X-Request-Id on every answer
 * (spec "Authentication" 9), the IETF draft rate-limit headers on every answer to a known API
 * key, Retry-After on 429, Idempotent-Replayed on replays (DESIGN.md §5).
 */
export const ResponseHeaders = {
  'X-Request-Id': { description: 'id of this request; error bodies repeat it as requestId', schema: { type: 'string' } },
  RateLimit: { description: 'IETF draft httpapi-ratelimit-headers: r requests left in this window, t seconds until it ends, e.g. `"default";r=42;t=1`', schema: { type: 'string' } },
  'RateLimit-Policy': { description: 'the limit of this API key: q requests per w seconds, e.g. `"default";q=100;w=1`', schema: { type: 'string' } },
  'Retry-After': { description: 'seconds to wait before retrying (never earlier than t of RateLimit)', schema: { type: 'integer', minimum: 1 } },
  'Idempotent-Replayed': { description: '`true` when this answer replays the one stored for the Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
} as const;

/** Standard error responses for the OpenAPI document, keyed by status. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries([400, 401, 404, 429, 500, ...statuses].map((s) => [s, Type.Ref('ErrorEnvelope')]));
}

/** A page: `{limit, nextCursor, data}` (spec "GET /v1/providers", "List transactions"). */
export function Page<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      limit: Type.Integer(),
      nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
      data: Type.Array(item),
    },
    { description },
  );
}

export const PageQuery = (defaultLimit: number) => ({
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 500, default: defaultLimit })),
  nextCursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2048, description: 'cursor from the previous page' })),
});
