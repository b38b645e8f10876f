/**
 * Private people as counterparties (data/people.json; docs/categories.md, "People"): a
 * counterparty of 2-4 plain words (no digit, no noise such as a city, legal form or payment word)
 * of which one is a common first name, or which carries an academic or courtesy title ("Ing.",
 * "MUDr.", "Mrs"), is a person - unless a word marks an organisation ("ZUŠ Jaroslava Kociana").
 * A person is never a merchant; categorise.ts reads money to or from a person as a transfer
 * between people unless a keyword of a `people` subcategory says more.
 */
import { readData } from './data.ts';
import { noiseAt } from './noise.ts';
import { hasDigit, PhraseIndex, tokenize } from './text.ts';

const file = readData<{ titles: string[]; firstNames: string[]; organisations: string[]; kindSurnames: string[] }>('people.json');
const titles = new PhraseIndex<true>();
for (const title of file.titles) titles.add(title, true);
const firstNames = new Set(file.firstNames.map((name) => tokenize(name).join(' ')));
/** Words of a school, club, association or municipality ("ZUŠ", "TJ", "Verein"): never a person's name. */
const organisations = new Set(file.organisations.map((word) => tokenize(word).join(' ')));

/** Common surnames that are also words of a kind of business ("Bäcker", "Notar"). */
const kindSurnames = new Set(file.kindSurnames.map((word) => tokenize(word).join(' ')));

/** Whether `token` is a common surname that is also a word of a kind of business: it makes no person a business and decides a category only where it opens a descriptor. */
export const isKindSurname = (token: string): boolean => kindSurnames.has(token);

/** Whether token `at` begins an academic or courtesy title ("MUDr.", "Ing."): a person's, though "MUDr." is a doctor's word too. */
export const isTitleAt = (tokens: readonly string[], at: number): boolean => titles.matchAt(tokens, at) !== null;

/** `tokens` without their academic and courtesy titles ("mudr hana strelcova": "hana strelcova"): a title says the kind of a person's trade, not a business. */
export function withoutTitles(tokens: readonly string[]): string[] {
  const kept: string[] = [];
  for (let at = 0; at < tokens.length; ) {
    const title = titles.matchAt(tokens, at);
    if (title) at = title.end;
    else kept.push(tokens[at++]!);
  }
  return kept;
}

/** Whether `token` (normalised) is a common first name ("andrea"). */
export const isFirstName = (token: string): boolean => firstNames.has(token);

/** Whether `tokens` (a normalised counterparty) read as a private person's name. */
export function isPersonName(tokens: readonly string[]): boolean {
  let titled = false;
  let named = false;
  let words = 0;
  for (let at = 0; at < tokens.length; ) {
    const title = titles.matchAt(tokens, at);
    if (title) {
      titled = true;
      at = title.end;
      continue;
    }
    const token = tokens[at]!;
    // A first name that is a town too ("Milan") is a first name here.
    const firstName = firstNames.has(token);
    if (hasDigit(token) || organisations.has(token) || (!firstName && noiseAt(tokens, at))) return false;
    if (firstName) named = true;
    words++;
    at++;
  }
  return words >= 2 && words <= 4 && (titled || named);
}
