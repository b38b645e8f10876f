/**
 * Text normalisation for enrichment (docs/categories.md, "Normalisation"): descriptors,
 * counterparties, notes and the words of the data files all become lists of tokens the same
 * way: case folded, diacritics removed (Unicode NFD; ł ß ø æ đ spelled out), apostrophes
 * dropped ("McDonald's" = "mcdonalds"), any other non-alphanumeric character a separator, and
 * the German spellings ae oe ue of ä ö ü read as the plain vowel like the umlaut itself
 * ("BAECKEREI" = "Bäckerei" = "backerei"; in every word and language, so matching stays symmetric).
 * PhraseIndex finds written phrases (consecutive tokens; a trailing `*` on the last word
 * matches any word starting with that stem) in a token list without scanning every phrase.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\u0000-\u007f]/;
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

/** Written phrases with a value each, looked up by their first word. */
export class PhraseIndex<T> {
  private readonly byFirstWord = new Map<string, Phrase<T>[]>();
  private readonly stemsByPrefix = new Map<string, Phrase<T>[]>();
  private longest = 0;

  /** Adds `text` (normalised like any text; `stem*` allowed on its last word). Throws on an empty phrase or a stem shorter than 3 letters. */
  add(text: string, value: T): void {
    const stem = text.trimEnd().endsWith('*');
    const words = tokenize(stem ? text.trimEnd().slice(0, -1) : text);
    if (words.length === 0) throw new Error(`enrichment data: empty phrase ${JSON.stringify(text)}`);
    if (stem && words[words.length - 1]!.length < STEM_KEY) throw new Error(`enrichment data: stem ${JSON.stringify(text)} is shorter than ${STEM_KEY} letters`);
    const phrase = { words, stem, value };
    const [index, key] = stem && words.length === 1 ? [this.stemsByPrefix, words[0]!.slice(0, STEM_KEY)] : [this.byFirstWord, words[0]!];
    const list = index.get(key);
    if (list) list.push(phrase);
    else index.set(key, [phrase]);
    this.longest = Math.max(this.longest, words.length);
  }

  /** The longest phrase starting at token `at` (a whole word beats a stem of the same length), or null. */
  matchAt(tokens: readonly string[], at: number): PhraseMatch<T> | null {
    const first = tokens[at]!;
    let best: Phrase<T> | null = null;
    for (const phrase of this.byFirstWord.get(first) ?? []) {
      if ((best === null || phrase.words.length > best.words.length || (phrase.words.length === best.words.length && best.stem && !phrase.stem)) && this.fits(phrase, tokens, at)) best = phrase;
    }
    if (best === null && first.length >= STEM_KEY) {
      for (const phrase of this.stemsByPrefix.get(first.slice(0, STEM_KEY)) ?? []) {
        if (first.startsWith(phrase.words[0]!)) {
          best = phrase;
          break;
        }
      }
    }
    return best ? { start: at, end: at + best.words.length, value: best.value } : null;
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
