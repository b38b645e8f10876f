/**
 * The partner's own sandbox transactions (issue 17; docs/sandbox.md "Your own transactions"):
 * `POST /v1/sandbox/connections/{id}/transactions {accountId?, transactions: [...]}` puts exactly
 * these transactions at the sandbox bank; the next refresh (or download) stores and enriches them
 * like any other. Amounts are numbers in the account currency (negative = outgoing), times UTC
 * ISO-8601 by the partner's sandbox clock.
 */
import { randomUUID } from 'node:crypto';
import type { BankTransaction, BankTransactionDetails } from '../../banks/connector.ts';
import type { SandboxState } from '../../banks/sandbox/sandbox-state.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';

/** One transaction as the partner writes it; everything but `amount` has a default. */
export interface CustomTransactionInput {
  amount: number;
  currencyCode?: string;
  recordDate?: string;
  recordState?: 'Cleared' | 'Uncleared';
  note?: string;
  counterParty?: string;
  details?: Partial<BankTransactionDetails>;
}

/** How far back a custom transaction may be dated: inside the 90 days a refresh downloads, with a day to spare. */
const OLDEST_DAYS = 89;
const DAY_MS = 86_400_000;
const DETAIL_FIELDS = ['variableSymbol', 'constantSymbol', 'specificSymbol', 'transactionCode', 'creditorReference', 'externalCategoryName', 'mccCode', 'others'] as const;

/**
 * Validates and stores `transactions` for account `accountId` (default: the connection's first
 * current account, as GET .../accounts lists them). Each gets a stable externalId. Defaults:
 * currencyCode the account's, recordDate now, recordState Cleared, note and counterParty empty,
 * details null. validation_error (nothing stored): accountId not an account of the connection, the
 * connection has no accounts yet, recordDate in the future or more than 89 days back (by the
 * partner's sandbox clock), an amount with more than 2 decimals or zero.
 */
export async function addCustomTransactions(
  deps: { accounts: AccountsService; state: SandboxState; clock: Clock },
  scope: { auth: AuthContext; clientId: string; connectionId: string },
  input: { accountId?: string; transactions: CustomTransactionInput[] },
): Promise<void> {
  const accounts = await deps.accounts.bankAccounts(scope.auth, scope.clientId, scope.connectionId);
  const account = input.accountId ? accounts.find((a) => a.id === input.accountId) : accounts.find((a) => a.type === 'CurrentAccount');
  if (input.accountId && !account) throw invalid('body.accountId', 'is not an account of this connection');
  if (!account) throw invalid('connectionId', 'the connection has no current account yet: add transactions once its accounts are downloaded, or name accountId');
  const now = deps.clock.now();
  const batch = randomUUID();
  const transactions = input.transactions.map((t, i): BankTransaction => {
    const field = (name: string) => `body.transactions[${i}].${name}`;
    if (t.amount === 0 || Math.round(t.amount * 100) / 100 !== t.amount) throw invalid(field('amount'), 'must be a non-zero amount with at most 2 decimals');
    const recordDate = t.recordDate === undefined ? now : new Date(t.recordDate);
    if (recordDate > now) throw invalid(field('recordDate'), `is in the future of the sandbox clock (${now.toISOString()})`);
    if (now.getTime() - recordDate.getTime() > OLDEST_DAYS * DAY_MS) throw invalid(field('recordDate'), `is more than ${OLDEST_DAYS} days before the sandbox clock (${now.toISOString()}), outside what a refresh downloads`);
    return {
      externalId: `${account.externalId}-custom-${batch}-${i}`,
      accountExternalId: account.externalId,
      amount: t.amount,
      currencyCode: t.currencyCode ?? account.currencyCode,
      recordState: t.recordState ?? 'Cleared',
      recordDate,
      note: t.note ?? '',
      counterParty: t.counterParty ?? '',
      details: Object.fromEntries(DETAIL_FIELDS.map((name) => [name, t.details?.[name] ?? null])) as unknown as BankTransactionDetails,
    };
  });
  await deps.state.addCustomTransactions(scope.connectionId, account.externalId, now, transactions);
}
