/**
 * The portal's Settings page (issue 15): the partner's name, capabilities, countries and
 * return-URL count as the operator set them (read-only), the consent duration, and the hosted
 * flow's branding (display name, logo URL, accent colour, privacy policy URL), changed through
 * the partners service with the validation of `bankdata partner set`, so the portal and the CLI
 * show the same values. Admins and developers change; viewers look.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Partner } from '../db/schema.ts';
import { brandOf } from '../hosted/branding.ts';
import { capabilityNames } from '../modules/partners/partners.service.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

/** The branding fields of the form, as the partner has them ('' when unset). */
const brandingOf = (p: Partner) => ({ displayName: p.displayName ?? '', logoUrl: p.logoUrl ?? '', accentColor: p.accentColor ?? '', privacyUrl: p.privacyUrl ?? '' });

export async function settingsRoutes(app: FastifyInstance, { partners, portal, operator }: PortalDeps): Promise<void> {
  async function render(request: FastifyRequest, reply: Parameters<typeof renderPortal>[0], extra: Record<string, unknown> = {}, status = 200) {
    const base = await shell(request, partners, 'settings');
    const p = base.partner;
    const brand = brandOf(p, operator);
    return renderPortal(
      reply,
      'settings',
      {
        title: 'Settings',
        ...base,
        capabilities: capabilityNames.map((name) => ({ name, on: Boolean(p.capabilities[name]) })),
        brand,
        branding: brandingOf(p),
        consentDuration: p.consentDuration,
        saved: (request.query as { saved?: string }).saved,
        ...extra,
      },
      status,
      [],
      brand.logoUrl ? [brand.logoUrl] : [],
    );
  }

  app.get('/portal/settings', async (request, reply) => render(request, reply));

  app.post('/portal/settings/branding', async (request, reply) => {
    const { user, partner } = request.portal!;
    const body = request.body as { displayName?: string; logoUrl?: string; accentColor?: string; privacyUrl?: string };
    const input = { displayName: (body.displayName ?? '').trim(), logoUrl: (body.logoUrl ?? '').trim(), accentColor: (body.accentColor ?? '').trim(), privacyUrl: (body.privacyUrl ?? '').trim() };
    try {
      const changed = await partners.set(partner.id, input);
      await portal.audit(user, 'changed the hosted-flow branding', { before: brandingOf(partner), after: brandingOf(changed) });
      return reply.redirect('/portal/settings?saved=branding', 303);
    } catch (error) {
      return render(request, reply, { brandingError: formError(error), branding: input }, 400);
    }
  });

  app.post('/portal/settings/consent-duration', async (request, reply) => {
    const { user, partner } = request.portal!;
    const consentDuration = ((request.body as { consentDuration?: string }).consentDuration ?? '').trim();
    try {
      await partners.set(partner.id, { consentDuration });
      await portal.audit(user, 'changed the consent duration', { before: partner.consentDuration, after: consentDuration });
      return reply.redirect('/portal/settings?saved=consent', 303);
    } catch (error) {
      return render(request, reply, { consentError: formError(error), consentDuration }, 400);
    }
  });
}
