/**
 * The SimpleFIN Account Set (simplefin.org/protocol.html "Account Set", "Account",
 * "Transaction", "Organization") built from bankdata's accounts and transactions. Pure functions,
 * no I/O. Amounts are numbers in the account currency; SimpleFIN wants decimal strings, written
 * here with the currency's minor units (EUR "12.30", JPY "1230") without float artefacts; times
 * are unix seconds.
 */
import type { Enrichment } from '../enrichment/enrich.ts';
import type { ServedAccount, ServedTransaction } from './simplefin.repository.ts';

export interface SfinOrganization {
  domain: string;
  name: string;
  'sfin-url': string;
  id: string;
}

export interface SfinTransaction {
  id: string;
  /** Booking time (unix seconds); 0 while pending. */
  posted: number;
  amount: string;
  description: string;
  payee: string;
  memo: string;
  transacted_at: number;
  pending: boolean;
}

export interface SfinAccount {
  org: SfinOrganization;
  id: string;
  name: string;
  currency: string;
  balance: string;
  'available-balance': string;
  'balance-date': number;
  transactions: SfinTransaction[];
}

export interface SfinAccountSet {
  errors: string[];
  accounts: SfinAccount[];
}

/** Where the served data comes from: the access URL's root and its host. */
export interface SfinServer {
  /** `{BANKDATA_BASE_URL}/simplefin`, without credentials. */
  sfinUrl: string;
  domain: string;
}

const minorUnitsCache = new Map<string, number>();

/** Minor units of an ISO 4217 currency (EUR 2, JPY 0, BHD 3); 2 for a code Intl does not know. */
export function minorUnits(currency: string): number {
  let digits = minorUnitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    minorUnitsCache.set(currency, digits);
  }
  return digits;
}

/**
 * `amount` as a SimpleFIN decimal string with the currency's minor units: -12.3 EUR -> "-12.30",
 * 0.1 + 0.2 EUR -> "0.30", 1500 JPY -> "1500"; never "-0.00".
 */
export function decimalString(amount: number, currency: string): string {
  const text = amount.toFixed(minorUnits(currency));
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/** The payment references of a transaction ("VS 843 KS 0308 RF18539007547034"), or "". */
function memoOf(details: Record<string, string | null>): string {
  const parts = [
    details.variableSymbol ? `VS ${details.variableSymbol}` : null,
    details.constantSymbol ? `KS ${details.constantSymbol}` : null,
    details.specificSymbol ? `SS ${details.specificSymbol}` : null,
    details.creditorReference,
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * One transaction: `id` is ours (kept when a pending transaction books), `posted` 0 while
 * Uncleared, `payee` the enrichment merchant's name when `withMerchants` and known, else the
 * counterparty; `description` the note.
 */
export function toSfinTransaction(t: ServedTransaction, currency: string, withMerchants: boolean): SfinTransaction {
  const pending = t.recordState === 'Uncleared';
  const merchant = withMerchants ? (t.enrichment as Enrichment | null)?.merchant?.name : undefined;
  return {
    id: t.id,
    posted: pending ? 0 : seconds(t.recordDate),
    amount: decimalString(t.amount, currency),
    description: t.note,
    payee: merchant || t.counterParty,
    memo: memoOf(t.details),
    transacted_at: seconds(t.recordDate),
    pending,
  };
}

/** One account with its bank as `org`; `available-balance` is the balance (bankdata keeps one). */
export function toSfinAccount(a: ServedAccount, server: SfinServer, transactions: SfinTransaction[]): SfinAccount {
  const balance = decimalString(a.balance, a.currencyCode);
  return {
    org: { domain: server.domain, name: a.providerName, 'sfin-url': server.sfinUrl, id: a.providerId },
    id: a.id,
    name: a.name,
    currency: a.currencyCode,
    balance,
    'available-balance': balance,
    'balance-date': seconds(a.updatedAt),
    transactions,
  };
}

/**
 * The human messages for connections that need the user: for each Inactive connection among
 * `accounts`, the SimpleFIN Bridge's own wording (`Connection to {bank} may need attention`,
 * which apps such as Actual Budget recognise) and the reason with the date of the data served.
 */
export function attentionErrors(accounts: ServedAccount[]): string[] {
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const a of accounts) {
    if (a.connectionState !== 'Inactive' || seen.has(a.connectionId)) continue;
    seen.add(a.connectionId);
    const reason = a.errorDesc ?? 'The bank consent is no longer active';
    errors.push(`Connection to ${a.providerName} may need attention`);
    errors.push(`${a.providerName}: ${reason}. Balances and transactions are as of ${a.updatedAt.toISOString().slice(0, 10)}; reconnect the bank to resume updates.`);
  }
  return errors;
}
