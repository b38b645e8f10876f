import { describe, expect, it } from 'vitest';
import { recurrentFlags, type RecurrenceItem } from './recurrence.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`).getTime();
const item = (key: string | null, amount: number, iso: string): RecurrenceItem => ({ payeeKey: key, amount, time: day(iso) });

describe('recurrence', () => {
  it('finds monthly series with similar amounts and ignores one-offs', () => {
    const items = [
      item('m:netflix', -259, '2026-01-03'),
      item('m:netflix', -259, '2026-02-03'),
      item('m:netflix', -289, '2026-03-04'),
      item('m:netflix', -289, '2026-04-03'),
      item('m:ikea', -2499, '2026-02-08'),
      item('p:jan novak', -500, '2026-03-10'),
    ];
    expect(recurrentFlags(items)).toEqual([true, true, true, true, false, false]);
  });

  it('accepts two equal monthly payments, but needs three when amounts vary', () => {
    expect(recurrentFlags([item('p:svj', -3200, '2026-01-15'), item('p:svj', -3200, '2026-02-16')])).toEqual([true, true]);
    expect(recurrentFlags([item('m:o2', -649, '2026-01-12'), item('m:o2', -712, '2026-02-12')])).toEqual([false, false]);
  });

  it('finds weekly, quarterly and yearly series', () => {
    const weekly = ['2026-02-04', '2026-02-11', '2026-02-18'].map((d) => item('p:babysitter', -600, d));
    expect(recurrentFlags(weekly)).toEqual([true, true, true]);
    expect(recurrentFlags([item('m:bvk', -2340, '2026-01-18'), item('m:bvk', -2340, '2026-04-17')])).toEqual([true, true]);
    expect(recurrentFlags([item('m:wedos', -1089, '2025-02-17'), item('m:wedos', -1089, '2026-02-17')])).toEqual([true, true]);
  });

  it('keeps apart payees, directions and keyless transactions', () => {
    const items = [item('p:x', -100, '2026-01-01'), item('p:x', 100, '2026-02-01'), item('p:y', -100, '2026-03-01'), item(null, -5, '2026-01-01'), item(null, -5, '2026-02-01')];
    expect(recurrentFlags(items)).toEqual([false, false, false, false, false]);
  });

  it('does not flag frequent payees whose amounts happen to line up', () => {
    const groceries = ['01-02', '01-05', '01-09', '01-12', '01-16', '01-20', '01-23', '01-27', '01-30', '02-02', '02-06'].map((d, i) => item('m:albert', -[412, 877, 301, 655, 415, 990, 240, 530, 410, 610, 415][i]!, `2026-${d}`));
    expect(recurrentFlags(groceries).some(Boolean)).toBe(false);
  });

  it('lets salaries drift and stay recurrent', () => {
    const salaries = [48250, 48250, 51900, 51900].map((a, i) => item('p:datasys', a, `2026-0${i + 1}-15`));
    expect(recurrentFlags(salaries)).toEqual([true, true, true, true]);
  });
});
