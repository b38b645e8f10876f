/**
 * HTTP metrics of the public app (issue 19): one histogram observation per response, labelled by
 * method, route pattern (never the raw URL) and status. With `publicEndpoint` (BANKDATA_METRICS_PUBLIC)
 * the app also answers `GET /metrics` on the public port.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './metrics.ts';
import { scrape } from './server.ts';

export const httpMetricsPlugin = fp(async (app: FastifyInstance, options: { publicEndpoint: boolean }) => {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
  if (options.publicEndpoint) {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { status, contentType, body } = await scrape();
      return reply.status(status).type(contentType).send(body);
    });
  }
});
