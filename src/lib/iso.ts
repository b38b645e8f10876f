/** ISO code checks: 3166-1 alpha-2 countries, 639-1 languages, 8601 durations. */
// The package's entry without its country names in ~80 languages (only the code table is used).
import countries from 'i18n-iso-countries/index.js';

/** True for an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isCountryCode(value: string): boolean {
  return /^[A-Z]{2}$/.test(value) && countries.isValid(value);
}

// Built on first use: loading ICU's language names takes ~18 ms, which `bankdata start` paid on
// every start when this was built as the module loaded (issue 18).
let displayNames: Intl.DisplayNames | undefined;

/** True for an ISO 639-1 language code (two lower-case letters with a known name). */
export function isLanguageCode(value: string): boolean {
  if (!/^[a-z]{2}$/.test(value)) return false;
  const name = (displayNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })).of(value);
  return name !== undefined && name !== value;
}

/**
 * The ISO 639-1 language of a `locale` given as a BCP 47 tag ("cs-CZ", "CS", "cs"): its language
 * subtag in lower case when that is a known ISO 639-1 code, else `en` (also for no tag or a tag
 * that is not BCP 47). Never throws: a partner's odd locale shows English pages instead of a 400.
 */
export function localeLanguage(tag: string | null | undefined): string {
  if (!tag) return 'en';
  let language: string;
  try {
    language = new Intl.Locale(Intl.getCanonicalLocales(tag.trim().replace(/_/g, '-'))[0]!).language;
  } catch {
    return 'en';
  }
  return isLanguageCode(language) ? language : 'en';
}

const DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/;

/** True for an ISO 8601 duration such as P90D or P1Y2M. */
export function isDuration(value: string): boolean {
  return DURATION.test(value);
}

/** Adds an ISO 8601 duration (years, months, weeks, days, hours, minutes, seconds) to `from`, in UTC. */
export function addDuration(from: Date, duration: string): Date {
  const match = DURATION.exec(duration);
  if (!match) throw new Error(`not an ISO 8601 duration: ${duration}`);
  const n = (part: string | undefined) => (part ? Number(part.slice(0, -1)) : 0);
  const result = new Date(from.getTime());
  result.setUTCFullYear(result.getUTCFullYear() + n(match[1]), result.getUTCMonth() + n(match[2]), result.getUTCDate() + 7 * n(match[3]) + n(match[4]));
  result.setUTCHours(result.getUTCHours() + n(match[6]), result.getUTCMinutes() + n(match[7]), result.getUTCSeconds() + n(match[8]));
  return result;
}
