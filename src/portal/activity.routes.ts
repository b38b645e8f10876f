/**
 * The portal's Activity page (issue 15): the partner's audit log (who, what, when, details),
 * newest first, for admins only (others get the 403 page, also when they type the URL).
 */
import type { FastifyInstance } from 'fastify';
import { renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

export async function activityRoutes(app: FastifyInstance, { partners, portal }: PortalDeps): Promise<void> {
  app.get('/portal/activity', async (request, reply) => {
    const page = await shell(request, partners, 'activity');
    if (page.user.role !== 'admin') return renderPortal(reply, 'message', { title: 'Not allowed', message: 'Only admins of your team see the activity log.' }, 403);
    const entries = (await portal.activity(page.partner.id)).map((e) => ({ ...e, at: e.at.toISOString(), details: JSON.stringify(e.details) }));
    return renderPortal(reply, 'activity', { title: 'Activity', ...page, entries });
  });
}
