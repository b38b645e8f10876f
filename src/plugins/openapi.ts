/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger), served at `/openapi.json`, and the
 * API reference page at `/docs` (@fastify/swagger-ui: every asset served by us, no external
 * font, script or image, no third-party buttons; docs/decisions.md). Routes with `schema.hide`
 * (hosted pages) stay out of the document. The plugins' cross-cutting answers are added to every
 * operation: response headers (X-Request-Id, rate limits, Retry-After) and, on operations taking
 * an Idempotency-Key, the 409/422 answers and Idempotent-Replayed. The `webhooks` section and
 * the event payload schemas come from modules/webhooks/webhooks.openapi.ts.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorEnvelope, ResponseHeaders } from '../lib/schemas.ts';
import { webhookEventSchemas, webhookOperations } from '../modules/webhooks/webhooks.openapi.ts';

export const openapiPlugin = fp(async (app: FastifyInstance, options: { baseUrl: string; version: string }) => {
  app.addSchema(ErrorEnvelope);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'bankdata API',
        version: options.version,
        description:
          'Partner bank-data service: clients, bank connections, accounts, transactions and signed webhooks. Every request carries X-Api-Key; client-scoped routes also X-Client-Id. Each path declares its own version segment.',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: options.baseUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'Your API key: `svc_test_…` (sandbox) or `svc_live_…` (live); `npm start` prints the demo partner\'s, `bankdata key create` makes more.' },
        },
      },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (document) => withPluginAnswers((document as { openapiObject: OpenApiDocument }).openapiObject) as object,
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // BaseLayout: no top bar (no third-party logo, no "explore" box); no online validator badge.
    uiConfig: { layout: 'BaseLayout', validatorUrl: null, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, displayRequestDuration: true },
    theme: { title: 'bankdata API reference' },
  });
});

interface OpenApiResponse {
  description: string;
  content?: unknown;
  headers?: Record<string, { $ref: string }>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, OpenApiResponse>;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown> & { schemas?: Record<string, unknown> };
  webhooks?: Record<string, unknown>;
}

/**
 * Answers of the error-envelope, rate-limit and idempotency plugins, which route schemas do not
 * declare, and the webhooks partners receive.
 */
function withPluginAnswers(doc: OpenApiDocument): OpenApiDocument {
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, ...webhookEventSchemas() }, headers: ResponseHeaders };
  doc.webhooks = webhookOperations();
  const ref = (name: keyof typeof ResponseHeaders) => ({ [name]: { $ref: `#/components/headers/${name}` } });
  for (const operation of Object.values(doc.paths ?? {}).flatMap((path) => Object.values(path))) {
    const idempotent = operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key') ?? false;
    const envelope = operation.responses['400']!;
    if (idempotent) {
      operation.responses['409'] = { ...envelope, description: 'idempotency_key_in_use: a request with this Idempotency-Key is still running; retry shortly' };
      operation.responses['422'] = { ...envelope, description: 'idempotency_key_mismatch: this Idempotency-Key was used with a different request' };
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      const code = Number(status);
      response.headers = {
        ...response.headers,
        ...ref('X-Request-Id'),
        // Rate limits are counted once the API key is known.
        ...(code !== 401 ? { ...ref('RateLimit'), ...ref('RateLimit-Policy') } : {}),
        ...(code === 429 ? ref('Retry-After') : {}),
        // Decided answers are stored and replayed (plugins/idempotency.ts).
        ...(idempotent && (code < 300 || code === 403 || code === 404) ? ref('Idempotent-Replayed') : {}),
      };
    }
  }
  return doc;
}
