/**
 * Recurrence (spec "Transaction", enrichment.recurrent; docs/categories.md, "Recurrence"). A
 * transaction is recurrent when it belongs to a series of payments to (or from) the same payee
 * at a regular interval with similar amounts:
 * - payee: the same recurrence key (known merchant, else the counterparty's or note's words)
 *   and the same sign of amount;
 * - interval: weekly, fortnightly, monthly, quarterly or yearly, within a tolerance in days;
 * - amounts: each within 20 % of the previous one in the series (prices and bills drift);
 * - length: 3 payments; 2 for monthly and longer intervals when the amounts are within 1 %
 *   (a bank history of 90 days holds only 2-3 monthly payments);
 * - a series must stand out: between two of its payments at most `others` further payments to
 *   the same payee (groceries, coffee and taxis are frequent, not recurring).
 * Pure function of the account's transactions: recomputed whenever they change.
 */

const DAY_MS = 86_400_000;

interface Interval {
  days: number;
  tolerance: number;
  /** Other payments to the same payee allowed between two payments of the series. */
  others: number;
  /** Whether 2 near-equal payments suffice. */
  pairs: boolean;
}

const INTERVALS: Interval[] = [
  { days: 7, tolerance: 1, others: 1, pairs: false },
  { days: 14, tolerance: 2, others: 1, pairs: false },
  { days: 30.44, tolerance: 4, others: 1, pairs: true },
  { days: 91.31, tolerance: 8, others: 3, pairs: true },
  { days: 365.25, tolerance: 12, others: 8, pairs: true },
];
const SIMILAR = 0.2;
const NEAR_EQUAL = 0.01;

/** One transaction as recurrence sees it. `payeeKey` null: never recurrent. */
export interface RecurrenceItem {
  payeeKey: string | null;
  /** Negative for money spent, positive for money received. */
  amount: number;
  /** recordDate in epoch milliseconds. */
  time: number;
}

const within = (a: number, b: number, share: number) => Math.abs(a - b) <= share * Math.max(Math.abs(a), Math.abs(b));

/** For each item, whether it is recurrent among `items` (same order). */
export function recurrentFlags(items: readonly RecurrenceItem[]): boolean[] {
  const flags = new Array<boolean>(items.length).fill(false);
  const groups = new Map<string, number[]>();
  items.forEach((item, index) => {
    if (item.payeeKey === null) return;
    const key = `${item.amount > 0 ? '+' : '-'}${item.payeeKey}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => items[a]!.time - items[b]!.time);
    for (const interval of INTERVALS) markSeries(items, group, interval, flags);
  }
  return flags;
}

/** Flags every series of `group` (indexes sorted by time) at `interval`. */
function markSeries(items: readonly RecurrenceItem[], group: number[], interval: Interval, flags: boolean[]): void {
  const span = interval.days * DAY_MS;
  const tolerance = interval.tolerance * DAY_MS;
  for (let s = 0; s < group.length; s++) {
    const series = [s];
    for (let last = s; ; ) {
      const expected = items[group[last]!]!.time + span;
      let next = -1;
      for (let j = last + 1; j < group.length; j++) {
        const t = items[group[j]!]!.time;
        if (t > expected + tolerance) break;
        if (t >= expected - tolerance && within(items[group[j]!]!.amount, items[group[last]!]!.amount, SIMILAR) && (next < 0 || Math.abs(t - expected) < Math.abs(items[group[next]!]!.time - expected))) next = j;
      }
      if (next < 0) break;
      series.push(next);
      last = next;
    }
    if (!accepted(items, group, series, interval)) continue;
    for (const position of series) flags[group[position]!] = true;
  }
}

function accepted(items: readonly RecurrenceItem[], group: number[], series: number[], interval: Interval): boolean {
  const amounts = series.map((p) => items[group[p]!]!.amount);
  const nearEqual = amounts.every((a) => within(a, amounts[0]!, NEAR_EQUAL));
  if (series.length < (interval.pairs && nearEqual ? 2 : 3)) return false;
  const between = series[series.length - 1]! - series[0]! + 1 - series.length;
  return between <= interval.others * (series.length - 1);
}
