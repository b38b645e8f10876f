/**
 * Metering of live mode (issue 13; docs/live.md "Metering"). Each live connection that becomes
 * Active (`activation`), each successful refresh (`refresh`) and each successful reconnect
 * (`reconnect`) is recorded once, inside the transaction of the state change, under a key
 * unique to the event (so a retried job or a crash between attempts never counts twice).
 * Sandbox is never metered. Reports count per UTC day and kind.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Connection, UsageKind } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import { usageRepository } from './usage.repository.ts';

export const USAGE_KINDS: UsageKind[] = ['activation', 'refresh', 'reconnect'];
const DAY_MS = 86_400_000;
/** The longest period one report covers. */
const MAX_REPORT_DAYS = 366;

export type UsageCounts = Record<UsageKind, number>;

/** A usage report: `from` and `to` are inclusive UTC days (YYYY-MM-DD). */
export interface UsageReport {
  from: string;
  to: string;
  totals: UsageCounts;
  days: ({ date: string } & UsageCounts)[];
}

const zero = (): UsageCounts => ({ activation: 0, refresh: 0, reconnect: 0 });
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function usageService(db: Db, clock: Clock) {
  const repo = usageRepository(db);
  return {
    /**
     * Inside `tx`: records a billable event of `connection` when it is live; `eventKey` tells
     * this event from others of the same kind and connection (the consent of an activation or
     * reconnect, the start of a refresh). Sandbox connections are never metered.
     */
    async record(tx: Tx, connection: Connection, kind: UsageKind, eventKey: string, at: Date): Promise<void> {
      if (connection.mode !== 'live') return;
      await usageRepository(tx).record({ key: `${kind}:${connection.id}:${eventKey}`, kind, partnerId: connection.partnerId, clientId: connection.clientId, connectionId: connection.id, at });
    },

    /**
     * A partner's counts per kind and per UTC day, `from` to `to` inclusive (YYYY-MM-DD; default
     * the 30 days up to today). Days without events are listed with zeros. validation_error
     * when `from` is after `to` or the period is longer than 366 days.
     */
    async report(partnerId: string, period: { from?: string; to?: string }): Promise<UsageReport> {
      const to = period.to ?? dayOf(clock.now());
      const from = period.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
      const start = Date.parse(`${from}T00:00:00Z`);
      const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
      if (Number.isNaN(start) || Number.isNaN(end)) throw invalid(Number.isNaN(start) ? 'from' : 'to', 'must be a calendar day, YYYY-MM-DD');
      if (!(start < end)) throw invalid('from', `must not be after to (${to})`);
      if ((end - start) / DAY_MS > MAX_REPORT_DAYS) throw invalid('from', `the period may cover at most ${MAX_REPORT_DAYS} days`);
      const rows = await repo.countsPerDay(partnerId, new Date(start), new Date(end));
      const days = new Map<string, UsageCounts>();
      for (let at = start; at < end; at += DAY_MS) days.set(dayOf(new Date(at)), zero());
      const totals = zero();
      for (const row of rows) {
        days.get(row.day)![row.kind] += row.n;
        totals[row.kind] += row.n;
      }
      return { from, to, totals, days: [...days].map(([date, counts]) => ({ date, ...counts })) };
    },

    /**
     * A partner's counts per calendar month (UTC, `YYYY-MM`), the last `months` months up to and
     * including the current one (1 to 12), oldest first; months without events are listed with zeros.
     */
    async monthly(partnerId: string, months = 12): Promise<({ month: string } & UsageCounts)[]> {
      const today = clock.now();
      const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (Math.min(Math.max(months, 1), 12) - 1), 1));
      const report = await this.report(partnerId, { from: dayOf(first), to: dayOf(today) });
      const byMonth = new Map<string, UsageCounts>();
      for (const day of report.days) {
        const counts = byMonth.get(day.date.slice(0, 7)) ?? zero();
        for (const kind of USAGE_KINDS) counts[kind] += day[kind];
        byMonth.set(day.date.slice(0, 7), counts);
      }
      return [...byMonth].map(([month, counts]) => ({ month, ...counts }));
    },
  };
}

export type UsageService = ReturnType<typeof usageService>;
