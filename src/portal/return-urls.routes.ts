/**
 * The portal's Return-URL patterns page (issue 15): the partner's patterns (spec "Partner
 * configuration" returnUrlPatterns), add one (validated as `bankdata partner set
 * --return-url-pattern` does: the partners service), remove one, and a box that tests a URL
 * against them with the matcher connect sessions use.
 */
import type { FastifyInstance } from 'fastify';
import { matchesReturnUrl } from '../lib/return-url.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

export async function returnUrlsRoutes(app: FastifyInstance, { partners, portal }: PortalDeps): Promise<void> {
  const page = async (request: Parameters<typeof shell>[0]) => ({ title: 'Return URLs', ...(await shell(request, partners, 'return-urls')) });

  app.get('/portal/return-urls', async (request, reply) => {
    const base = await page(request);
    const url = ((request.query as { test?: string }).test ?? '').trim();
    const patterns = base.partner.returnUrlPatterns;
    const matching = patterns.filter((p) => matchesReturnUrl(url, p));
    const test = url ? { url, allowed: matching.length > 0, matching } : null;
    return renderPortal(reply, 'return-urls', { ...base, test });
  });

  app.post('/portal/return-urls', async (request, reply) => {
    const base = await page(request);
    const pattern = ((request.body as { pattern?: string }).pattern ?? '').trim();
    const patterns = base.partner.returnUrlPatterns;
    if (patterns.includes(pattern)) return reply.redirect('/portal/return-urls', 303);
    try {
      await partners.set(base.partner.id, { returnUrlPatterns: [...patterns, pattern] });
      await portal.audit(base.user, 'added a return-URL pattern', { pattern });
      return reply.redirect('/portal/return-urls', 303);
    } catch (error) {
      return renderPortal(reply, 'return-urls', { ...base, error: formError(error), pattern }, 400);
    }
  });

  app.post('/portal/return-urls/remove', async (request, reply) => {
    const base = await page(request);
    const pattern = (request.body as { pattern?: string }).pattern ?? '';
    const patterns = base.partner.returnUrlPatterns;
    if (patterns.includes(pattern)) {
      await partners.set(base.partner.id, { returnUrlPatterns: patterns.filter((p) => p !== pattern) });
      await portal.audit(base.user, 'removed a return-URL pattern', { pattern });
    }
    return reply.redirect('/portal/return-urls', 303);
  });
}
