/**
 * The OpenAPI 3.1 document at `/openapi.json` and the API reference page at `/docs` (and
 * `/docs/*`), made from the route schemas by @fastify/swagger and @fastify/swagger-ui in
 * plugins/openapi-document.ts. At start-up this plugin only notes the routes (onRoute) and the
 * plugin contexts (onRegister), as @fastify/swagger does; the reference application, with those
 * packages and what they load, is built on the first request to one of these paths (issue 18:
 * loading and registering them was ~20 % of `bankdata start`; bench/README.md "start-up").
 * Routes with `schema.hide` (hosted pages, these three) stay out of the document.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorEnvelope } from '../lib/schemas.ts';

/** Response headers of the reference application that this service sets itself. */
const OWN_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

export const openapiPlugin = fp(async (app: FastifyInstance, options: { baseUrl: string; version: string }) => {
  app.addSchema(ErrorEnvelope);
  const routes: RouteOptions[] = [];
  const contexts: FastifyInstance[] = [];
  // HEAD routes (Fastify's automatic ones) are left out of the document, as @fastify/swagger does.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && !(route.schema as { hide?: boolean } | undefined)?.hide) routes.push(route);
  });
  app.addHook('onRegister', (context) => {
    contexts.push(context);
  });

  let reference: Promise<FastifyInstance> | null = null;
  /** Built once, on first use, when every route is registered; a failed build is tried again next time. */
  const apiReference = (): Promise<FastifyInstance> => {
    reference ??= import('./openapi-document.ts').then(({ buildApiReference }) => {
      // The shared schemas of every context, then the root's, first seen first (as @fastify/swagger collects them).
      const schemas = new Map<string, unknown>();
      for (const context of [...contexts, app]) for (const [id, schema] of Object.entries(context.getSchemas())) schemas.set(id, schema);
      return buildApiReference({ routes, schemas: [...schemas.values()], baseUrl: options.baseUrl, version: options.version });
    });
    reference.catch(() => (reference = null));
    return reference;
  };

  app.get('/openapi.json', { schema: { hide: true } }, async () => (await apiReference()).swagger());

  /** Answers with the reference application's answer to the same GET (Fastify makes HEAD of it); its "not found" is ours. */
  const docs = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await (await apiReference()).inject({ method: 'GET', url: request.url, headers: request.headers });
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !OWN_HEADERS.has(name)) reply.header(name, value);
    return reply.code(answer.statusCode).send(answer.rawPayload.length > 0 ? answer.rawPayload : undefined);
  };
  app.get('/docs', { schema: { hide: true } }, docs);
  app.get('/docs/*', { schema: { hide: true } }, docs);
});
