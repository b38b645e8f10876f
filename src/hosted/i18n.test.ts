import { describe, expect, it } from 'vitest';
import { languageOf, LANGUAGES, messagesOf, translator } from './i18n.ts';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([k, v]) => keysOf(v, `${prefix}${k}.`)) : [prefix.slice(0, -1)];

describe('hosted flow messages', () => {
  it('every language has exactly the English keys, none empty', () => {
    const english = keysOf(messagesOf('en')).sort();
    for (const language of LANGUAGES) {
      expect(keysOf(messagesOf(language)).sort(), language).toEqual(english);
      for (const key of english) expect(translator(language)(key), `${language} ${key}`).not.toBe('');
    }
  });

  it('picks the session locale, English otherwise, and interpolates', () => {
    expect(languageOf('cs')).toBe('cs');
    expect(languageOf('fr')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(translator('cs')('consent.continue', { bank: 'Vltava Bank' })).toBe('Pokračovat do Vltava Bank');
  });
});
