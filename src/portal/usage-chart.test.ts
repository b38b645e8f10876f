import { describe, expect, it } from 'vitest';
import { HEIGHT, usageChart, WIDTH } from './usage-chart.ts';

describe('usageChart', () => {
  it('stacks each day by kind, the tallest day reaching the top, and labels every bar', () => {
    const { bars, max } = usageChart([
      { date: '2026-05-01', activation: 2, refresh: 1, reconnect: 1 },
      { date: '2026-05-02', activation: 0, refresh: 0, reconnect: 0 },
      { date: '2026-05-03', activation: 1, refresh: 0, reconnect: 0 },
    ]);
    expect(max).toBe(4);
    expect(bars.map((b) => b.total)).toEqual([4, 0, 1]);
    expect(bars[0]!.segments).toEqual([
      { kind: 'activation', y: HEIGHT / 2, height: HEIGHT / 2 },
      { kind: 'refresh', y: HEIGHT / 4, height: HEIGHT / 4 },
      { kind: 'reconnect', y: 0, height: HEIGHT / 4 },
    ]);
    expect(bars[1]!.segments).toEqual([]);
    expect(bars[2]!.label).toBe('2026-05-03: 1 activation, 0 refreshes, 0 reconnects');
    expect(bars[2]!.x + bars[2]!.width).toBeLessThan(WIDTH);
  });

  it('keeps a scale of at least 1 when nothing was metered', () => {
    expect(usageChart([{ date: '2026-05-01', activation: 0, refresh: 0, reconnect: 0 }]).max).toBe(1);
  });
});
