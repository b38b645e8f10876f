/**
 * Enrichment of transactions (spec "Transaction", "enrichment" table; docs/categories.md):
 * category (categorise.ts), merchant (merchants.ts) and recurrence (recurrence.ts). Pure
 * functions over the bank's fields, no I/O: `enrichTransaction` for one transaction (recurrent
 * still false), `enrichAll` for an account's transactions including recurrence and money back
 * that takes its purchase's category (`withRefunds`).
 */
import { categorise, hasMoneyBackWords, isAuthority, mccRule, RETAIL_CATEGORIES } from './categorise.ts';
import { descriptorMerchant } from './descriptor-merchants.ts';
import { analyse, cardIssuer, payeeDescriptor, payeeOf, payeeWords, storeAbroad, type Merchant, type MerchantView } from './merchants.ts';
import { firstSignificant, framedName, hasLegalForm, unframed } from './noise.ts';
import { notePurpose, recurrentFlags, type RecurrenceItem } from './recurrence.ts';
import { refunds, subcategory, type CategoryView } from './taxonomy.ts';
import { tokenize } from './text.ts';

/** A transaction's enrichment as the API serves it (spec "enrichment" table). */
export interface Enrichment {
  category: CategoryView;
  merchant: MerchantView | null;
  recurrent: boolean;
}

/** The bank fields enrichment reads (spec "Transaction"). Amount: negative = money spent. */
export interface EnrichmentInput {
  amount: number;
  note: string;
  counterParty: string;
  /** Bank details (spec "Transaction" details); only these three are read. */
  details: { mccCode?: string | null; constantSymbol?: string | null; externalCategoryName?: string | null };
}

/** Enrichment of one transaction and its payee key for recurrence (null: no payee to recognise). */
export interface EnrichedTransaction {
  enrichment: Enrichment;
  payeeKey: string | null;
  /** Money back that only says so, from a payee the list does not know: that payee, whose purchase in the account decides (`withRefunds`); else null. */
  refundOf?: MerchantView | null;
}

/** Categories whose payee is no merchant: transfers, cash, bank fees, taxes and public authorities (a known merchant still shows: cash-back at a supermarket). */
const NO_MERCHANT_CATEGORIES = new Set([12, 13, 14, 15]);
/** Investments and pension savings (of category 12) are paid to a business, a fund or pension company, which is named like any (round 32: "NN Penzijní společnost"). */
const INVESTMENTS = 1203;
/** Money received whose payer is no merchant: wages, pensions and benefits, business income (an employer, the state, a client - even a shop of the list). */
const NO_MERCHANT_INCOME = new Set([101, 102, 106]);
/** Reimbursements (104) name their payer only when it is an insurer paying a claim: an employer paying back expenses is no merchant. */
const REIMBURSEMENTS = 104;
const INSURANCE_CATEGORY = 16;
/** A fintech's own plan or account fee ("bunq Core subscription", "Premium plan fee") is a bank fee, and a bank's fee names no merchant. */
const BANK_FEES_CATEGORY = 14;
const FINTECH_SUBCATEGORY = 1204;
/**
 * Mortgages and loans repaid by transfer: the lender is the merchant when the list knows it or the
 * counterparty is a company (a legal form); a bare name is the holder's own loan account, named
 * after the holder or the loan product ("HYPOTEČNÍ ÚVĚR 2417735089"): no merchant.
 */
const LOAN_REPAYMENTS = new Set([202, 1801, 1802]);

/** A counterparty naming no one. */
const NOBODY = analyse('');

/** Whether a seller's text of what it sold opens with the seller's own name ("ALZAPLUS+ PREDPLATNE" at Alza.cz): the seller's own service. */
function ownService(seller: Merchant, soldText: string): boolean {
  const [brand] = tokenize(seller.name);
  const [sold] = tokenize(soldText);
  return brand !== undefined && sold !== undefined && sold.startsWith(brand);
}

/** The first words of written `text` that hold its first `count` tokens ("PACKETA SLOVAKIA" of "PACKETA SLOVAKIA BRATISLAVA", 2). */
function leadingWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/);
  let taken = 0;
  let held = 0;
  while (taken < words.length && held < count) held += tokenize(words[taken++]!).length;
  return words.slice(0, taken).join(' ');
}

/** Category, merchant and payee key of one transaction; `recurrent` is false until `withRecurrence`. */
export function enrichTransaction(t: EnrichmentInput): EnrichedTransaction {
  // A fintech's English framing of the note ("Sent money to Ivana Gregorová, nájom byt 06/2026"): its payee is the counterparty's name, its reference the note.
  // A fintech's framing of the counterparty ("To Österreichischer Alpenverein") frames the payee's name.
  const name = framedName(t.counterParty);
  const framed = unframed(t.note, name);
  const booked = analyse(framed !== null && name.trim() === '' ? framed.payee : name, undefined, true);
  // A note may be a bank's card text without a marker when the counterparty names no one ("DROGERIE U MOSTU, PARDUBICE, CZ").
  const unnamed = firstSignificant(booked.tokens, 0, booked.tokens.length) === booked.tokens.length;
  const note = analyse(framed?.reference ?? t.note, unnamed ? { mcc: Boolean(t.details.mccCode) } : undefined);
  // The card's issuer booking its card text (a chargeback paid back by the bank) names no payee: the card text does.
  const counterParty = cardIssuer(booked, note) ? NOBODY : booked;
  const mcc = mccRule(t.details.mccCode);
  const payee = payeeOf(counterParty, note, { mcc: Boolean(t.details.mccCode), mccCategoryId: mcc && !mcc.generic ? mcc.sub.categoryId : null });
  const { merchant } = payee;
  const sub = categorise({
    amount: t.amount,
    // A sole trader's card payment takes its MCC's category only when the MCC is specific (else: uncategorised spending).
    mcc: payee.soleTrader && mcc?.generic === true ? undefined : mcc,
    counterPartyTokens: counterParty.tokens,
    noteTokens: note.tokens,
    counterPartyMerchant: payee.inCounterParty ? merchant : null,
    noteMerchant: payee.inCounterParty ? null : merchant,
    noteHint: payee.noteHint,
    person: payee.person,
    noteIsCardText: note.card,
    noteDescriptorEnd: note.end,
    merchantEnd: payee.merchantEnd,
    externalCategoryName: t.details.externalCategoryName ?? null,
    constantSymbol: t.details.constantSymbol ?? null,
    storeAbroad: !t.details.mccCode && merchant === null && storeAbroad(counterParty, note),
  });
  // A shop's payer names the service it sold ("Předplatné Microsoft 365" at Alza): when the service decided the category, it is the merchant (naming rule 2).
  const sold = merchant !== null && payee.noteHint !== null && payee.noteHint.sub.categoryId === sub.categoryId ? payee.noteHint : null;
  // A shop's `NAME *` prefix before a service the list does not know ("NAY *NORTON 360"), when a service decided the category: named from the
  // text after the star - unless that text opens with the shop's own name (its own service, "ALZA.CZ *ALZAPLUS+ PREDPLATNE": the shop).
  const soldText = payee.inCounterParty ? counterParty.soldText : note.soldText;
  const unlisted = sold === null && merchant !== null && soldText !== '' && sub.soldByShops === true && sub.categoryId !== merchant.sub.categoryId && RETAIL_CATEGORIES.has(merchant.sub.categoryId) && !ownService(merchant, soldText) ? descriptorMerchant(soldText, true) : null;
  const words = merchant ? null : payeeWords(counterParty, note);
  const ownFee = sub.categoryId === BANK_FEES_CATEGORY && merchant?.sub.id === FINTECH_SUBCATEGORY;
  const shown = !ownFee && !NO_MERCHANT_INCOME.has(sub.id) && !(sub.id === REIMBURSEMENTS && t.amount > 0 && merchant?.sub.categoryId !== INSURANCE_CATEGORY);
  // Money back from a purchase (a utility's overpayment returned) names its payer like the purchase would.
  const purchase = t.amount < 0 || sub.direction === 'out';
  const ownLoan = LOAN_REPAYMENTS.has(sub.id) && !t.details.mccCode && !hasLegalForm(counterParty.tokens);
  const descriptor = merchant || !shown || ownLoan || (NO_MERCHANT_CATEGORIES.has(sub.categoryId) && sub.id !== INVESTMENTS) || isAuthority(counterParty.tokens) ? null : payeeDescriptor(counterParty, note, payee, Boolean(t.details.mccCode), purchase);
  // A brand's company in another country ("O2 Slovakia, s.r.o.") is named from the counterparty, with an id of its own.
  const view = payee.abroad > 0 ? descriptorMerchant(payee.abroad < counterParty.tokens.length ? leadingWords(counterParty.descriptor, payee.abroad) : counterParty.descriptor, false) : (unlisted ?? (sold ?? merchant)?.view ?? null);
  // Money back that only says so ("Chargeback: MOBILPOINT.CZ, ..."), from a payee the list does not know: its purchase decides (`withRefunds`).
  const moneyBack = sub === refunds && t.amount > 0 && view === null && (hasMoneyBackWords(note.tokens) || hasMoneyBackWords(counterParty.tokens)) ? payeeDescriptor(counterParty, note, payee, Boolean(t.details.mccCode), true) : null;
  return {
    enrichment: { category: sub.view, merchant: !shown ? null : (view ?? (descriptor === null ? null : descriptorMerchant(descriptor.descriptor, descriptor.card))), recurrent: false },
    payeeKey: view ? `m:${view.id}` : words === null ? null : `p:${words}`,
    refundOf: moneyBack === null ? null : descriptorMerchant(moneyBack.descriptor, moneyBack.card),
  };
}

/**
 * Money back that only says so, from a payee the list does not know (a chargeback of an e-shop, `refundOf`), takes the category of the
 * account's latest purchase from that payee before it, unless that is uncategorised (a budget wants the refund to offset the spending), and
 * names the payee like the purchase; returns the indexes whose enrichment changed.
 */
export function withRefunds(items: TimedEnrichment[]): number[] {
  const changed: number[] = [];
  items.forEach((item, index) => {
    const payee = item.refundOf;
    if (!payee) return;
    let purchase: TimedEnrichment | undefined;
    for (const other of items) if (other.amount < 0 && other.time <= item.time && other.enrichment.merchant?.id === payee.id && (purchase === undefined || other.time > purchase.time)) purchase = other;
    if (purchase === undefined || subcategory(purchase.enrichment.category.subcategoryId).generic === true) return;
    item.enrichment = { category: purchase.enrichment.category, merchant: payee, recurrent: item.enrichment.recurrent };
    changed.push(index);
  });
  return changed;
}

/** One transaction with its amount and time, for recurrence over an account. */
export interface TimedEnrichment extends EnrichedTransaction, RecurrenceItem {}

/** Sets `recurrent` on every item (same order) from the whole list; returns the indexes whose flag changed. */
export function withRecurrence(items: TimedEnrichment[]): number[] {
  const flags = recurrentFlags(items);
  const changed: number[] = [];
  flags.forEach((flag, index) => {
    const item = items[index]!;
    if (item.enrichment.recurrent !== flag) {
      item.enrichment = { ...item.enrichment, recurrent: flag };
      changed.push(index);
    }
  });
  return changed;
}

/** Enrichment of an account's transactions, recurrence included (same order). */
export function enrichAll<T extends EnrichmentInput & { recordDate: Date }>(transactions: readonly T[]): Enrichment[] {
  // One object literal of one shape per item (not a spread of the result: that halved throughput, the items' shapes varying for recurrence).
  const items = transactions.map((t) => {
    const { enrichment, payeeKey, refundOf } = enrichTransaction(t);
    return { enrichment, payeeKey, refundOf, time: t.recordDate.getTime(), amount: t.amount, purpose: notePurpose(t.note) };
  });
  withRefunds(items);
  withRecurrence(items);
  return items.map((i) => i.enrichment);
}
