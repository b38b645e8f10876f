/**
 * `GET /healthz` (liveness: 200 while the process answers) and `GET /readyz` (readiness: 200
 * when the database answers, migrations are current and the job queue runs; otherwise 503
 * internal_error in the error envelope with Retry-After). Unauthenticated, not rate-limited and
 * left out of the partner OpenAPI document (they are for operators: docs/operations.md).
 */
import type { FastifyInstance } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS } from '../db/availability.ts';
import { ApiError } from '../lib/errors.ts';
import type { HealthService } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'alive' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const readiness = await health.readiness();
    if (!readiness.ready) {
      request.log.warn(`not ready: ${readiness.reason} (${readiness.detail})`);
      throw new ApiError('internal_error', `Not ready: ${readiness.reason}`, { status: 503, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });
    }
    return reply.header('cache-control', 'no-store').send({ status: 'ready' });
  });
}
