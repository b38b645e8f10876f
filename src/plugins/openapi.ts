/**
 * OpenAPI 3.1 from the route schemas (@fastify/swagger), served at `/openapi.json`, and the
 * API reference page at `/docs` (@scalar/fastify-api-reference). Routes with `schema.hide`
 * (hosted pages) stay out of the document.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import { ErrorEnvelope } from '../lib/schemas.ts';

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
      },
      servers: [{ url: options.baseUrl }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: '/openapi.json', title: 'bankdata API reference' },
  });
});
