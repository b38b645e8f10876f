/**
 * API-key authentication (spec "Authentication" 1-4, 6; DESIGN.md §8). Every `/v{n}/` route
 * demands X-Api-Key; the key's prefix selects the mode; only the SHA-256 is looked up and
 * compared in constant time; a revoked key fails on its next request (no cache).
 * Sets `request.auth = {partner, mode, keyId}` on every versioned route. Missing or invalid key: 401 unauthorized.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.ts';
import type { Mode } from '../lib/ids.ts';
import type { Partner } from '../db/schema.ts';
import type { PartnersService } from '../modules/partners/partners.service.ts';
import type { Clock } from '../lib/clock.ts';
import { WINDOW_SECONDS } from './rate-limit.ts';

/** API routes are the versioned ones (`/v1/...`); hosted pages, docs and /openapi.json are public. */
const API_ROUTE = /^\/v\d+\//;

export interface AuthContext {
  partner: Partner;
  mode: Mode;
  keyId: string;
  /** Requests of this key in the current rate-limit window, when counted with the lookup. */
  requestsInWindow?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export interface AuthOptions {
  partners: PartnersService;
  /** Count requests per rate-limit window in the key lookup (PostgreSQL counters). */
  countRequests: boolean;
  clock: Clock;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRequest', async (request) => {
    if (!API_ROUTE.test(request.routeOptions.url ?? '')) return;
    const header = request.headers['x-api-key'];
    if (typeof header !== 'string' || header.length === 0) {
      throw new ApiError('unauthorized', 'X-Api-Key header is missing');
    }
    const windowStart = options.countRequests ? Math.floor(options.clock.now().getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS : null;
    const auth = await options.partners.authenticate(header, windowStart);
    if (!auth) throw new ApiError('unauthorized', 'X-Api-Key is not a valid, active API key');
    request.auth = auth;
  });
});
