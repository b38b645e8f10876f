/**
 * The portal's Team page (issue 15), for admins only (others get the 403 page, also for a typed
 * URL or a POST): the partner's users (e-mail, role, state), inviting one (e-mail and role: a
 * one-time set-up link shown to the admin, as `bankdata portal user create` prints it) and
 * disabling one (not oneself; their sessions end at once). Every change is audited.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalRole } from '../db/schema.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';
import { portalRoles } from './portal-roles.ts';

export async function teamRoutes(app: FastifyInstance, { partners, portal }: PortalDeps): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.portal || request.portal.user.role === 'admin') return;
    return renderPortal(reply, 'message', { title: 'Not allowed', message: 'Only admins of your team see and change the team.' }, 403);
  });

  async function render(request: FastifyRequest, reply: FastifyReply, extra: Record<string, unknown> = {}, status = 200) {
    const base = await shell(request, partners, 'team');
    const users = await portal.listUsers(base.partner.id);
    return renderPortal(reply, 'team', { title: 'Team', ...base, users, roles: portalRoles, ...extra }, status);
  }

  app.get('/portal/team', async (request, reply) => render(request, reply));

  app.post('/portal/team/invite', async (request, reply) => {
    const { user, partner } = request.portal!;
    const { email = '', role = 'developer' } = request.body as { email?: string; role?: string };
    try {
      const invited = await portal.createUser({ partnerId: partner.id, email, role: role as PortalRole });
      await portal.audit(user, 'invited a user', { userId: invited.userId, email: invited.email, role: invited.role });
      return render(request, reply, { invited });
    } catch (error) {
      return render(request, reply, { inviteError: formError(error), email, role }, 400);
    }
  });

  app.post('/portal/team/:userId/disable', async (request, reply) => {
    const { user, partner } = request.portal!;
    const { userId } = request.params as { userId: string };
    const target = (await portal.listUsers(partner.id)).find((u) => u.userId === userId);
    if (!target) return renderPortal(reply, 'message', { title: 'Not found', message: 'No such user in your team.', link: '/portal/team' }, 404);
    if (target.userId === user.id) return render(request, reply, { disableError: 'You cannot disable yourself; ask another admin.' }, 400);
    if (target.state !== 'disabled') {
      await portal.disableUser(userId);
      await portal.audit(user, 'disabled a user', { userId, email: target.email, role: target.role });
    }
    return reply.redirect('/portal/team', 303);
  });
}
