/**
 * The API reference application, built on the first request for `/openapi.json` or `/docs`
 * (plugins/openapi.ts; loaded on demand, with @fastify/swagger, @fastify/swagger-ui and what they
 * load: yaml, @fastify/static, glob, mime-db): a Fastify instance that holds the service's
 * documented routes (their schemas, with no-op handlers) and shared schemas, in the order the
 * service registered them, so @fastify/swagger makes the same OpenAPI 3.1 document as it would
 * inside the service; @fastify/swagger-ui serves the reference page at `/docs` from it (every
 * asset served by us, no external font, script or image, no third-party buttons;
 * docs/decisions.md). The plugins' cross-cutting answers are added to every operation: response
 * headers (X-Request-Id, rate limits, Retry-After) and, on operations taking an Idempotency-Key,
 * the 409/422 answers and Idempotent-Replayed. The `webhooks` section and the event payload
 * schemas come from modules/webhooks/webhooks.openapi.ts.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { lazySchemaCompilers } from '../lib/lazy-schema-compilers.ts';
import { ResponseHeaders } from '../lib/schemas.ts';
import { webhookEventSchemas, webhookOperations } from '../modules/webhooks/webhooks.openapi.ts';

/** What the service registered that the document is made of (plugins/openapi.ts collects it). */
export interface DocumentedService {
  /** Routes not hidden from the document, in registration order, as Fastify's onRoute hook gave them. */
  routes: RouteOptions[];
  /** The service's shared schemas (`addSchema`), in the order @fastify/swagger would find them. */
  schemas: unknown[];
  baseUrl: string;
  version: string;
}

/**
 * The reference application for `service`: `.swagger()` is the OpenAPI document, `/docs` and
 * `/docs/*` answer the reference page (through `inject`). It never listens.
 */
export async function buildApiReference(service: DocumentedService): Promise<FastifyInstance> {
  // Schemas compile on first use, as in the service: these routes never answer a request.
  const reference = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers }, routerOptions: { ignoreTrailingSlash: true } });
  for (const schema of service.schemas) reference.addSchema(schema);
  await reference.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'bankdata API',
        version: service.version,
        description:
          'Partner bank-data service: clients, bank connections, accounts, transactions and signed webhooks. Every request carries X-Api-Key; client-scoped routes also X-Client-Id. Each path declares its own version segment.',
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: service.baseUrl }],
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
  const unused = async () => null;
  for (const route of service.routes) reference.route({ method: route.method, url: route.url, schema: route.schema, config: route.config, exposeHeadRoute: false, handler: unused });
  await reference.register(swaggerUi, {
    routePrefix: '/docs',
    // BaseLayout: no top bar (no third-party logo, no "explore" box); no online validator badge.
    uiConfig: { layout: 'BaseLayout', validatorUrl: null, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, displayRequestDuration: true },
    theme: { title: 'bankdata API reference' },
  });
  await reference.ready();
  return reference;
}

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
