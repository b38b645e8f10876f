/**
 * The bank connector interface (spec "What the service does" 2-4; DESIGN.md §5, §7). The sandbox
 * connector implements it now; real-bank adapters implement it later. Amounts are numbers in
 * the account currency (negative = outgoing); times are UTC Dates; IBANs are electronic format.
 */
import type { ProviderTraits } from '../db/schema.ts';

/** What the bank says about one account. `externalId` is the bank's stable account id. */
export interface BankAccount {
  externalId: string;
  name: string;
  type: 'CurrentAccount' | 'SavingAccount';
  currencyCode: string;
  iban: string | null;
  balance: number;
}

/** Bank-level payment details (spec "Transaction" details); every field string or null. */
export interface BankTransactionDetails {
  variableSymbol: string | null;
  constantSymbol: string | null;
  specificSymbol: string | null;
  transactionCode: string | null;
  creditorReference: string | null;
  externalCategoryName: string | null;
  mccCode: string | null;
  others: string | null;
}

/** One transaction as the bank reports it. `externalId` is stable across fetches, also when an Uncleared one clears. */
export interface BankTransaction {
  externalId: string;
  accountExternalId: string;
  amount: number;
  currencyCode: string;
  recordState: 'Cleared' | 'Uncleared';
  recordDate: Date;
  note: string;
  counterParty: string;
  details: BankTransactionDetails;
}

/**
 * A failure the bank reports; `code` is one of the spec's error codes or a bank-specific one.
 * `temporary` marks a failure worth retrying (the bank is down or overloaded for a moment): the
 * download job is then retried by the job queue instead of failing the connection.
 */
export class BankError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly temporary = false,
  ) {
    super(message);
    this.name = 'BankError';
  }
}

/** Who is connecting and how the bank journey should look. */
export interface AuthorizationRequest {
  connectionId: string;
  /** Opaque single-use value the bank returns on the callback, binding it to this journey. */
  state: string;
  providerCode: string;
  locale: string;
  /** Whose accounts are connected (spec "POST /v1/connections" ownershipType). */
  ownershipType: 'Personal' | 'Shared' | 'Business';
  /** The partner asked, and is permitted, to skip the bank's consent screen where the bank allows it. */
  skipConsentScreen: boolean;
  /** Where the bank sends the user back to us (our callback), not the partner's returnUrl. */
  callbackUrl: string;
}

/** What we know of the journey when the bank calls back. */
export interface CallbackContext {
  connectionId: string;
  /** When the connection was created (UTC); a reconnect keeps the original. */
  connectionCreatedAt: Date;
  providerCode: string;
  countryCode: string;
  /** When the callback arrived (UTC). */
  at: Date;
}

/** The consent as our side keeps it: opaque to us, meaningful to the connector. */
export type ConsentReference = string;

export interface CallbackResult {
  outcome: 'Ok' | 'Error' | 'Cancelled';
  /** Set when outcome is Ok. */
  consent?: ConsentReference;
  /** Bank error code when outcome is Error. */
  errorCode?: string;
}

/** A bank connector: one per kind of bank integration. */
export interface BankConnector {
  /** Starts the bank's authorization; returns the address to send the user to. */
  startAuthorization(request: AuthorizationRequest): Promise<{ redirectUrl: string }>;
  /** Interprets the bank's callback query into an outcome and a consent reference. */
  handleCallback(journey: CallbackContext, query: Record<string, string | undefined>): Promise<CallbackResult>;
  /** Accounts the consent authorizes, in the bank's order, with current balances. Throws BankError. */
  listAccounts(consent: ConsentReference): Promise<BankAccount[]>;
  /** Transactions of one account recorded on or after `since`. Throws BankError. */
  fetchTransactions(consent: ConsentReference, accountExternalId: string, since: Date): Promise<BankTransaction[]>;
  /** Revokes the consent at the bank. Idempotent. */
  revokeConsent(consent: ConsentReference): Promise<void>;
  /** False when the bank refuses refreshes without the user present (background_refresh_not_allowed). */
  backgroundRefreshAllowed(consent: ConsentReference, providerCode: string): Promise<boolean>;
  /**
   * Called when a background refresh starts. Throws BankError `reauthentication_required` when the
   * bank demands a new authorization, `consent_revoked` when the consent was revoked at the bank.
   */
  beginRefresh(consent: ConsentReference): Promise<void>;
  /** The provider's traits (directRedirect, user presence for refresh, daily refresh quota). */
  traits(providerCode: string): ProviderTraits;
}
