import { describe, expect, it } from 'vitest';
import { addDuration, isCountryCode, isDuration, isLanguageCode } from './iso.ts';

describe('ISO codes', () => {
  it('know countries, languages and durations', () => {
    expect(['CZ', 'SK', 'DE', 'GB'].every(isCountryCode)).toBe(true);
    expect(['XX', 'cz', 'CZE', ''].some(isCountryCode)).toBe(false);
    expect(['en', 'cs', 'sk', 'de', 'pl'].every(isLanguageCode)).toBe(true);
    expect(['xx', 'EN', 'eng', ''].some(isLanguageCode)).toBe(false);
    expect(['P90D', 'P1Y', 'PT15M', 'P1Y2M3DT4H'].every(isDuration)).toBe(true);
    expect(['P', 'PT', '90D', 'P1.5D', ''].some(isDuration)).toBe(false);
  });

  it('adds durations in UTC', () => {
    const from = new Date('2026-01-31T10:00:00Z');
    expect(addDuration(from, 'P90D').toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(addDuration(from, 'PT15M').toISOString()).toBe('2026-01-31T10:15:00.000Z');
    expect(addDuration(from, 'P1W').toISOString()).toBe('2026-02-07T10:00:00.000Z');
  });
});
