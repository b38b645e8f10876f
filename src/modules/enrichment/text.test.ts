import { describe, expect, it } from 'vitest';
import { fold, PhraseIndex, tokenize } from './text.ts';

describe('text normalisation', () => {
  it('folds case and diacritics, spells out letters NFD cannot split', () => {
    expect(fold('Žluťoučký KŮŇ')).toBe('zlutoucky kun');
    expect(fold('Łódź Straße')).toBe('lodz strasse');
  });

  it('tokenizes on punctuation and drops apostrophes', () => {
    expect(tokenize("McDONALD'S 0213 Praha-Smíchov")).toEqual(['mcdonalds', '0213', 'praha', 'smichov']);
    expect(tokenize('  BOLT.EU/O/2601252214 ')).toEqual(['bolt', 'eu', 'o', '2601252214']);
    expect(tokenize('***')).toEqual([]);
  });

  it('reads the German spellings ae oe ue of ä ö ü as the umlaut, which folds to the plain vowel', () => {
    expect(tokenize('BAECKEREI WIMMER MUENCHEN')).toEqual(tokenize('Bäckerei Wimmer München'));
    expect(tokenize('TURMOEL 07')).toEqual(['turmol', '07']);
    expect(fold('Bäckerei')).toBe('backerei');
  });
});

describe('PhraseIndex', () => {
  const index = new PhraseIndex<string>();
  index.add('převod', 'transfer');
  index.add('převod na spoření', 'savings');
  index.add('mzd*', 'salary');
  index.add('záloha na elektřin*', 'electricity');

  it('finds the longest phrase, then the earliest', () => {
    expect(index.longestMatch(tokenize('Převod na spoření'))?.value).toBe('savings');
    expect(index.longestMatch(tokenize('Převod peněz'))).toEqual({ start: 0, end: 1, value: 'transfer' });
    expect(index.longestMatch(tokenize('něco jiného'))).toBeNull();
  });

  it('matches stems on the last word only as prefixes of whole tokens', () => {
    expect(index.longestMatch(tokenize('MZDOVE PROSTREDKY'))?.value).toBe('salary');
    expect(index.longestMatch(tokenize('zaloha na elektrinu 03'))?.value).toBe('electricity');
    expect(index.longestMatch(tokenize('amzd'))).toBeNull();
  });

  it('prefers the longest stem a word starts with, whatever the order the stems were added in', () => {
    const stems = new PhraseIndex<string>();
    stems.add('lek*', 'short');
    stems.add('lekarn*', 'long');
    expect(stems.longestMatch(tokenize('LEKARNA U HADA'))?.value).toBe('long');
    expect(stems.longestMatch(tokenize('LEKTOR'))?.value).toBe('short');
  });

  it('matches a leading * as the last part of a compound word, the longest ending first, after whole words and stems', () => {
    const endings = new PhraseIndex<string>();
    endings.add('*klinik', 'clinic');
    endings.add('*tierklinik', 'vet');
    endings.add('*garage', 'parking');
    endings.add('autogarage', 'repair');
    expect(endings.longestMatch(tokenize('MOENCHSBERGGARAGE SALZBURG'))).toEqual({ start: 0, end: 1, value: 'parking' });
    expect(endings.longestMatch(tokenize('Garage'))?.value).toBe('parking');
    expect(endings.longestMatch(tokenize('KLEINTIERKLINIK WELS'))?.value).toBe('vet');
    expect(endings.longestMatch(tokenize('Zahnklinik'))?.value).toBe('clinic');
    expect(endings.longestMatch(tokenize('AUTOGARAGE'))?.value).toBe('repair');
    expect(endings.longestMatch(tokenize('garages'))).toBeNull();
  });

  it('rejects empty phrases, short stems and endings, endings of several words', () => {
    expect(() => index.add('--', 'x')).toThrow(/empty phrase/);
    expect(() => index.add('ab*', 'x')).toThrow(/shorter than 3/);
    expect(() => index.add('*bad', 'x')).toThrow(/shorter than 4/);
    expect(() => index.add('*park haus', 'x')).toThrow(/not one word/);
  });
});
