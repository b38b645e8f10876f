/**
 * Cross-site request forgery protection of the hosted pages' forms (issue 14, item 5): every
 * POST must come from one of our pages, checked twice.
 * - The browser's word: `Sec-Fetch-Site` must be `same-origin` when sent (all current
 *   browsers); without it, an `Origin` other than the service's (or `null`) is refused. (Our
 *   pages send `Referrer-Policy: no-referrer`, under which a browser may send `Origin: null`
 *   for our own forms, so `null` is left to the token.)
 * - A token: @fastify/csrf-protection's double-submit token, its secret in an HttpOnly,
 *   SameSite=Lax cookie `_csrf` (like the flow cookie), the token in each form (`it.csrf`,
 *   rendered by render.ts) as field `_csrf`.
 * A refused POST is 403 and changes nothing; the connect flow shows its friendly error page,
 * other hosted routes answer the error envelope.
 */
import cookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/errors.ts';

const crossSite = () => new ApiError('validation_error', 'This form was sent from another site; open the page again and retry', { status: 403 });

/** Registers cookies, the CSRF token and the same-origin check for the hosted pages (`baseUrl`: the service's own URL). */
export const formProtection = fp<{ baseUrl: string }>(async (app: FastifyInstance, { baseUrl }) => {
  const origin = new URL(baseUrl).origin;
  await app.register(cookie);
  await app.register(csrfProtection, { cookieOpts: { path: '/', sameSite: 'lax', httpOnly: true, secure: baseUrl.startsWith('https:') } });

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method !== 'POST') return done();
    const site = request.headers['sec-fetch-site'];
    const from = request.headers.origin;
    if (site !== undefined ? site !== 'same-origin' : from !== undefined && from !== 'null' && from !== origin) return done(crossSite());
    done();
  });
  // After the form body is parsed (the token is one of its fields), before anything runs.
  app.addHook('preValidation', (request, reply, done) => (request.method === 'POST' ? app.csrfProtection(request, reply, done) : done()));
});
