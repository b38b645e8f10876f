import { describe, expect, it } from 'vitest';
import { addDuration, isCountryCode, isDuration, isLanguageCode, localeLanguage } from './iso.ts';

describe('ISO codes', () => {
  it('reduce a BCP 47 locale to its ISO 639-1 language, else en', () => {
    expect(['cs', 'cs-CZ', 'CS', 'cs_CZ', ' cs-cz '].map(localeLanguage)).toEqual(['cs', 'cs', 'cs', 'cs', 'cs']);
    expect(localeLanguage('de-AT')).toBe('de');
    expect(localeLanguage('zh-Hant-TW')).toBe('zh');
    // ISO 639-2 aliases canonicalize (ces -> cs); unknown languages and non-tags fall back.
    expect(localeLanguage('ces')).toBe('cs');
    expect(['xx', 'english', '!!', '', undefined, null].map(localeLanguage)).toEqual(['en', 'en', 'en', 'en', 'en', 'en']);
  });

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
