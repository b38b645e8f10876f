/**
 * Server-rendered pages (DESIGN.md §2 "hosted pages"): Eta templates from `views/`, HTML-escaped
 * by default. Pages are small, work without JavaScript, and fit a 360 px wide phone screen.
 */
import { Eta } from 'eta';
import type { FastifyReply } from 'fastify';

const eta = new Eta({ views: new URL('./views', import.meta.url).pathname, autoEscape: true, cache: true });

/**
 * Renders `view` with `data` as an HTML response with status `status`. `formTargets` adds CSP
 * form-action sources, e.g. a partner's custom scheme (`myapp:`) that a form's redirect chain ends in.
 */
export function renderPage(reply: FastifyReply, view: string, data: Record<string, unknown>, status = 200, formTargets: string[] = []): FastifyReply {
  const formAction = ["'self'", '*', ...formTargets].join(' ');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', `default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; form-action ${formAction}; frame-ancestors 'none'`)
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(eta.render(view, data));
}
