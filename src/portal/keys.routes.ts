/**
 * The portal's API keys page (issue 15): list (label, mode, last 4 characters, created, last
 * used), create (the full key shown once, on the answer to the form, never again), revoke
 * with a confirmation page. Uses the partners service, as `bankdata key` does.
 */
import type { FastifyInstance } from 'fastify';
import type { Mode } from '../lib/ids.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

export async function keysRoutes(app: FastifyInstance, { partners, portal }: PortalDeps): Promise<void> {
  app.get('/portal/keys', async (request, reply) => renderPortal(reply, 'keys', { title: 'API keys', ...(await shell(request, partners, 'keys')) }));

  app.post('/portal/keys', async (request, reply) => {
    const page = await shell(request, partners, 'keys');
    const { label = '', mode = 'sandbox' } = request.body as { label?: string; mode?: string };
    const keyMode: Mode = mode === 'live' && page.liveAvailable ? 'live' : 'sandbox';
    try {
      const issued = await partners.issueKey(page.partner.id, keyMode, label);
      await portal.audit(page.user, 'created an API key', { keyId: issued.keyId, mode: keyMode, label: issued.label });
      return renderPortal(reply, 'keys', { title: 'API keys', ...(await shell(request, partners, 'keys')), mode: keyMode, issued });
    } catch (error) {
      return renderPortal(reply, 'keys', { title: 'API keys', ...page, error: formError(error) }, 400);
    }
  });

  const ownKey = async (partnerId: string, keyId: string) => (await partners.listKeys(partnerId)).find((k) => k.keyId === keyId);

  app.get('/portal/keys/:keyId/revoke', async (request, reply) => {
    const page = await shell(request, partners, 'keys');
    const key = await ownKey(page.partner.id, (request.params as { keyId: string }).keyId);
    if (!key) return renderPortal(reply, 'message', { title: 'Not found', message: 'No such API key.', link: '/portal/keys' }, 404);
    return renderPortal(reply, 'revoke-key', { title: 'Revoke API key', ...page, key });
  });

  app.post('/portal/keys/:keyId/revoke', async (request, reply) => {
    const page = await shell(request, partners, 'keys');
    const key = await ownKey(page.partner.id, (request.params as { keyId: string }).keyId);
    if (!key) return renderPortal(reply, 'message', { title: 'Not found', message: 'No such API key.', link: '/portal/keys' }, 404);
    const revoked = await partners.revokeKey(key.keyId);
    if (!revoked.alreadyRevoked) await portal.audit(page.user, 'revoked an API key', { keyId: key.keyId, mode: key.mode, label: key.label });
    return reply.redirect(`/portal/keys?mode=${key.mode}`, 303);
  });
}
