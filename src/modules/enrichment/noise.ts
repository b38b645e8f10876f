/**
 * Descriptor noise (data/descriptor-noise.json; docs/categories.md, "Merchant recognition"):
 * cities, countries, legal forms, payment and store words, card-payment markers. A token with a
 * digit (terminal id, store number, date, postcode) is noise too. Used to accept exact merchant
 * aliases, to tell people's names from other text and to build recurrence keys.
 */
import { readData } from './data.ts';
import { hasDigit, PhraseIndex, tokenize, type PhraseMatch } from './text.ts';

interface NoiseFile {
  cardMarkers: string[];
  cardRefundMarkers: string[];
  /** A bank's label before a card text's descriptor, with its colon ("Miesto:", "Místo:", "Ort:"). */
  placeLabels: string[];
  /** A bank's word for the card before its number ("Karta 4185 **** **** 3317, ..."). */
  cardNumberWords: string[];
  /** A bare word for "number" before the card number in a card text's head ("č." of "Transakcia kartou č. 4917 ..."; round 30). */
  numberWords: string[];
  /** Endings of a street's or square's name after a chain's name in a fintech's counterparty ("-straat" of "Jumbo Utrecht Biltstraat"; round 30). */
  streetEndings: string[];
  /** Stations and airports after a chain's name in a fintech's counterparty ("Centraal" of "NS Utrecht Centraal"; round 30). */
  stationWords: string[];
  /** A bank's word for "at" before the time in a card text's head ("o" of "... 12.06.2026 o 14:32, ..."; round 30). */
  timeWords: string[];
  /** The ISO alpha-2 code each country word names ("SVK" and "Slovensko": "SK"). */
  countryCodes: Record<string, string[]>;
  /** Towns whose country is known, by its ISO alpha-2 code ("SK": Trenčín): places like `cities`, naming the country of a card text. */
  countryCities: Record<string, string[]>;
  transactionDateWords: string[];
  originalAmountWords: string[];
  /** An English fintech's words between a card marker (with its amount) and the descriptor ("issued by", "at"). */
  cardConnectives: string[];
  /** A fintech's English framing of a transfer's note before the payee ("Sent money to", "Received money from", "To"). */
  transferFramings: string[];
  /** Words between a framed note's payee and its reference ("with reference"). */
  referenceWords: string[];
  [group: string]: string[] | string | Record<string, string[]>;
}

const file = readData<NoiseFile>('descriptor-noise.json');
const noise = new PhraseIndex<true>();
/** Towns, city districts and countries: where a descriptor's merchant name ends. */
const places = new PhraseIndex<true>();
/** Card-payment markers and payment words: nothing of a merchant's name. */
const paymentWords = new PhraseIndex<true>();
/** Countries, by name or ISO code ("CZ", "SVK", "Österreich"). */
const countries = new PhraseIndex<true>();
/** Countries other than the accounts' home country: a brand's company there is another merchant. */
const foreignCountries = new PhraseIndex<true>();
/** The home country's names and codes (descriptor-noise.json homeCountries). */
const homeCountries = new PhraseIndex<true>();
for (const word of file.homeCountries as string[]) homeCountries.add(word, true);
/** ISO 3166 alpha-3 codes of countries other than the home country ("HRV", "AUT"): a card text ending in one was paid abroad. */
const foreignCodes = new Set<string>();
const ALPHA3 = /^[A-Z]{3}$/;
/** Legal forms ("s.r.o.", "GmbH", "d.d."): a descriptor ending in one is a company's legal name. */
const legalForms = new PhraseIndex<true>();
/** Store words of four letters or more ("prodejna", "predajňa", "shop", "Filiale"): after a brand, its store. */
const storeWords = new PhraseIndex<true>();
const STORE_WORD_LENGTH = 4;
const PLACE_GROUPS = new Set(['cities', 'countries']);
const PAYMENT_GROUPS = new Set(['cardMarkers', 'cardRefundMarkers', 'placeLabels', 'cardNumberWords', 'paymentWords']);
/**
 * Groups of words that are no descriptor noise: they frame a text, and "to" or "at" may be part of a name; a bare "No." or "St." only
 * counts before a card number, "o" or "um" before a time; a street's ending or a station only after a chain's name (`branchSite`).
 */
const NON_NOISE_GROUPS = new Set(['cardConnectives', 'transferFramings', 'referenceWords', 'numberWords', 'streetEndings', 'stationWords', 'timeWords']);
for (const [group, words] of Object.entries(file)) {
  if (group.startsWith('$') || !Array.isArray(words) || NON_NOISE_GROUPS.has(group)) continue;
  for (const word of words) {
    noise.add(word, true);
    if (PLACE_GROUPS.has(group)) places.add(word, true);
    if (group === 'countries') countries.add(word, true);
    if (PAYMENT_GROUPS.has(group)) paymentWords.add(word, true);
    if (group === 'legalForms') legalForms.add(word, true);
    if (group === 'storeWords' && word.length >= STORE_WORD_LENGTH) storeWords.add(word, true);
    // Country names, not codes: "SE" and "AS" are legal forms too.
    if (group === 'countries' && word.length > 3 && !(file.homeCountries as string[]).includes(word)) foreignCountries.add(word, true);
    if (group === 'countries' && ALPHA3.test(word) && !(file.homeCountries as string[]).includes(word)) foreignCodes.add(word.toLowerCase());
  }
}

/** ISO alpha-2 codes by the country words of descriptor-noise.json countryCodes. */
const countryCodes = new PhraseIndex<string>();
for (const [code, words] of Object.entries(file.countryCodes)) for (const word of words) countryCodes.add(word, code);
/** The home country's ISO alpha-2 code ("CZ"): its names' code in countryCodes. */
export const HOME_COUNTRY = countryCodes.matchAt(tokenize((file.homeCountries as string[])[0]!), 0)!.value;
/** ISO alpha-2 codes by the towns of descriptor-noise.json countryCities, which are places and noise like `cities`. */
const townCountries = new PhraseIndex<string>();
for (const [code, towns] of Object.entries(file.countryCities)) {
  for (const town of towns) {
    townCountries.add(town, code);
    places.add(town, true);
    noise.add(town, true);
  }
}

/**
 * The country a text names last outside its tokens [from, to) (a card text: "..., BRATISLAVA, SVK, 16.08.2026"): its ISO alpha-2
 * code when descriptor-noise.json countryCodes knows it ("SK"), else its normalised words ("grc"); without a country word, the
 * country of its last town of countryCities ("TABAK PRESS NAM. SNP TRENCIN - ..."); null when it names none.
 */
export function countryNamed(tokens: readonly string[], from: number, to: number): string | null {
  let town: string | null = null;
  for (let at = tokens.length - 1; at >= 0; at--) {
    if (at >= from && at < to) continue;
    const match = countries.matchAt(tokens, at);
    if (match !== null && (match.end <= from || at >= to)) return countryCodes.matchAt(tokens, at)?.value ?? tokens.slice(at, match.end).join(' ');
    town ??= townCountries.matchAt(tokens, at)?.value ?? null;
  }
  return town;
}

/** The phrase of a country other than the home country starting at token `at`, or null. */
export const foreignCountryAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => foreignCountries.matchAt(tokens, at);

/** The home country's name or code ("CZ", "ČR", "Česká republika") starting at token `at`, or null. */
export const homeCountryAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => homeCountries.matchAt(tokens, at);

/** Whether `tokens` (their first `end`) end in the ISO alpha-3 code of a country other than the home country (a card text: "..., TROGIR, HRV"). */
export const endsAbroad = (tokens: readonly string[], end = tokens.length): boolean => end > 0 && foreignCodes.has(tokens[end - 1]!);

/** Whether `tokens` end in a country's name or code, the home country's too (a card text: "..., PARDUBICE, CZ", "PEKARSTVI DOUBRAVA BRNO CZ"). */
export function endsInCountry(tokens: readonly string[]): boolean {
  for (let from = Math.max(0, tokens.length - PLACE_SPAN); from < tokens.length; from++) if (countries.matchAt(tokens, from)?.end === tokens.length) return true;
  return false;
}

/**
 * Two-letter country codes left out of countryCodes because they are words too ("ME", "IS", "NO",
 * "FR"), with their country's three-letter code: a card terminal writes them at the end of its
 * upper-case descriptor ("IDEA 14 PETROVAC ME"), where they are read as that code (withCountryCode).
 */
const wordCodes = new Map<string, string>();
for (const [code, words] of Object.entries(file.countryCodes)) {
  const alpha3 = words.find((word) => ALPHA3.test(word));
  if (alpha3 !== undefined && !words.includes(code)) wordCodes.set(code, alpha3);
}
const SPACE = 32;

/**
 * `text` with a two-letter country code that is also a word ending it read as the country's
 * three-letter code ("IDEA 14 PETROVAC ME": "IDEA 14 PETROVAC MNE"), when the whole text is written
 * in upper case like a card terminal's descriptor (round 27); any other text as it is.
 */
export function withCountryCode(text: string): string {
  const end = text.trimEnd();
  // Cheap tests first: this runs on every text.
  if (end.length < 4 || end.charCodeAt(end.length - 3) !== SPACE) return text;
  const alpha3 = wordCodes.get(end.slice(-2));
  if (alpha3 === undefined || LOWER_CASE.test(end)) return text;
  return end.slice(0, -2) + alpha3;
}

/** Whether `tokens` hold a legal form ("s.r.o.", "GmbH"): a company's name, no person's and no account's. */
export function hasLegalForm(tokens: readonly string[]): boolean {
  for (let at = 0; at < tokens.length; at++) if (legalForms.matchAt(tokens, at)) return true;
  return false;
}

/** The legal form starting at token `at` ("d d" of "D.D."), or null. */
export const legalFormAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => legalForms.matchAt(tokens, at);

/** The store word starting at token `at` ("predajna" of "ORANGE PREDAJNA EUROPA SC"), or null. */
export const storeWordAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => storeWords.matchAt(tokens, at);

/** Endings of a street's or square's name, folded ("straat" of "Biltstraat"; descriptor-noise.json streetEndings). */
const streetEndings = file.streetEndings.map((ending) => tokenize(ending).join(''));
/** A street's name is longer than its ending by this many letters at least ("Damstraat", not "Straat"). */
const STREET_NAME_EXTRA = 3;
const stationWords = new PhraseIndex<true>();
for (const word of file.stationWords) stationWords.add(word, true);

/**
 * Whether tokens from `from` on only say which branch of a chain it is, as a fintech's counterparty writes it after the brand: a town, a
 * street ("Biltstraat"), a station ("Centraal") or a number, one of them at least ("Jumbo Utrecht Biltstraat", "Febo Damstraat", "NS Utrecht
 * Centraal"; round 30).
 */
export function branchSite(tokens: readonly string[], from: number): boolean {
  let at = from;
  while (at < tokens.length) {
    const token = tokens[at]!;
    const site = places.matchAt(tokens, at) ?? stationWords.matchAt(tokens, at);
    if (site !== null) at = site.end;
    else if (hasDigit(token) || streetEndings.some((ending) => token.length >= ending.length + STREET_NAME_EXTRA && token.endsWith(ending))) at++;
    else return false;
  }
  return at > from;
}

/** Words linking a name to the place it is named after ("MUSEUM OF CHANIA", "OCEANARIO DE LISBOA", "TRATTORIA DEL PORTO", since round 16 German and Dutch ones: "STAATLICHE MUSEEN ZU BERLIN"). */
const LINKING = new Set(['of', 'de', 'do', 'da', 'di', 'del', 'della', 'dello', 'al', 'alla', 'des', 'du', 'dos', 'das', 'zu', 'zum', 'zur', 'van']);
/** Whether `token` is a word linking a name to the place it is named after ("of" of "ACROPOLIS OF LINDOS"). */
export const isLinkingWord = (token: string): boolean => LINKING.has(token);

/** The town or country phrase starting at token `at`, or null. */
export const placeAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => places.matchAt(tokens, at);

/** More tokens than any town name has ("Nové Město na Moravě": 4). */
const PLACE_SPAN = 5;

/** Whether token `at` lies inside a town or country name ("myto" of "VYSOKE MYTO"). */
export function placeAround(tokens: readonly string[], at: number): boolean {
  for (let from = Math.max(0, at - PLACE_SPAN + 1); from <= at; from++) {
    const place = places.matchAt(tokens, from);
    if (place && place.end > at) return true;
  }
  return false;
}

/** The card-payment marker or payment word starting at token `at`, or null. */
export const paymentWordAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => paymentWords.matchAt(tokens, at);

/** The noise phrase starting at token `at` (digits excluded), or null. */
export const noiseAt = (tokens: readonly string[], at: number): PhraseMatch<true> | null => noise.matchAt(tokens, at);

/** A name's word ending in a number of one or two digits ("elektroshop24" of "ELEKTROSHOP24.CZ"): no branch number, terminal id or date. */
const NUMBERED_NAME = /^[a-z]{4,}\d{1,2}$/;
/** Whether `token` is a number of a descriptor, which is noise: a terminal id, store number, date or postcode (not a name's word ending in a number). */
export const isNumberNoise = (token: string): boolean => hasDigit(token) && !NUMBERED_NAME.test(token);

/** True when every token outside [start, end) is noise. */
export function restIsNoise(tokens: readonly string[], start: number, end: number): boolean {
  for (let at = 0; at < tokens.length; ) {
    if (at >= start && at < end) {
      at = end;
      continue;
    }
    if (isNumberNoise(tokens[at]!)) {
      at++;
      continue;
    }
    const match = noise.matchAt(tokens, at);
    if (!match || (at < start && match.end > start)) return false;
    at = match.end;
  }
  return true;
}

/** Index of the first token of [start, end) that is not noise, or `end`. */
export function firstSignificant(tokens: readonly string[], start: number, end: number): number {
  for (let at = start; at < end; ) {
    if (isNumberNoise(tokens[at]!)) at++;
    else {
      const match = noise.matchAt(tokens, at);
      if (!match) return at;
      at = match.end;
    }
  }
  return end;
}

/** The tokens without noise and digits joined by spaces, or null when nothing is left. */
export function significant(tokens: readonly string[]): string | null {
  const kept: string[] = [];
  for (let at = 0; at < tokens.length; ) {
    const number = isNumberNoise(tokens[at]!);
    const match = number ? null : noise.matchAt(tokens, at);
    if (match) at = match.end;
    else {
      if (!number) kept.push(tokens[at]!);
      at++;
    }
  }
  return kept.length ? kept.join(' ') : null;
}

const markers = new PhraseIndex<true>();
for (const marker of [...file.cardMarkers, ...file.cardRefundMarkers, ...file.placeLabels]) markers.add(marker, true);
const cardNumberWords = new PhraseIndex<true>();
for (const word of file.cardNumberWords) cardNumberWords.add(word, true);
/** A bare word for "number" before a card number inside a card text's head ("č." of "Transakcia kartou č. 4917 55XX XXXX 2038, Miesto: ..."). */
const numberWords = new PhraseIndex<true>();
for (const word of file.numberWords) numberWords.add(word, true);
/** A bank's word for "at" before the time of a card payment in its head ("o" of "Platba kartou 12.06.2026 o 14:32, ..."). */
const timeWords = new PhraseIndex<true>();
for (const word of file.timeWords) timeWords.add(word, true);
const placeLabels = new PhraseIndex<true>();
for (const label of file.placeLabels) placeLabels.add(label, true);

/** How a card number starts once folded: four digits or more, masked or not ("4185xxxxxxxx3317", "3317"), maybe after its mask ("x2038" of "*2038"). */
const CARD_NUMBER_START = String.raw`x*\d[\dx]{3}`;
/** A card number as a token. */
const CARD_NUMBER = new RegExp(`^${CARD_NUMBER_START}[\\dx]*$`);

/**
 * Number of tokens of the card-payment marker (or refund marker or place label, colon unchecked) opening `tokens`
 * ("nakup", "platba kartou"), or of a word for the card followed by its number ("karta" of "Karta 4185xxxxxxxx3317, ..."); 0 when none.
 */
export function cardMarkerLength(tokens: readonly string[]): number {
  if (tokens.length === 0) return 0;
  const marker = markers.matchAt(tokens, 0);
  if (marker !== null) return marker.end;
  const card = cardNumberWords.matchAt(tokens, 0);
  return card !== null && card.end < tokens.length && CARD_NUMBER.test(tokens[card.end]!) ? card.end : 0;
}

/**
 * Whether a part of a card text's head, before its comma or colon, is no part of the descriptor: dates and card
 * numbers (a bank's word for "at" before a time: "o 14:32"), a bank's word for the card (or a bare word for "number", "č.") before its number, and a
 * bank's label of the place ending it ("4319 48** **** 2265
 * Miesto" of "... Miesto: LEKAREN ...", "25.09.2026 Karta 4405 77** **** 6612 Miesto" of "... Miesto: TABAK PRESS ...").
 */
export function headPart(tokens: readonly string[]): boolean {
  const label = tokens.findIndex((_, at) => placeLabels.matchAt(tokens, at)?.end === tokens.length);
  const end = label < 0 ? tokens.length : label;
  for (let at = 0; at < end; ) {
    if (hasDigit(tokens[at]!)) at++;
    else if (at + 1 < end && hasDigit(tokens[at + 1]!) && timeWords.matchAt(tokens, at)?.end === at + 1) at++;
    else {
      const word = cardNumberWords.matchAt(tokens, at) ?? numberWords.matchAt(tokens, at);
      if (word === null || word.end >= end || !CARD_NUMBER.test(tokens[word.end]!)) return false;
      at = word.end;
    }
  }
  return true;
}

/** Folded texts keep "ue" where tokens read "u" (text.ts): a marker's a, o, u may be followed by an e ("RUECKERSTATTUNG"). */
const patterns = (phrases: string[]) => phrases.map((m) => tokenize(m).join('[^a-z0-9]+').replace(/[aou]/g, '$&e?')).sort((a, b) => b.length - a.length).join('|');
/** After a card marker, an English fintech's amount ("of 16.00 eur") and its word before the descriptor ("issued by", "at"): part of the marker. */
const CARD_CONNECTIVE = `(?:[^a-z0-9]+(?:of|for)[^a-z0-9]+\\d[\\d.,' ]*(?:[a-z]{3}(?![a-z0-9]))?)?(?:[^a-z0-9]+(?:${patterns(file.cardConnectives)})(?![a-z0-9]))?`;
/** Card-payment markers, one after another ("Nákup POS 22.07.2026, ...", "POS Nákup ..."). */
const MARKERS = `(?:${patterns(file.cardMarkers)})(?![a-z0-9])(?:[^a-z0-9]+(?:${patterns(file.cardMarkers)})(?![a-z0-9]))*`;
/**
 * A card-payment marker (or several, one after another) opening a folded text, with the separators after it (and a fintech's amount and
 * connective: CARD_CONNECTIVE); a refund marker or a place label only with a colon after it ("vraceni penez: ",
 * "miesto: "); a word for the card only before its number ("karta " of "karta 4185xxxxxxxx3317, "). Markers
 * are ASCII once folded, so the match length is also the length of the marker in the original text. No match:
 * no card-payment text.
 */
export const CARD_MARKER = new RegExp(
  `^[^a-z0-9]*(?:(?:${patterns([...file.cardRefundMarkers, ...file.placeLabels])})[^\\S\\n]*:|${MARKERS}${CARD_CONNECTIVE}|(?:${patterns(file.cardNumberWords)})[^a-z0-9]+(?=${CARD_NUMBER_START}))[^a-z0-9]*`,
);

const escaped = (phrase: string): string => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const alternatives = (phrases: string[]): string => phrases.map(escaped).sort((a, b) => b.length - a.length).join('|');
/** A fintech's framing opening a transfer's note (descriptor-noise.json transferFramings), with the spaces after it. */
const FRAMING = new RegExp(`^\\s*(${alternatives(file.transferFramings)})\\s+`, 'i');
/** Where a framed note's payee ends: a comma, a dash between spaces or a reference word (descriptor-noise.json referenceWords). */
const REFERENCE = new RegExp(`,\\s*|\\s+[-–]\\s+|\\s+(?:${alternatives(file.referenceWords)})\\s*:?(?:\\s+|$)`, 'i');

/**
 * A transfer's note framed by a fintech in English ("Sent money to Ivana Gregorová, nájom byt 06/2026", "Received money
 * from Studio Noordzee B.V. with reference INV-2026-05"): the payee it names and the reference after its comma, dash or reference word (Revolut "To Mgr. Zuzana Hlavatá - nájom 07/2026"); null when the
 * note is not framed. A one-word framing ("To", "From") counts only before the counterparty's own name (`counterParty`
 * folded starts with the payee's, or the payee's with it): "From mum" is no framing.
 */
export function unframed(note: string, counterParty: string): { payee: string; reference: string } | null {
  const framing = FRAMING.exec(note);
  if (framing === null) return null;
  const rest = note.slice(framing[0].length);
  const end = REFERENCE.exec(rest);
  const payee = (end === null ? rest : rest.slice(0, end.index)).trim();
  if (payee === '') return null;
  if (!/\s/.test(framing[1]!.trim())) {
    const [named, booked] = [tokenize(payee).join(' '), tokenize(counterParty).join(' ')];
    if (booked === '' || !(booked.startsWith(named) || named.startsWith(booked))) return null;
  }
  return { payee, reference: end === null ? '' : rest.slice(end.index + end[0].length).trim() };
}

/**
 * A counterparty framed by a fintech (N26's "To Österreichischer Alpenverein"): the name after the framing, else the counterparty
 * as it is; a one-word framing ("To", "From") only before a name written in mixed case (a card terminal's upper-case "TO GO
 * COFFEE" is a name).
 */
export function framedName(counterParty: string): string {
  const framing = FRAMING.exec(counterParty);
  if (framing === null) return counterParty;
  const rest = counterParty.slice(framing[0].length).trim();
  return rest === '' || (!/\s/.test(framing[1]!.trim()) && !LOWER_CASE.test(rest)) ? counterParty : rest;
}
const LOWER_CASE = /\p{Ll}/u;

/** Words of the details a bank adds after a card text's descriptor: the date the card was used, the amount in the currency paid. */
const bankDetailWords = new PhraseIndex<true>();
for (const phrase of [...file.transactionDateWords, ...file.originalAmountWords]) bankDetailWords.add(phrase, true);

/** Whether `tokens` hold a word of a bank's details (BANK_DETAILS): cheap, before the expression runs. */
export const hasBankDetails = (tokens: readonly string[]): boolean => bankDetailWords.longestMatch(tokens) !== null;

/** A date as banks write it, with its time ("2026-06-17", "17.06.2026 10:41"). */
const DETAIL_DATE = String.raw`\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\.?(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?`;
/** An amount with its currency's code ("47,60 EUR", "1 203.00"). */
const DETAIL_AMOUNT = String.raw`\d+(?:[ .,']\d+)*(?:\s*[a-z]{3}(?![a-z0-9]))?`;
/**
 * In a folded text, a bank's detail after a card text's descriptor with its value (descriptor-noise.json
 * transactionDateWords, originalAmountWords: "datum provedeni transakce: 2026-06-17", "originalni castka 47,60 eur").
 */
export const BANK_DETAILS = new RegExp(
  `(?<![a-z0-9])(?:(?:${patterns(file.transactionDateWords)})[^a-z0-9]*${DETAIL_DATE}|(?:${patterns(file.originalAmountWords)})[^a-z0-9]*${DETAIL_AMOUNT})`,
  'g',
);
