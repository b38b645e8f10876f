/**
 * The portal's Usage page (issue 15; docs/live.md "Metering"): in live mode the metered events
 * per UTC day of a period (default the last 30 days; a stacked bar chart in server-rendered SVG
 * and a table), the period's totals, totals per month for the last 12 months, and a CSV download
 * of the period's days; in sandbox mode it says that sandbox is free. Counts come from the usage
 * service, as `GET /v1/partner/usage` and `bankdata usage` do.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../lib/errors.ts';
import { USAGE_KINDS } from '../modules/usage/usage.service.ts';
import { formError, renderPortal, shell } from './pages.ts';
import type { PortalDeps } from './portal.routes.ts';
import { HEIGHT, usageChart, WIDTH } from './usage-chart.ts';

type Period = { from?: string; to?: string };

/** The period asked in the query: empty values count as absent. */
const periodOf = (query: unknown): Period => {
  const { from, to } = query as Period;
  return { ...(from?.trim() ? { from: from.trim() } : {}), ...(to?.trim() ? { to: to.trim() } : {}) };
};

export async function usagePageRoutes(app: FastifyInstance, { partners, usage }: PortalDeps): Promise<void> {
  app.get('/portal/usage', async (request, reply) => {
    const page = await shell(request, partners, 'usage');
    const base = { title: 'Usage', ...page };
    if (page.mode === 'sandbox') return renderPortal(reply, 'usage', base);
    const asked = periodOf(request.query);
    let report;
    let error: string | undefined;
    try {
      report = await usage.report(page.partner.id, asked);
    } catch (failure) {
      error = formError(failure);
      report = await usage.report(page.partner.id, {});
    }
    const chart = usageChart(report.days);
    const months = await usage.monthly(page.partner.id);
    const csvUrl = `/portal/usage.csv?${new URLSearchParams({ mode: 'live', from: report.from, to: report.to })}`;
    return renderPortal(reply, 'usage', { ...base, report, chart, months, kinds: USAGE_KINDS, width: WIDTH, height: HEIGHT, csvUrl, asked, error }, error ? 400 : 200);
  });

  app.get('/portal/usage.csv', async (request, reply) => {
    const page = await shell(request, partners, 'usage');
    if (page.mode === 'sandbox') {
      return renderPortal(reply, 'message', { title: 'Sandbox is free', ...page, message: 'Nothing in sandbox mode is metered, so there is no usage to download.', link: '/portal/usage' }, 404);
    }
    let report;
    try {
      report = await usage.report(page.partner.id, periodOf(request.query));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      return renderPortal(reply, 'message', { title: 'Usage', ...page, message: formError(failure), link: '/portal/usage?mode=live' }, 400);
    }
    const rows = report.days.map((d) => [d.date, d.activation, d.refresh, d.reconnect, d.activation + d.refresh + d.reconnect].join(','));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="bankdata-usage-${report.from}-to-${report.to}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(`date,activation,refresh,reconnect,total\n${rows.join('\n')}\n`);
  });
}
