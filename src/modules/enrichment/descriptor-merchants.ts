/**
 * Merchants beyond the list (spec "Transaction", enrichment.merchant; docs/categories.md,
 * "Merchants beyond the list"): a card payment is a payment to a merchant, and so is a direct
 * debit or standing order to a business. When the list (merchants.ts) knows no merchant, the
 * business is named from its descriptor: processor prefixes and card-payment markers are
 * already cut off (merchants.ts `analyse`); leading payment words, dates and card numbers, everything from the first
 * comma, town or country or number (branch numbers, terminal ids, dates; see `endsName`) on, and
 * trailing noise (legal forms, store words) are dropped, and the rest is title-cased; a card
 * descriptor ending in a legal form keeps its towns (a company's legal name), and a bank-transfer
 * name keeps the street of an address after its comma ("Základní škola Brno, Antonínská"). Its id is
 * a UUID (RFC 4122 version 5) of the normalised name: the same cleaned name has the same id for
 * every partner and every process. A bank named by its legal name is named by its brand (merchants.json
 * bankBrands: "Všeobecná úverová banka, a.s." is VÚB). People are never merchants (the caller checks).
 */
import { createHash } from 'node:crypto';
import { keywordCategoryAt } from './categorise.ts';
import { bankBrandOf, unitWordAt, type MerchantView } from './merchants.ts';
import { isLinkingWord, isNumberNoise, legalFormAt, noiseAt, paymentWordAt, placeAt, restIsNoise } from './noise.ts';
import { isFirstName } from './people.ts';
import { hasDigit, tokenize } from './text.ts';

/** Namespace of descriptor-derived merchant ids (a fixed random UUID; never change it: ids are stored). */
const NAMESPACE = Buffer.from('3f6c2a9e4b7d4e1f9a0c5d8b2e7f1a36', 'hex');
/** A written word: letters and digits, apostrophes inside, dots joining parts ("ALZA.CZ", "DR.MAX"). */
const WORD = /[\p{L}\p{N}'’`]+(?:\.[\p{L}\p{N}]+)*/gu;
const VOWEL = /[aeiouyáéěíóúůýäöüà-ÿ]/iu;
const LOWER = /\p{Ll}/u;
const UPPER = /\p{Lu}/u;
const LETTER = /\p{L}/u;
const WWW = /^www\./i;
const SHORT_CODE = /[a-z]/;
const ONLY_DIGITS = /^[0-9]+$/;
/** Service charges & owners' association: such a name is its building's address. */
const OWNERS_ASSOCIATION = 203;
/** A city district's number ("Praha 6", "Brno 2"). */
const DISTRICT = /^[0-9]{1,2}$/;
/** Length from which a word with a digit opening a descriptor is a date or card number, no name ("7-ELEVEN" is one). */
const DATE_OR_CARD = 6;
/** A date or card number opens with its digit ("ELEKTROSHOP24.CZ" is a name). */
const DIGIT_FIRST = /^\d/;
/** A card number masked up to its last digits ("*7731" of mBank's "karta *7731", written "x7731" by `unmasked`). */
const MASKED_TAIL = /^x+\d{2,4}$/i;
/** Whether the word before word `at` ends in a linking word (noise.ts `isLinkingWord`): the town at `at` is part of the name. */
const linked = (tokens: readonly string[], words: readonly Word[], at: number): boolean => at > 0 && isLinkingWord(tokens[words[at - 1]!.to - 1]!);
/** Whether word `at` is a linking word with more of the name after it: no country ("FRITUUR DE RING": "DE" is no Germany). */
const linking = (tokens: readonly string[], words: readonly Word[], at: number): boolean => at + 1 < words.length && words[at]!.to - words[at]!.from === 1 && isLinkingWord(tokens[words[at]!.from]!) && placeAt(tokens, words[at + 1]!.from) === null;
const CACHE_LIMIT = 20_000;
/** A web domain's endings that, standing as a word of their own (not after a dot), are a word of the name: an internet provider's "-Net" ("Považie-Net", "Hlinecký net"; round 21). */
const NAME_ENDINGS = new Set(['net']);
/** Names already derived, by descriptor: card descriptors and bank-transfer names apart. */
const caches = { card: new Map<string, MerchantView | null>(), name: new Map<string, MerchantView | null>() };

interface Word {
  text: string;
  /** The word is a web domain's last part glued to the word before by a hyphen ("SHOP.CZ" of "KOLOBEZKY-SHOP.CZ"): part of the name. */
  domainPart?: boolean;
  /** Index of the word's first token in the descriptor's tokens. */
  from: number;
  to: number;
}

/**
 * Whether a token with a digit ends a name: a branch number, terminal id, date or postcode does;
 * a short code with a letter ("A4" of "Autostrada A4", "D1") does not, nor a word ending in one or
 * two digits ("ELEKTROSHOP24"), nor, in a bank-transfer name, a number of one or two digits
 * ("Przedszkole Nr 5").
 */
function endsName(token: string, card: boolean): boolean {
  if (!isNumberNoise(token)) return false;
  if (token.length <= 3 && SHORT_CODE.test(token)) return false;
  return card || token.length > 2 || !ONLY_DIGITS.test(token);
}

/**
 * Whether words [from, to) are just keywords naming a kind of business ("ZOO", "LEKAREN", "PET
 * CENTER", "VETERINARNI KLINIKA"): such a name keeps the town or district after it ("Zoo Dvur
 * Kralove", "Veterinarni Klinika Holesovice") and its store words.
 */
function kindOfBusiness(tokens: readonly string[], words: readonly Word[], from: number, to: number): boolean {
  const end = words[to - 1]!.to;
  let at = words[from]!.from;
  while (at < end) {
    const keyword = keywordCategoryAt(tokens, at);
    if (keyword === null) return false;
    at = keyword.end;
  }
  return at === end;
}

/**
 * Whether keywords of kinds of business, one after another from token `from`, cover token `at`:
 * a town's or country's word inside such a keyword is none ("AUT" of "MYCKA AUT BLESK": a car
 * wash, not Austria), so the name goes on after it.
 */
function keywordsReach(tokens: readonly string[], from: number, at: number): boolean {
  while (from <= at) {
    const keyword = keywordCategoryAt(tokens, from);
    if (keyword === null) return false;
    from = keyword.end;
  }
  return true;
}

/**
 * Whether the last of words [first, end) stays in the name although it is noise: a town of a
 * bank-transfer name ("Stadtwerke München"); a town after a name that is only a kind of business
 * ("Veterinarni Klinika Holesovice"); any word after a linking word ("Museum Of Chania", "Boulangerie
 * du Centre"); a store word after a bare first name ("Andrea Shop"); a word completing a keyword ("PET CENTER"); a store word
 * after a name that is only a kind of business ("PARKING PALLADIUM": a bare kind word is no name); a district's
 * number after a town of a bank-transfer name ("Dům dětí a mládeže Praha 6"); the house number of
 * a name that is an address (`addressed`: "SVJ Bělohorská 112").
 */
function keepsLast(tokens: readonly string[], words: readonly Word[], first: number, end: number, card: boolean, company: boolean, addressed: boolean): boolean {
  const last = words[end - 1]!;
  if (addressed && ONLY_DIGITS.test(last.text)) return true;
  // A web domain's name keeps its every part ("KOLOBEZKY-SHOP.CZ", "JAZYKOVKA-ONLINE.CZ": not "Kolobezky"; round 19).
  if (last.domainPart === true) return true;
  // A domain's ending as a word of its own ends a provider's name, no domain ("LIPTOV-NET, s.r.o.": not "Liptov"; round 21).
  if (end - 1 > first && last.to - last.from === 1 && NAME_ENDINGS.has(tokens[last.from]!)) return true;
  // No name ends in a linking word: what it links stays ("BOULANGERIE DU CENTRE").
  if (end - 1 > first && linked(tokens, words, end - 1)) return true;
  if (placeAt(tokens, last.from)) return !card || company || (end - 1 > first && kindOfBusiness(tokens, words, first, end - 1));
  // A store word after a bare first name is part of the shop's name ("ANDREA SHOP": "Andrea" alone is a person's).
  const named = words[first]!;
  const storeWord = !legalFormAt(tokens, last.from) && !paymentWordAt(tokens, last.from);
  if (end - first === 2 && named.to - named.from === 1 && isFirstName(tokens[named.from]!) && storeWord) return true;
  if (end - 1 > first && storeWord && kindOfBusiness(tokens, words, first, end - 1)) return true;
  if (end - 2 >= first && kindOfBusiness(tokens, words, end - 2, end)) return true;
  return !card && end - 2 > first && DISTRICT.test(last.text) && placeAt(tokens, words[end - 2]!.from) !== null;
}

/** Longest upper-case word a name written in mixed case keeps as written when it opens the name ("ZUŠ", "DDM", "TJ"). */
const ABBREVIATION = 4;
const abbreviation = (word: string): boolean => word.length <= ABBREVIATION && !LOWER.test(word);

/** Words of a town's name that give no initial ("Ústí nad Labem": DPMÚL). */
const UNINITIALLED = new Set(['nad', 'pod', 'na', 'a', 'u', 'v']);

/** A name shown by `abbreviation` and the initials of the words after it ("DPM" and "DECINA": "DPMD"). */
function initialled(abbreviation: string, rest: readonly Word[], tokens: readonly string[]): MerchantView {
  return namedView(abbreviation + rest.filter((w) => !UNINITIALLED.has(tokens[w.from]!)).map((w) => w.text.charAt(0).toUpperCase()).join(''));
}

/** A merchant shown as `name`, its id from the name's tokens (the same name, the same id). */
const namedView = (name: string): MerchantView => Object.freeze({ id: nameUuid(tokenize(name).join(' ')), name });

/**
 * The words of `text` (each cleaned by `clean`; those without a token left out) and their tokens,
 * each word holding tokens [from, to); a web domain's part glued by a hyphen to the word before is
 * marked `domainPart`.
 */
function wordsOf(text: string, clean: (word: string) => string = (word) => word): { words: Word[]; tokens: string[] } {
  const words: Word[] = [];
  const tokens: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = clean(match[0]);
    const wordTokens = tokenize(word);
    if (wordTokens.length === 0) continue;
    const span = { from: tokens.length, to: tokens.length + wordTokens.length };
    const domainPart = words.length > 0 && word.includes('.') && text.charAt(match.index - 1) === '-';
    words.push(domainPart ? { text: word, ...span, domainPart } : { text: word, ...span });
    tokens.push(...wordTokens);
  }
  return { words, tokens };
}

/** UUID version 5 (RFC 4122 §4.3, SHA-1) of `name` in NAMESPACE. */
function nameUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A word as a name shows it: "KAVARNA" -> "Kavarna", "ALZA.CZ" -> "Alza.cz"; mixed case ("CineStar") and short upper-case abbreviations without a vowel ("ZŠ", "HC") stay. */
function titleCase(word: string): string {
  const mixed = LOWER.test(word) && UPPER.test(word.slice(1));
  if (mixed || (!LOWER.test(word) && word.length <= 3 && !VOWEL.test(word))) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * The merchant a descriptor names, or null when nothing of a name is left: a card descriptor
 * ends at a town or country ("SUMUP *KAVARNA PODNEBI BRNO" after the prefix: "Kavarna
 * Podnebi"); a bank-transfer name keeps its town ("Stadtwerke München GmbH": "Stadtwerke
 * München") and, when written in mixed case, its words as written.
 */
export function descriptorMerchant(descriptor: string, card: boolean): MerchantView | null {
  const cache = card ? caches.card : caches.name;
  const cached = cache.get(descriptor);
  if (cached !== undefined) return cached;
  const found = nameFrom(descriptor, card);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(descriptor, found);
  return found;
}

function nameFrom(descriptor: string, card: boolean): MerchantView | null {
  // A bank named by its legal name is named by its brand ("Všeobecná úverová banka, a.s.": VÚB), with the brand's id.
  const brand = bankBrandOf(tokenize(descriptor));
  if (brand !== null) return namedView(brand);
  const comma = descriptor.indexOf(',');
  const { words, tokens } = wordsOf(comma < 0 ? descriptor : descriptor.slice(0, comma), (word) => word.replace(WWW, ''));
  let first = 0;
  while (first < words.length) {
    // A date or a masked card number before the name ("POS 14.07.2026 4405xxxxxxxx8812 KONOBA MARE ...", "... karta *7731 PEKAREN KLAS").
    if ((words[first]!.text.length >= DATE_OR_CARD && DIGIT_FIRST.test(words[first]!.text) && tokens.slice(words[first]!.from, words[first]!.to).some(hasDigit)) || MASKED_TAIL.test(words[first]!.text)) {
      first++;
      continue;
    }
    const payment = paymentWordAt(tokens, words[first]!.from);
    if (!payment) break;
    const to = payment.end;
    while (first < words.length && words[first]!.from < to) first++;
  }
  let end = first;
  // A card descriptor ending in a legal form is a company's legal name: its towns are part of it ("AUTOCESTA RIJEKA-ZAGREB D.D.").
  const company = card && words.some((w, i) => i > first && legalFormAt(tokens, w.from) !== null && !words.slice(first, i).some((v) => tokens.slice(v.from, v.to).some((token) => endsName(token, card))));
  // An owners' association is named after its building, house number and all ("SVJ Bělohorská 112"; "Bytové družstvo Mánesova 1234/5": its first number).
  const addressed = !card && first < words.length && keywordCategoryAt(tokens, words[first]!.from)?.subcategoryId === OWNERS_ASSOCIATION;
  while (end < words.length) {
    const word = words[end]!;
    // A card descriptor's name ends at its legal form: the town and country after it are the company's seat ("BERGFREUNDE GMBH KUSTERDINGEN DE").
    if (end > first && card && legalFormAt(tokens, word.from) !== null) break;
    if (end > first && ((card && !company && placeAt(tokens, word.from) && !linked(tokens, words, end) && !linking(tokens, words, end) && !kindOfBusiness(tokens, words, first, end) && !keywordsReach(tokens, words[first]!.from, word.from)) || (addressed && ONLY_DIGITS.test(word.text) ? ONLY_DIGITS.test(words[end - 1]!.text) : tokens.slice(word.from, word.to).some((token) => endsName(token, card))))) break;
    end++;
  }
  const tail = end > first ? words[end - 1]!.to : 0;
  while (end > first && !keepsLast(tokens, words, first, end, card, company, addressed) && restIsNoise(tokens.slice(words[end - 1]!.from, tail), 0, 0)) end--;
  const kept = words.slice(first, end);
  if (!kept.some((w) => LETTER.test(w.text))) return null;
  const written = !card && LOWER.test(descriptor);
  // A kind of organisation known by its abbreviation opening the name is shown by it ("Společenství vlastníků jednotek Jaselská 1120": "SVJ Jaselská 1120").
  const opening = keywordCategoryAt(tokens, kept[0]!.from);
  const short = opening?.abbreviation === undefined ? -1 : kept.findIndex((w) => w.to === opening.end);
  const shortened = short >= 0 && short < kept.length - 1 ? opening!.abbreviation! : null;
  const rest = shortened === null ? kept : kept.slice(short + 1);
  // A transport company by its initials ("DP MESTA DECINA": "DPMD"; naming rule 5).
  if (shortened !== null && opening!.initials === true) return initialled(shortened, rest, tokens);
  const restName = rest.map((w, i) => (written && (i > 0 || shortened !== null || abbreviation(w.text)) ? w.text : titleCase(w.text)));
  const name = (shortened === null ? restName : [shortened, ...restName]).join(' ');
  const restKey = tokens.slice(rest[0]!.from, kept[kept.length - 1]!.to);
  const key = (shortened === null ? restKey : tokenize(shortened).concat(restKey)).join(' ');
  const street = card || comma < 0 ? null : (streetAfter(descriptor.slice(comma + 1)) ?? unitAfter(descriptor.slice(comma + 1)));
  if (street === null) return Object.freeze({ id: nameUuid(key), name });
  return Object.freeze({ id: nameUuid(`${key} ${street.key}`), name: `${name}, ${street.words.map((w) => (written ? w : titleCase(w))).join(' ')}` });
}

/** Most words of a street named without its house number ("Mostní", "Lesní čtvrť", "Na Výsluní"). */
const STREET_WORDS = 3;
/** Prepositions opening Czech and Slovak streets' names ("Na Kopcích", "U Školy", "V Zátiší", "Pod Lesem", "Za Humny", "K Lesu"), which are store words alone. */
const STREET_PREPOSITIONS = new Set(['na', 'u', 'v', 've', 'k', 'ke', 'pod', 'nad', 'za', 'pred', 'pri', 'do', 'o']);

/**
 * The street of an address after a bank-transfer name's comma ("Základní škola Brno, Antonínská
 * 3, p.o." -> "Antonínská 3"; its key "antoninska"): words that are no town, legal form or other noise, followed by a
 * house number, or without one when nothing but a legal form or town follows ("Základní škola
 * Zlín, Mostní, příspěvková organizace" -> "Mostní"). Organisations of one town differ by their
 * street (its schools), so the name keeps it; null when the text after the comma is no street.
 */
function streetAfter(rest: string): { words: string[]; key: string } | null {
  const comma = rest.indexOf(',');
  const words = [...(comma < 0 ? rest : rest.slice(0, comma)).matchAll(WORD)].map((m) => m[0]);
  const number = words.findIndex((w) => hasDigit(w));
  const unnumbered = number < 0 && words.length > 0 && words.length <= STREET_WORDS && UPPER.test(words[0]!.charAt(0)) && (comma < 0 || restIsNoise(tokenize(rest.slice(comma)), 0, 0));
  const end = unnumbered ? words.length : number;
  if (end < 1 || !words.slice(0, end).every((w) => LETTER.test(w))) return null;
  const street = words.slice(0, end);
  const tokens = tokenize(street.join(' '));
  // A preposition opening a street's name is part of it ("Na Kopcích", "U Školy", "Pod Lesem"; round 19).
  for (let at = tokens.length > 1 && STREET_PREPOSITIONS.has(tokens[0]!) ? 1 : 0; at < tokens.length; at++) if (noiseAt(tokens, at)) return null;
  // The house number stays in the name, not in its key: a label with it and one without are both right, and the id is the street's (round 32).
  return { words: unnumbered ? street : [...street, words[number]!], key: tokens.join(' ') };
}

/**
 * The unit of an organisation after a bank-transfer name's comma ("Junák – český skaut, středisko Bobři Havlíčkův Brod, z. s." ->
 * "středisko Bobři"): a unit's word (merchants.json unitWords) and the unit's own name up to a town, a legal form or a number; a unit
 * named only after its town keeps the town ("středisko Strakonice"). Units of one organisation differ by their names, as schools by
 * their streets; null when the text after the comma is no unit.
 */
function unitAfter(rest: string): { words: string[]; key: string } | null {
  const comma = rest.indexOf(',');
  const { words, tokens } = wordsOf(comma < 0 ? rest : rest.slice(0, comma));
  const unit = tokens.length === 0 ? null : unitWordAt(tokens, 0);
  if (unit === null) return null;
  const named = words.findIndex((w) => w.from >= unit.end);
  if (named < 0) return null;
  const ends = (w: Word, town: boolean): boolean => hasDigit(w.text) || legalFormAt(tokens, w.from) !== null || (town && placeAt(tokens, w.from) !== null);
  let end = named;
  while (end < words.length && !ends(words[end]!, true)) end++;
  // Named only after its town: the town is its name.
  if (end === named) while (end < words.length && !ends(words[end]!, false)) end++;
  const kept = words.slice(0, end).map((w) => w.text);
  return { words: kept, key: tokenize(kept.join(' ')).join(' ') };
}
