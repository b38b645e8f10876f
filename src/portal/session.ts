/**
 * The portal's session cookie and access rules (issue 15; docs/portal.md "Security"): cookie
 * `bankdata_portal` (HttpOnly, SameSite=Strict, path /portal, Secure behind https) holds a
 * random token whose SHA-256 names the session row. Pages need a signed-in user (else a
 * redirect to the sign-in page); changes (POST) need the admin or developer role (viewers get
 * a 403 page); sign-in and set-up are public.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Partner, PortalUser } from '../db/schema.ts';
import type { PartnersService } from '../modules/partners/partners.service.ts';
import type { PortalService } from './portal.service.ts';
import { SESSION_MAX_MS } from './portal.service.ts';

export const SESSION_COOKIE = 'bankdata_portal';
const PUBLIC = /^\/portal\/(sign-in|setup\/[^/]+|assets\/[^/]+)$/;

export interface PortalContext {
  user: PortalUser;
  partner: Partner;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalContext | null;
  }
}

/** Cookie attributes of the session cookie. */
export const sessionCookie = (baseUrl: string) => ({ path: '/portal', httpOnly: true, sameSite: 'strict' as const, secure: baseUrl.startsWith('https:'), maxAge: SESSION_MAX_MS / 1000 });

/** Adds the session lookup and the role rule to the portal's routes (`render403`: the refusal page). */
export function guardPortal(app: FastifyInstance, deps: { portal: PortalService; partners: PartnersService; refuse: (request: FastifyRequest, reply: FastifyReply) => FastifyReply }): void {
  app.decorateRequest('portal', null);
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await deps.portal.session(token) : null;
    if (user) request.portal = { user, partner: await deps.partners.show(user.partnerId) };
    if (PUBLIC.test(path)) return;
    if (!request.portal) return reply.redirect('/portal/sign-in', 303);
    if (request.method === 'POST' && request.portal.user.role === 'viewer' && !/^\/portal\/sign-out/.test(path)) return deps.refuse(request, reply);
  });
}
