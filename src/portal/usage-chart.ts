/**
 * The geometry of the Usage page's bar chart (server-rendered SVG, no chart library): one bar
 * per day, stacked by kind (activation at the bottom, then refresh, reconnect), in a viewBox of
 * `WIDTH` x `HEIGHT` units; the tallest day reaches the top.
 */
import { USAGE_KINDS, type UsageCounts } from '../modules/usage/usage.service.ts';
import type { UsageKind } from '../db/schema.ts';

export const WIDTH = 600;
export const HEIGHT = 200;

export interface ChartBar {
  date: string;
  total: number;
  /** What the bar's tooltip and screen readers say, e.g. "2026-05-01: 2 activations, 1 refresh, 0 reconnects". */
  label: string;
  x: number;
  width: number;
  segments: { kind: UsageKind; y: number; height: number }[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Bars for `days` (oldest first) and the scale's top value (at least 1). */
export function usageChart(days: ({ date: string } & UsageCounts)[]): { bars: ChartBar[]; max: number } {
  const totals = days.map((d) => USAGE_KINDS.reduce((sum, kind) => sum + d[kind], 0));
  const max = Math.max(1, ...totals);
  const step = WIDTH / Math.max(1, days.length);
  const bars = days.map((day, i) => {
    let top = HEIGHT;
    const segments = USAGE_KINDS.filter((kind) => day[kind] > 0).map((kind) => {
      const height = (day[kind] / max) * HEIGHT;
      top -= height;
      return { kind, y: top, height };
    });
    const label = `${day.date}: ${plural(day.activation, 'activation')}, ${plural(day.refresh, 'refresh', 'refreshes')}, ${plural(day.reconnect, 'reconnect')}`;
    return { date: day.date, total: totals[i]!, label, x: i * step + step * 0.15, width: step * 0.7, segments };
  });
  return { bars, max };
}
