/**
 * Table types for Kysely. Columns are snake_case in PostgreSQL and camelCase here
 * (CamelCasePlugin). Times are timestamptz (Date in UTC).
 */
import type { BankTransaction } from '../banks/connector.ts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Mode } from '../lib/ids.ts';
import type { Xs2aConfig } from '../banks/berlin-group/config.ts';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface Capabilities {
  refresh: boolean;
  reconnect: boolean;
  enrichment: boolean;
  autoRevokeAfterCreate: boolean;
  nonRegulatedProviders: boolean;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface PartnersTable {
  id: string;
  name: string;
  capabilities: ColumnType<Capabilities, string, string>;
  consentDuration: string;
  countries: string[] | null;
  returnUrlPatterns: string[];
  subscribeToAllAccounts: Generated<boolean>;
  skipConsentScreenAllowed: Generated<boolean>;
  createdAt: CreatedAt;
  /** Requests per second per API key; null = the default. */
  rateLimit: Generated<number | null>;
  /** Hosted pages: the name shown instead of `name` (null: `name`). */
  displayName: Generated<string | null>;
  /** Hosted pages: the partner's logo (https, or http on localhost). */
  logoUrl: Generated<string | null>;
  /** Hosted pages: the accent colour, #RRGGBB. */
  accentColor: Generated<string | null>;
  /** Hosted pages: the partner's privacy policy (https, or http on localhost), linked in the footer. */
  privacyUrl: Generated<string | null>;
  /** How far this partner's sandbox time runs ahead of real time (sandbox clock), in ms. */
  sandboxClockOffsetMs: Generated<number>;
  /** Days before a consent's end that ConnectionConsentExpiring is sent; 0 never. */
  consentExpiringNoticeDays: Generated<number>;
}

export interface ApiKeysTable {
  id: string;
  partnerId: string;
  mode: Mode;
  keyHash: string;
  /** Last 4 characters of the key, to tell keys apart in `key list`. */
  hint: string;
  createdAt: CreatedAt;
  revokedAt: Date | null;
  /** The partner's name for the key (portal); null for keys made without one. */
  label: Generated<string | null>;
  /** Last authenticated request, written at most once a minute. */
  lastUsedAt: Generated<Date | null>;
}

export type PortalRole = 'admin' | 'developer' | 'viewer';

export interface PortalUsersTable {
  id: string;
  partnerId: string;
  email: string;
  role: PortalRole;
  passwordHash: string | null;
  disabledAt: Date | null;
  createdAt: CreatedAt;
}

export interface PortalSessionsTable {
  /** SHA-256 of the cookie's value. */
  idHash: string;
  userId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface PortalSetupTokensTable {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface PortalSigninFailuresTable {
  /** `address:<ip>` or `account:<lower-case email>`. */
  scope: string;
  windowStart: Date;
  count: number;
}

export interface PortalAuditTable {
  id: Generated<string>;
  partnerId: string;
  userId: string | null;
  who: string;
  what: string;
  details: ColumnType<Record<string, unknown>, string, string>;
  at: Date;
}

export type ProviderStatus = 'Active' | 'Inactive' | 'Hidden' | 'Disabled';

export interface ProviderTraits {
  /** The bank authorizes on its own page at once; expiresAt equals the current time. */
  directRedirect: boolean;
  /** Background refresh is refused (background_refresh_not_allowed). */
  requiresUserPresence: boolean;
  /** Refreshes per connection per UTC day; null = unlimited. */
  dailyRefreshQuota: number | null;
  /** Slow and occasionally failing data calls. */
  flaky: boolean;
  /** Days of history a first download asks for (default 90, spec "Limits"). */
  historyDays?: number;
}

export interface ProvidersTable {
  id: string;
  mode: Mode;
  name: string;
  code: string;
  countryCode: string;
  bicCodes: string[];
  timeZone: string;
  status: ProviderStatus;
  nonRegulated: boolean;
  traits: ColumnType<ProviderTraits, string, string>;
  /** Which connector serves the provider (migration 0012). */
  connector: Generated<ProviderConnector>;
  /** Berlin Group settings of a live provider; null for sandbox ones. */
  xs2a: ColumnType<Xs2aConfig | null, string | null | undefined, string | null>;
  logoUrl: Generated<string | null>;
}

export type ProviderConnector = 'sandbox' | 'berlin-group';

export interface ClientsTable {
  id: string;
  partnerId: string;
  mode: Mode;
  email: string;
  countryCode: string;
  externalId: string | null;
  createdAt: CreatedAt;
}

export type ConnectionState = 'Pending' | 'Active' | 'Inactive' | 'Disabled';

export interface ConnectionsTable {
  id: string;
  partnerId: string;
  clientId: string;
  mode: Mode;
  providerId: string;
  state: ConnectionState;
  errorCode: string | null;
  errorDesc: string | null;
  returnUrl: string;
  locale: string;
  ownershipType: 'Personal' | 'Shared' | 'Business';
  subscribeToAllAccounts: boolean;
  skipConsentScreen: boolean;
  authorizationTokenHash: string | null;
  consentRef: string | null;
  consentExpiresAt: Date | null;
  /** Initiation window end (spec "POST /v1/connections" expiresAt). */
  expiresAt: Date;
  sessionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Set while a refresh download runs (refresh_in_progress). */
  refreshingSince: Generated<Date | null>;
  /** Start of the last successful manual refresh (its 10-minute cooldown runs from here). */
  lastManualRefreshAt: Generated<Date | null>;
  lastRefreshedAt: Generated<Date | null>;
  /** The bank's consent awaiting the user's authorization (migration 0013). */
  pendingConsent: Generated<string | null>;
  /** The bank's SCA address once the journey started there. */
  authorizationUrl: Generated<string | null>;
  /** The end user's IP address while a journey runs (its first download is user-present). */
  psuIpAddress: Generated<string | null>;
  /** The consent end the bank granted (validUntil), when it dates one. */
  bankValidUntil: Generated<Date | null>;
  /** The bank refused a background call (ACCESS_EXCEEDED): refreshes wait until then (next local midnight). */
  refreshBlockedUntil: Generated<Date | null>;
}

export interface ConnectionTrackingEventsTable {
  id: Generated<number>;
  connectionId: string;
  kind: string;
  headers: ColumnType<Record<string, string>, string, string>;
  at: Date;
}

export interface AccountsTable {
  id: string;
  connectionId: string;
  partnerId: string;
  clientId: string;
  externalId: string;
  name: string;
  type: string;
  currencyCode: string;
  iban: string | null;
  balance: ColumnType<number, number | string, number | string>;
  subscribed: boolean;
  /** Still covered by the bank's consent. */
  authorized: Generated<boolean>;
  createdAt: Date;
  updatedAt: Date;
}

export interface TransactionsTable {
  id: string;
  accountId: string;
  externalId: string;
  amount: ColumnType<number, number | string, number | string>;
  currencyCode: string;
  recordState: 'Cleared' | 'Uncleared';
  recordDate: Date;
  note: string;
  counterParty: string;
  details: ColumnType<Record<string, string | null>, string, string>;
  /** Variable symbol without leading zeros, for the spec's filter. */
  variableSymbolKey: string | null;
  enrichment: ColumnType<unknown, string | null, string | null>;
  /** Recurrence grouping key (enrichment): "m:<merchant id>" or "p:<payee words>"; null without a payee. */
  payeeKey: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface EventsTable {
  id: string;
  partnerId: string;
  mode: Mode;
  connectionId: string | null;
  type: string;
  payload: ColumnType<unknown, string, string>;
  createdAt: Date;
}

export interface TimersTable {
  id: Generated<number>;
  kind: string;
  refId: string;
  dueAt: Date;
  firedAt: Date | null;
  /** The partner whose sandbox clock the timer follows; null: real time. */
  sandboxPartnerId: Generated<string | null>;
}

export interface WebhookEndpointsTable {
  partnerId: string;
  mode: Mode;
  url: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  updatedAt: Date;
}

export interface WebhookSecretsTable {
  id: string;
  partnerId: string;
  mode: Mode;
  /** Plain text: only rows written before migration 0017 (which sealed them). */
  secret: string | null;
  /** AES-256-GCM sealed under the operator's key (lib/secret-keys.ts). */
  secretSealed: Buffer | null;
  createdAt: Date;
  /** Set on rotation: the old secret keeps signing until then. */
  expiresAt: Date | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  seq: Generated<number>;
  eventId: string;
  partnerId: string;
  mode: Mode;
  /** Deliveries with the same key go out in order (lifecycle events of one connection). */
  orderKey: string | null;
  status: DeliveryStatus;
  attempts: Generated<number>;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastLatencyMs: number | null;
  deliveredAt: Date | null;
  createdAt: Date;
  /** The job attempting the delivery now (see migration 0011), or null. */
  claimedBy: string | null;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  deliveryId: string;
  attempt: number;
  at: Date;
  url: string;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first characters (at most 512) of the response body; null without an answer or body (migration 0026). */
  responseExcerpt: string | null;
}

export interface RefreshesTable {
  id: Generated<number>;
  connectionId: string;
  at: Date;
  /** False for a refresh made with the user present: it does not count against the daily quota. */
  counted: Generated<boolean>;
}

export type UsageKind = 'activation' | 'refresh' | 'reconnect';

export interface UsageEventsTable {
  id: Generated<number>;
  /** Unique per billable event: a retried insert adds nothing. */
  key: string;
  kind: UsageKind;
  partnerId: string;
  clientId: string;
  connectionId: string;
  at: Date;
}

export interface IdempotencyRecordsTable {
  partnerId: string;
  key: string;
  fingerprint: string;
  status: 'in_progress' | 'done';
  responseStatus: number | null;
  /** The stored answer body, AES-256-GCM sealed (lib/secret-box.ts). */
  responseSealed: Buffer | null;
  /** When the key was claimed: its 24 hours run from here; an in_progress claim older than a minute is abandoned. */
  createdAt: Date;
}

export interface RateLimitCountersTable {
  keyId: string;
  windowStart: number;
  count: number;
}

export interface SandboxConsentsTable {
  connectionId: string;
  revoked: Generated<boolean>;
  requireReauth: Generated<boolean>;
  /** How often the bank listed this consent's accounts (the flaky bank fails by it). */
  listings: Generated<number>;
  /** Transactions added by the sandbox control: one batch per call, `since` a UTC ISO-8601 time. */
  /** Batches of the transactions control: `{since, count}` generated ones, or `{since, accountExternalId, transactions}` the partner's own (recordDate ISO strings). */
  extraBatches: ColumnType<({ since: string; count: number } | { since: string; accountExternalId: string; transactions: (Omit<BankTransaction, 'recordDate'> & { recordDate: string })[] })[], string | undefined, string>;
}

export type ConnectSessionState =
  | 'AwaitingBankSelection'
  | 'RedirectedToBank'
  | 'Authenticating'
  | 'Fetching'
  | 'AwaitingAccountSelection'
  | 'Completed'
  | 'Failed'
  | 'Cancelled'
  | 'Expired';

export interface ConnectSessionsTable {
  id: string;
  partnerId: string;
  mode: Mode;
  clientId: string;
  returnUrl: string;
  locale: string;
  country: string | null;
  /** The bank preset by the partner or picked by the user (not yet confirmed while there is no connection). */
  providerId: string | null;
  /** providerId came with session creation (the picker is skipped). */
  providerPreset: boolean;
  /** Effective value: requested and permitted by the partner configuration. */
  skipConsentScreen: boolean;
  /** Analytics headers of session creation, stored with the connection's tracking events. */
  trackingHeaders: ColumnType<Record<string, string>, string, string>;
  state: ConnectSessionState;
  connectionId: string | null;
  /** The bank authorization address of the session's connection. */
  bankUrl: string | null;
  resultCode: 'Ok' | 'Error' | 'Cancelled' | null;
  error: string | null;
  /** SHA-256 of the hostedUrl token; kept after first use to recognise a reused link. */
  tokenHash: string;
  tokenUsedAt: Date | null;
  /** SHA-256 of the HttpOnly cookie that carries the flow after the first load. */
  browserTokenHash: string | null;
  accountsSelectedAt: Date | null;
  /** accountCount of the connection's AccountsFetchingProgress Completed (null before). */
  accountsFound: Generated<number | null>;
  /** transactionCount of the connection's latest TransactionsFetchingProgress (null before). */
  transactionsDownloaded: Generated<number | null>;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface SimplefinSetupTokensTable {
  id: string;
  partnerId: string;
  mode: Mode;
  clientId: string;
  /** SHA-256 of the claim URL's secret. */
  tokenHash: string;
  expiresAt: Date;
  claimedAt: Date | null;
  createdAt: Date;
}

export interface SimplefinAccessesTable {
  id: string;
  partnerId: string;
  mode: Mode;
  clientId: string;
  setupTokenId: string;
  /** SHA-256 of `user:password` of the access URL. */
  credentialsHash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export interface Database {
  settings: SettingsTable;
  partners: PartnersTable;
  apiKeys: ApiKeysTable;
  providers: ProvidersTable;
  clients: ClientsTable;
  connections: ConnectionsTable;
  connectionTrackingEvents: ConnectionTrackingEventsTable;
  accounts: AccountsTable;
  transactions: TransactionsTable;
  events: EventsTable;
  timers: TimersTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookSecrets: WebhookSecretsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookAttempts: WebhookAttemptsTable;
  refreshes: RefreshesTable;
  usageEvents: UsageEventsTable;
  idempotencyRecords: IdempotencyRecordsTable;
  rateLimitCounters: RateLimitCountersTable;
  sandboxConsents: SandboxConsentsTable;
  connectSessions: ConnectSessionsTable;
  simplefinSetupTokens: SimplefinSetupTokensTable;
  simplefinAccesses: SimplefinAccessesTable;
  portalUsers: PortalUsersTable;
  portalSessions: PortalSessionsTable;
  portalSetupTokens: PortalSetupTokensTable;
  portalSigninFailures: PortalSigninFailuresTable;
  portalAudit: PortalAuditTable;
}

export type Partner = Selectable<PartnersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type PortalUser = Selectable<PortalUsersTable>;
export type Provider = Selectable<ProvidersTable>;
export type ClientRow = Selectable<ClientsTable>;
export type Connection = Selectable<ConnectionsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type ConnectSession = Selectable<ConnectSessionsTable>;
