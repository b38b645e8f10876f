/**
 * One log line per request (issue 19), written when the response is sent: method, route (the
 * route pattern, never the URL with its tokens), status, durationMs, the request id (pino's
 * `reqId`) and the partner id when the request was authenticated. Never keys, tokens, secrets
 * or IBANs: none of them is in a route pattern. A callback hook that builds nothing when the
 * level is above `info` (per-request cost).
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const requestLogPlugin = fp(async (app: FastifyInstance) => {
  const enabled = ['info', 'debug', 'trace'].includes(app.log.level);
  app.addHook('onResponse', (request, reply, done) => {
    if (enabled) logRequest(request, reply);
    done();
  });
});

function logRequest(request: FastifyRequest, reply: FastifyReply): void {
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      partnerId: request.auth?.partner.id ?? null,
    },
    'request',
  );
}
