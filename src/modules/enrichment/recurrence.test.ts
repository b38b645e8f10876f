import { describe, expect, it } from 'vitest';
import { recurrentFlags, type RecurrenceItem } from './recurrence.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`).getTime();
const item = (key: string | null, amount: number, iso: string, purpose = ''): RecurrenceItem => ({ payeeKey: key, amount, time: day(iso), purpose });

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

  it('accepts two near-equal monthly payments of a payee paid nothing else around them, but needs three when amounts vary', () => {
    expect(recurrentFlags([item('p:svj', -3200, '2026-01-15'), item('p:svj', -3200, '2026-02-16')])).toEqual([true, true]);
    expect(recurrentFlags([item('p:stavby novak', 28900, '2026-05-12'), item('p:stavby novak', 29750, '2026-06-11')])).toEqual([true, true]);
    expect(recurrentFlags([item('m:o2', -649, '2026-01-12'), item('m:o2', -712, '2026-02-12')])).toEqual([false, false]);
    // Two single tickets a month apart, with a third one nearby: not a monthly pass.
    expect(recurrentFlags([item('m:dpmb', -25, '2026-05-03'), item('m:dpmb', -25, '2026-05-06'), item('m:dpmb', -25, '2026-06-04')])).toEqual([false, false, false]);
  });

  it('needs four payments of a fixed amount on the same weekday for a weekly series', () => {
    expect(recurrentFlags(['05-05', '05-12', '05-19'].map((d) => item('p:swimming', -300, `2026-${d}`))).some(Boolean)).toBe(false);
    // Every Tuesday but the holiday week; a posting a day late still fits.
    const lessons = ['05-05', '05-12', '05-19', '05-26', '06-03', '06-09', '06-23', '06-30', '07-07'].map((d) => item('p:swimming', -300, `2026-${d}`));
    expect(recurrentFlags(lessons).every(Boolean)).toBe(true);
  });

  it('compares amounts with the series median, so a steady drift does not chain on', () => {
    const drifting = [100, 118, 139, 164].map((a, i) => item('p:shop', -a, `2026-0${i + 1}-10`));
    expect(recurrentFlags(drifting).some(Boolean)).toBe(false);
  });

  it('finds weekly, quarterly and yearly series', () => {
    const weekly = ['2026-02-04', '2026-02-11', '2026-02-18', '2026-02-25'].map((d) => item('p:babysitter', -600, d));
    expect(recurrentFlags(weekly)).toEqual([true, true, true, true]);
    expect(recurrentFlags([item('m:bvk', -2340, '2026-01-18'), item('m:bvk', -2340, '2026-04-17')])).toEqual([true, true]);
    expect(recurrentFlags([item('m:wedos', -1089, '2025-02-17'), item('m:wedos', -1089, '2026-02-17')])).toEqual([true, true]);
  });

  it('finds two-monthly series of three payments (utility advances billed every other month)', () => {
    expect(recurrentFlags(['06-24', '08-24', '10-24'].map((d) => item('m:hep', -1480, `2026-${d}`)))).toEqual([true, true, true]);
    expect(recurrentFlags(['06-24', '08-24'].map((d) => item('m:hep', -1480, `2026-${d}`)))).toEqual([false, false]);
  });

  it('lets a monthly series pause over July and August only (school fees), not over other months', () => {
    const school = ['04-07', '05-07', '06-07', '09-07'].map((d) => item('p:zakladna skola', -30, `2026-${d}`));
    expect(recurrentFlags([...school, item('p:zakladna skola', -145, '2026-05-22')])).toEqual([true, true, true, true, false]);
    const winter = ['09-07', '10-07', '11-07', '02-07'].map((d, i) => item('p:club', -30, `${i === 3 ? 2027 : 2026}-${d}`));
    expect(recurrentFlags(winter)).toEqual([true, true, true, false]);
  });

  it('resumes a monthly series after the summer with its first payment of the school year, up to half an interval early', () => {
    const meals = [['06-18', 36.8], ['09-10', 38.4], ['10-12', 40.8], ['11-11', 36]].map(([d, a]) => item('m:zs', -a!, `2026-${d}`, 'stravne'));
    const others = [item('m:zs', -45, '2026-09-11', 'skd'), item('m:zs', -140, '2026-11-13', 'skola')];
    expect(recurrentFlags([...meals, ...others])).toEqual([true, true, true, true, false, false]);
  });

  it('counts against a series only the payments whose notes open with the series\' word (a school\'s trips beside its meals)', () => {
    const meals = [['06-05', 520], ['09-04', 560], ['10-05', 540], ['11-04', 500]].map(([d, a]) => item('m:zs', -a!, `2026-${d}`, 'obedy'));
    const others = [item('m:zs', -1740, '2026-06-08', 'skola'), item('m:zs', -1100, '2026-09-07', 'uplata'), item('m:zs', -350, '2026-10-15', 'vylet')];
    expect(recurrentFlags([...meals, ...others])).toEqual([true, true, true, true, false, false, false]);
    // The same payments without notes: the meals are too few of the school's payments to stand out.
    expect(recurrentFlags([...meals, ...others].map((i) => ({ ...i, purpose: '' }))).some(Boolean)).toBe(false);
  });

  it('keeps two series of one payee paid on the same days apart (two pensions of one household), each by its amount', () => {
    const pensions = ['06-10', '07-10', '08-10'].flatMap((d) => [item('p:ssz', 21450, `2026-${d}`), item('p:ssz', 18970, `2026-${d}`)]);
    expect(recurrentFlags(pensions)).toEqual([true, true, true, true, true, true]);
  });

  it('finds a payee\'s second series among the payments its first does not hold (a kindergarten\'s meals beside its monthly fee)', () => {
    const fees = ['08-05', '09-04', '10-05', '11-05'].map((d) => item('p:ms', -850, `2026-${d}`));
    const meals = [item('p:ms', -713, '2026-09-08'), item('p:ms', -736, '2026-10-08'), item('p:ms', -782, '2026-11-09')];
    expect(recurrentFlags([...fees, ...meals])).toEqual([true, true, true, true, true, true, true]);
    // One-off payments beside an accepted series stay one-offs, and two of a kind are no second series.
    const trips = [item('p:ms', -450, '2026-09-20'), item('p:ms', -420, '2026-10-21')];
    expect(recurrentFlags([...fees, ...trips])).toEqual([true, true, true, true, false, false]);
  });

  it('keeps apart payees, directions and keyless transactions', () => {
    const items = [item('p:x', -100, '2026-01-01'), item('p:x', 100, '2026-02-01'), item('p:y', -100, '2026-03-01'), item(null, -5, '2026-01-01'), item(null, -5, '2026-02-01')];
    expect(recurrentFlags(items)).toEqual([false, false, false, false, false]);
  });

  it('does not flag frequent payees whose amounts happen to line up', () => {
    const groceries = ['01-02', '01-05', '01-09', '01-12', '01-16', '01-20', '01-23', '01-27', '01-30', '02-02', '02-06'].map((d, i) => item('m:albert', -[412, 877, 301, 655, 415, 990, 240, 530, 410, 610, 415][i]!, `2026-${d}`));
    expect(recurrentFlags(groceries).some(Boolean)).toBe(false);
  });

  it('does not flag weekly fuel, frequent lunches or grocery runs that happen to line up', () => {
    const series = (key: string, rows: [string, number][]) => rows.map(([d, a]) => item(key, -a, `2026-${d}`));
    // Fuel about once a week, 800-1,600 CZK.
    const fuel = series('m:omv', [['05-02', 1405], ['05-08', 1130], ['05-15', 1210], ['05-22', 1175], ['05-29', 1290], ['06-04', 845], ['06-12', 1560], ['06-19', 1230], ['06-26', 1190], ['07-03', 1320], ['07-09', 980], ['07-17', 1115]]);
    expect(recurrentFlags(fuel).some(Boolean)).toBe(false);
    // Lunch at the same bistro two or three times a week.
    const lunches = series('p:bistro', [['05-04', 165], ['05-06', 172], ['05-11', 158], ['05-13', 169], ['05-18', 161], ['05-21', 175], ['05-26', 166], ['05-28', 159], ['06-02', 170], ['06-08', 163], ['06-10', 168], ['06-16', 160]]);
    expect(recurrentFlags(lunches).some(Boolean)).toBe(false);
    // Weekly shopping; 6 May, 5 June and 6 July look like a monthly triple, but the shop is paid far more often.
    const shop = series('m:billa', [['05-06', 420], ['05-13', 310], ['05-20', 365], ['05-27', 290], ['06-05', 402], ['06-12', 350], ['06-19', 280], ['06-26', 377], ['07-06', 431], ['07-14', 300], ['07-21', 345]]);
    expect(recurrentFlags(shop).some(Boolean)).toBe(false);
  });

  it('keeps a subscription recurrent next to one-off purchases at the same merchant', () => {
    const items = [
      item('m:apple', -25, '2026-01-14'),
      item('m:apple', -129, '2026-01-20'),
      item('m:apple', -25, '2026-02-14'),
      item('m:apple', -49, '2026-02-26'),
      item('m:apple', -25, '2026-03-16'),
      item('m:apple', -25, '2026-04-14'),
    ];
    expect(recurrentFlags(items)).toEqual([true, false, true, false, true, true]);
  });

  it('resumes a series after the summer with a payment of its own kind, not the school\'s other fee paid earlier that month (round 19)', () => {
    const kindergarten = (amount: number, iso: string, purpose: string) => item('p:ms trebic', -amount, iso, purpose);
    const items = [
      kindergarten(650, '2026-06-05', 'uplata'),
      kindergarten(780, '2026-06-15', 'stravne'),
      kindergarten(650, '2026-09-04', 'uplata'),
      kindergarten(820, '2026-09-15', 'stravne'),
      kindergarten(650, '2026-10-05', 'uplata'),
      kindergarten(790, '2026-10-15', 'stravne'),
      kindergarten(650, '2026-11-05', 'uplata'),
      kindergarten(805, '2026-11-16', 'stravne'),
    ];
    expect(recurrentFlags(items)).toEqual(items.map(() => true));
  });

  it('lets salaries drift and stay recurrent', () => {
    const salaries = [48250, 48250, 51900, 51900].map((a, i) => item('p:datasys', a, `2026-0${i + 1}-15`));
    expect(recurrentFlags(salaries)).toEqual([true, true, true, true]);
  });
});
