/**
 * The partner portal at `/portal` (issue 15; docs/portal.md): server-rendered pages (Eta, the
 * hosted pages' renderer with per-response CSP nonces), one small script file, CSRF tokens on
 * every form (the hosted pages' form protection), sessions in PostgreSQL (session.ts).
 */
import { readFileSync } from 'node:fs';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formProtection } from '../hosted/form-protection.ts';
import { ApiError } from '../lib/errors.ts';
import type { ConnectionDirectory } from '../modules/connections/connections.directory.ts';
import type { ConnectSessionsService } from '../modules/connect-sessions/connect-sessions.service.ts';
import type { PartnersService } from '../modules/partners/partners.service.ts';
import type { PartnerTimes } from '../partner-times.ts';
import type { UsageService } from '../modules/usage/usage.service.ts';
import type { WebhooksService } from '../modules/webhooks/webhooks.service.ts';
import { parseFormBody } from '../plugins/input-text.ts';
import { activityRoutes } from './activity.routes.ts';
import { connectionsPageRoutes } from './connections.routes.ts';
import { keysRoutes } from './keys.routes.ts';
import { overviewRoutes } from './overview.routes.ts';
import { returnUrlsRoutes } from './return-urls.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { teamRoutes } from './team.routes.ts';
import { formError, renderPortal } from './pages.ts';
import type { PortalService } from './portal.service.ts';
import { guardPortal, SESSION_COOKIE, sessionCookie } from './session.ts';
import { usagePageRoutes } from './usage.routes.ts';
import { webhooksPageRoutes } from './webhooks.routes.ts';

const script = readFileSync(new URL('./assets/portal.js', import.meta.url));

export interface PortalDeps {
  portal: PortalService;
  partners: PartnersService;
  webhooks: WebhooksService;
  directory: ConnectionDirectory;
  /** The connect-session service on a partner's time (src/partner-times.ts). */
  times: Pick<PartnerTimes<{ connectSessions: ConnectSessionsService }>, 'ofData'>;
  usage: UsageService;
  baseUrl: string;
  /** Who provides the service (BANKDATA_OPERATOR_NAME, _NOTICE), for the hosted pages' branding preview. */
  operator: { operatorName: string; operatorNotice: string };
}

const refuse = (_request: FastifyRequest, reply: FastifyReply) =>
  renderPortal(reply, 'message', { title: 'Not allowed', message: 'Your role (viewer) can look but not change anything. Ask an admin of your team for the developer role.' }, 403);

/** Registers the portal's pages under /portal. */
export async function portalRoutes(app: FastifyInstance, deps: PortalDeps): Promise<void> {
  // Pages, not API: kept out of /openapi.json.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formbody, { parser: parseFormBody });
  await app.register(formProtection, { baseUrl: deps.baseUrl });
  guardPortal(app, { portal: deps.portal, partners: deps.partners, refuse });

  app.get('/portal/assets/portal.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(script));
  app.get('/portal', async (request, reply) => reply.redirect(`/portal/overview${request.url.slice('/portal'.length)}`, 303));

  app.get('/portal/sign-in', async (request, reply) => (request.portal ? reply.redirect('/portal/overview', 303) : renderPortal(reply, 'sign-in', { title: 'Sign in' })));
  app.post('/portal/sign-in', async (request, reply) => {
    const { email = '', password = '' } = request.body as { email?: string; password?: string };
    try {
      const { token } = await deps.portal.signIn(email, password, request.ip);
      reply.setCookie(SESSION_COOKIE, token, sessionCookie(deps.baseUrl));
      return reply.redirect('/portal/overview', 303);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.code !== 'unauthorized' && error.code !== 'rate_limited')) throw error;
      return renderPortal(reply, 'sign-in', { title: 'Sign in', email, error: error.message }, error.status);
    }
  });

  app.get('/portal/setup/:token', async (request, reply) => {
    const email = await deps.portal.setupTokenUser((request.params as { token: string }).token);
    if (!email) return renderPortal(reply, 'message', { title: 'Link not valid', message: 'This set-up link was already used or has expired. Ask an admin of your team (or the operator of this bankdata service) for a new one.' }, 410);
    return renderPortal(reply, 'setup', { title: 'Choose a password', email });
  });
  app.post('/portal/setup/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const { password = '' } = request.body as { password?: string };
    try {
      await deps.portal.completeSetup(token, password);
      return renderPortal(reply, 'message', { title: 'Password set', message: 'You can now sign in.', link: '/portal/sign-in' });
    } catch (error) {
      const email = await deps.portal.setupTokenUser(token);
      return renderPortal(reply, 'setup', { title: 'Choose a password', email, error: formError(error) }, 400);
    }
  });

  app.post('/portal/sign-out', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deps.portal.signOut(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/portal' });
    return reply.redirect('/portal/sign-in', 303);
  });
  app.post('/portal/sign-out-everywhere', async (request, reply) => {
    await deps.portal.signOutEverywhere(request.portal!.user);
    reply.clearCookie(SESSION_COOKIE, { path: '/portal' });
    return reply.redirect('/portal/sign-in', 303);
  });

  await app.register(overviewRoutes, deps);
  await app.register(connectionsPageRoutes, deps);
  await app.register(usagePageRoutes, deps);
  await app.register(keysRoutes, deps);
  await app.register(webhooksPageRoutes, deps);
  await app.register(returnUrlsRoutes, deps);
  await app.register(activityRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(teamRoutes, deps);
}
