/**
 * The portal's Overview (issue 15), where `/portal` and sign-in land: the selected mode's
 * connections by state, new connections and failures of the last 7 days, the webhook success
 * rate, and connections whose consent ends within 14 days, each linking on (the Connections list
 * filtered by state, a connection's page, the webhook delivery log).
 */
import type { FastifyInstance } from 'fastify';
import { EXPIRING_DAYS, RECENT_DAYS } from '../modules/connections/connections.directory.ts';
import { renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

export async function overviewRoutes(app: FastifyInstance, { partners, directory }: PortalDeps): Promise<void> {
  app.get('/portal/overview', async (request, reply) => {
    const page = await shell(request, partners, 'overview');
    const overview = await directory.overview(page.partner.id, page.mode);
    return renderPortal(reply, 'overview', { title: 'Overview', ...page, overview, recentDays: RECENT_DAYS, expiringDays: EXPIRING_DAYS });
  });
}
