/**
 * The portal's webhooks page (issue 15): the endpoint of the chosen mode (set or change, with
 * the CLI's SSRF rules: the same webhooks service) or disable it, a signed test event
 * (WebhookTest) through the normal delivery path, its signing secrets (revealed on request,
 * rotated with an overlap the user chooses, each with the time it signs until), and the
 * delivery log (filter by event type, status, connection; each delivery's payload and every
 * attempt with response code, latency and the start of the response body) with redeliver.
 */
import type { FastifyInstance } from 'fastify';
import type { Mode } from '../lib/ids.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

const DELIVERY_LOG_SIZE = 200;

export async function webhooksPageRoutes(app: FastifyInstance, { partners, portal, webhooks }: PortalDeps): Promise<void> {
  async function page(request: Parameters<typeof shell>[0], extra: Record<string, unknown> = {}) {
    const base = await shell(request, partners, 'webhooks');
    const filter = request.query as { type?: string; status?: string; connection?: string; delivery?: string };
    const all = await webhooks.deliveries(base.partner.id, { limit: DELIVERY_LOG_SIZE, mode: base.mode });
    const deliveries = all.filter(
      (d) => (!filter.type || d.type === filter.type) && (!filter.status || d.status === filter.status) && (!filter.connection || d.connectionId === filter.connection.trim()),
    );
    const types = [...new Set(all.map((d) => d.type))].sort();
    const payloads = Object.fromEntries(deliveries.map((d) => [d.deliveryId, JSON.stringify(d.payload, null, 2)]));
    return { title: 'Webhooks', ...base, endpoint: await webhooks.show(base.partner.id, base.mode), deliveries, payloads, types, filter, open: filter.delivery, ...extra };
  }
  const modeOf = (body: { mode?: string }, liveAvailable: boolean): Mode => (body.mode === 'live' && liveAvailable ? 'live' : 'sandbox');

  app.get('/portal/webhooks', async (request, reply) => renderPortal(reply, 'webhooks', await page(request)));

  app.post('/portal/webhooks/endpoint', async (request, reply) => {
    const base = await shell(request, partners, 'webhooks');
    const body = request.body as { url?: string; mode?: string };
    const mode = modeOf(body, base.liveAvailable);
    try {
      await webhooks.setEndpoint(base.partner.id, mode, (body.url ?? '').trim());
      await portal.audit(base.user, 'set the webhook endpoint', { mode, url: body.url });
      return reply.redirect(`/portal/webhooks?mode=${mode}`, 303);
    } catch (error) {
      return renderPortal(reply, 'webhooks', await page(request, { endpointError: formError(error) }), 400);
    }
  });

  app.post('/portal/webhooks/disable', async (request, reply) => {
    const base = await shell(request, partners, 'webhooks');
    const mode = modeOf(request.body as { mode?: string }, base.liveAvailable);
    try {
      await webhooks.disableEndpoint(base.partner.id, mode, `disabled in the portal by ${base.user.email}`);
      await portal.audit(base.user, 'disabled the webhook endpoint', { mode });
      return reply.redirect(`/portal/webhooks?mode=${mode}`, 303);
    } catch (error) {
      return renderPortal(reply, 'webhooks', await page(request, { endpointError: formError(error) }), 400);
    }
  });

  app.post('/portal/webhooks/test', async (request, reply) => {
    const base = await shell(request, partners, 'webhooks');
    const mode = modeOf(request.body as { mode?: string }, base.liveAvailable);
    try {
      const sent = await webhooks.sendTestEvent(base.partner.id, mode);
      await portal.audit(base.user, 'sent a test webhook', { mode, ...sent });
      return reply.redirect(`/portal/webhooks?mode=${mode}&delivery=${sent.deliveryId}`, 303);
    } catch (error) {
      return renderPortal(reply, 'webhooks', await page(request, { testError: formError(error) }), 400);
    }
  });

  app.post('/portal/webhooks/rotate', async (request, reply) => {
    const base = await shell(request, partners, 'webhooks');
    const body = request.body as { overlap?: string; mode?: string };
    const mode = modeOf(body, base.liveAvailable);
    try {
      const rotated = await webhooks.rotateSecret(base.partner.id, mode, (body.overlap ?? '').trim());
      await portal.audit(base.user, 'rotated the webhook secret', { mode, overlap: body.overlap, previousExpiresAt: rotated.previousExpiresAt });
      return reply.redirect(`/portal/webhooks?mode=${mode}`, 303);
    } catch (error) {
      return renderPortal(reply, 'webhooks', await page(request, { rotateError: formError(error) }), 400);
    }
  });

  app.post('/portal/webhooks/deliveries/:deliveryId/redeliver', async (request, reply) => {
    const base = await shell(request, partners, 'webhooks');
    const { deliveryId } = request.params as { deliveryId: string };
    const own = (await webhooks.deliveries(base.partner.id, { limit: DELIVERY_LOG_SIZE })).find((d) => d.deliveryId === deliveryId);
    if (!own) return renderPortal(reply, 'message', { title: 'Not found', message: 'No such delivery.', link: '/portal/webhooks' }, 404);
    const again = await webhooks.redeliver(deliveryId);
    await portal.audit(base.user, 'redelivered a webhook', { deliveryId, newDeliveryId: again.deliveryId, eventId: own.eventId });
    return reply.redirect(`/portal/webhooks?mode=${own.mode}&delivery=${again.deliveryId}`, 303);
  });
}
