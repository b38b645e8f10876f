import { describe, expect, it } from 'vitest';
import { localDay } from './local-day.ts';

describe('localDay', () => {
  it('gives the local midnights around an instant, as UTC', () => {
    // 23:30 UTC on 10 June is 01:30 on 11 June in Prague (CEST, UTC+2).
    expect(localDay(new Date('2026-06-10T23:30:00Z'), 'Europe/Prague')).toEqual({ start: new Date('2026-06-10T22:00:00Z'), end: new Date('2026-06-11T22:00:00Z') });
    // 21:59 UTC is still 10 June in Prague.
    expect(localDay(new Date('2026-06-10T21:59:59Z'), 'Europe/Prague').end).toEqual(new Date('2026-06-10T22:00:00Z'));
    // Winter: CET, UTC+1.
    expect(localDay(new Date('2026-01-15T12:00:00Z'), 'Europe/Prague').end).toEqual(new Date('2026-01-15T23:00:00Z'));
  });

  it('spans 23 and 25 hours on daylight-saving days', () => {
    const spring = localDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(spring).toEqual({ start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z') });
    const autumn = localDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3_600_000);
  });

  it('is the UTC day in UTC', () => {
    expect(localDay(new Date('2026-06-10T23:30:00Z'), 'UTC')).toEqual({ start: new Date('2026-06-10T00:00:00Z'), end: new Date('2026-06-11T00:00:00Z') });
  });
});
