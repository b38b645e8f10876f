/**
 * XS2A account and transaction bodies -> the connector interface's BankAccount / BankTransaction
 * (issue 13 "data"; the table in docs/live.md "Field mapping"). Amounts are numbers in the account
 * currency with the bank's sign; dates are the bank's ISO dates at 00:00 UTC.
 */
import { createHash } from 'node:crypto';
import type { BankAccount, BankTransaction, BankTransactionDetails } from '../connector.ts';
import { parsePaymentSymbols } from './payment-symbols.ts';
import type { Xs2aAccount, Xs2aBalance, Xs2aRemittanceStructured, Xs2aTransaction } from './xs2a-types.ts';

/** Balance types in order of preference; else the first the bank gives. */
const PREFERRED_BALANCES = ['interimAvailable', 'closingBooked'];

/** The balance to show: interimAvailable, then closingBooked, then the first given; null when none. */
export function pickBalance(balances: Xs2aBalance[] | undefined): Xs2aBalance | null {
  if (!balances?.length) return null;
  for (const type of PREFERRED_BALANCES) {
    const found = balances.find((b) => b.balanceType === type);
    if (found) return found;
  }
  return balances[0]!;
}

/** One XS2A account as a BankAccount (externalId = resourceId); `balances` overrides the account's own list. */
export function mapAccount(account: Xs2aAccount & { resourceId: string }, balances = account.balances): BankAccount {
  const balance = pickBalance(balances);
  return {
    externalId: account.resourceId,
    name: account.name ?? account.displayName ?? account.product ?? account.ownerName ?? account.iban ?? account.resourceId,
    type: account.cashAccountType === 'SVGS' ? 'SavingAccount' : 'CurrentAccount',
    currencyCode: account.currency,
    iban: account.iban?.replace(/\s+/g, '').toUpperCase() ?? null,
    balance: balance ? Number(balance.balanceAmount.amount) : 0,
  };
}

/** The reference of a structured remittance entry (1.3.11 object form, or a bare string some banks send). */
function structuredReference(entry: Xs2aRemittanceStructured | string | undefined): string | undefined {
  return typeof entry === 'string' ? entry : entry?.reference;
}

/** The booking date, else the value date, at 00:00 UTC; `fallback` when the bank gives neither. */
function recordDate(transaction: Xs2aTransaction, fallback: Date): Date {
  const date = transaction.bookingDate ?? transaction.valueDate;
  return date ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : fallback;
}

/** Fields outside the spec's details, kept in `details.others` as `key=value` pairs joined by `; `. */
const OTHER_FIELDS = ['endToEndId', 'mandateId', 'creditorId', 'entryReference', 'purposeCode', 'additionalInformation'] as const;

export function mapDetails(transaction: Xs2aTransaction): BankTransactionDetails {
  const structured = [structuredReference(transaction.remittanceInformationStructured), ...(transaction.remittanceInformationStructuredArray ?? []).map(structuredReference)];
  const symbols = parsePaymentSymbols(
    ...structured,
    transaction.endToEndId,
    transaction.remittanceInformationUnstructured,
    ...(transaction.remittanceInformationUnstructuredArray ?? []),
  );
  const creditorReference = structured.find((reference) => reference && !parsePaymentSymbols(reference).variableSymbol) ?? null;
  const others = OTHER_FIELDS.filter((field) => transaction[field]).map((field) => `${field}=${transaction[field]}`);
  return {
    ...symbols,
    transactionCode: transaction.bankTransactionCode ?? transaction.proprietaryBankTransactionCode ?? null,
    creditorReference,
    externalCategoryName: null,
    mccCode: transaction.merchantCategoryCode ?? null,
    others: others.length ? others.join('; ') : null,
  };
}

/** The free-text purpose: unstructured text (single and array form), else the structured references, else additionalInformation. */
export function mapNote(transaction: Xs2aTransaction): string {
  const unstructured = [transaction.remittanceInformationUnstructured, ...(transaction.remittanceInformationUnstructuredArray ?? [])].filter(Boolean);
  if (unstructured.length) return unstructured.join(' ');
  const structured = [structuredReference(transaction.remittanceInformationStructured), ...(transaction.remittanceInformationStructuredArray ?? []).map(structuredReference)].filter(Boolean);
  if (structured.length) return structured.join(' ');
  return transaction.additionalInformation ?? '';
}

/** The other side: the creditor of an outgoing payment, the debtor of an incoming one (name, else ultimate party, else IBAN). */
export function mapCounterParty(transaction: Xs2aTransaction): string {
  const outgoing = Number(transaction.transactionAmount.amount) < 0;
  const other = outgoing
    ? [transaction.creditorName, transaction.ultimateCreditor, transaction.creditorAccount?.iban]
    : [transaction.debtorName, transaction.ultimateDebtor, transaction.debtorAccount?.iban];
  return other.find(Boolean) ?? '';
}

/**
 * The bank's own transaction id when it gives one (transactionId, else entryReference); else a
 * fingerprint of the bank record (status, dates, amount, parties, texts) plus its occurrence among
 * identical records of the same fetch, stable as long as the bank reports the record the same way.
 */
export function transactionExternalId(transaction: Xs2aTransaction, bookingStatus: 'booked' | 'pending', occurrence: number): string {
  const bankId = transaction.transactionId ?? transaction.entryReference;
  if (bankId) return bankId;
  return `fp_${fingerprint(transaction, bookingStatus)}_${occurrence}`;
}

function fingerprint(transaction: Xs2aTransaction, bookingStatus: string): string {
  const fields = [
    bookingStatus,
    transaction.bookingDate,
    transaction.valueDate,
    transaction.transactionAmount.amount,
    transaction.transactionAmount.currency,
    transaction.creditorName,
    transaction.creditorAccount?.iban,
    transaction.debtorName,
    transaction.debtorAccount?.iban,
    transaction.endToEndId,
    mapNote(transaction),
  ];
  return createHash('sha256').update(JSON.stringify(fields)).digest('base64url').slice(0, 22);
}

/**
 * One page's booked and pending lists as BankTransactions of `accountExternalId`; `seen` counts
 * fingerprints across the pages of one fetch (identical records get occurrence 0, 1, ...).
 */
export function mapTransactions(
  report: { booked?: Xs2aTransaction[]; pending?: Xs2aTransaction[] },
  accountExternalId: string,
  seen: Map<string, number>,
  today: Date,
): BankTransaction[] {
  const lists = [['booked', report.booked ?? []], ['pending', report.pending ?? []]] as const;
  return lists.flatMap(([bookingStatus, transactions]) =>
    transactions.map((transaction) => {
      const key = `${bookingStatus}:${fingerprint(transaction, bookingStatus)}`;
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      return {
        externalId: transactionExternalId(transaction, bookingStatus, occurrence),
        accountExternalId,
        amount: Number(transaction.transactionAmount.amount),
        currencyCode: transaction.transactionAmount.currency,
        recordState: bookingStatus === 'booked' ? ('Cleared' as const) : ('Uncleared' as const),
        recordDate: recordDate(transaction, today),
        note: mapNote(transaction),
        counterParty: mapCounterParty(transaction),
        details: mapDetails(transaction),
      };
    }),
  );
}
