/**
 * Text normalisation for enrichment (docs/categories.md, "Normalisation"): descriptors,
 * counterparties, notes and the words of the data files all become lists of tokens the same
 * way: case folded, diacritics removed (Unicode NFD; ł ß ø æ đ spelled out), apostrophes
 * dropped ("McDonald's" = "mcdonalds"), any other non-alphanumeric character a separator, and
 * the German spellings ae oe ue of ä ö ü read as the plain vowel like the umlaut itself
 * ("BAECKEREI" = "Bäckerei" = "backerei"; in every word and language, so matching stays symmetric).
 * PhraseIndex finds written phrases (consecutive tokens; a trailing `*` on the last word
 * matches any word starting with that stem, a leading `*` on a one-word phrase any word ending
 * with it: the last part of a compound, "*garage" in "MOENCHSBERGGARAGE") in a token list by
 * hash lookups per token, without scanning every phrase.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
/** A character outside ASCII (a letter with a diacritic, ł, ß...). */
export const NON_ASCII = /[^\u0000-\u007f]/;
const APOSTROPHES = /['’`]/g;
const SEPARATORS = /[^a-z0-9]+/;
const DIGIT = /[0-9]/;
/** German spellings of umlauts ("ae" for ä): folded like the umlaut, to the plain vowel (tested first: few texts hold one). */
const UMLAUT_SPELLING = /[aou]e/;
const UMLAUT_SPELLINGS = /([aou])e/g;
const SPELLED: Record<string, string> = { ł: 'l', ß: 'ss', ø: 'o', æ: 'ae', đ: 'd', ı: 'i', œ: 'oe' };
const UNSPELLED = new RegExp(`[${Object.keys(SPELLED).join('')}]`, 'g');

/** `text` case folded and without diacritics ("Žluťoučký Kůň" -> "zlutoucky kun"). */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (!NON_ASCII.test(lower)) return lower;
  return lower.normalize('NFD').replace(COMBINING_MARKS, '').replace(UNSPELLED, (c) => SPELLED[c]!);
}

/** The tokens of `text` ("ALBERT 0412 Praha-Smíchov" -> ["albert", "0412", "praha", "smichov"]; "MUENCHEN" -> ["munchen"]). */
export function tokenize(text: string): string[] {
  let folded = fold(text).replace(APOSTROPHES, '');
  if (UMLAUT_SPELLING.test(folded)) folded = folded.replace(UMLAUT_SPELLINGS, '$1');
  const parts = folded.split(SEPARATORS);
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** True for tokens with a digit: terminal ids, store numbers, dates, postcodes. */
export const hasDigit = (token: string): boolean => DIGIT.test(token);

/** One phrase match: tokens [start, end) of the searched list. */
export interface PhraseMatch<T> {
  start: number;
  end: number;
  value: T;
}

interface Phrase<T> {
  words: string[];
  /** The last word is a stem: it matches any token starting with it. */
  stem: boolean;
  value: T;
}

const STEM_KEY = 3;
/** The key of a word's first (`from` 0) or last three letters, a number: looked up per token without slicing a string. */
const affixKey = (word: string, from: number): number => (word.charCodeAt(from) << 16) ^ (word.charCodeAt(from + 1) << 8) ^ word.charCodeAt(from + 2);
/** Shortest last part of a compound a leading `*` may name ("*bahn" would be too loose below it). */
const SUFFIX_MIN = 4;

/** Adds `phrase` to the list under `key`; `longestFirst`: kept ordered by the length of its first word (stable), so the first that fits is the longest. */
function file<K, T>(index: Map<K, Phrase<T>[]>, key: K, phrase: Phrase<T>, longestFirst = false): void {
  const list = index.get(key);
  if (!list) index.set(key, [phrase]);
  else if (!longestFirst) list.push(phrase);
  else {
    const at = list.findIndex((p) => p.words[0]!.length < phrase.words[0]!.length);
    list.splice(at < 0 ? list.length : at, 0, phrase);
  }
}

/** Written phrases with a value each, looked up by their first word, a word's first three letters (stems) or last three (compounds' last parts). */
export class PhraseIndex<T> {
  private readonly byFirstWord = new Map<string, Phrase<T>[]>();
  private readonly stemsByPrefix = new Map<number, Phrase<T>[]>();
  private readonly endingsBySuffix = new Map<number, Phrase<T>[]>();
  private longest = 0;
  /** Whether any stem or compound ending was added (most indexes hold none: no lookup then). */
  private affixes = false;

  /**
   * Adds `text` (normalised like any text; `stem*` allowed on its last word, `*ending` on a
   * one-word phrase). Throws on an empty phrase, a stem shorter than 3 letters or an ending
   * shorter than 4.
   */
  add(text: string, value: T): void {
    const trimmed = text.trim();
    if (trimmed.startsWith('*')) {
      const words = tokenize(trimmed.slice(1));
      if (words.length !== 1 || trimmed.endsWith('*')) throw new Error(`enrichment data: ending ${JSON.stringify(text)} is not one word`);
      if (words[0]!.length < SUFFIX_MIN) throw new Error(`enrichment data: ending ${JSON.stringify(text)} is shorter than ${SUFFIX_MIN} letters`);
      file(this.endingsBySuffix, affixKey(words[0]!, words[0]!.length - STEM_KEY), { words, stem: false, value }, true);
      this.affixes = true;
      this.longest = Math.max(this.longest, 1);
      return;
    }
    const stem = trimmed.endsWith('*');
    const words = tokenize(stem ? trimmed.slice(0, -1) : trimmed);
    if (words.length === 0) throw new Error(`enrichment data: empty phrase ${JSON.stringify(text)}`);
    if (stem && words[words.length - 1]!.length < STEM_KEY) throw new Error(`enrichment data: stem ${JSON.stringify(text)} is shorter than ${STEM_KEY} letters`);
    const phrase = { words, stem, value };
    if (stem && words.length === 1) {
      file(this.stemsByPrefix, affixKey(words[0]!, 0), phrase, true);
      this.affixes = true;
    }
    else file(this.byFirstWord, words[0]!, phrase);
    this.longest = Math.max(this.longest, words.length);
  }

  /**
   * The longest phrase starting at token `at` (a whole word beats a stem of the same length), or
   * null; a one-word stem or compound ending only when no phrase starts there, the longest stem,
   * else the longest ending ("*tierklinik" before "*klinik").
   */
  matchAt(tokens: readonly string[], at: number): PhraseMatch<T> | null {
    const first = tokens[at]!;
    let best: Phrase<T> | null = null;
    const phrases = this.byFirstWord.get(first);
    if (phrases !== undefined) {
      for (const phrase of phrases) {
        if ((best === null || phrase.words.length > best.words.length || (phrase.words.length === best.words.length && best.stem && !phrase.stem)) && this.fits(phrase, tokens, at)) best = phrase;
      }
    }
    if (best === null && this.affixes && first.length >= STEM_KEY) best = this.affixed(first);
    return best ? { start: at, end: at + best.words.length, value: best.value } : null;
  }

  /** The longest one-word stem `token` starts with, else the longest compound ending it ends with, or null. */
  private affixed(token: string): Phrase<T> | null {
    const stems = this.stemsByPrefix.get(affixKey(token, 0));
    if (stems !== undefined) for (const phrase of stems) if (token.startsWith(phrase.words[0]!)) return phrase;
    const endings = this.endingsBySuffix.get(affixKey(token, token.length - STEM_KEY));
    if (endings !== undefined) for (const phrase of endings) if (token.endsWith(phrase.words[0]!)) return phrase;
    return null;
  }

  /** The longest phrase anywhere in `tokens` (of those `accept` allows, given its value and start), the earliest of equally long ones, or null. */
  longestMatch(tokens: readonly string[], accept?: (value: T, at: number) => boolean): PhraseMatch<T> | null {
    let best: PhraseMatch<T> | null = null;
    for (let at = 0; at < tokens.length; at++) {
      const match = this.matchAt(tokens, at);
      if (match && (best === null || match.end - match.start > best.end - best.start) && (!accept || accept(match.value, at))) {
        best = match;
        if (match.end - match.start === this.longest) break;
      }
    }
    return best;
  }

  private fits(phrase: Phrase<T>, tokens: readonly string[], at: number): boolean {
    const { words } = phrase;
    if (at + words.length > tokens.length) return false;
    const last = words.length - 1;
    for (let i = 1; i < last; i++) if (tokens[at + i] !== words[i]) return false;
    if (last === 0) return true;
    return phrase.stem ? tokens[at + last]!.startsWith(words[last]!) : tokens[at + last] === words[last];
  }
}
