/**
 * The bank connector interface (spec "What the service does" 2-4; DESIGN.md §5, §7). The sandbox
 * connector (banks/sandbox/) and the Berlin Group NextGenPSD2 connector (banks/berlin-group/, live
 * mode) implement it. Amounts are numbers in the account currency (negative = outgoing); times are
 * UTC Dates; IBANs are electronic format.
 *
 * Bank error codes a connector throws (BankError.code), and what the service makes of them:
 * - `consent_expired`: the bank says the consent ended -> Inactive + ConnectionConsentExpired;
 * - `consent_revoked`: revoked or unknown at the bank -> Inactive + ConnectionConsentRevoked;
 * - `reauthentication_required`: the bank demands a new SCA -> Inactive (refresh failed);
 * - `access_exceeded`: the bank's daily allowance is used -> refresh_quota_exceeded;
 * - anything marked `temporary` (timeouts, 5xx, bank down) is retried with backoff, then fails
 *   the refresh (ConnectionRefreshFailed) or creation (ConnectionCreateFailed).
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

/**
 * One transaction as the bank reports it. `externalId` is the bank's id when it keeps one across
 * fetches (also when an Uncleared one clears); otherwise a connector-made fingerprint, which may
 * change when a pending payment books: the service then matches the booked transaction to the
 * stored Uncleared one (same account, amount, counterparty, close dates) and keeps our id.
 */
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
  /**
   * Where the bank sends the user back to us (our callback), not the partner's returnUrl. The
   * connector adds `state`; a connector whose bank has a separate address for a refused or
   * cancelled journey (TPP-Nok-Redirect-URI) adds `nok=1` there.
   */
  callbackUrl: string;
  /** The end user's IP address (PSU-IP-Address) when the user is present; live banks require it to start a consent. */
  psuIpAddress?: string;
  /** Until when the partner wants the consent (now + the partner's consentDuration, UTC); the connector may cap it. */
  validUntil: Date;
}

/** What a started authorization answers. */
export interface AuthorizationStart {
  /** The bank's authorization (SCA) address to send the user to. */
  redirectUrl: string;
  /** A consent the bank created before the user authorized it (kept with the journey, passed back on the callback). */
  pendingConsent?: ConsentReference;
}

/** Whether the end user takes part in a data call (PSU-IP-Address); absent for a background call. */
export interface BankCallContext {
  psuIpAddress?: string;
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
  /** The journey's pending consent, as startAuthorization (or a Continue outcome) answered it. */
  pendingConsent?: ConsentReference;
  /** The end user's IP address, when the callback came through the user's browser. */
  psuIpAddress?: string;
  /** Until when the partner wants the consent (UTC), as in AuthorizationRequest. */
  validUntil?: Date;
}

/** The consent as our side keeps it: opaque to us, meaningful to the connector. */
export type ConsentReference = string;

export interface CallbackResult {
  /**
   * Ok: consent granted. Error / Cancelled: the journey ends. Continue: the bank needs a second
   * authorization (e.g. a detailed consent after an availableAccounts one): send the user to
   * `redirectUrl`; the journey stays open with `pendingConsent` and the same state.
   */
  outcome: 'Ok' | 'Error' | 'Cancelled' | 'Continue';
  /** Set when outcome is Ok. */
  consent?: ConsentReference;
  /** When outcome is Ok and the bank dates the consent's end (validUntil): the connection's consent expires then at the latest. */
  validUntil?: Date;
  /** Bank error code when outcome is Error. */
  errorCode?: string;
  /** Outcome Continue: where to send the user next. */
  redirectUrl?: string;
  /** Outcome Continue: the consent awaiting the next authorization. */
  pendingConsent?: ConsentReference;
}

/** A bank connector: one per kind of bank integration. */
export interface BankConnector {
  /** Starts the bank's authorization; returns the address to send the user to. Throws BankError. */
  startAuthorization(request: AuthorizationRequest): Promise<AuthorizationStart>;
  /** Interprets the bank's callback query into an outcome and a consent reference. */
  handleCallback(journey: CallbackContext, query: Record<string, string | undefined>): Promise<CallbackResult>;
  /** Accounts the consent authorizes, in the bank's order, with current balances. Throws BankError. */
  listAccounts(consent: ConsentReference, context?: BankCallContext): Promise<BankAccount[]>;
  /**
   * Every transaction of one account recorded on or after `since` (all pages: the service removes
   * stored Uncleared ones of that period that the bank no longer reports). Throws BankError.
   */
  fetchTransactions(consent: ConsentReference, accountExternalId: string, since: Date, context?: BankCallContext): Promise<BankTransaction[]>;
  /** Revokes the consent at the bank (also a pending one, after a failed journey). Idempotent. */
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
