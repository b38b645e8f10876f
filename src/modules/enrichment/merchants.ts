/**
 * Merchant recognition (spec "Transaction", enrichment.merchant; docs/categories.md): a
 * counterparty or card descriptor is normalised (text.ts) and matched against the merchant list
 * in data/merchants.json, whose ids are stable UUIDs. Unknown payees get null, never a guess.
 * - A card-payment marker opening a text ("Nákup:", "Místo:", "PLATBA KARTOU", "Karta 4185 **** ****
 *   3317,", data: descriptor-noise.json cardMarkers, placeLabels, cardNumberWords) is cut off, and so
 *   are a bank's dates, card numbers and label of the place after it ("... 2265 Miesto: ..."); the
 *   descriptor runs to the first comma (Fio: "Nákup: ALBERT VAM DEKUJE, Plzen, CZ, dne ..."), or
 *   from it when only a date comes before it.
 *   A note whose counterparty names no one is a card text without a marker too when it reads like
 *   one ("DROGERIE U MOSTU, PARDUBICE, CZ"). A masked card number is one word of the number.
 * - `NAME *rest` prefixes of payment processors (data: processors) are cut off and the rest is
 *   matched; a processor that is itself the merchant of record (GOOGLE *, APPLE.COM *) stands in
 *   when the rest is unknown.
 * - Another seller's `NAME *` prefix (also after a bank's date and card number: "14.05.2026
 *   4125xxxxxxxx3345 ALZA.CZ *XBOX GAME PASS") or, in a card text, a dash ("TESCO HM 2371 - GOOGLE
 *   PLAY DARKOVA KARTA", "ALBERT HYPERMARKET, JIHLAVA, CZ - NETFLIX ...") parts a shop from what it
 *   sold: a service shops sell on the side named there is the merchant, unless the shop's own goods
 *   are named beside it.
 * - Aliases match anywhere at word boundaries in notes and card payments (an MCC or a marker);
 *   in names (bank-transfer counterparties) only when they open the name or the rest is noise,
 *   so "Petr Dobrovský" is not the bookshop.
 * - Exact aliases (ordinary words, short names) match when the rest is noise (noise.ts); when
 *   they open the descriptor and a token with a digit follows ("SHELL 0412 <any town>"); or, in
 *   a card payment, when they open an upper-case descriptor whose MCC (if specific) is of the
 *   merchant's category ("SPAR HOLICE", "COOP TUTY VELKA BITES").
 * - Of several accepted matches the longest wins; a brand with a company in the country a card
 *   text names is that company (merchants.json companies: "ORANGE ..., BRATISLAVA, SVK" is Orange
 *   Slovensko), and a chain abroad's exact alias counts only where no other country is named
 *   (merchants.json countries).
 * - A private person (people.ts) is never a merchant, and the note of a transfer to a payee the
 *   list does not know names no merchant: it is only a category hint (Payee.noteHint).
 */
import { beforeMoneyBackWords, businessKindAt, hasCategoryKeyword, hasKeyword, keywordCategoryAt, RETAIL_CATEGORIES, sellsOnTheSide, soldBesides, soldKeywordOf } from './categorise.ts';
import { readData } from './data.ts';
import { subcategory, type Subcategory } from './taxonomy.ts';
import { BANK_DETAILS, branchSite, CARD_MARKER, cardMarkerLength, countryNamed, endsAbroad, endsInCountry, firstSignificant, foreignCountryAt, hasBankDetails, headPart, HOME_COUNTRY, homeCountryAt, isLinkingWord, legalFormAt, noiseAt, placeAt, restIsNoise, significant, storeWordAt, withCountryCode } from './noise.ts';
import { isFirstName, isKindSurname, isPersonName, isTitleAt, withoutTitles } from './people.ts';
import { fold, hasDigit, NON_ASCII, PhraseIndex, tokenize, type PhraseMatch } from './text.ts';

/** The merchant part of a transaction's enrichment, as the API serves it. */
export interface MerchantView {
  id: string;
  name: string;
}

export interface Merchant {
  id: string;
  key: string;
  name: string;
  sub: Subcategory;
  /** Subcategory of money received from this merchant (else the taxonomy's default: refunds). */
  incomingSubcategoryId?: number;
  /** Pays on behalf of others (PayPal, app stores): a merchant named in the other text wins. */
  intermediary: boolean;
  /** The other businesses of its brand sharing its descriptors (a brand's arms, an arm's brand: "BOLT.EU/O" is Bolt Food, with a taxi's MCC Bolt), chosen by a specific MCC's category. */
  arms: Merchant[];
  /** The brand's companies in other countries by ISO code ("SK": Orange Slovensko): the merchant of a card payment whose text names that country. */
  companies: Map<string, Merchant>;
  /** The brand's own country (ISO code) when it is not the accounts' home country ("SK": SPP), else null: its company named with the home country's word ("SPP CZ, a.s.") is a merchant of its own. */
  home: string | null;
  /** Where a chain abroad trades (ISO codes), else null: its exact aliases count only in a card payment whose text names no other country. */
  countries: ReadonlySet<string> | null;
  view: MerchantView;
}

interface MerchantsFile {
  brandLines: string[];
  siteWords: string[];
  processors: { prefix: string; merchantOfRecordKey: string | null }[];
  processorCompanies: string[];
  bankWords: string[];
  bankBrands: Record<string, string[]>;
  unitWords: string[];
  merchants: { id: string; key: string; name: string; subcategoryId: number; incomingSubcategoryId?: number; intermediary?: boolean; arms?: string[]; companies?: Record<string, string>; home?: string; countries?: string[]; aliases: string[]; exactAliases: string[] }[];
}

const file = readData<MerchantsFile>('merchants.json');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const byKey = new Map<string, Merchant>();
const aliases = new PhraseIndex<Merchant>();
const exactAliases = new PhraseIndex<Merchant>();
/** Exact aliases written without diacritics ("VSE"; by merchant key and normalised phrase) when none of the merchant's exact aliases of the same letters has them ("ČD"): they match no word written with diacritics ("VŠE", the university). */
const plainExactAliases = new Set<string>();
const accentedExactAliases = new Set<string>();
/** Shortest alias (its normalised words and spaces) a card terminal may cut at its field's width. */
const CUT_ALIAS_LENGTH = 20;
/**
 * Aliases of two words or more and CUT_ALIAS_LENGTH characters or more, by their words but the last (joined by spaces), with that last
 * word: a card terminal cuts a long name at its field's width, mid-word ("NARODNA DIALNICNA SPOL" for Národná diaľničná spoločnosť; round 31).
 */
const cutAliases = new Map<string, { last: string; merchant: Merchant }[]>();
/** The first words of cutAliases' keys: a descriptor opening with none of them holds no cut alias (a cheap test first). */
const cutAliasFirstWords = new Set<string>();
for (const entry of file.merchants) {
  const where = `merchants.json ${entry.key}`;
  if (!UUID.test(entry.id)) throw new Error(`${where}: id is not a UUID`);
  if (byKey.has(entry.key)) throw new Error(`${where}: duplicate key`);
  if (entry.incomingSubcategoryId !== undefined) subcategory(entry.incomingSubcategoryId, where);
  const merchant: Merchant = {
    id: entry.id,
    key: entry.key,
    name: entry.name,
    sub: subcategory(entry.subcategoryId, where),
    intermediary: entry.intermediary === true,
    arms: [],
    companies: new Map(),
    countries: entry.countries === undefined ? null : new Set(entry.countries),
    home: entry.home ?? null,
    view: Object.freeze({ id: entry.id, name: entry.name }),
    ...(entry.incomingSubcategoryId === undefined ? {} : { incomingSubcategoryId: entry.incomingSubcategoryId }),
  };
  byKey.set(entry.key, merchant);
  for (const alias of entry.aliases) {
    aliases.add(alias, merchant);
    const words = tokenize(alias);
    if (words.length < 2 || words.join(' ').length < CUT_ALIAS_LENGTH) continue;
    const head = words.slice(0, -1).join(' ');
    cutAliases.set(head, [...(cutAliases.get(head) ?? []), { last: words[words.length - 1]!, merchant }]);
    cutAliasFirstWords.add(words[0]!);
  }
  for (const alias of entry.exactAliases) {
    exactAliases.add(alias, merchant);
    (NON_ASCII.test(alias) ? accentedExactAliases : plainExactAliases).add(`${entry.key} ${tokenize(alias).join(' ')}`);
  }
}
for (const alias of accentedExactAliases) plainExactAliases.delete(alias);
if (new Set(file.merchants.map((m) => m.id)).size !== file.merchants.length) throw new Error('merchants.json: duplicate id');
for (const entry of file.merchants) {
  for (const key of entry.arms ?? []) {
    const arm = byKey.get(key);
    if (arm === undefined) throw new Error(`merchants.json ${entry.key}: unknown arm ${key}`);
    const brand = byKey.get(entry.key)!;
    brand.arms.push(arm);
    // The brand shares the arm's descriptors too: "BOLT.EU/O" (an order, Bolt Food's) with a taxi's MCC is a ride.
    arm.arms.push(brand);
  }
  for (const [country, key] of Object.entries(entry.companies ?? {})) {
    const company = byKey.get(key);
    if (company === undefined) throw new Error(`merchants.json ${entry.key}: unknown company ${key}`);
    byKey.get(entry.key)!.companies.set(country, company);
  }
}

/** A match of a brand in a card text naming a country where the brand has a company of its own ("ORANGE PREDAJNA AVION, BRATISLAVA, SVK": Orange Slovensko), else as it is. */
function companyOf(match: PhraseMatch<Merchant>, tokens: readonly string[], card: boolean): PhraseMatch<Merchant> {
  if (!card || match.value.companies.size === 0) return match;
  const country = countryNamed(tokens, match.start, match.end);
  const company = country === null ? undefined : match.value.companies.get(country);
  return company === undefined ? match : { ...match, value: company };
}

/**
 * Whether an exact alias of a chain abroad (merchants.json countries) may count: in a card payment whose text names no country but the
 * chain's ("IDEA, PRAHA, CZ" is no Montenegrin supermarket), or opening a bank-transfer counterparty (`name`) followed by nothing but its
 * branch (a fintech's "Rimi 1043", "NS Utrecht Centraal"; round 30). A brand of another country (merchants.json home) trades there, here and where
 * it has a company: in a card text naming a third country its short name is a word of that country ("SPP KRAKOW PARKOMAT 112 POL": Kraków's
 * paid parking zone, no Slovak gas).
 */
function tradesHere(match: PhraseMatch<Merchant>, tokens: readonly string[], card: boolean, name: boolean): boolean {
  const { countries, home } = match.value;
  if (countries === null && home === null) return true;
  const country = card ? countryNamed(tokens, match.start, match.end) : null;
  if (countries === null) return country === null || country === home || country === HOME_COUNTRY || match.value.companies.has(country);
  if (card) return country === null || countries.has(country);
  // A fintech's counterparty names a card payment's merchant, mostly without a country ("Maxima", "Rimi 1043", "NS Utrecht Centraal"; round 30):
  // the chain, when nothing but its branch follows it and a country it names is the chain's.
  const named = countryNamed(tokens, match.start, match.end);
  return name && match.start === 0 && (match.end === tokens.length || branchAfter(tokens, match)) && (named === null || countries.has(named));
}

/**
 * Whether a chain's name in a fintech's counterparty is followed only by its branch: a town, street, station or number (noise.ts
 * `branchSite`), or, for a chain abroad (merchants.json countries), one more word that is no kind of business, legal form or first name:
 * a town the list lacks ("Centra Ballycastle", "Maxol Ballymoney"; round 31).
 */
function branchAfter(tokens: readonly string[], match: PhraseMatch<Merchant>): boolean {
  if (branchSite(tokens, match.end)) return true;
  if (match.value.countries === null || match.end !== tokens.length - 1) return false;
  const word = tokens[match.end]!;
  return !hasDigit(word) && !hasKeyword([word]) && legalFormAt(tokens, match.end) === null && !isFirstName(word);
}

/** A match of a brand's or arm's descriptor as the business of its brand whose category a specific MCC names ("BOLT.EU/O" with a taxi's MCC: Bolt), else as it is. */
function armOf(match: PhraseMatch<Merchant> | null, mccCategoryId: number | null): PhraseMatch<Merchant> | null {
  if (match === null || mccCategoryId === null || match.value.arms.length === 0) return match;
  const arm = match.value.arms.find((a) => a.sub.categoryId === mccCategoryId);
  return arm === undefined ? match : { ...match, value: arm };
}

/** Words naming another business of a brand right after it ("SHELL RECHARGE", "BOLT DRIVE"). */
const brandLines = new PhraseIndex<true>();
for (const word of file.brandLines) brandLines.add(word, true);

/** Words that, ending a group's alias ("OREA Hotel"), say that a name after them is one site of the group ("OREA HOTEL PYRAMIDA"). */
const siteWords = new PhraseIndex<true>();
for (const word of file.siteWords) siteWords.add(word, true);

const processors = new Map<string, Merchant | null>();
for (const p of file.processors) {
  const mor = p.merchantOfRecordKey === null ? null : byKey.get(p.merchantOfRecordKey);
  if (mor === undefined) throw new Error(`merchants.json processor ${p.prefix}: unknown merchantOfRecordKey`);
  processors.set(tokenize(p.prefix).join(' '), mor);
}

/** Payment processors' company names ("Stripe Payments Europe Ltd"): a counterparty that is only one names no payee, the note does. */
const processorCompanies = new PhraseIndex<true>();
for (const name of file.processorCompanies) processorCompanies.add(name, true);

/** Words of an organisation's unit ("středisko", "oddíl", "Sektion"). */
const unitWords = new PhraseIndex<true>();
for (const word of file.unitWords) unitWords.add(word, true);

/** The word of an organisation's unit starting at token `at` ("středisko" of "středisko Bobři Havlíčkův Brod"), or null. */
export const unitWordAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => unitWords.matchAt(tokens, at);

/** Words of a bank's name ("Bank", "banka", "*bank" of "Raiffeisenbank", "Sparkasse"). */
const bankWords = new PhraseIndex<true>();
for (const word of file.bankWords) bankWords.add(word, true);

/**
 * Whether a counterparty booking a bank's card text is the card's issuer, no payee: a bank's name (paying back a chargeback, "UniCredit
 * Bank Czech Republic and Slovakia, a.s." / "Chargeback: MOBILPOINT.CZ, OSTRAVA, CZ"; "mBank S.A., pobočka zahraničnej banky" /
 * "Reversal: RESTAURACIA PRI KALVARII, ..."): the card text names the payee.
 */
export const cardIssuer = (counterParty: AnalysedText, note: AnalysedText): boolean => note.card && counterParty.tokens.length > 0 && bankWords.longestMatch(counterParty.tokens) !== null;

/** Banks' legal names that do not open with the brand ("Všeobecná úverová banka"), by their brand ("VÚB"). */
const bankBrands = new PhraseIndex<string>();
for (const [brand, names] of Object.entries(file.bankBrands)) for (const name of names) bankBrands.add(name, brand);

/**
 * The brand of a bank named by its legal name and noise only (a legal form, a branch's town: "Československá obchodní banka, a. s."
 * is ČSOB), else null: the name of a lender the list does not know (a bank names no category; the loan or mortgage words do).
 */
export function bankBrandOf(tokens: readonly string[]): string | null {
  const match = tokens.length === 0 ? null : bankBrands.matchAt(tokens, 0);
  return match !== null && restIsNoise(tokens, match.start, match.end) ? match.value : null;
}

/** Whether `tokens` are a payment processor's company name and noise (a legal form): the processor that booked a shop's payment, not the shop. */
function onlyProcessorCompany(tokens: readonly string[]): boolean {
  const first = tokens.length === 0 ? null : processorCompanies.matchAt(tokens, 0);
  return first !== null && restIsNoise(tokens, first.start, first.end);
}

/** The merchant with `key` (data handle), or undefined. */
export const merchantByKey = (key: string): Merchant | undefined => byKey.get(key);

/** Every merchant of the list. */
export const allMerchants = (): Merchant[] => [...byKey.values()];

/** A normalised counterparty or note: tokens, the processor its `NAME *` prefix names and where its descriptor lies. */
export interface AnalysedText {
  tokens: string[];
  /** The processor named by a `NAME *` prefix (cut off): null none of record, undefined no prefix. */
  processor: Merchant | null | undefined;
  /** Tokens [start, end) are the descriptor: after a card-payment marker, up to the first comma. */
  start: number;
  end: number;
  /** A card-payment marker opens the text. */
  card: boolean;
  /** The descriptor as written (its case tells a card terminal's upper-case descriptor from a name). */
  descriptor: string;
  /** After a seller's `NAME *` prefix that is no processor ("ALZA.CZ *MICROSOFT 365") or a dash ("TESCO HM 2371 - GOOGLE PLAY"): the token where what it sold is named; else the number of tokens. */
  sold: number;
  /** `sold` is after a dash, which parts a shop from what it sold only in a card text (a payer's note may use a dash for anything). */
  soldAfterDash: boolean;
  /** The text after such a seller's prefix ("MICROSOFT 365"), else ''. */
  soldText: string;
  /** The whole text as written, diacritics kept (a short name written without them is no word written with them: "VSE" is not "VŠE"). */
  written: string;
}

/** A `NAME *` prefix (the name at most 24 characters) after a bank's dates and card numbers, which are words with a digit ("14.05.2026 4125xxxxxxxx3345 ALZA.CZ *XBOX GAME PASS"). */
const STAR_PREFIX = /^\s*((?:[^\s*]*\d[^\s*]*\s+)*)([^*]{1,24}?)\s*\*\s*/;
/** A dash between spaces: in a card text, what follows it says what was bought ("TESCO HM 2371 OSTRAVA - GOOGLE PLAY DARKOVA KARTA"). */
const SOLD_DASH = / [-–] /;
const LOWER = /\p{Ll}/u;
const LETTER = /\p{L}/u;
const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;
/** Words with a digit (dates, masked card numbers "4405xxxxxxxx8812"): no part of a written name's case. */
const WITH_DIGIT = /\S*\d\S*/g;
/** Whether the character at `at` of `text` is an ASCII digit (false outside the text). */
const isDigitAt = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code >= 48 && code <= 57;
};
/** The first comma parting a card text, not a decimal comma inside an amount ("3 120,00 CZK"), or -1. */
function partComma(text: string): number {
  for (let at = text.indexOf(','); at >= 0; at = text.indexOf(',', at + 1)) if (!isDigitAt(text, at - 1) || !isDigitAt(text, at + 1)) return at;
  return -1;
}
/** A slash after a space, then a town in upper case and maybe the amount the bank adds ("ELEKTRO-VOLT.CZ /OSTRAVA 1 250,00 CZK"). */
const TOWN_AFTER_SLASH = /^ \/\p{Lu}[\p{Lu}\p{M} .'-]*?(?: \d{1,3}(?: \d{3})*(?:[.,]\d{2})? [A-Z]{3})?$/u;

/**
 * `text` without a payment processor's `NAME *` prefix, and the processor (undefined: no prefix);
 * for another seller's prefix ("ALZA.CZ *MICROSOFT 365"), kept, the number of its tokens and the text after it;
 * without a prefix, the number of tokens before a dash that parts a shop from what it sold.
 */
function withoutProcessor(text: string): [string, Merchant | null | undefined, number | undefined, string, boolean] {
  const star = text.includes('*') ? STAR_PREFIX.exec(text) : null;
  if (star) {
    // A bank's date or card number may come before the prefix ("22.03.2026 GOOGLE *YOUTUBEPREMIUM").
    const words = tokenize(star[1]! + star[2]!);
    let from = 0;
    while (from < words.length - 1 && hasDigit(words[from]!)) from++;
    const prefix = words.slice(from).join(' ');
    if (processors.has(prefix)) return [text.slice(star[0].length), processors.get(prefix), undefined, '', false];
    if (words.slice(from).some((w) => !hasDigit(w))) return [text, undefined, words.length, text.slice(star[0].length), false];
  }
  // No seller's prefix: in a card text, a dash may part the shop from what it sold.
  const dash = SOLD_DASH.exec(text);
  return [text, undefined, dash === null ? undefined : tokenize(text.slice(0, dash.index)).length, '', dash !== null];
}

/** A masked card number in groups ("4405 **** **** 3017", "4125 XXXX XXXX 1188", "4405 77** **** 1234", "4405-XXXX-XXXX-3017", "4405••••3017"). */
const MASKED_NUMBER = /(?<![\p{L}\p{N}])\d{2,6}(?:[ -]?\d{0,4}[xX*•#]{2,}\d{0,4})+(?:[ -]?\d{2,4})?(?![\p{L}\p{N}])/gu;
const MASK = /[xX*•#]{2}/;
/**
 * Stars masking a card number ("5168****3307", "VISA *5521", "REVOLUT**4821*"): written as x, so
 * that no star reads as a `NAME *` prefix, apart from a name it is glued to.
 */
const MASKING_STARS = /(?<=\d)\*+(?=[\d\s*]|$)|\*+(?=\s*\d{2,4}(?![\p{L}\p{N}]))/gu;
const unmask = (stars: string, at: number, text: string): string => (at > 0 && LETTER.test(text[at - 1]!) ? ' ' : '') + 'x'.repeat(stars.length);

/** `written` with every masked card number one word written like other banks' ("4405xxxxxxxx8812"): a number, no name and no `NAME *` prefix. */
function unmasked(written: string): string {
  const grouped = MASK.test(written) ? written.replace(MASKED_NUMBER, (number) => number.replace(/[ -]/g, '').replace(/[*•#X]/g, 'x')) : written;
  return grouped.includes('*') ? grouped.replace(MASKING_STARS, unmask) : grouped;
}

/**
 * Whether a note without a card-payment marker is a bank's card text all the same (Česká
 * spořitelna's export: "DROGERIE U MOSTU, PARDUBICE, CZ", "BILLA 0622, PARDUBICE, CZ - CASH BACK
 * ..."; "PEKARSTVI DOUBRAVA BRNO CZ"): its descriptor, up to the first comma, is written in upper
 * case like a card terminal's, and an MCC says it was a card payment, or the text ends in a
 * country (before what a dash after its town says was sold, or the money-back words of a refund:
 * UniCredit's "BOLT.EU/O/2607211944 TALLINN EE REFUND"), or its first comma (without one, since round 17, a slash
 * after a space: "ELEKTRO-VOLT.CZ /OSTRAVA") is followed by a town (after a slash, since round 26, any town in upper case,
 * maybe with the amount the bank adds: "HOTEL TRIO /OLOMOUC 3 120,00 CZK"). A decimal comma is no comma here.
 */
function unmarkedCardText(text: string, tokens: readonly string[], mcc: boolean): boolean {
  const comma = partComma(text);
  const descriptor = comma < 0 ? text : text.slice(0, comma);
  if (!LETTER.test(descriptor) || LOWER.test(descriptor.replace(WITH_DIGIT, ''))) return false;
  if (mcc) return true;
  // Without a comma, a dash parts what was sold from the terminal's descriptor all the same ("TABAK NOVINY HRONSKA ZVOLEN SK - DOBITIE ORANGE KUPON 10").
  const dash = SOLD_DASH.exec(comma < 0 ? text : text.slice(comma));
  const sold = dash === null ? tokens : tokenize(text.slice(0, Math.max(comma, 0) + dash.index));
  if (endsInCountry(sold.slice(0, beforeMoneyBackWords(sold)))) return true;
  // A comma, or else a slash after a space ("ELEKTRO-VOLT.CZ /OSTRAVA"), before the town; after a slash, since round 26, any town
  // written in upper case, with the amount the bank adds ("PENZION POD ROZSUTCOM /TERCHOVA", "HOTEL TRIO /OLOMOUC 3 120,00 CZK").
  const separator = comma < 0 ? text.indexOf(' /') : comma;
  if (separator < 0) return false;
  if (comma < 0 && TOWN_AFTER_SLASH.test(text.slice(separator))) return true;
  const rest = tokenize(text.slice(separator));
  return rest.length > 0 && placeAt(rest, 0) !== null;
}

/**
 * Whether a counterparty is a card terminal's descriptor (N26, Revolut: "VOLI 47 DOBRA VODA MNE", "KRAS 112 RIJEKA HRV"): written in upper
 * case and ending in the ISO alpha-3 code of a country other than the home country, which no bank-transfer name does.
 */
function terminalDescriptor(text: string, tokens: readonly string[]): boolean {
  return endsAbroad(tokens) && LETTER.test(text) && !LOWER.test(text.replace(WITH_DIGIT, ''));
}

/** The end of a part of a card text's head: a comma, or a colon before a space ("dne 11.08.2026: LEKARNA ..."; not a time's "12:30"). */
const PART_END = /,\s*|:\s+/g;

/**
 * Where the descriptor of a card text starts, its marker ending at `from`: after the dates and card
 * numbers a bank may put first, each part ending at a comma or a colon ("Platba kartou 11.06.2026,
 * KAVARNA MODRA, PRAHA 9, CZE"; "Platba kartou 4405********7781, 15.09.2026, ARANYSAS PATIKA,
 * KESZTHELY, HUN"; mBank's "Transakce kartou 5375XXXXXXXX5510 dne 11.08.2026: LEKARNA ...": the
 * descriptor is the part after the last such comma or colon), and after a bank's label of the place
 * (noise.ts `headPart`: "Platba kartou 4319 48** **** 2265 Miesto: LEKAREN ...", "Karta 4185 ****
 * **** 3317, Místo: LEKARNA ...").
 */
function datedHead(text: string, from: number): number {
  for (let start = from; ; ) {
    PART_END.lastIndex = start;
    const end = PART_END.exec(text);
    if (end === null || !headPart(tokenize(text.slice(start, end.index)))) return start;
    start = end.index + end[0].length;
  }
}

/** A date as banks write it ("11.08.2026", "2026-08-11", "11/08/26", Hungarian "2026.08.11."). */
const DATE = String.raw`\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\.?`;
/**
 * A bank's "on <date>" around a date, with or without a colon: Czech "dne", Slovak "dňa", Polish
 * "dnia", German "am", "vom", English "on", "date", before it; Hungarian "napján" after it. The word
 * is no part of any name ("Transakce kartou 5375XXXXXXXX5510 dne 11.08.2026: LEKARNA ...", "LEKARNA
 * U MOSTU dne 11.08.2026"): only the date is kept.
 */
const ON_DATE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:dne|dňa|dna|dnia|am|vom|on|date|datum)\s*:?\s+(${DATE})(?![\p{L}\p{N}])|(${DATE})\s+napj[aá]n(?![\p{L}\p{N}])`, 'giu');
/** Cheap test before ON_DATE: a digit and one of its words. */
const ON_DATE_WORD = /(?:dne|d[nň]a|dnia|am|vom|on|date|datum|napj[aá]n)\b/i;

/** `text` without the words of a bank's "on <date>" (ON_DATE), the date kept. */
const undated = (text: string): string => (ON_DATE_WORD.test(text) && /\d/.test(text) ? text.replace(ON_DATE, '$1$2') : text);

/**
 * `text` without the details a bank adds after a card text's descriptor, each with its value
 * (noise.ts BANK_DETAILS: UniCredit's "ALBERT VAM DEKUJE OLOMOUC CZ DATUM PROVEDENI TRANSAKCE:
 * 2026-06-17", "... ORIGINALNI CASTKA 47,60 EUR ..."): no part of the descriptor, whose end they
 * would hide. `tokens`: the text's. A text whose folding changes its length (a "ß") keeps them.
 */
function withoutBankDetails(text: string, tokens: readonly string[]): string {
  if (!hasBankDetails(tokens)) return text;
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  let kept = '';
  let from = 0;
  for (const detail of folded.matchAll(BANK_DETAILS)) {
    kept += text.slice(from, detail.index);
    from = detail.index + detail[0].length;
  }
  return (kept + text.slice(from)).trim();
}

/**
 * Splits off a card-payment marker and a payment processor's `NAME *` prefix and tokenizes the
 * rest. `unnamed`: the text is a note whose counterparty names no one, which may be a bank's card
 * text without a marker (`unmarkedCardText`; `mcc`: the transaction has an MCC). `counterParty`: the
 * text is a counterparty, which may be a card terminal's descriptor (`terminalDescriptor`).
 */
export function analyse(written: string, unnamed?: { mcc: boolean }, counterParty = false): AnalysedText {
  const shown = unmasked(written);
  const shownTokens = tokenize(shown);
  const detailless = withoutBankDetails(shown, shownTokens);
  const text = withCountryCode(undated(detailless));
  const all = text === shown ? shownTokens : tokenize(text);
  const marker = cardMarkerLength(all) === 0 ? null : CARD_MARKER.exec(fold(text));
  const headLength = marker !== null ? marker[0].length : (unnamed !== undefined && unmarkedCardText(text, all, unnamed.mcc)) || (counterParty && terminalDescriptor(text, all)) ? 0 : -1;
  if (headLength < 0) {
    // A processor's company booking a shop's payment ("Stripe Payments Europe Ltd" / "Refund: ZAHRADNICTVO PLANTERA"): like a `NAME *` prefix with nothing after it.
    if (onlyProcessorCompany(all)) return { tokens: [], processor: null, start: 0, end: 0, card: false, descriptor: '', sold: 0, soldText: '', soldAfterDash: false, written: text };
    const [body, processor, seller, soldText, soldAfterDash] = withoutProcessor(text);
    const tokens = processor === undefined ? all : tokenize(body);
    return { tokens, processor, start: 0, end: tokens.length, card: false, descriptor: body, sold: seller ?? tokens.length, soldText, soldAfterDash, written: text };
  }
  // A bank's card-payment description: the marker, the descriptor up to the first comma (not an amount's decimal comma) or else up to a
  // slash after a space before the town ("HOTEL TRIO /OLOMOUC 3 120,00 CZK"), the rest.
  const head = text.slice(0, datedHead(text, headLength));
  const rest = text.slice(head.length);
  const comma = partComma(rest);
  const descriptorEnd = comma >= 0 ? comma : rest.indexOf(' /');
  const [body, processor, seller, soldText, dashInBody] = withoutProcessor(descriptorEnd < 0 ? rest : rest.slice(0, descriptorEnd));
  const headTokens = tokenize(head);
  const bodyTokens = tokenize(body);
  const tokens = headTokens.concat(bodyTokens, descriptorEnd < 0 ? [] : tokenize(rest.slice(descriptorEnd)));
  // A dash after the descriptor's town parts it from what was sold too ("ALBERT HYPERMARKET, JIHLAVA, CZ - NETFLIX DARKOVA KARTA").
  const dash = seller === undefined && descriptorEnd >= 0 ? SOLD_DASH.exec(rest.slice(descriptorEnd)) : null;
  const sold = seller !== undefined ? headTokens.length + seller : dash !== null ? headTokens.length + bodyTokens.length + tokenize(rest.slice(descriptorEnd, descriptorEnd + dash.index)).length : tokens.length;
  return { tokens, processor, start: headTokens.length, end: headTokens.length + bodyTokens.length, card: true, descriptor: body, sold, soldText, soldAfterDash: dashInBody || dash !== null, written: text };
}

/** What recognition knows beyond the text: whether the transaction is a card payment and the category its MCC names. */
export interface RecognitionContext {
  /** The transaction has an MCC (a card payment), or the text has a card-payment marker. */
  card: boolean;
  /** Category of a specific (non-generic) MCC, else null. */
  mccCategoryId: number | null;
  /** The text is a bank-transfer counterparty (a name), not a note. */
  name?: boolean;
}

/** A merchant found in a text: tokens [start, end) (-1 when only a processor's `NAME *` prefix names it). */
export interface Recognised {
  merchant: Merchant;
  start: number;
  end: number;
}

/** The merchant a counterparty or descriptor names (see the module comment), or null. */
export function recognise(text: AnalysedText, context: RecognitionContext): Recognised | null {
  const { tokens } = text;
  const card = context.card || text.card;
  const opening = firstSignificant(tokens, text.start, text.end);
  const sold = text.soldAfterDash && !card ? tokens.length : text.sold;
  // What a seller's prefix or dash says it sold is a descriptor of its own, whose MCC is the seller's ("- DOBITI O2 KUPON 300": O2 opens it after the top-up's word).
  const soldOpening = sold < tokens.length ? firstSignificant(tokens, sold, tokens.length) : tokens.length;
  const soldContext = sold < tokens.length ? { ...context, mccCategoryId: null } : context;
  let best: PhraseMatch<Merchant> | null = null;
  /** The best match after a seller's `NAME *` prefix: what it sold. */
  let service: PhraseMatch<Merchant> | null = null;
  let anotherLine = false;
  for (let at = 0; at < tokens.length; at++) {
    const plain = armOf(aliases.matchAt(tokens, at), context.mccCategoryId);
    const exact = armOf(unaccented(text, exactAliases.matchAt(tokens, at)), context.mccCategoryId);
    if (plain === null && exact === null) continue;
    if (wanted(plain, best, service, sold)) {
      if (brandLineAfter(tokens, plain) || siteAfter(tokens, plain, text.end)) anotherLine = true;
      else if ((card || !context.name || opensAt(tokens, opening, at, plain.value) || restIsNoise(tokens, plain.start, plain.end)) && !(card && at < sold && anotherKindBefore(tokens, opening, at, plain.value)) && (soldService(tokens, plain, sold, context.mccCategoryId) || !namesAnotherBusiness(tokens, plain, card, context.mccCategoryId))) {
        if (exceeds(plain, best)) best = plain;
        if (at >= sold && exceeds(plain, service)) service = plain;
      }
    }
    if (wanted(exact, best, service, sold)) {
      if (brandLineAfter(tokens, exact) || siteAfter(tokens, exact, text.end)) anotherLine = true;
      else if (tradesHere(exact, tokens, card, context.name === true) && exactAccepted(text, exact, opensAt(tokens, at < sold ? opening : soldOpening, at, exact.value), card, at < sold ? context : soldContext) && (soldService(tokens, exact, sold, context.mccCategoryId) || !namesAnotherBusiness(tokens, exact, card, context.mccCategoryId))) {
        if (exceeds(exact, best)) best = exact;
        if (at >= sold && exceeds(exact, service)) service = exact;
      }
    }
  }
  // "ALZA.CZ *MICROSOFT 365", "TESCO HM 2371 - GOOGLE PLAY DARKOVA KARTA", "SLOVNAFT 0212 ... SVK - DOBITIE ORANGE 20": a service sold by a shop, a
  // tobacconist or a fuel station (or by an unknown seller) is the merchant (docs/categories.md, naming rule 2) - a service shops sell on the side, or a business of the kind of a service the text
  // says was sold (a top-up, a ticket) -, unless the shop's own goods are named beside it ("- HERNI KONZOLE XBOX").
  if (best && service && best !== service && best.end <= sold && (sellsOnTheSide(best.value.sub) || best.value.intermediary)) {
    const what = tokens.slice(sold);
    if ((soldBesides(service.value.sub) || soldKeywordOf(what, service.value.sub.categoryId)) && !hasCategoryKeyword(what, best.value.sub.categoryId)) best = service;
  }
  if (best) {
    const { value } = companyOf(best, tokens, card);
    return { merchant: value, start: best.start, end: best.end };
  }
  // A card terminal's field cuts a long name (a card payment's text only).
  const cut = card && text.processor === undefined && opening < tokens.length && cutAliasFirstWords.has(tokens[opening]!) ? cutAlias(tokens, opening, text.end) : null;
  if (cut !== null) return cut;
  // "GOOGLE *Google Cloud": the processor's other business, not the processor.
  return text.processor && !anotherLine ? { merchant: text.processor, start: -1, end: -1 } : null;
}

/** Most words of a cut alias before its cut word. */
const CUT_ALIAS_WORDS = 5;

/**
 * A long alias a card terminal cut mid-word at the end of a descriptor's name (tokens from `opening` to `end`): its words but the last open the
 * descriptor, and the name's last word, of two letters or more, begins that last word ("NARODNA DIALNICNA SPOL": NDS; round 31); else null.
 */
function cutAlias(tokens: readonly string[], opening: number, end: number): Recognised | null {
  for (let at = opening + 1; at < end && at - opening <= CUT_ALIAS_WORDS; at++) {
    const cutWord = tokens[at]!;
    const candidates = cutWord.length >= 2 && (at + 1 === end || hasDigit(tokens[at + 1]!) || placeAt(tokens, at + 1) !== null) ? cutAliases.get(tokens.slice(opening, at).join(' ')) : undefined;
    const found = candidates?.find((c) => c.last.length > cutWord.length && c.last.startsWith(cutWord));
    if (found !== undefined) return { merchant: found.merchant, start: opening, end: at + 1 };
  }
  return null;
}

/** `match` of an exact alias, unless the alias is written without diacritics and the text writes its words with them ("VŠE" is not "VSE"). */
function unaccented(text: AnalysedText, match: PhraseMatch<Merchant> | null): PhraseMatch<Merchant> | null {
  if (match === null || !NON_ASCII.test(text.written)) return match;
  const phrase = text.tokens.slice(match.start, match.end);
  if (!plainExactAliases.has(`${match.value.key} ${phrase.join(' ')}`)) return match;
  for (const word of text.written.split(WORD_SEPARATORS)) if (NON_ASCII.test(word) && tokenize(word).some((token) => phrase.includes(token))) return null;
  return match;
}

/** Whether `match` would beat the best match overall or, after the seller's prefix (from token `sold`), the best one there. */
const wanted = (match: PhraseMatch<Merchant> | null, best: PhraseMatch<Merchant> | null, service: PhraseMatch<Merchant> | null, sold: number): match is PhraseMatch<Merchant> =>
  match !== null && (exceeds(match, best) || (match.start >= sold && exceeds(match, service)));

/** Whether `match` is longer than `than` (any match beats none). */
const exceeds = (match: PhraseMatch<Merchant>, than: PhraseMatch<Merchant> | null): boolean => than === null || match.end - match.start > than.end - than.start;

/**
 * Another business of a brand: a brand-line word right after the alias ("SHELL RECHARGE", "BOLT
 * DRIVE", "PENNY MOBIL"), unless it is a word of the brand's own category ("Allianz pojišťovna").
 */
function brandLineAfter(tokens: readonly string[], match: PhraseMatch<Merchant>): boolean {
  if (match.end >= tokens.length || brandLines.matchAt(tokens, match.end) === null) return false;
  return keywordCategoryAt(tokens, match.end)?.categoryId !== match.value.sub.categoryId;
}

/**
 * A group's site of its own: an alias ending in a site word (merchants.json siteWords: "OREA Hotel")
 * followed, inside the descriptor (before `end`), by a word that is no noise ("OREA HOTEL
 * PYRAMIDA"): that hotel, named from the descriptor, not the group ("OREA HOTEL PRAHA" is).
 */
function siteAfter(tokens: readonly string[], match: PhraseMatch<Merchant>, end: number): boolean {
  if (match.end >= end || match.end - match.start < 2 || hasDigit(tokens[match.end]!) || noiseAt(tokens, match.end)) return false;
  return siteWords.matchAt(tokens, match.end - 1)?.end === match.end;
}

/**
 * A service a shop sells on the side (`soldBesides`: taxonomy or keyword rules' `soldByShops`) named after the seller's prefix or
 * dash (from token `sold`), with no word of the MCC's category there ("- HERNI KONZOLE"): the MCC
 * is the seller's, so it says nothing of this merchant.
 */
function soldService(tokens: readonly string[], match: PhraseMatch<Merchant>, sold: number, mccCategoryId: number | null): boolean {
  return match.start >= sold && soldBesides(match.value.sub) && (mccCategoryId === null || !hasCategoryKeyword(tokens.slice(sold), mccCategoryId));
}

/** A short name written with a digit ("o2", "a1"), which descriptor noise reads as a number: before a descriptor's first significant token it opens the descriptor. */
const SHORT_NAME_WITH_DIGIT = /^[a-z]{1,3}\d{1,2}$/;

/** Whether an alias of `merchant` at `at` opens the descriptor: at its first significant token, or right after an opening word of the merchant's own kind of business ("LEKARNA BENU", "HOTEL IBIS"), or before it with a short name written with a digit ("O2 PREDAJNA MIRAGE"). */
function opensAt(tokens: readonly string[], opening: number, at: number, merchant: Merchant): boolean {
  if (at <= opening) return at === opening || SHORT_NAME_WITH_DIGIT.test(tokens[at]!);
  const word = keywordCategoryAt(tokens, opening);
  // Of the merchant's own subcategory: a toll company's words before a railway's initials are no railway ("NEMZETI UTDIJFIZETESI SZ"; round 31).
  return word !== null && word.end === at && word.subcategoryId === merchant.sub.id;
}

/** Whether a card descriptor opens, before an alias at `at`, with a word of a kind of business of another category than the merchant's: another business named after the brand's words ("CAMPING BELLA ITALIA" is a campsite, not the restaurant chain). */
function anotherKindBefore(tokens: readonly string[], opening: number, at: number, merchant: Merchant): boolean {
  if (at <= opening) return false;
  const word = businessKindAt(tokens, opening);
  return word !== null && word.end <= at && word.categoryId !== merchant.sub.categoryId;
}

/**
 * A brand's other business: in a card payment whose specific MCC is of another category than
 * the merchant's, words beside the alias that are neither noise nor words of the merchant's own
 * category ("LIDL CONNECT" with a telecoms MCC, "BILLA REISEN" with a travel agency's; not
 * "LEKARNA DR.MAX" with a grocery MCC) name another business than the list's merchant.
 */
function namesAnotherBusiness(tokens: string[], match: PhraseMatch<Merchant>, card: boolean, mccCategoryId: number | null): boolean {
  if (!card || mccCategoryId === null || mccCategoryId === match.value.sub.categoryId) return false;
  // The brand's store and its site ("ORANGE PREDAJNA EUROPA SC" with a phone shop's MCC): the brand's own business (round 19).
  if (storeWordAt(tokens, match.end) !== null) return false;
  return !restIsNoise(tokens, match.start, match.end) && !hasCategoryKeyword(tokens, match.value.sub.categoryId);
}

/**
 * An exact alias counts when the rest of the text is noise; or when it opens the descriptor and
 * a token with a digit follows it; or when it opens an upper-case descriptor whose name goes on
 * with no word of a kind of business of another category ("ORANGE BAR", "PENNY LANE CAFE": a
 * longer name, another business): in a card payment whose specific MCC, if any, is of the
 * merchant's category; in a bank-transfer name (a card payment of a bank that gives no MCC:
 * "SPAR BAD VOESLAU").
 */
function exactAccepted(text: AnalysedText, match: PhraseMatch<Merchant>, opens: boolean, card: boolean, context: RecognitionContext): boolean {
  const { tokens } = text;
  if (restIsNoise(tokens, match.start, match.end)) return true;
  if (!opens) return false;
  // A name followed by its branch's town, street or station, as a fintech's counterparty writes a chain's branch ("Jumbo Utrecht Biltstraat"; round 30).
  if (context.name === true && branchAfter(tokens, match)) return true;
  let next = match.end;
  while (next < tokens.length && !hasDigit(tokens[next]!) && noiseAt(tokens, next)) next = noiseAt(tokens, next)!.end;
  if (next < tokens.length && hasDigit(tokens[next]!)) return true;
  // A store word right after the brand names its store, and what follows the store's site ("ORANGE PREDAJNA EUROPA SC": Orange's shop in the Europa mall; round 19).
  if (next > match.end && storeWordAt(tokens, match.end) !== null) return true;
  // Upper case like a card terminal's, whatever a masked card number before it writes ("4125xxxxxxxx3345 SPAR HOLICE").
  if (!LETTER.test(text.descriptor) || LOWER.test(text.descriptor.replace(WITH_DIGIT, ''))) return false;
  const categoryId = match.value.sub.categoryId;
  // What a seller's `NAME *` prefix says it sold is no part of its name ("NAY *NORTON 360").
  const nameEnd = Math.min(text.end, text.sold);
  // A linking word and more after the brand's word name another place after it ("ACROPOLIS OF LINDOS" is not Athens' Acropolis; round 31).
  if (match.end + 1 < nameEnd && isLinkingWord(tokens[match.end]!)) return false;
  if (kindAfter(tokens, match.end, nameEnd, (id) => id !== categoryId)) return false;
  // A word of the merchant's own kind in its name outranks the terminal's MCC ("BENU LEKAREN ..." with a cosmetics shop's MCC).
  if (card) return context.mccCategoryId === null || context.mccCategoryId === categoryId || kindAfter(tokens, match.end, nameEnd, (id) => id === categoryId);
  return context.name === true;
}

/** Whether the name after an alias (tokens from `from` to `end`, up to a town or number) holds a word of a kind of business whose category `accepts`. */
function kindAfter(tokens: readonly string[], from: number, end: number, accepts: (categoryId: number) => boolean): boolean {
  // A legal form ends the name: what follows it is the company's site ("EAV SRL BIGLIETTERIA NAPOLI": the railway's ticket office; round 31).
  for (let at = from; at < end && !hasDigit(tokens[at]!) && placeAt(tokens, at) === null && legalFormAt(tokens, at) === null; at++) {
    const word = keywordCategoryAt(tokens, at);
    if (word !== null && accepts(word.categoryId)) return true;
  }
  return false;
}

/** A branch's, store's or station's number after a card descriptor's name ("PETRO JIH 07"): a business's, no person's. */
const BRANCH_NUMBER = /^\d{1,4}$/;

/**
 * Tokens [from, to) up to the first town, country or word with a digit after the first: a card descriptor's name without its place ("JIRI
 * KOPECKY KLADNO": a person's name); empty when a branch number follows the name ("PETRO JIH 07, MIROTICE": a fuel station's, round 19).
 */
function beforePlace(tokens: readonly string[], from: number, to: number): readonly string[] {
  let end = from + 1;
  while (end < to && !hasDigit(tokens[end]!) && placeAt(tokens, end) === null) end++;
  return end < to && BRANCH_NUMBER.test(tokens[end]!) ? [] : tokens.slice(from, Math.min(end, to));
}

/** Whether a name opens with a word of a kind of business ("Apartmani Sanja", "Pension Alpenrose"): a business named after a first name, no person (a surname such as "Bäcker" or a title such as "MUDr." is no such word). */
function opensWithKind(tokens: readonly string[]): boolean {
  const opening = firstSignificant(tokens, 0, tokens.length);
  return opening < tokens.length && !isKindSurname(tokens[opening]!) && !isTitleAt(tokens, opening) && keywordCategoryAt(tokens, opening) !== null;
}

/** Longest code of a country (ISO alpha-3): a longer word is a country's name. */
const COUNTRY_CODE = 3;

/**
 * The end of a brand's company in another country than the brand's own (naming rule 4), a merchant of its own, named in a
 * counterparty (tokens [0, end)), else 0: a foreign country's name after the brand ("O2 Slovakia, s.r.o.", "Vodafone
 * Deutschland GmbH"; since round 17 in a card payment's text too, by the country's name, not its code, which a card text
 * ends in: "PACKETA SLOVAKIA BRATISLAVA" is Packeta Slovakia), or, in a bank-transfer name after a brand of another country
 * (merchants.json `home`), the home country's name or code ending the name ("SPP CZ, a.s.": the Czech company of the Slovak
 * gas brand; "Vodafone Czech Republic a.s." is Vodafone, the brand's Czech company).
 */
function companyEnd(tokens: readonly string[], match: Recognised, card: boolean): number {
  const country = foreignCountryAt(tokens, match.end);
  if (country !== null) return !card || country.end - country.start > 1 || tokens[country.start]!.length > COUNTRY_CODE ? country.end : 0;
  return !card && match.merchant.home !== null && homeCountryAt(tokens, match.end) !== null && restIsNoise(tokens, match.start, match.end) ? tokens.length : 0;
}

/** Who a transaction's counterparty is, as far as enrichment can tell. */
export interface Payee {
  /** The transaction's merchant, or null. */
  merchant: Merchant | null;
  /** Whether the merchant was found in the counterparty (else the note). */
  inCounterParty: boolean;
  /** The counterparty is a private person (people.ts). */
  person: boolean;
  /** A merchant the note names that cannot be the payee (the counterparty is someone else): a category hint only. */
  noteHint: Merchant | null;
  /** The counterparty names the merchant's company in another country ("O2 Slovakia, s.r.o."): a merchant of its own, of the same category, named from the counterparty's first `abroad` tokens (a card text's town after them is no part of it); else 0. */
  abroad: number;
  /** A card payment to a bare person's name (a sole trader under their own name): no merchant (naming rule 7), yet a purchase, not a transfer between people. */
  soleTrader: boolean;
  /** Where the merchant's name ends among its text's tokens (the counterparty's, else the note's); -1 without a merchant or when only a processor's prefix names it. */
  merchantEnd: number;
}

const payee = (merchant: Merchant | null, inCounterParty: boolean, person: boolean, noteHint: Merchant | null, abroad = 0, soleTrader = false, merchantEnd = -1): Payee => ({ merchant, inCounterParty, person, noteHint, abroad, soleTrader, merchantEnd });

/**
 * The payee of a transaction. The counterparty is read first: a merchant that is not an
 * intermediary is the payee; a private person has no merchant. The note names the merchant only
 * when the counterparty names no one (empty, or a card-payment marker) or names an intermediary
 * (PayPal, Google, Apple, Amazon); otherwise a merchant in the note is only a hint.
 */
export function payeeOf(counterParty: AnalysedText, note: AnalysedText, context: { mcc: boolean; mccCategoryId: number | null }): Payee {
  // A processor's `NAME *` prefix or a bank's card text in the note: a card payment too. A card payment (these, an MCC)
  // to a name that is only a person's, with or without a title, is to a sole trader under their own name ("SUMUP *JANA NOVAKOVA", "MUDR. HANA
  // STRELCOVA": the title's keyword names the trade, no business): no merchant,
  // but a purchase, not a transfer between people; a word of a kind of business makes it a business ("ZETTLE_*CAFFE BAR LUKA").
  const cardText = note.card || counterParty.processor !== undefined;
  const card = context.mcc || counterParty.card || cardText;
  const fromCounterParty = recognise(counterParty, { card, mccCategoryId: context.mccCategoryId, name: true });
  // A list brand of two words or more in a card payment's name is that brand's, whatever first name opens it ("ZARA HOME EUROVEA BRATISLAVA").
  // So is a card payment's name that opens with a list brand which is no first name, whatever first name follows it ("PENNEYS MARY ST"; round 32).
  const covered = fromCounterParty !== null && fromCounterParty.start >= 0 && (restIsNoise(counterParty.tokens, fromCounterParty.start, fromCounterParty.end) || (card && fromCounterParty.end - fromCounterParty.start >= 2) || (card && fromCounterParty.start === 0 && !isFirstName(counterParty.tokens[0]!)));
  if (!covered && !opensWithKind(counterParty.tokens) && (isPersonName(counterParty.tokens) || (card && isPersonName(beforePlace(counterParty.tokens, 0, counterParty.tokens.length)))) && !(card && hasKeyword(withoutTitles(counterParty.tokens)))) {
    return card ? payee(null, false, false, null, 0, true) : payee(null, false, true, null);
  }
  if (fromCounterParty && !fromCounterParty.merchant.intermediary) {
    // A shop may sell another merchant's service (a subscription sold by an electronics shop): the note names it, a hint.
    const sold = RETAIL_CATEGORIES.has(fromCounterParty.merchant.sub.categoryId) && note.tokens.length > 0 ? soldIn(note, fromCounterParty.merchant) : null;
    const abroad = fromCounterParty.start >= 0 && fromCounterParty.end < counterParty.tokens.length ? companyEnd(counterParty.tokens, fromCounterParty, card) : 0;
    return payee(fromCounterParty.merchant, true, false, sold && sold.merchant !== fromCounterParty.merchant && !RETAIL_CATEGORIES.has(sold.merchant.sub.categoryId) ? sold.merchant : null, abroad, false, fromCounterParty.end);
  }
  const fromNote = recognise(note, { card: context.mcc || note.card, mccCategoryId: context.mccCategoryId });
  // A bank's card text naming only a person ("Nákup: MARTIN SEDLACEK, Brno, CZ") when the counterparty names no one: a sole trader too.
  if (fromNote === null && fromCounterParty === null && note.card && significant(counterParty.tokens) === null) {
    const descriptor = note.tokens.slice(note.start, note.end);
    if ((isPersonName(descriptor) || isPersonName(beforePlace(note.tokens, note.start, note.end))) && !hasKeyword(withoutTitles(descriptor))) return payee(null, false, false, null, 0, true);
  }
  if (fromNote) {
    // A bank's card text names the shop whoever books it (a card's issuer paying back a chargeback: "mBank S.A." / "Chargeback: FLIXBUS CZ, PRAHA, ...").
    const noteNamesPayee = fromCounterParty !== null || note.card || significant(counterParty.tokens) === null;
    return noteNamesPayee ? payee(fromNote.merchant, false, false, null, 0, false, fromNote.end) : payee(null, false, false, fromNote.merchant);
  }
  return fromCounterParty ? payee(fromCounterParty.merchant, true, false, null, 0, false, fromCounterParty.end) : payee(null, false, false, null);
}

/**
 * A merchant a shop's note names as what was bought: anywhere in the payer's own note (after the
 * shop's own name when it opens the note: "DATART eshop - Voyo predplatne"); in a bank's
 * card-payment note only after its descriptor ("DATART 014, PRAHA 5, CZ - SPOTIFY PREMIUM DARKOVA
 * KARTA") and only a service a shop sells on the side (taxonomy `soldByShops`).
 */
function soldIn(note: AnalysedText, shop: Merchant): Recognised | null {
  if (!note.card) {
    const named = recognise(note, { card: false, mccCategoryId: null });
    if (named?.merchant !== shop || named.end < 0) return named;
    // Nothing but noise after the shop's name ("KAUFLAND 7526 ROZNOV POD RADHOSTEM"): nothing else named.
    const { tokens } = note;
    return firstSignificant(tokens, named.end, tokens.length) < tokens.length ? recognise(wordsOf(tokens.slice(named.end)), { card: false, mccCategoryId: null }) : null;
  }
  const tokens = note.tokens.slice(note.end);
  const sold = tokens.length === 0 ? null : recognise(wordsOf(tokens), { card: true, mccCategoryId: null });
  return sold?.merchant.sub.soldByShops === true ? sold : null;
}

/** `tokens` as a text of their own: no marker, prefix or dash. */
const wordsOf = (tokens: string[]): AnalysedText => ({ tokens, processor: undefined, start: 0, end: tokens.length, card: false, descriptor: '', sold: tokens.length, soldText: '', soldAfterDash: false, written: '' });

/**
 * The descriptor that names the business paid when the list knows no merchant (see
 * descriptor-merchants.ts), or null: a card payment's (an MCC, a card-payment marker or a
 * processor's `NAME *` prefix) counterparty, else the descriptor of the note's card-payment
 * marker or processor prefix; for money spent by transfer (a direct debit, a standing order) or
 * money back from a purchase (`purchase`: a utility's overpayment returned) a counterparty that
 * is not a person. A person is never a merchant. `card`: the descriptor is a
 * card terminal's (its town is not part of the name).
 */
export function payeeDescriptor(counterParty: AnalysedText, note: AnalysedText, payee: Payee, mcc: boolean, purchase: boolean): { descriptor: string; card: boolean } | null {
  if (payee.person || payee.soleTrader) return null;
  const card = mcc || counterParty.card || note.card || counterParty.processor !== undefined || note.processor !== undefined;
  if ((card || purchase) && firstSignificant(counterParty.tokens, counterParty.start, counterParty.end) < counterParty.end) return { descriptor: counterParty.descriptor, card };
  if ((note.card || note.processor !== undefined) && firstSignificant(note.tokens, note.start, note.end) < note.end) return { descriptor: note.descriptor, card: true };
  return null;
}

const STORE_NUMBER = /^[0-9]{2,5}$/;

/**
 * Whether a card text (the note's, else the counterparty's card-payment marker) ending in a
 * foreign country's code ("..., TROGIR, HRV") names a chain's numbered store: an upper-case name
 * of one or two words and a store number ("RIBOLA 31", "CBA PRIMA 0523"). Without MCC and any
 * other signal such a store is most likely a supermarket (categorise.ts `storeAbroad`).
 */
export function storeAbroad(counterParty: AnalysedText, note: AnalysedText): boolean {
  // A note with a marker and nothing after it ("Card payment") leaves the descriptor to the counterparty (Revolut: "KRAS 112 RIJEKA HRV").
  const text = note.card && note.start < note.end ? note : counterParty.card || note.card ? counterParty : null;
  // The country code ends the card text or its descriptor, before the amount a bank adds ("POLI 112 BRUNICO ITA, suma 36,40 EUR").
  if (text === null || !(endsAbroad(text.tokens) || endsAbroad(text.tokens, text.end)) || LOWER.test(text.descriptor.replace(WITH_DIGIT, ''))) return false;
  const { tokens } = text;
  const name = firstSignificant(tokens, text.start, text.end);
  for (let at = name + 1; at < Math.min(name + 3, text.end); at++) {
    if (STORE_NUMBER.test(tokens[at]!)) return true;
    if (hasDigit(tokens[at]!)) return false;
  }
  return false;
}

/**
 * Recurrence key of a payee without a known merchant: the counterparty's tokens without noise
 * and digits, else the note's; null when nothing is left.
 */
export function payeeWords(counterParty: AnalysedText, note: AnalysedText): string | null {
  return significant(counterParty.tokens) ?? significant(note.tokens);
}
