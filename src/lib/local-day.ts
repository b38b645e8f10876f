/**
 * Calendar days in an IANA time zone (the provider's), for daily allowances such as the live
 * refresh quota (docs/live.md "Refresh quota"). Uses @date-fns/tz, so days of a daylight-saving
 * change last 23 or 25 hours.
 */
import { TZDate } from '@date-fns/tz';

/** The local day containing `at` in `timeZone`: its start (local midnight) and end (the next local midnight), as UTC Dates. */
export function localDay(at: Date, timeZone: string): { start: Date; end: Date } {
  const local = new TZDate(at.getTime(), timeZone);
  const [year, month, day] = [local.getFullYear(), local.getMonth(), local.getDate()];
  return { start: new Date(new TZDate(year, month, day, timeZone).getTime()), end: new Date(new TZDate(year, month, day + 1, timeZone).getTime()) };
}
