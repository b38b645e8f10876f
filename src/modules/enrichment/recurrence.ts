/**
 * Recurrence (spec "Transaction", enrichment.recurrent; docs/categories.md, "Recurrence"). A
 * transaction is recurrent when it belongs to a series of payments to (or from) the same payee
 * at a regular interval with similar amounts:
 * - payee: the same recurrence key (known merchant, else the counterparty's or note's words)
 *   and the same sign of amount;
 * - interval: weekly, fortnightly, monthly, two-monthly, quarterly or yearly, within a tolerance
 *   in days; weekly and fortnightly series keep their weekday (gaps on average less than half a
 *   day off) and may miss one occurrence (a holiday); a monthly series may pause over the summer
 *   holidays (the occurrences it skips fall in July and August: school and club fees) and then
 *   resumes with its first payment from half an interval before the expected day;
 * - amounts: each within 20 % of the series' median for monthly and longer intervals (bills and
 *   prices drift), within 5 % for weekly and fortnightly ones (lessons, pocket money, a cleaner:
 *   fixed amounts; weekly fuel and groceries vary);
 * - length: 4 payments for weekly series, 3 for fortnightly and two-monthly ones; for monthly,
 *   quarterly and yearly ones 3, or 2 one interval apart within 5 % of each other with no other
 *   payment to the payee within half an interval around them (a bank history of 90 days holds
 *   only 2-3 monthly payments);
 * - the series stands out: it holds at least 75 % of the payee's payments in its span, or, for
 *   monthly and longer intervals, it is steady (amounts within 2 % of the median, every gap
 *   within 3 days of the mean gap) — frequent groceries, coffees, fuel and rides that happen to
 *   line up are not recurring payments, a subscription billed next to one-off purchases at the
 *   same merchant is; when every note of the series opens with one word ("obědy"), only payments
 *   whose notes open with it count against it (a school's trips beside its meals); a payee's
 *   second series of three or more (a school's meals beside its monthly fee, two pensions paid by
 *   one office), held by no accepted series, stands out among the payments no accepted series of
 *   the payee holds;
 * - of payments equally near the expected day, a series takes the one nearest its amount (two
 *   pensions paid on the same day each make their own series).
 * Pure function of the account's transactions: recomputed whenever they change.
 */

const DAY_MS = 86_400_000;

interface Interval {
  days: number;
  tolerance: number;
  /** Every amount of a series within this share of the series' median. */
  similar: number;
  /** Fewest payments of a series (2: a near-equal pair, see `accepted`). */
  minimum: 2 | 3 | 4;
  /** Weekly and fortnightly: kept weekday, one missed occurrence allowed, no pairs and no steady exception. */
  weekday: boolean;
  /** Monthly: the series may skip occurrences falling in July and August (school and club fees pause over the summer). */
  summerBreak?: boolean;
}

const INTERVALS: Interval[] = [
  { days: 7, tolerance: 1, similar: 0.05, minimum: 4, weekday: true },
  { days: 14, tolerance: 2, similar: 0.05, minimum: 3, weekday: true },
  { days: 30.44, tolerance: 4, similar: 0.2, minimum: 2, weekday: false, summerBreak: true },
  { days: 60.88, tolerance: 6, similar: 0.2, minimum: 3, weekday: false },
  { days: 91.31, tolerance: 8, similar: 0.2, minimum: 2, weekday: false },
  { days: 365.25, tolerance: 12, similar: 0.2, minimum: 2, weekday: false },
];
/** A pair of payments: amounts within this share of each other. */
const PAIR = 0.05;
/** Share of the payee's payments in the series' span the series must hold, unless steady. */
const COVERAGE = 0.75;
/** A steady series: amounts within this share of the median ... */
const STEADY_AMOUNT = 0.02;
/** ... and every gap within this many days of the mean gap. */
const STEADY_DAYS = 3;

/** One transaction as recurrence sees it. `payeeKey` null: never recurrent. */
export interface RecurrenceItem {
  payeeKey: string | null;
  /** Negative for money spent, positive for money received. */
  amount: number;
  /** recordDate in epoch milliseconds. */
  time: number;
  /** The note's opening word (`notePurpose`): what a payer's note says is paid ("obědy", "výlet"). */
  purpose: string;
}

const OPENING_WORD = /\p{L}+/u;

/** The first word of letters of a note in lower case ("Obědy 06/2026 Ema" -> "obědy"; '' without one): a payer writes one word one way. */
export function notePurpose(note: string): string {
  const word = OPENING_WORD.exec(note);
  return word === null ? '' : word[0].toLowerCase();
}

const within = (a: number, b: number, share: number) => Math.abs(a - b) <= share * Math.max(Math.abs(a), Math.abs(b));

function median(values: readonly number[]): number {
  if (values.length < 3) return values.length === 1 ? values[0]! : (values[0]! + values[1]!) / 2;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A payee's payments sorted by time. */
interface Payments {
  times: number[];
  amounts: number[];
  purposes: string[];
  /** Every note of the payee opens with the same word (card texts of one bank): no payment is of another kind. */
  onePurpose: boolean;
  indexes: number[];
}

/** Position of the first payment at or after `time`. */
function firstAtOrAfter(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (times[mid]! < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many payments fall in [from, to]. */
const countBetween = (times: readonly number[], from: number, to: number) => firstAtOrAfter(times, to + 1) - firstAtOrAfter(times, from);

/** For each item, whether it is recurrent among `items` (same order). */
export function recurrentFlags(items: readonly RecurrenceItem[]): boolean[] {
  const flags = new Array<boolean>(items.length).fill(false);
  // A payee's payments, apart by direction (no key string built per item).
  const received = new Map<string, number[]>();
  const spent = new Map<string, number[]>();
  for (let index = 0; index < items.length; index++) {
    const { payeeKey, amount } = items[index]!;
    if (payeeKey === null) continue;
    const groups = amount > 0 ? received : spent;
    const group = groups.get(payeeKey);
    if (group) group.push(index);
    else groups.set(payeeKey, [index]);
  }
  for (const group of [...received.values(), ...spent.values()]) {
    if (group.length < 2) continue;
    group.sort((a, b) => items[a]!.time - items[b]!.time);
    const purposes = group.map((i) => items[i]!.purpose);
    const payments = { times: group.map((i) => items[i]!.time), amounts: group.map((i) => items[i]!.amount), purposes, onePurpose: purposes.every((p) => p === purposes[0]), indexes: group };
    const rejected: Candidate[] = [];
    for (const interval of INTERVALS) markSeries(payments, interval, flags, rejected);
    // A payee's second series (a school's meals beside its monthly fee): of payments no accepted series holds, it stands out among them (none accepted: nothing changes).
    const taken = (p: number) => flags[group[p]!]!;
    if (rejected.length === 0 || !group.some((i) => flags[i])) continue;
    for (const { series, interval } of rejected) if (!series.some(taken) && accepted(payments, series, interval, taken)) for (const p of series) flags[group[p]!] = true;
  }
  return flags;
}

/** A series that was not accepted at first: positions in the payee's payments and its interval. */
interface Candidate {
  series: number[];
  interval: Interval;
}

/** Flags every accepted series of the payee's `payments` at `interval`; collects the others in `rejected`. */
function markSeries(payments: Payments, interval: Interval, flags: boolean[], rejected: Candidate[]): void {
  const { times, amounts } = payments;
  // Too few payments, or too short a span for the fewest a series needs (a 90-day history holds no yearly series).
  if (times.length < interval.minimum || times[times.length - 1]! - times[0]! < (interval.minimum - 1) * (interval.days - interval.tolerance) * DAY_MS) return;
  const span = interval.days * DAY_MS;
  const tolerance = interval.tolerance * DAY_MS;
  for (let s = 0; s < times.length; s++) {
    const series = [s];
    const values = [amounts[s]!];
    let missed = !interval.weekday;
    for (let last = s; ; ) {
      const typical = median(values);
      let next = nearest(payments, last, times[last]! + span, tolerance, typical, interval.similar);
      if (next < 0 && !missed) {
        next = nearest(payments, last, times[last]! + 2 * span, tolerance, typical, interval.similar);
        missed = true;
      }
      if (next < 0 && interval.summerBreak === true) next = afterSummer(payments, last, span, tolerance, typical, interval.similar);
      if (next < 0) break;
      series.push(next);
      values.push(amounts[next]!);
      last = next;
    }
    if (accepted(payments, series, interval)) for (const p of series) flags[payments.indexes[p]!] = true;
    else if (series.length >= 3) rejected.push({ series, interval });
  }
}

/** July and August (UTC months 6 and 7): when a monthly series may pause. */
const SUMMER = new Set([6, 7]);
/** Most occurrences a summer break skips (July and August). */
const SUMMER_SKIPS = 2;

/**
 * The payment resuming a monthly series after a summer break: one to two intervals later than
 * expected, every skipped occurrence in July or August; or -1. Once past August the series resumes
 * with its first payment from half an interval before the expected day (a school year's first
 * bill comes when the school year starts: mid-June's meals, then 10 September's).
 */
function afterSummer(payments: Payments, last: number, span: number, tolerance: number, typical: number, similar: number): number {
  const { times } = payments;
  const from = times[last]!;
  // Nothing paid as late as a resumed series would be (a bank history of 90 days): no need to look.
  if (times[times.length - 1]! < from + 1.5 * span) return -1;
  for (let skipped = 1; skipped <= SUMMER_SKIPS; skipped++) {
    if (!SUMMER.has(new Date(from + skipped * span).getUTCMonth())) return -1;
    const expected = from + (skipped + 1) * span;
    const next = SUMMER.has(new Date(expected).getUTCMonth()) ? nearest(payments, last, expected, tolerance, typical, similar) : firstBetween(payments, last, expected - span / 2, expected + tolerance, typical, similar);
    if (next >= 0) return next;
  }
  return -1;
}

/**
 * The first payment after position `after` in [from, to] with an amount within `similar` of `typical` and, when the payee's notes
 * open with different words, the word of the payment at `after` (June's "stravné" resumes with September's "stravné", not with the
 * school's "úplata" paid earlier in September; round 19); or -1.
 */
function firstBetween(payments: Payments, after: number, from: number, to: number, typical: number, similar: number): number {
  const { times, amounts, purposes } = payments;
  const purpose = purposes[after]!;
  for (let j = Math.max(after + 1, firstAtOrAfter(times, from)); j < times.length && times[j]! <= to; j++) if (within(amounts[j]!, typical, similar) && (payments.onePurpose || purposes[j] === purpose)) return j;
  return -1;
}

/**
 * The payment after position `after` closest to `expected` ± `tolerance` with an amount within
 * `similar` of `typical`, of those as close (the same day) the one nearest `typical`; or -1.
 */
function nearest(payments: Payments, after: number, expected: number, tolerance: number, typical: number, similar: number): number {
  const { times, amounts } = payments;
  let next = -1;
  for (let j = Math.max(after + 1, firstAtOrAfter(times, expected - tolerance)); j < times.length && times[j]! <= expected + tolerance; j++) {
    if (times[j]! >= expected - tolerance && within(amounts[j]!, typical, similar) && (next < 0 || nearer(payments, j, next, expected, typical))) next = j;
  }
  return next;
}

/** Whether payment `j` is nearer than `than` to a series expecting `typical` at `expected`: a day or more nearer in time, else (the same day) nearer in amount, else in time. */
function nearer(payments: Payments, j: number, than: number, expected: number, typical: number): boolean {
  const { times, amounts } = payments;
  const earlier = Math.abs(times[than]! - expected) - Math.abs(times[j]! - expected);
  if (Math.abs(earlier) >= DAY_MS) return earlier > 0;
  const closer = Math.abs(amounts[than]! - typical) - Math.abs(amounts[j]! - typical);
  return closer !== 0 ? closer > 0 : earlier > 0;
}

/** The opening word every note of `series` shares ('' when they differ): what the series pays for. */
function seriesPurpose(purposes: readonly string[], series: readonly number[]): string {
  const purpose = purposes[series[0]!]!;
  return series.every((p) => purposes[p] === purpose) ? purpose : '';
}

/**
 * How many payments fall in [from, to] that count against a series: not those `taken` by another
 * series, and, when every note of the series opens with one word (`purpose`), only those whose note
 * opens with it too (another opening word: another kind of payment, a school's trip beside its meals).
 */
function paymentsBetween(payments: Payments, from: number, to: number, purpose: string, taken?: (p: number) => boolean): number {
  const { times, purposes } = payments;
  if (taken === undefined && (purpose === '' || payments.onePurpose)) return countBetween(times, from, to);
  let count = 0;
  for (let p = firstAtOrAfter(times, from); p < times.length && times[p]! <= to; p++) if (taken?.(p) !== true && (purpose === '' || purposes[p] === purpose)) count++;
  return count;
}

/**
 * Whether `series` (positions in `payments`, in time order) is a recurring series at `interval`;
 * `taken`: payments of the payee's accepted series, which do not count against this one's share.
 */
function accepted(payments: Payments, series: number[], interval: Interval, taken?: (p: number) => boolean): boolean {
  if (series.length < interval.minimum) return false;
  const { times, amounts } = payments;
  const gaps = series.slice(1).map((p, i) => times[p]! - times[series[i]!]!);
  const span = interval.days * DAY_MS;
  if (interval.weekday && gaps.reduce((sum, g) => sum + Math.abs(g - Math.round(g / span) * span), 0) >= (gaps.length * DAY_MS) / 2) return false;
  const values = series.map((p) => amounts[p]!);
  const typical = median(values);
  if (!values.every((a) => within(a, typical, interval.similar))) return false;
  const first = times[series[0]!]!;
  const last = times[series[series.length - 1]!]!;
  if (series.length === 2) {
    // A pair spans one interval: two payments around a summer break are no series yet.
    const margin = span / 2;
    return gaps[0]! <= span + interval.tolerance * DAY_MS && within(values[0]!, values[1]!, PAIR) && countBetween(times, first - margin, last + margin) === 2;
  }
  const tolerance = interval.tolerance * DAY_MS;
  if (series.length >= COVERAGE * paymentsBetween(payments, first - tolerance, last + tolerance, seriesPurpose(payments.purposes, series), taken)) return true;
  if (interval.weekday) return false;
  // A summer break's gap counts as one interval plus the occurrences it skipped.
  const steps = gaps.map((g) => Math.max(1, Math.round(g / span)));
  const meanGap = (last - first) / steps.reduce((sum, n) => sum + n, 0);
  return values.every((a) => within(a, typical, STEADY_AMOUNT)) && gaps.every((g, i) => Math.abs(g - steps[i]! * meanGap) <= STEADY_DAYS * steps[i]! * DAY_MS);
}
