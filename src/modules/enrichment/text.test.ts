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

  it('rejects empty phrases and short stems', () => {
    expect(() => index.add('--', 'x')).toThrow(/empty phrase/);
    expect(() => index.add('ab*', 'x')).toThrow(/shorter than 3/);
  });
});
