/** `GET /v1/partner/usage` (issue 13; docs/live.md "Metering"). */
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { errorResponses } from '../../lib/schemas.ts';
import type { UsageService } from './usage.service.ts';

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'UTC day, YYYY-MM-DD' });
const Counts = {
  activation: Type.Integer({ description: 'live connections that became Active' }),
  refresh: Type.Integer({ description: 'successful refreshes' }),
  reconnect: Type.Integer({ description: 'successful reconnects' }),
};

const Usage = Type.Object(
  {
    mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')]),
    metered: Type.Boolean({ description: 'false for a sandbox key: sandbox is never metered and every count is 0' }),
    from: Day,
    to: Day,
    totals: Type.Object(Counts),
    days: Type.Array(Type.Object({ date: Day, ...Counts })),
  },
  { $id: 'Usage' },
);

export const usageRoutes: FastifyPluginAsync<{ usage: UsageService }> = async (app, { usage }) => {
  app.addSchema(Usage);
  app.get(
    '/v1/partner/usage',
    {
      schema: {
        tags: ['Partner'],
        summary: 'Metered live usage per event type and day',
        description:
          'Counts of billable live events (connections that became Active, successful refreshes, successful reconnects) per UTC day from `from` to `to` inclusive (default: the 30 days up to today; at most 366 days). A sandbox key gets the same shape with `metered: false` and zero counts: sandbox is never metered.',
        querystring: Type.Object({ from: Type.Optional(Day), to: Type.Optional(Day) }),
        response: { 200: Type.Ref('Usage'), ...errorResponses() },
      },
    },
    async (request) => {
      const period = request.query as { from?: string; to?: string };
      const report = await usage.report(request.auth.partner.id, period);
      if (request.auth.mode === 'live') return { mode: 'live', metered: true, ...report };
      // Sandbox is never metered: the same period, every count zero.
      const zero = { activation: 0, refresh: 0, reconnect: 0 };
      return { mode: 'sandbox', metered: false, ...report, totals: zero, days: report.days.map((d) => ({ ...d, ...zero })) };
    },
  );
};
