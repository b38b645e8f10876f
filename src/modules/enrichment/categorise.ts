/**
 * Categorisation (spec "Transaction", enrichment.category; docs/categories.md, "How a category
 * is chosen"). Signals in order of trust, each read from a data file:
 *   0. when a shop (groceries, shopping) is paid: what the payer's note says was bought (a
 *      merchant it names, a keyword: a subscription sold by an electronics shop, cash back); in a
 *      bank's card text (the note's, or a counterparty holding one after the seller's name and
 *      town) of a shop, a tobacconist or a fuel station only a service sold on the side (taxonomy
 *      `soldByShops`, or a keyword rule's own `soldByShops`: a top-up, a vignette, a car wash) not
 *      beside the seller's own goods,
 *   1. the payee: a known merchant (merchants.ts), else the keyword opening the counterparty
 *      (data/keyword-rules.json) or, when the counterparty names no one, the descriptor of a
 *      bank's card text - except a supermarket chain, which comes after the MCC; a later word of
 *      that descriptor which a specific MCC confirms (a hotel's restaurant; the one naming it last)
 *      or, for a utility paid by card, of another category (a Stadtwerke's car park) comes before it,
 *   2. the MCC (data/mcc-rules.json, ISO 18245 ranges; the narrowest range wins),
 *   3. the other keywords of the counterparty and the note, a merchant the note names as a hint,
 *   4. the bank's externalCategoryName (data/external-categories.json),
 *   5. the Czech constant symbol, when it marks a payment kind (data/constant-symbols.json),
 *   6. nothing: other income / uncategorised spending by the sign of the amount (a chain's
 *      numbered store abroad: groceries, taxonomy `fallback.storeAbroad`).
 * Of a text's keywords the longest wins, unless another's rule `outranks` its subcategory (the
 * more specific kind of one payment: "Splátka úvěru ... - hypotéka" is a mortgage).
 * A public authority's words (a municipality, rule `authority`) are weak: they decide only when
 * nothing else does. A bank's charge words (rule `bankCharge`) count in a note only when the
 * counterparty names no one.
 * A private person as the counterparty (people.ts) gives 1202 Transfers to and from people after
 * all these signals, and only keywords of subcategories marked `people` in the taxonomy (rent,
 * wages, a doctor, an accountant...) or of rules marked `people` (a mortgage or bank loan repaid to
 * the holder's own loan account, named after the holder) count for a person. The sign of the amount turns each
 * signal into the subcategory for that direction (taxonomy `forAmount`); money received under a
 * subcategory of money spent is the refund of that purchase and keeps its subcategory, and refund
 * words yield to it. Generic MCCs (digital goods, miscellaneous retail, money services) and
 * refunds inferred only from the sign are weak: they decide only when no other signal does. The
 * most trusted remaining signal gives the category; inside that category the words are more
 * specific than the codes: the subcategory is that of a known merchant, else of a keyword, else
 * of the most trusted signal, skipping generic (catch-all) subcategories while a specific one is
 * there. Words for children, or a keyword of the children's subcategory beside it, turn a
 * subcategory with `forChildren` (sport, courses, schools) into 1702.
 */
import { businessKindIn } from './business-kinds.ts';
import { readData } from './data.ts';
import type { Merchant } from './merchants.ts';
import { appliesTo, fallback, forAmount, personSubcategory, refunds, subcategory, type Candidate, type Subcategory } from './taxonomy.ts';
import { firstSignificant, placeAround, placeAt } from './noise.ts';
import { isKindSurname } from './people.ts';
import { hasDigit, PhraseIndex, tokenize, type PhraseMatch } from './text.ts';

interface KeywordRule {
  subcategoryId: number;
  field: 'any' | 'counterParty' | 'note';
  keywords: string[];
  incomingSubcategoryId?: number;
  /** Subcategory of money received from a person with these words, which count for a person then (a guest paying for a stay: 106). */
  personIncomingSubcategoryId?: number;
  reversal?: boolean;
  children?: boolean;
  /** false: the words only say "for children" (`children`) and are no keyword of their own. */
  signal?: boolean;
  /** A public authority collecting payments of many kinds (a municipality: waste, dogs, fines): decides only when no other signal does; no merchant. */
  authority?: boolean;
  /** Words of a bank's own charge ("poplatek", "fee"): in a note they count only when the counterparty names no one (a named payee's fee is that payee's). */
  bankCharge?: boolean;
  /** A service shops, tobacconists and fuel stations sell on the side although its subcategory is no `soldByShops` one (a phone top-up, a vignette, a car wash, a transport ticket). */
  soldByShops?: boolean;
  /**
   * true: counts for a person too although its subcategory is no `people` one (a bank's loan or mortgage repaid to the holder's own loan
   * account, which the bank names after the holder); false: counts for no person although its subcategory is one (a bare word for school:
   * "Katke do školy" is pocket money, tutoring words still count); "only": counts for a person and for no one else (a family word, "maminka",
   * "babi": money between family members, whatever it is for; to a business the same word says nothing).
   */
  people?: boolean | 'only';
  /** The words name the category, not which of its subcategories ("bistro": a restaurant or a snack bar; "vstupné": a theatre's or a castle's): a specific MCC or another keyword of the category chooses it, else the rule's subcategory. */
  categoryOnly?: boolean;
  /** The abbreviation a name opening with these words is shown by ("Společenství vlastníků jednotek Jaselská 1120": "SVJ Jaselská 1120"; naming rule 6). */
  abbreviation?: string;
  /** The abbreviation goes on with the initials of the rest of the name ("DP MESTA DECINA": "DPMD", "Dopravní podnik Karlovy Vary": "DPKV"). */
  initials?: boolean;
  /** Subcategories whose keywords these words outrank in the same text, whatever their length: the more specific kind of the same payment ("Splátka úvěru ... - hypotéka": a mortgage, not any loan). */
  outranks?: number[];
}

interface Rule {
  sub: Subcategory;
  incomingId?: number;
  personIncomingId?: number;
  generic?: boolean;
  /** The words say "money back" (refund, storno): a purchase signal of the same transaction decides its category. */
  reversal?: boolean;
  authority?: boolean;
  bankCharge?: boolean;
  soldByShops?: boolean;
  people?: boolean | 'only';
  categoryOnly?: boolean;
  children?: boolean;
  outranks?: ReadonlySet<number>;
  abbreviation?: string;
  initials?: boolean;
}

const mccRules = readData<{ rules: { from: number; to: number; subcategoryId: number; generic?: boolean }[] }>('mcc-rules.json').rules;
/** Rule per MCC 0..9999; wider ranges are written first so narrower ones overwrite them. */
const byMcc: (MccRule | undefined)[] = new Array(10_000);
for (const r of [...mccRules].sort((a, b) => b.to - b.from - (a.to - a.from))) {
  const rule = { sub: subcategory(r.subcategoryId, `mcc-rules.json ${r.from}-${r.to}`), generic: r.generic === true };
  for (let code = r.from; code <= r.to; code++) byMcc[code] = rule;
}

const counterPartyKeywords = new PhraseIndex<Rule>();
const noteKeywords = new PhraseIndex<Rule>();
/** Words saying a payment is for children ("děti", "mládež", "Kinder"): see `forChildren` in the taxonomy. */
const childrenWords = new PhraseIndex<true>();
/** Subcategories some keyword rule outranks (`outranks`): only a text whose keyword is of one of these is searched again. */
const outranked = new Set<number>();
/** Subcategories only rules counting for persons alone outrank (`people: "only"`: family words): searched again only for a person. */
const outrankedForPersons = new Set<number>();
/** Subcategories of keyword rules marked `soldByShops` (a phone top-up, a ticket, a vignette): services shops sell on the side although the taxonomy does not say so. */
const soldSubcategories = new Set<number>();
for (const r of readData<{ rules: KeywordRule[] }>('keyword-rules.json').rules) {
  const where = `keyword-rules.json ${r.subcategoryId}`;
  const rule: Rule = {
    sub: subcategory(r.subcategoryId, where),
    ...(r.incomingSubcategoryId === undefined ? {} : { incomingId: subcategory(r.incomingSubcategoryId, where).id }),
    ...(r.personIncomingSubcategoryId === undefined ? {} : { personIncomingId: subcategory(r.personIncomingSubcategoryId, where).id }),
    ...(r.reversal === true ? { reversal: true } : {}),
    ...(r.authority === true ? { authority: true } : {}),
    ...(r.bankCharge === true ? { bankCharge: true } : {}),
    ...(r.soldByShops === true ? { soldByShops: true } : {}),
    ...(r.people === undefined ? {} : { people: r.people }),
    ...(r.categoryOnly === true ? { categoryOnly: true } : {}),
    ...(r.children === true ? { children: true } : {}),
    ...(r.outranks === undefined ? {} : { outranks: new Set(r.outranks.map((id) => subcategory(id, where).id)) }),
    ...(r.abbreviation === undefined ? {} : { abbreviation: r.abbreviation }),
    ...(r.initials === true ? { initials: true } : {}),
  };
  for (const id of rule.outranks ?? []) (rule.people === 'only' ? outrankedForPersons : outranked).add(id);
  if (rule.soldByShops === true) soldSubcategories.add(rule.sub.id);
  for (const keyword of r.keywords) {
    if (r.children === true) childrenWords.add(keyword, true);
    if (r.signal === false) continue;
    if (r.field !== 'note') counterPartyKeywords.add(keyword, rule);
    if (r.field !== 'counterParty') noteKeywords.add(keyword, rule);
  }
}

const externalCategories = new Map<string, Subcategory>();
for (const m of readData<{ mappings: { subcategoryId: number; names: string[] }[] }>('external-categories.json').mappings) {
  const sub = subcategory(m.subcategoryId, 'external-categories.json');
  for (const name of m.names) externalCategories.set(tokenize(name).join(' '), sub);
}

const constantSymbols = new Map<string, Subcategory | null>();
for (const s of readData<{ symbols: { symbol: string; subcategoryId: number | null }[] }>('constant-symbols.json').symbols) {
  constantSymbols.set(s.symbol.padStart(4, '0'), s.subcategoryId === null ? null : subcategory(s.subcategoryId, `constant-symbols.json ${s.symbol}`));
}

const MCC = /^\d{1,4}$/;
const SYMBOL = /^\d{1,4}$/;

/** The MCC rule of `code` (ISO 18245, "5411"), or undefined when the code is malformed or not covered. */
export function mccRule(code: string | null | undefined): MccRule | undefined {
  return code && MCC.test(code) ? byMcc[Number(code)] : undefined;
}

/** What an MCC says: a subcategory, and whether the code is generic (a weak signal). */
export interface MccRule {
  sub: Subcategory;
  generic: boolean;
}

/** What categorisation reads of one transaction. Tokens come from text.ts / merchants.ts `analyse`. */
export interface CategoryInput {
  /** Negative for money spent, positive for money received (spec "Transaction" amount). */
  amount: number;
  /** The MCC's rule (`mccRule`), if any. */
  mcc: MccRule | undefined;
  counterPartyTokens: string[];
  noteTokens: string[];
  counterPartyMerchant: Merchant | null;
  noteMerchant: Merchant | null;
  /** A merchant the note names that is not the payee: a hint after the note's keywords. */
  noteHint: Merchant | null;
  /** The counterparty is a private person (people.ts). */
  person: boolean;
  /** The note is a bank's card-payment description (a marker opens it): its words name the payee, not what was bought. */
  noteIsCardText: boolean;
  /** In a card-payment note, where its descriptor (the shop's name) ends: what follows the town may name what was bought. */
  noteDescriptorEnd?: number;
  /** Where the merchant's name ends among the tokens of the text that names it (the counterparty's, else the note's); -1 or absent when unknown. */
  merchantEnd?: number;
  externalCategoryName: string | null;
  constantSymbol: string | null;
  /** A card payment without MCC at a chain's numbered store abroad ("RIBOLA 31 ... HRV"; merchants.ts `storeAbroad`): when nothing else explains it, groceries. */
  storeAbroad?: boolean;
}

/** Signal strength of its source: 2 a known merchant, 1 a keyword, 0 a code, a bank category or a keyword naming only a category. */
type Words = 0 | 1 | 2;
/**
 * moneyBack: the signal only says the money came back (a refund keyword, the bank's "Refunds").
 * paidFor: the number of words of a keyword of the payer's own note (what was paid for): inside
 * its category it is more specific than a shorter keyword of the payee ("Stadtwerke" / "Abschlag
 * Wasser": water). span: the number of words of any keyword. vague: a keyword naming only the
 * category (rule `categoryOnly`): any other signal of that category chooses the subcategory.
 * outranks: the keyword rule's `outranks`, the more specific kind of one payment, also against the other text's signals.
 */
type Signal = Candidate & { words: Words; moneyBack?: boolean; paidFor?: boolean; span?: number; own?: boolean; sold?: boolean; vague?: boolean; outranks?: ReadonlySet<number> };

/** Appends what `sub` means for the direction of `amount` to `signals` (nothing when it gives no signal). */
function push(signals: Signal[], amount: number, sub: Subcategory | null | undefined, words: Words, incomingId?: number, weak = false, moneyBack = false, paidFor = false, span = 0, vague = false, outranks?: ReadonlySet<number>): void {
  // Money back of a purchase is that purchase reversed, even of a subcategory whose money received is otherwise another (contributions paid back: 1502, not benefits).
  const candidate = !sub ? null : moneyBack && amount > 0 && incomingId === undefined && sub.direction === 'out' ? { sub, weak: true, reverses: true } : forAmount(sub, amount, incomingId);
  // A merchant's own subcategory of money received from it (Vinted payouts: 105) is no catch-all for a keyword to refine.
  if (candidate) signals.push({ sub: candidate.sub, weak: candidate.weak || weak, reverses: candidate.reverses === true, words, moneyBack, paidFor, span, own: candidate.sub.id === incomingId, vague, outranks });
}

/**
 * Appends the signal of a keyword match (none for null); a keyword naming only its category ("bistro") counts like a code inside the category.
 * `person`: the counterparty is a person, whose money received with words of a rule's `personIncomingId` is that subcategory; `moneyBack`: the
 * note says its payee pays back what it sold, so money received is no subcategory of the rule's money received but that purchase reversed.
 */
function pushKeyword(signals: Signal[], amount: number, match: PhraseMatch<Rule> | null, paidFor = false, person = false, moneyBack = false): void {
  if (!match) return;
  const { value } = match;
  const vague = value.categoryOnly === true;
  const incomingId = moneyBack ? undefined : person && value.personIncomingId !== undefined ? value.personIncomingId : value.incomingId;
  push(signals, amount, value.sub, vague ? 0 : 1, incomingId, value.authority === true, moneyBack || value.reversal === true, paidFor, match.end - match.start, vague, value.outranks);
}

/**
 * The keyword of `tokens` that decides: in a descriptor (a counterparty, a card-payment note) the
 * one at `opening`, its first significant token (the kind of business, "PEKAREN STUDENA VODA": a
 * bakery, whatever words of the town follow; `tokens.length` for other texts), else the longest,
 * then the earliest - never one inside a town's name ("ALBERT VYSOKE MYTO" is no toll, nor a
 * payer's note "nákup Vysoké Mýto"). `named`: the counterparty names a payee, so a bank's charge
 * words (rule `bankCharge`) do not count; `accept`: which rules count (default: those meaning
 * something for `amount`).
 */
function keywordIn(tokens: string[], keywords: PhraseIndex<Rule>, amount: number, person: boolean, opening: number, named = false, accept = keywordCounts): PhraseMatch<Rule> | null {
  if (tokens.length === 0) return null;
  const found = keywordOf(tokens, keywords, amount, person, opening, accept);
  // A payee named in the counterparty charges its own fees: a bank's charge words are not the bank's then (rare: searched again only then).
  if (found === null || !named || found.value.bankCharge !== true) return found;
  return keywordOf(tokens, keywords, amount, person, opening, (r, a, p) => r.bankCharge !== true && accept(r, a, p));
}

/** `keywordIn` for the keyword rules `accept` lets count. */
function keywordOf(tokens: string[], keywords: PhraseIndex<Rule>, amount: number, person: boolean, opening: number, accept: typeof keywordCounts): PhraseMatch<Rule> | null {
  const first = opening < tokens.length ? openingKeyword(tokens, keywords, opening) : null;
  // The opening word too yields to a more specific kind of the payment later in the text ("LETISKO KOSICE PARKING", "SPIELZEUG MUSEUM"; round 30).
  if (first && accept(first.value, amount, person)) return outrankedIn(tokens, keywords, amount, person, first, accept);
  // A surname that is a word of a kind of business ("HANS BAECKER") decides only where it opens the descriptor.
  const found = keywords.longestMatch(tokens, (r, at) => accept(r, amount, person) && !isKindSurname(tokens[at]!));
  const kept = found === null || !placeAround(tokens, found.start) ? found : keywords.longestMatch(tokens, (r, at) => accept(r, amount, person) && !isKindSurname(tokens[at]!) && !placeAround(tokens, at));
  if (kept === null) return null;
  // A catch-all word of its category ("pojistné": any insurance) yields to a word of a specific kind of the category elsewhere in the text ("PZP": car);
  // money-back words keep theirs, the purchase they reverse is read apart (`notePurchase`).
  const specific = kept.value.sub.generic === true && kept.value.reversal !== true ? (keywords.longestMatch(tokens, (r, at) => r.sub.categoryId === kept.value.sub.categoryId && r.sub.generic !== true && r.reversal !== true && accept(r, amount, person) && !placeAround(tokens, at)) ?? kept) : kept;
  return outrankedIn(tokens, keywords, amount, person, specific, accept);
}

/** `found`, unless a more specific kind of the same payment elsewhere in the text outranks it, whatever their lengths ("Splátka úvěru ... - hypotéka"): that one. */
function outrankedIn(tokens: string[], keywords: PhraseIndex<Rule>, amount: number, person: boolean, found: PhraseMatch<Rule>, accept: typeof keywordCounts): PhraseMatch<Rule> {
  const id = found.value.sub.id;
  if (!outranked.has(id) && !(person && outrankedForPersons.has(id))) return found;
  return keywords.longestMatch(tokens, (r, at) => r.outranks?.has(id) === true && accept(r, amount, person) && !placeAround(tokens, at)) ?? found;
}

/** Noise words before a descriptor's first significant one that may begin a keyword covering it ("SUPER ZOO": "super" is a store word). */
const OPENING_LOOKBACK = 2;

/** The keyword covering token `opening` of a descriptor: the longest starting there or at a noise word just before it and reaching past it ("SUPER ZOO ..."), or null. */
function openingKeyword(tokens: readonly string[], keywords: PhraseIndex<Rule>, opening: number): PhraseMatch<Rule> | null {
  let best = keywords.matchAt(tokens, opening);
  for (let at = Math.max(0, opening - OPENING_LOOKBACK); at < opening; at++) {
    const match = keywords.matchAt(tokens, at);
    if (match && match.end > opening && (best === null || match.end - match.start > best.end - best.start)) best = match;
  }
  return best;
}

/** The keyword starting last in tokens [from, end) that `accept` allows: a site's outlet is named last ("HOTEL AMBIENTE - KAVARNA": a café, "Ambiente" is the hotel's name), or null. */
function lastKeyword(tokens: readonly string[], keywords: PhraseIndex<Rule>, from: number, end: number, accept: (rule: Rule, at: number) => boolean): PhraseMatch<Rule> | null {
  for (let at = end - 1; at >= from; at--) {
    const match = keywords.matchAt(tokens, at);
    if (match !== null && accept(match.value, at)) return match;
  }
  return null;
}

/** Restaurants, cafés and fast food: an outlet a brand's site runs beside its own business (a store's restaurant). */
const EATING_OUT_CATEGORY = 4;

/**
 * The word of an outlet that a brand's site runs beside its own business, named in its descriptor after the brand's name (tokens from
 * `from`) and before the first number (a store's number, after which a town may be a word: "IDEA 27 BAR MNE"), the one named last: a
 * restaurant, café or snack bar, or a fuel station ("IKEA BRATISLAVA RESTAURACIA": 401, "TESCO PFS 3172": 501; round 31); not a town's
 * word; null when none, or when the brand is of that kind itself.
 */
function outletAfterBrand(tokens: readonly string[], keywords: PhraseIndex<Rule>, from: number, end: number, merchant: Merchant, amount: number, person: boolean): PhraseMatch<Rule> | null {
  if (from < 0 || merchant.sub.categoryId === EATING_OUT_CATEGORY || merchant.sub.id === FUEL_SUBCATEGORY) return null;
  let stop = from;
  while (stop < end && !hasDigit(tokens[stop]!)) stop++;
  return lastKeyword(tokens, keywords, from, stop, (r, at) => (r.sub.categoryId === EATING_OUT_CATEGORY || r.sub.id === FUEL_SUBCATEGORY) && r.reversal !== true && keywordCounts(r, amount, person) && !placeAround(tokens, at));
}

/** Index of the first token from `from` that is a town, a country or holds a digit: where a descriptor's name ends (`tokens.length` when none). */
function endOfName(tokens: readonly string[], from: number): number {
  for (let at = from; at < tokens.length; at++) if (hasDigit(tokens[at]!) || placeAt(tokens, at)) return at;
  return tokens.length;
}

/** Whether `match` covers token `at` (a descriptor's opening keyword). */
const covers = (match: PhraseMatch<Rule>, at: number): boolean => match.start <= at && match.end > at;

/** Most words of a name before a card descriptor's word of a kind of business that still let that word name the payee's kind ("GORENJSKE LEKARNE"). */
const NAME_WORDS_BEFORE_KIND = 2;

/**
 * Whether `match`, a card text's keyword, names the kind of its descriptor (tokens from `opening` to `end`) although it does not open it: one or two
 * words of a name before it, none a number, a place or a keyword ("GORENJSKE LEKARNE, BLED, SI": a pharmacy whatever MCC its terminal reports,
 * "REGIONALNI MUZEUM V MIKULOVE"; round 30).
 */
function leadsDescriptor(tokens: readonly string[], match: PhraseMatch<Rule>, opening: number, end: number): boolean {
  if (match.start <= opening || match.start >= end || match.start - opening > NAME_WORDS_BEFORE_KIND) return false;
  for (let at = opening; at < match.start; at++) if (hasDigit(tokens[at]!) || placeAt(tokens, at) !== null || counterPartyKeywords.matchAt(tokens, at) !== null) return false;
  return true;
}

/**
 * Whether a keyword rule means something for the direction of `amount` and, for a person, is of a `people` subcategory (not words saying only
 * "for children", nor a rule marked `people: false`) or counts for people itself (a bank loan repaid to an account named after its holder; money
 * received with words of its `personIncomingId`: a guest paying for a stay); a rule marked `people: "only"` (family words) counts for nobody else.
 */
function keywordCounts(rule: Rule, amount: number, person: boolean): boolean {
  // Words saying only for whom ("pre deti", "für Kinder") make no payment to a person one for children's activities: a gift is a gift.
  const forPerson = rule.people === true || rule.people === 'only' || (rule.sub.people === true && rule.children !== true && rule.people !== false) || (amount > 0 && rule.personIncomingId !== undefined);
  return (person ? forPerson : rule.people !== 'only') && appliesTo(rule.sub, amount);
}

/** Whether a keyword rule names a service sold on the side (taxonomy `soldByShops`: a subscription, a game pass, cash back; or the rule's own flag: a top-up, a vignette, a car wash). */
const soldOnTheSide = (rule: Rule): boolean => rule.sub.soldByShops === true || rule.soldByShops === true;

/** Whether a merchant of `sub` is a service shops, tobacconists and fuel stations sell on the side (taxonomy `soldByShops`; a keyword rule's: an operator's top-up, "- ALDI TALK AUFLADUNG" at Aldi). */
export const soldBesides = (sub: Subcategory): boolean => sub.soldByShops === true || soldSubcategories.has(sub.id);

/** `soldOnTheSide` for a rule that counts for `amount`. */
const soldByShops = (rule: Rule, amount: number, person: boolean): boolean => soldOnTheSide(rule) && keywordCounts(rule, amount, person);

/** Whether `tokens` hold, from token `from` (after the seller's name), a keyword of the seller's category `categoryId` that is no service sold on the side: goods of the seller. */
function goodsIn(tokens: readonly string[], keywords: PhraseIndex<Rule>, from: number, categoryId: number): boolean {
  return keywords.longestMatch(tokens, (r, at) => r.sub.categoryId === categoryId && at >= from && !soldOnTheSide(r)) !== null;
}

/** Whether `tokens` hold a keyword of category `categoryId` ("lekarna" for a pharmacy chain). */
export const hasCategoryKeyword = (tokens: readonly string[], categoryId: number): boolean =>
  counterPartyKeywords.longestMatch(tokens, (r) => r.sub.categoryId === categoryId) !== null;

/** Whether `tokens` hold a keyword of a service sold on the side of category `categoryId` ("DOBITI ... KUPON": a phone top-up, 7). */
export const soldKeywordOf = (tokens: readonly string[], categoryId: number): boolean =>
  counterPartyKeywords.longestMatch(tokens, (r) => r.sub.categoryId === categoryId && soldOnTheSide(r)) !== null;

/** Whether `tokens` hold money-back words (a keyword rule marked `reversal`: "chargeback", "storno", "vrácení peněz"). */
export const hasMoneyBackWords = (tokens: readonly string[]): boolean => noteKeywords.longestMatch(tokens, (r) => r.reversal === true) !== null;

/** Whether `tokens` hold a counterparty keyword of any category (a word of a kind of business: "caffe bar", "gelateria"; not a surname such as "Bäcker"). */
export const hasKeyword = (tokens: readonly string[]): boolean => counterPartyKeywords.longestMatch(tokens, (_, at) => !isKindSurname(tokens[at]!)) !== null;

/**
 * The category and subcategory of the counterparty keyword starting at token `at` ("BAR" in "ORANGE BAR": 4, 403), where it ends, the
 * abbreviation a name opening with it is shown by and whether the initials of the rest follow it; null when none starts there.
 */
export function keywordCategoryAt(tokens: readonly string[], at: number): { categoryId: number; subcategoryId: number; end: number; abbreviation?: string; initials?: boolean } | null {
  const match = at < tokens.length ? counterPartyKeywords.matchAt(tokens, at) : null;
  if (!match) return null;
  const { sub, abbreviation, initials } = match.value;
  if (abbreviation === undefined) return { categoryId: sub.categoryId, subcategoryId: sub.id, end: match.end };
  return initials === true ? { categoryId: sub.categoryId, subcategoryId: sub.id, end: match.end, abbreviation, initials } : { categoryId: sub.categoryId, subcategoryId: sub.id, end: match.end, abbreviation };
}

/** The category of the word of a kind of business starting at token `at` and where it ends ("CAMPING" of "CAMPING BELLA ITALIA": 10), not words of money back or of a service sold on the side ("CHARGEBACK", "CASH BACK"); null when none starts there. */
export function businessKindAt(tokens: readonly string[], at: number): { categoryId: number; end: number } | null {
  const match = at < tokens.length ? counterPartyKeywords.matchAt(tokens, at) : null;
  return match === null || match.value.reversal === true || soldOnTheSide(match.value) ? null : { categoryId: match.value.sub.categoryId, end: match.end };
}

/** How many of `tokens` come before the money-back words ending them, which a bank may put after a card text ("… TALLINN EE REFUND", "… KUSTERDINGEN DE RUECKERSTATTUNG RUECKSENDUNG"). */
export function beforeMoneyBackWords(tokens: readonly string[]): number {
  let end = tokens.length;
  for (let at = end - 1; at >= 0; at--) {
    const match = noteKeywords.matchAt(tokens, at);
    if (match !== null && match.end === end && match.value.reversal === true) end = at;
  }
  return end;
}

/** Whether a counterparty's `tokens` open with a public authority's word ("Magistrát", "Obec", "Hlavné mesto"): no merchant. */
export function isAuthority(tokens: readonly string[]): boolean {
  const opening = firstSignificant(tokens, 0, tokens.length);
  return opening < tokens.length && counterPartyKeywords.matchAt(tokens, opening)?.value.authority === true;
}

/** Categories of shops selling goods of every kind (groceries, shopping): what the note says was bought outranks them. */
export const RETAIL_CATEGORIES: ReadonlySet<number> = new Set([3, 6]);
/** Fuel stations sell services on the side too (a car wash, a vignette, a top-up). */
const FUEL_SUBCATEGORY = 501;
/** Whether a payee of subcategory `sub` sells services on the side that a card text may name after its name (a shop, a tobacconist, a fuel station). */
export const sellsOnTheSide = (sub: Subcategory): boolean => RETAIL_CATEGORIES.has(sub.categoryId) || sub.id === FUEL_SUBCATEGORY;
/** Housing utilities (energy, water, telecoms, licences, municipal fees). */
const UTILITIES_CATEGORY = 7;
/** Insurance: an insurer sells policies of every kind, and the payer's note names the one paid (round 33). */
const INSURANCE_CATEGORY = 16;
/** Categories whose payees serve several kinds of one category: the payer's note says which was paid (a utility's water or heat, an insurer's home or car policy). */
const MULTI_KIND_CATEGORIES: ReadonlySet<number> = new Set([UTILITIES_CATEGORY, INSURANCE_CATEGORY]);
/** Groceries: a supermarket chain whose sites also sell fuel, coffee or medicine under their own MCC. */
const SUPERMARKET_CATEGORY = 3;

/** A word for a kind of business in the payee's descriptor, the counterparty's or a card text's (business-kinds.ts), or null. */
function businessKind(input: CategoryInput, cpOpening: number, noteOpening: number): Subcategory | null {
  const inCounterParty = businessKindIn(input.counterPartyTokens, cpOpening, input.counterPartyTokens.length);
  if (inCounterParty !== null || !input.noteIsCardText) return inCounterParty;
  return businessKindIn(input.noteTokens, noteOpening, input.noteDescriptorEnd ?? input.noteTokens.length);
}

/**
 * The subcategory of one transaction (never null: the fallbacks catch the rest). Signals in
 * order of trust: what the payer's note says was bought from a shop (a subscription sold by an
 * electronics shop, cash back at a supermarket); the payee - a known merchant, else the
 * business word opening the descriptor ("VETERINARNI KLINIKA ...") - whatever MCC its terminal
 * reports, except a supermarket chain, whose sites' MCCs (a fuel station) outrank it; the MCC;
 * the other keywords of the counterparty and the note; a merchant the note
 * names as a hint; the bank's category; the constant symbol; a person. What a seller's card text
 * says it sold on the side also chooses the subcategory inside its category (a car wash at a
 * fuel station).
 */
export function categorise(input: CategoryInput): Subcategory {
  const { amount, person, mcc } = input;
  const signals: Signal[] = [];
  const merchant = input.counterPartyMerchant ?? input.noteMerchant;
  const cpTokens = input.counterPartyTokens;
  const cpOpening = cpTokens.length === 0 ? 0 : firstSignificant(cpTokens, 0, cpTokens.length);
  const counterPartyKeyword = keywordIn(cpTokens, counterPartyKeywords, amount, person, cpOpening);
  const noteTokens = input.noteTokens;
  const cardNote = input.noteIsCardText;
  // A payee named in the counterparty charges its own fees: a bank's charge words in the note are not the bank's then.
  const named = cpOpening < cpTokens.length;
  const noteOpening = cardNote && noteTokens.length > 0 ? firstSignificant(noteTokens, 0, noteTokens.length) : noteTokens.length;
  const noteKeyword = keywordIn(noteTokens, noteKeywords, amount, person, noteOpening, named);
  // Money-back words ("Gutschrift", "storno") beside the kind of what was bought ("Gutschrift Kartenzahlung THERME WIEN"): that purchase is reversed.
  // The purchase is of another kind than the money-back words' own ("vrácení nespotřebovaného pojistného – zánik PZP": the car policy, not any insurance).
  const notePurchase = noteKeyword?.value.reversal === true ? keywordIn(noteTokens, noteKeywords, amount, person, noteTokens.length, named, (r, a, p) => r.reversal !== true && r.sub !== noteKeyword.value.sub && keywordCounts(r, a, p)) : null;
  const shop = merchant !== null && RETAIL_CATEGORIES.has(merchant.sub.categoryId);
  const bought = shop && !cardNote;
  const opens = counterPartyKeyword !== null && covers(counterPartyKeyword, cpOpening);
  // A bank's card text names the payee when the counterparty names no one: the word of a kind of business opening its descriptor ("Nákup: LEKARNA U ZLATEHO HADA, ...") is the payee's kind.
  const noteOpens = cardNote && !named && !opens && noteKeyword !== null && (covers(noteKeyword, noteOpening) || leadsDescriptor(noteTokens, noteKeyword, noteOpening, input.noteDescriptorEnd ?? noteTokens.length));
  const payeeWord = opens ? counterPartyKeyword : noteOpens ? noteKeyword : null;
  const hint = input.noteHint && !person ? input.noteHint : null;
  const seller = merchant !== null ? sellsOnTheSide(merchant.sub) : payeeWord !== null && sellsOnTheSide(payeeWord.value.sub);
  if (bought) {
    if (hint) push(signals, amount, hint.sub, 1, hint.incomingSubcategoryId);
    pushKeyword(signals, amount, noteKeyword);
    pushKeyword(signals, amount, notePurchase);
  } else if (seller && (cardNote || mcc !== undefined)) {
    // A seller's card text naming a service it sold on the side ("DATART ..., CZ - XBOX GAME PASS 3 MESICE", "CASH BACK 1000,00 CZK",
    // "MOL 4410 - MYTI VOZU"), in the note or in a counterparty holding the card text ("TESCO HM 2371, OSTRAVA, CZ - CASH BACK 1000,00 CZK"),
    // unless words of the seller's own goods beside its name say goods were bought ("ALZA.CZ, ... - HERNI KONZOLE XBOX").
    const sellerCategory = merchant?.sub.categoryId ?? payeeWord!.value.sub.categoryId;
    const inNote = cardNote ? keywordIn(noteTokens, noteKeywords, amount, person, noteTokens.length, named, soldByShops) : null;
    // In a counterparty, what was sold follows the seller's name, which ends at its town, its first number or what it names as sold.
    const inCounterParty = inNote ? null : keywordIn(cpTokens, counterPartyKeywords, amount, person, cpTokens.length, named, soldByShops);
    // A known seller named elsewhere in the text may follow the service it sold ("AUTOPALYA MATRICA MOL").
    const soldInCounterParty = inCounterParty !== null && (inCounterParty.start > cpOpening || merchant !== null) ? inCounterParty : null;
    const sold = inNote ?? soldInCounterParty;
    const nameEnd = Math.min(endOfName(cpTokens, cpOpening + 1), soldInCounterParty?.start ?? cpTokens.length);
    const goods = (cardNote && goodsIn(noteTokens, noteKeywords, input.noteDescriptorEnd ?? 0, sellerCategory)) || goodsIn(cpTokens, counterPartyKeywords, nameEnd, sellerCategory);
    if ((sold !== null || hint?.sub.soldByShops === true) && !goods) {
      if (hint?.sub.soldByShops === true) push(signals, amount, hint.sub, 1, hint.incomingSubcategoryId);
      pushKeyword(signals, amount, sold);
      // What the seller sold on the side alone chooses the subcategory when it decides.
      for (const c of signals) c.sold = true;
    }
  }
  // A utility serving several kinds (Veolia: water and heat) is paid for the one its bill's note names ("záloha teplo a TUV").
  // So is an insurer for the policy its note names ("DIRECT pojišťovna" / "pojištění domácnosti": home insurance; since round 33), unless the note's word is the catch-all one.
  const multiKindNote = merchant !== null && MULTI_KIND_CATEGORIES.has(merchant.sub.categoryId) && !cardNote && noteKeyword !== null && noteKeyword.value.sub.categoryId === merchant.sub.categoryId && noteKeyword.value.sub.generic !== true && noteKeyword.value.reversal !== true;
  if (multiKindNote) pushKeyword(signals, amount, noteKeyword);
  // A supermarket chain's site runs other businesses too (a fuel station, a café): there its MCC says which was paid.
  const payeeFirst = merchant !== null && merchant.sub.categoryId !== SUPERMARKET_CATEGORY;
  // Money back of what the merchant itself sells (an insurer's "vrácení nespotřebovaného pojistného": premium returned) is that purchase
  // reversed, not the merchant's own kind of money received (an insurer's claim, 104); so for a payee known by its kind's word (since round 31:
  // a health insurer's "preplatok z ročného zúčtovania poistného" is contributions paid back, not a benefit).
  const moneyBackOf = (categoryId: number): boolean => noteKeyword?.value.reversal === true && noteKeyword.value.sub.categoryId === categoryId;
  const ownMoneyBack = merchant !== null && moneyBackOf(merchant.sub.categoryId);
  const merchantIncoming = ownMoneyBack ? undefined : merchant?.incomingSubcategoryId;
  // A brand's site runs an outlet of another kind, which its descriptor names after the brand: that outlet was paid (a store's restaurant).
  const merchantEnd = input.merchantEnd ?? -1;
  const outlet = merchant === null || multiKindNote ? null : input.counterPartyMerchant !== null ? outletAfterBrand(cpTokens, counterPartyKeywords, merchantEnd, cpTokens.length, merchant, amount, person) : cardNote ? outletAfterBrand(noteTokens, noteKeywords, merchantEnd, input.noteDescriptorEnd ?? noteTokens.length, merchant, amount, person) : null;
  pushKeyword(signals, amount, outlet);
  if (merchant && payeeFirst && !multiKindNote) push(signals, amount, merchant.sub, 2, merchantIncoming, false, ownMoneyBack);
  // A later word of the payee's descriptor: of the category its specific MCC confirms, a site's outlet, which outranks the site's kind ("HOTEL GUSTAV
  // MAHLER - RESTAURACE" with a restaurant's MCC); of the payee word's own category when that names only the category ("ULAZNICE PLITVICE": a national park).
  const laterCategory = payeeWord === null ? null : payeeWord.value.categoryOnly === true ? payeeWord.value.sub.categoryId : mcc && !mcc.generic && mcc.sub.categoryId !== payeeWord.value.sub.categoryId ? mcc.sub.categoryId : null;
  // A utility paid by card is paid at one of its sites (a town's Stadtwerke run car parks, pools, buses): a later word of another category names it ("STADTWERKE ROSENHEIM PARKHAUS").
  const utilitySite = laterCategory === null && payeeWord !== null && payeeWord.value.sub.categoryId === UTILITIES_CATEGORY && (cardNote || mcc !== undefined);
  if (payeeWord && (laterCategory !== null || utilitySite)) {
    // In a card text, what a dash after the town names ("HOTEL PODHRADI, BRNO, CZ - KAVARNA") is such an outlet too when the MCC confirms it.
    const confirmed = payeeWord.value.categoryOnly !== true && laterCategory !== null;
    const [tokens, keywords, end] = opens ? [cpTokens, counterPartyKeywords, cpTokens.length] : [noteTokens, noteKeywords, confirmed ? noteTokens.length : (input.noteDescriptorEnd ?? noteTokens.length)];
    const later = (id: number): boolean => (laterCategory === null ? id !== UTILITIES_CATEGORY : id === laterCategory);
    pushKeyword(signals, amount, lastKeyword(tokens, keywords, payeeWord.end, end, (r, at) => later(r.sub.categoryId) && r.categoryOnly !== true && keywordCounts(r, amount, person) && !placeAround(tokens, at)));
  }
  pushKeyword(signals, amount, payeeWord, false, person, payeeWord !== null && moneyBackOf(payeeWord.value.sub.categoryId));
  if (mcc) push(signals, amount, mcc.sub, 0, undefined, mcc.generic);
  if (merchant && !payeeFirst) push(signals, amount, merchant.sub, 2, merchantIncoming, false, ownMoneyBack);
  if (!opens) pushKeyword(signals, amount, counterPartyKeyword, false, person);
  if (!bought) {
    if (!noteOpens) pushKeyword(signals, amount, noteKeyword, !cardNote, person);
    pushKeyword(signals, amount, notePurchase);
    if (hint) push(signals, amount, hint.sub, 1, hint.incomingSubcategoryId);
  }
  if (input.externalCategoryName) {
    const external = externalCategories.get(tokenize(input.externalCategoryName).join(' '));
    push(signals, amount, external, 0, undefined, false, external === refunds);
  }
  if (input.constantSymbol && SYMBOL.test(input.constantSymbol)) push(signals, amount, constantSymbols.get(input.constantSymbol.padStart(4, '0')), 0);
  if (person) push(signals, amount, personSubcategory, 0);

  const trusted = signals.find((c) => !c.weak) ?? signals[0];
  // The more specific kind of one payment outranks it in the other text too ("ELEKTRO HAVLIK s.r.o." / "FA ... elektroinstalace": an electrician).
  const first = trusted === undefined ? undefined : (signals.find((c) => !c.weak && c.outranks?.has(trusted.sub.id) === true) ?? trusted);
  if (!first) return amount > 0 ? fallback.incoming : (businessKind(input, cpOpening, noteOpening) ?? (input.storeAbroad === true ? fallback.storeAbroad : fallback.outgoing));
  // Money back from a purchase (a refund, a reversal) keeps the category of the purchase.
  const purchase = signals.find((c) => c.reverses);
  const reversal = purchase !== undefined && (first.reverses === true || first.moneyBack === true);
  const decider = reversal ? purchase : first;
  let best: Signal | undefined;
  for (const c of signals) {
    // What a seller's text says it sold is chosen among what it says it sold (a car wash at a fuel station: 506, not the station's 501).
    if ((reversal ? !c.reverses : c.weak) || (c.sub.generic && c.own !== true) || c.sub.categoryId !== decider.sub.categoryId || (decider.sold === true && c.sold !== true)) continue;
    if (!best || c.words > best.words || (best.vague === true && c.vague !== true && c.words === best.words) || (c.words === 1 && best.words === 1 && c.paidFor === true && c.span! >= best.span!)) best = c;
  }
  const sub = (best ?? decider).sub;
  if (sub.forChildren === undefined) return sub;
  // A payment for children stays one: a children's word, or a keyword of the children's subcategory beside this one ("Školka ..." / "školné"),
  // also in a note whose longer or earlier keyword of this one decided it ("stravné MŠ 06/2026": the kindergarten's meals; not a town, "Tábor").
  const forChildren = sub.forChildren;
  const childrenKeyword = (r: Rule, at: number): boolean => r.sub.id === forChildren && keywordCounts(r, amount, person) && !placeAround(noteTokens, at);
  if (childrenWords.longestMatch(cpTokens) || childrenWords.longestMatch(noteTokens) || signals.some((c) => c.words > 0 && !c.weak && c.sub.id === forChildren) || noteKeywords.longestMatch(noteTokens, childrenKeyword)) return subcategory(forChildren);
  return sub;
}
