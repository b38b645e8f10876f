/**
 * Merchant recognition (spec "Transaction", enrichment.merchant; docs/categories.md): a
 * counterparty or card descriptor is normalised (text.ts) and matched against the merchant list
 * in data/merchants.json, whose ids are stable UUIDs. `NAME *rest` prefixes of payment processors
 * (data: processors) are cut off and the rest is matched; a processor that is itself the
 * merchant of record (GOOGLE *, APPLE.COM *) stands in when the rest is unknown. Aliases match
 * anywhere at word boundaries; exact aliases (ordinary words, short names) only when the rest of
 * the text is noise (data/descriptor-noise.json: cities, countries, legal forms, payment words,
 * tokens with digits) or when the alias opens the text and a token with a digit follows it
 * ("SHELL 0412 <any town>"). Of several matches the longest wins. No match: null, never a guess.
 */
import { readData } from './data.ts';
import { subcategory, type Subcategory } from './taxonomy.ts';
import { hasDigit, PhraseIndex, tokenize } from './text.ts';

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
  view: MerchantView;
}

interface MerchantsFile {
  processors: { prefix: string; merchantOfRecordKey: string | null }[];
  merchants: { id: string; key: string; name: string; subcategoryId: number; incomingSubcategoryId?: number; intermediary?: boolean; aliases: string[]; exactAliases: string[] }[];
}

interface NoiseFile {
  [group: string]: string[] | string;
}

const file = readData<MerchantsFile>('merchants.json');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const byKey = new Map<string, Merchant>();
const aliases = new PhraseIndex<Merchant>();
const exactAliases = new PhraseIndex<Merchant>();
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
    view: Object.freeze({ id: entry.id, name: entry.name }),
    ...(entry.incomingSubcategoryId === undefined ? {} : { incomingSubcategoryId: entry.incomingSubcategoryId }),
  };
  byKey.set(entry.key, merchant);
  for (const alias of entry.aliases) aliases.add(alias, merchant);
  for (const alias of entry.exactAliases) exactAliases.add(alias, merchant);
}
if (new Set(file.merchants.map((m) => m.id)).size !== file.merchants.length) throw new Error('merchants.json: duplicate id');

const processors = new Map<string, Merchant | null>();
for (const p of file.processors) {
  const mor = p.merchantOfRecordKey === null ? null : byKey.get(p.merchantOfRecordKey);
  if (mor === undefined) throw new Error(`merchants.json processor ${p.prefix}: unknown merchantOfRecordKey`);
  processors.set(tokenize(p.prefix).join(' '), mor);
}

const noise = new PhraseIndex<true>();
for (const [group, words] of Object.entries(readData<NoiseFile>('descriptor-noise.json'))) {
  if (!group.startsWith('$') && Array.isArray(words)) for (const word of words) noise.add(word, true);
}

/** The merchant with `key` (data handle), or undefined. */
export const merchantByKey = (key: string): Merchant | undefined => byKey.get(key);

/** Every merchant of the list. */
export const allMerchants = (): Merchant[] => [...byKey.values()];

/** True when every token outside [start, end) is noise. */
function restIsNoise(tokens: readonly string[], start: number, end: number): boolean {
  for (let at = 0; at < tokens.length; ) {
    if (at >= start && at < end) {
      at = end;
      continue;
    }
    if (hasDigit(tokens[at]!)) {
      at++;
      continue;
    }
    const match = noise.matchAt(tokens, at);
    if (!match || (at < start && match.end > start)) return false;
    at = match.end;
  }
  return true;
}

/** Tokens of a text, with the processor its `NAME *` prefix names (undefined: none). */
export interface AnalysedText {
  tokens: string[];
  processor: Merchant | null | undefined;
}

const STAR_PREFIX = /^\s*([^*]{1,24}?)\s*\*\s*/;

/** Splits off a payment processor's `NAME *` prefix and tokenizes the rest. */
export function analyse(text: string): AnalysedText {
  const star = text.includes('*') ? STAR_PREFIX.exec(text) : null;
  if (star) {
    const prefix = tokenize(star[1]!).join(' ');
    if (processors.has(prefix)) return { tokens: tokenize(text.slice(star[0].length)), processor: processors.get(prefix) };
  }
  return { tokens: tokenize(text), processor: undefined };
}

/** The merchant a counterparty or descriptor names, or null. */
export function recognise(text: AnalysedText): Merchant | null {
  const { tokens } = text;
  let best = aliases.longestMatch(tokens);
  for (let at = 0; at < tokens.length; at++) {
    const exact = exactAliases.matchAt(tokens, at);
    if (!exact || (best && exact.end - exact.start <= best.end - best.start)) continue;
    const opensWithTerminal = exact.start === 0 && exact.end < tokens.length && hasDigit(tokens[exact.end]!);
    if (opensWithTerminal || restIsNoise(tokens, exact.start, exact.end)) best = exact;
  }
  return best?.value ?? text.processor ?? null;
}

/** Where a transaction's merchant was recognised. */
export interface MerchantMatch {
  merchant: Merchant;
  inCounterParty: boolean;
}

/** The merchant of a transaction: from the counterparty, else the note; an intermediary yields to a merchant the note names. */
export function merchantOf(counterParty: AnalysedText, note: AnalysedText): MerchantMatch | null {
  const fromCounterParty = recognise(counterParty);
  if (fromCounterParty && !fromCounterParty.intermediary) return { merchant: fromCounterParty, inCounterParty: true };
  const fromNote = recognise(note);
  if (fromNote) return { merchant: fromNote, inCounterParty: false };
  return fromCounterParty ? { merchant: fromCounterParty, inCounterParty: true } : null;
}

/**
 * Recurrence key of a payee without a known merchant: the counterparty's tokens without noise
 * and digits, else the note's; null when nothing is left.
 */
export function payeeWords(counterParty: AnalysedText, note: AnalysedText): string | null {
  return significant(counterParty.tokens) ?? significant(note.tokens);
}

function significant(tokens: readonly string[]): string | null {
  const kept: string[] = [];
  for (let at = 0; at < tokens.length; ) {
    const token = tokens[at]!;
    const match = hasDigit(token) ? null : noise.matchAt(tokens, at);
    if (match) at = match.end;
    else {
      if (!hasDigit(token)) kept.push(token);
      at++;
    }
  }
  return kept.length ? kept.join(' ') : null;
}
