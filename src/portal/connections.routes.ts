/**
 * The portal's Connections pages (issue 15): the selected mode's connections across all clients,
 * newest first, filtered by state, or found by connection id, client id, client externalId or
 * connect session id (a session without a connection shows its state), or the Overview's recent
 * counts (created, or with a failed attempt, in its last 7 days); and one connection's page (state, provider, client, accounts, consent
 * expiry, and its timeline of tracking events with analytics headers, lifecycle events with their
 * webhook deliveries, and refreshes). A connection of another partner, or of the other mode, is
 * a 404 page.
 */
import type { FastifyInstance } from 'fastify';
import type { ConnectionState } from '../db/schema.ts';
import { CONNECTION_STATES, LIST_LIMIT, RECENT_DAYS, RECENT_FILTERS, type RecentFilter } from '../modules/connections/connections.directory.ts';
import { renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';

export async function connectionsPageRoutes(app: FastifyInstance, { partners, directory, times }: PortalDeps): Promise<void> {
  app.get('/portal/connections', async (request, reply) => {
    const page = await shell(request, partners, 'connections');
    const query = request.query as { state?: string; q?: string; recent?: string };
    const state = CONNECTION_STATES.find((s) => s === query.state) as ConnectionState | undefined;
    const recent = RECENT_FILTERS.find((r) => r === query.recent) as RecentFilter | undefined;
    const term = (query.q ?? '').trim().slice(0, 255);
    const connections = await directory.list(page.partner.id, page.mode, { state, term, recent });
    // A connect session that made no connection (yet) is still found by its id.
    const owner = { partnerId: page.partner.id, mode: page.mode };
    const session = term && !connections.length ? await (await times.ofData(owner)).connectSessions.findForPartner(owner.partnerId, owner.mode, term) : null;
    return renderPortal(reply, 'connections', { title: 'Connections', ...page, connections, session, states: CONNECTION_STATES, filter: { state, term, recent }, recentDays: RECENT_DAYS, limit: LIST_LIMIT });
  });

  app.get('/portal/connections/:connectionId', async (request, reply) => {
    const page = await shell(request, partners, 'connections');
    const { connectionId } = request.params as { connectionId: string };
    const connection = await directory.detail(page.partner.id, page.mode, connectionId);
    if (!connection) {
      return renderPortal(reply, 'message', { title: 'Not found', ...page, message: `No connection ${connectionId} in ${page.mode} mode.`, link: `/portal/connections?mode=${page.mode}` }, 404);
    }
    return renderPortal(reply, 'connection', { title: 'Connection', ...page, connection });
  });
}
