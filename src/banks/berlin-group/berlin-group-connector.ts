/**
 * The Berlin Group NextGenPSD2 (XS2A 1.3.x) connector: live providers' account information
 * (issue 13 "The connector"; docs/live.md). One instance per live provider.
 *
 * - Consent: `POST /v1/consents` per the provider's consentModel (allAccounts: `allPsd2`;
 *   availableAccounts: a one-off account-list consent, then after its SCA a detailed consent on
 *   the listed IBANs, answered as outcome Continue; bankOffered: empty access lists), redirect SCA
 *   (`_links.scaRedirect`), TPP-Redirect-URI / TPP-Nok-Redirect-URI on our callback with the
 *   journey's state (`nok=1` on the NOK one). Needs the PSU's IP address (PSU-IP-Address).
 * - Callback: `nok=1` is Cancelled; else `GET /v1/consents/{id}/status`: `valid` is Ok (with the
 *   bank's validUntil from `GET /v1/consents/{id}`), `rejected` is Error `consent_rejected`,
 *   `received`/`partiallyAuthorised` is Error `authorization_incomplete`.
 * - Data: `GET /v1/accounts?withBalance=true`, `GET /v1/accounts/{id}/transactions?bookingStatus=both`
 *   following `_links.next`; PSU-IP-Address only when the call context carries the PSU's address.
 * - Revoke: `DELETE /v1/consents/{id}`; 404 and an already ended consent count as done.
 *
 * Consent references are JSON `{consentId, validUntil}` (validUntil: the bank's local date,
 * inclusive); a pending consent adds the step and the redirect addresses to reuse on a second SCA.
 */
import { TZDate } from '@date-fns/tz';
import type { ProviderTraits } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  BankError,
  type AuthorizationRequest,
  type AuthorizationStart,
  type BankAccount,
  type BankCallContext,
  type BankConnector,
  type BankTransaction,
  type CallbackContext,
  type CallbackResult,
  type ConsentReference,
} from '../connector.ts';
import { loadSigningMaterial, loadTlsMaterial } from './certificates.ts';
import type { Xs2aConfig } from './config.ts';
import { mapAccount, mapTransactions } from './xs2a-mapping.ts';
import { Xs2aClient } from './xs2a-client.ts';
import type { Xs2aAccount, Xs2aAccountReport, Xs2aBalance } from './xs2a-types.ts';

export interface BerlinGroupOptions {
  provider: { code: string; name: string; timeZone: string; xs2a: Xs2aConfig };
  clock: Clock;
  /** Per bank call, in milliseconds (default 20 000). */
  timeoutMs?: number;
}

/** A granted consent as the service keeps it. */
export interface BerlinGroupConsent {
  consentId: string;
  /** The bank's validUntil: its local date (inclusive), YYYY-MM-DD. */
  validUntil: string;
}

/** A consent awaiting the PSU's SCA. `step` accountList = the availableAccounts consent of that model. */
interface PendingConsent {
  consentId: string;
  step: 'accountList' | 'final';
  redirectUri: string;
  nokRedirectUri: string;
  validUntil: string;
}

interface ConsentCreated {
  consentId: string;
  consentStatus: string;
  _links?: { scaRedirect?: { href?: string } };
}

/** XS2A consent statuses after which a consent no longer gives access. */
const ENDED_STATUSES = new Set(['expired', 'revokedByPsu', 'terminatedByTpp', 'rejected']);

export class BerlinGroupConnector implements BankConnector {
  private readonly provider: BerlinGroupOptions['provider'];
  private readonly clock: Clock;
  private readonly client: Xs2aClient;

  /** Reads the provider's certificate files; throws Error naming the provider and the missing file. */
  constructor(options: BerlinGroupOptions) {
    this.provider = options.provider;
    this.clock = options.clock;
    const { xs2a, code } = options.provider;
    this.client = new Xs2aClient({
      providerCode: code,
      baseUrl: xs2a.baseUrl,
      timeoutMs: options.timeoutMs ?? 20_000,
      ...(xs2a.tls ? { tls: loadTlsMaterial(code, xs2a.tls) } : {}),
      ...(xs2a.signing ? { signing: loadSigningMaterial(code, xs2a.signing) } : {}),
    });
  }

  /**
   * Creates the consent (the availableAccounts one first in that model) and answers its SCA
   * redirect. Throws BankError `psu_ip_address_required` without the PSU's address, others from the bank.
   */
  async startAuthorization(request: AuthorizationRequest): Promise<AuthorizationStart> {
    const redirect = new URL(request.callbackUrl);
    redirect.searchParams.set('state', request.state);
    const nok = new URL(redirect);
    nok.searchParams.set('nok', '1');
    const validUntil = this.consentValidUntil(request.validUntil);
    const step = this.provider.xs2a.consentModel === 'availableAccounts' ? 'accountList' : 'final';
    const access =
      step === 'accountList'
        ? { availableAccounts: 'allAccounts' }
        : this.provider.xs2a.consentModel === 'bankOffered'
          ? { accounts: [], balances: [], transactions: [] }
          : { allPsd2: 'allAccounts' };
    const pending = { step, redirectUri: redirect.toString(), nokRedirectUri: nok.toString(), validUntil } as const;
    return this.createConsent(access, pending, request.psuIpAddress);
  }

  async handleCallback(journey: CallbackContext, query: Record<string, string | undefined>): Promise<CallbackResult> {
    if (!journey.pendingConsent) return { outcome: 'Error', errorCode: 'consent_missing' };
    const pending = JSON.parse(journey.pendingConsent) as PendingConsent;
    if (query.nok === '1') return { outcome: 'Cancelled', errorCode: 'user_cancelled' };
    const psu = journey.psuIpAddress;
    const { body: status } = await this.client.call<{ consentStatus: string }>({ method: 'GET', path: `/v1/consents/${encodeURIComponent(pending.consentId)}/status`, ...ip(psu) });
    if (status.consentStatus === 'rejected') return { outcome: 'Error', errorCode: 'consent_rejected' };
    if (status.consentStatus === 'received' || status.consentStatus === 'partiallyAuthorised') return { outcome: 'Error', errorCode: 'authorization_incomplete' };
    if (status.consentStatus !== 'valid') return { outcome: 'Error', errorCode: `consent_${status.consentStatus}` };

    if (pending.step === 'accountList') {
      const accounts = await this.readAccounts(pending.consentId, { ...ip(psu) }, false);
      const references = accounts.filter((a) => a.iban).map((a) => ({ iban: a.iban!, currency: a.currency }));
      if (references.length === 0) return { outcome: 'Error', errorCode: 'no_accounts' };
      const next = await this.createConsent({ accounts: references, balances: references, transactions: references }, { ...pending, step: 'final' }, psu);
      return { outcome: 'Continue', redirectUrl: next.redirectUrl, pendingConsent: next.pendingConsent! };
    }

    const { body: consent } = await this.client.call<{ validUntil?: string }>({ method: 'GET', path: `/v1/consents/${encodeURIComponent(pending.consentId)}`, ...ip(psu) });
    const validUntil = consent.validUntil ?? pending.validUntil;
    const reference: BerlinGroupConsent = { consentId: pending.consentId, validUntil };
    return { outcome: 'Ok', consent: JSON.stringify(reference), validUntil: this.endOfLocalDate(validUntil) };
  }

  /** The consent's accounts with the preferred balance; PSU-IP-Address when `context` has it. */
  async listAccounts(consentRef: ConsentReference, context?: BankCallContext): Promise<BankAccount[]> {
    const { consentId } = parseConsent(consentRef);
    const accounts = await this.readAccounts(consentId, ip(context?.psuIpAddress), true);
    const mapped: BankAccount[] = [];
    for (const account of accounts) {
      if (!account.resourceId) continue;
      // Some ASPSPs ignore withBalance: then the balances endpoint.
      const balances = account.balances ?? (await this.readBalances(consentId, account.resourceId, context?.psuIpAddress));
      mapped.push(mapAccount({ ...account, resourceId: account.resourceId }, balances));
    }
    return mapped;
  }

  /** Booked and pending transactions from `since` (the bank's date), every `_links.next` page. */
  async fetchTransactions(consentRef: ConsentReference, accountExternalId: string, since: Date, context?: BankCallContext): Promise<BankTransaction[]> {
    const { consentId } = parseConsent(consentRef);
    const dateFrom = this.localDate(since);
    let path: string | undefined = `/v1/accounts/${encodeURIComponent(accountExternalId)}/transactions?bookingStatus=both&dateFrom=${dateFrom}`;
    const seen = new Map<string, number>();
    const today = new Date(`${this.localDate(this.clock.now())}T00:00:00Z`);
    const all: BankTransaction[] = [];
    const visited = new Set<string>();
    while (path) {
      if (visited.has(path)) throw new BankError('bank_rejected', `${this.provider.code}: the bank's transaction pages link in a circle`);
      visited.add(path);
      const answer: { body: { transactions?: Xs2aAccountReport } | null } = await this.client.call({ method: 'GET', path, consentId, ...ip(context?.psuIpAddress) });
      const report: Xs2aAccountReport = answer.body?.transactions ?? {};
      all.push(...mapTransactions(report, accountExternalId, seen, today));
      path = report._links?.next?.href;
    }
    return all;
  }

  /** Deletes the consent at the bank; one the bank no longer knows (404) or already ended counts as revoked. */
  async revokeConsent(consentRef: ConsentReference): Promise<void> {
    const { consentId } = parseConsent(consentRef);
    try {
      await this.client.call({ method: 'DELETE', path: `/v1/consents/${encodeURIComponent(consentId)}` }, (status) => (status >= 200 && status < 300) || status === 404);
    } catch (error) {
      if (error instanceof BankError && (error.code === 'consent_revoked' || error.code === 'consent_expired')) return;
      throw error;
    }
  }

  /** Berlin Group banks allow background reads within frequencyPerDay (recurringIndicator consents). */
  async backgroundRefreshAllowed(): Promise<boolean> {
    return true;
  }

  /**
   * Checks the consent's status before a background refresh (status reads do not count against
   * frequencyPerDay). Throws BankError consent_expired, consent_revoked, or reauthentication_required
   * (a consent still awaiting SCA).
   */
  async beginRefresh(consentRef: ConsentReference): Promise<void> {
    const { consentId } = parseConsent(consentRef);
    const { body } = await this.client.call<{ consentStatus: string }>({ method: 'GET', path: `/v1/consents/${encodeURIComponent(consentId)}/status`, consentId });
    const status = body.consentStatus;
    if (status === 'valid') return;
    if (status === 'expired') throw new BankError('consent_expired', `${this.provider.code}: the consent expired at the bank`);
    if (ENDED_STATUSES.has(status)) throw new BankError('consent_revoked', `${this.provider.code}: the consent ended at the bank (${status})`);
    throw new BankError('reauthentication_required', `${this.provider.code}: the consent awaits the PSU's authorization (${status})`);
  }

  traits(): ProviderTraits {
    const { xs2a } = this.provider;
    return { directRedirect: false, requiresUserPresence: false, dailyRefreshQuota: xs2a.frequencyPerDay, flaky: false, historyDays: xs2a.historyDays };
  }

  /** Closes the connections to the bank. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private async createConsent(access: object, pending: Omit<PendingConsent, 'consentId'>, psuIpAddress: string | undefined): Promise<AuthorizationStart> {
    if (!psuIpAddress) {
      throw new BankError('psu_ip_address_required', `${this.provider.code}: the bank needs the end user's IP address (PSU-IP-Address) to start a consent; pass psuIpAddress or use the hosted flow`);
    }
    const oneOff = pending.step === 'accountList';
    const { body } = await this.client.call<ConsentCreated>({
      method: 'POST',
      path: '/v1/consents',
      psuIpAddress,
      headers: { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': pending.redirectUri, 'TPP-Nok-Redirect-URI': pending.nokRedirectUri },
      body: {
        access,
        // The account-list consent of the availableAccounts model is one-off (Berlin Group IG).
        recurringIndicator: !oneOff,
        validUntil: oneOff ? this.localDate(this.clock.now()) : pending.validUntil,
        frequencyPerDay: oneOff ? 1 : this.provider.xs2a.frequencyPerDay,
        combinedServiceIndicator: false,
      },
    });
    const redirectUrl = body?._links?.scaRedirect?.href;
    if (!body?.consentId || !redirectUrl) {
      throw new BankError('bank_rejected', `${this.provider.code}: the bank answered no consentId or no scaRedirect link (redirect SCA is the supported approach)`);
    }
    const next: PendingConsent = { consentId: body.consentId, ...pending };
    return { redirectUrl, pendingConsent: JSON.stringify(next) };
  }

  private async readAccounts(consentId: string, psu: { psuIpAddress?: string }, withBalance: boolean): Promise<Xs2aAccount[]> {
    const { body } = await this.client.call<{ accounts?: Xs2aAccount[] }>({ method: 'GET', path: `/v1/accounts${withBalance ? '?withBalance=true' : ''}`, consentId, ...psu });
    return body?.accounts ?? [];
  }

  private async readBalances(consentId: string, resourceId: string, psuIpAddress: string | undefined): Promise<Xs2aBalance[]> {
    const { body } = await this.client.call<{ balances?: Xs2aBalance[] }>({ method: 'GET', path: `/v1/accounts/${encodeURIComponent(resourceId)}/balances`, consentId, ...ip(psuIpAddress) });
    return body?.balances ?? [];
  }

  /** The partner's wish capped by maxConsentDays, as the bank's local date. */
  private consentValidUntil(wanted: Date): string {
    const cap = this.clock.now().getTime() + this.provider.xs2a.maxConsentDays * 86_400_000;
    return this.localDate(new Date(Math.min(wanted.getTime(), cap)));
  }

  /** `at` as a date in the provider's time zone (YYYY-MM-DD). */
  private localDate(at: Date): string {
    const local = new TZDate(at.getTime(), this.provider.timeZone);
    return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
  }

  /** The instant a consent valid until `date` (inclusive, the bank's local date) ends: the next local midnight (UTC). */
  private endOfLocalDate(date: string): Date {
    const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
    return new Date(new TZDate(year, month - 1, day + 1, this.provider.timeZone).getTime());
  }
}

function parseConsent(consentRef: ConsentReference): BerlinGroupConsent {
  try {
    const consent = JSON.parse(consentRef) as BerlinGroupConsent;
    if (typeof consent.consentId === 'string') return consent;
  } catch {
    // fall through
  }
  throw new BankError('consent_invalid', 'Not a Berlin Group consent reference');
}

function ip(psuIpAddress: string | undefined): { psuIpAddress?: string } {
  return psuIpAddress ? { psuIpAddress } : {};
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
