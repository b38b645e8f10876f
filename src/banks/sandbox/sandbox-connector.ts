/**
 * The sandbox connector (DESIGN.md §7): fictional banks whose authorization pages are served by
 * this service at `/sandbox-bank/...`, and deterministic data per bank and test user.
 * The consent reference is JSON `{connectionId, providerCode, username, countryCode, grantedAt,
 * anchor}`; data is generated from `providerCode + username` (so the same test user at the same
 * bank has the same accounts and IBANs on every connection), anchored at the connection's
 * creation, so the same connection always yields the same accounts and transactions, also after
 * a reconnect. The flaky bank (trait `flaky`) is slow and fails every other download part-way
 * with a temporary `bank_unavailable`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProviderTraits } from '../../db/schema.ts';
import { BankError, type AuthorizationRequest, type BankAccount, type BankConnector, type BankTransaction, type CallbackContext, type CallbackResult } from '../connector.ts';
import { catalogProvider, sandboxCatalog, traitsOf, type CatalogProvider } from './catalog.ts';
import type { SandboxState } from './sandbox-state.ts';
import type { Clock } from '../../lib/clock.ts';
import { parseTestUser, type TestUser } from './scenarios.ts';

/** The data generator with faker (about 1 MB of code), loaded on the first listing rather than at every start. */
const generator = () => import('./generator.ts');

export interface SandboxConsent {
  connectionId: string;
  /** Absent in consents granted before data was seeded per bank: the first bank of the country then. */
  providerCode?: string;
  username: string;
  countryCode: string;
  grantedAt: string;
  /** Data anchor: the connection's creation time. */
  anchor: string;
}

export interface SandboxOptions {
  baseUrl: string;
  /** Total download time of `user_slow` (default about a minute); the flaky bank spends 1/40 of it on every data call. */
  slowMs: number;
  /** The bank's memory of consents (revocations, forced re-authentication, extra transactions). */
  state: SandboxState;
  /** The bank's clock: card payments clear 3 days after their date. */
  clock: Clock;
}

/** Card payments stay Uncleared this long after their date. */
const CLEARING_MS = 3 * 86_400_000;

/**
 * The callback query the sandbox bank sends when test user `username` (default user_ok) finishes
 * the journey with `outcome`. As on the bank's login page, the user's scenario decides too:
 * user_fail is refused and user_cancel cancels, whatever `outcome` says.
 */
export function sandboxCallbackQuery(outcome: 'Ok' | 'Error' | 'Cancelled', username = 'user_ok'): Record<string, string> {
  const scenario = parseTestUser(username)?.scenario;
  if (outcome === 'Cancelled' || scenario === 'cancel') return { error: 'cancelled' };
  if (outcome === 'Error' || scenario === 'fail') return { error: 'access_denied' };
  return { code: Buffer.from(JSON.stringify({ username })).toString('base64url') };
}

export class SandboxConnector implements BankConnector {
  constructor(private readonly options: SandboxOptions) {}

  /** The bank's memory of consents, for the sandbox controls. */
  get state(): SandboxState {
    return this.options.state;
  }

  async startAuthorization(request: AuthorizationRequest): Promise<{ redirectUrl: string }> {
    const url = new URL(`${this.options.baseUrl}/sandbox-bank/${encodeURIComponent(request.providerCode)}/authorize`);
    url.searchParams.set('state', request.state);
    url.searchParams.set('locale', request.locale);
    return { redirectUrl: url.toString() };
  }

  /** Query `{code}` on success, `{error: 'access_denied' | 'cancelled' | ...}` otherwise. */
  async handleCallback(journey: CallbackContext, query: Record<string, string | undefined>): Promise<CallbackResult> {
    if (query.error === 'cancelled') return { outcome: 'Cancelled', errorCode: 'user_cancelled' };
    if (query.error) return { outcome: 'Error', errorCode: query.error };
    try {
      const { username } = JSON.parse(Buffer.from(query.code ?? '', 'base64url').toString('utf8')) as { username: string };
      if (!parseTestUser(username)) throw new Error('unknown user');
      const consent: SandboxConsent = {
        connectionId: journey.connectionId,
        providerCode: journey.providerCode,
        username,
        countryCode: journey.countryCode,
        grantedAt: journey.at.toISOString(),
        anchor: journey.connectionCreatedAt.toISOString(),
      };
      // A new authorization is a new consent: not revoked, no re-authentication pending.
      await this.options.state.setRevoked(journey.connectionId, false);
      await this.options.state.setRequireReauth(journey.connectionId, false);
      return { outcome: 'Ok', consent: JSON.stringify(consent) };
    } catch {
      return { outcome: 'Error', errorCode: 'invalid_authorization_code' };
    }
  }

  /** The accounts with balances that include every transaction the bank holds, also those added by the sandbox control. */
  async listAccounts(consentRef: string): Promise<BankAccount[]> {
    const { generateAccounts } = await generator();
    const { consent, user, bank, seed } = this.open(consentRef);
    await this.pace(user, bank, 0.2);
    if (traitsOf(bank).flaky) await this.options.state.countListing(consent.connectionId);
    const state = await this.options.state.get(consent.connectionId);
    return generateAccounts(seed, bank, dataScenario(user), new Date(consent.anchor), state.extraTransactions);
  }

  /**
   * The account's 90 days as of the authorization, plus the transactions added by the sandbox
   * control (on the first current account); card payments older than 3 days by the bank's clock
   * are Cleared. The flaky bank fails the last account of every other listing (odd listing counts).
   */
  async fetchTransactions(consentRef: string, accountExternalId: string, since: Date): Promise<BankTransaction[]> {
    const { accountTransactions, openingAccounts } = await generator();
    const { consent, user, bank, seed } = this.open(consentRef);
    const scenario = dataScenario(user);
    const accounts = openingAccounts(seed, bank, scenario);
    const account = accounts.find((a) => a.externalId === accountExternalId);
    if (!account) throw new BankError('account_not_found', `Account ${accountExternalId} is not covered by this consent`);
    await this.pace(user, bank, 0.8 / accounts.length);
    const state = await this.options.state.get(consent.connectionId);
    if (traitsOf(bank).flaky && account === accounts.at(-1) && state.listings % 2 === 1) {
      throw new BankError('bank_unavailable', 'The flaky sandbox bank is unavailable for a moment; retry', true);
    }
    const all = accountTransactions(seed, account, bank, new Date(consent.anchor), scenario, state.extraTransactions);
    // The partner's own Uncleared transactions clear 3 days after they were added (whatever their date).
    const addedAt = new Map(state.extraTransactions.flatMap((batch) => ('transactions' in batch ? batch.transactions.map((t) => [t.externalId, batch.since.getTime()] as const) : [])));
    const now = this.options.clock.now().getTime();
    return all
      .filter((t) => t.recordDate >= since && t.recordDate.getTime() <= now)
      .map((t) => (t.recordState === 'Uncleared' && now - Math.max(t.recordDate.getTime(), addedAt.get(t.externalId) ?? 0) >= CLEARING_MS ? { ...t, recordState: 'Cleared' as const } : t));
  }

  async revokeConsent(consentRef: string): Promise<void> {
    await this.options.state.setRevoked((JSON.parse(consentRef) as SandboxConsent).connectionId, true);
  }

  /** Providers with the requiresUserPresence trait and the `user_presence` test user refuse background refresh. */
  async backgroundRefreshAllowed(consentRef: string, providerCode: string): Promise<boolean> {
    const { user } = this.open(consentRef);
    return user.scenario !== 'presence' && !this.traits(providerCode).requiresUserPresence;
  }

  async beginRefresh(consentRef: string): Promise<void> {
    const { consent, user } = this.open(consentRef);
    const state = await this.options.state.get(consent.connectionId);
    if (state.revoked) throw new BankError('consent_revoked', 'The consent was revoked at the bank');
    if (user.scenario === 'reauth' || state.requireReauth) throw new BankError('reauthentication_required', 'The bank demands a new authorization');
  }

  traits(providerCode: string): ProviderTraits {
    return traitsOf(this.bank(providerCode));
  }

  private bank(providerCode: string): CatalogProvider {
    const provider = catalogProvider(providerCode);
    if (!provider) throw new BankError('provider_unknown', `No sandbox provider ${providerCode}`);
    return provider;
  }

  /** The consent, its test user and bank, and the data seed: bank + (normalised) username. */
  private open(consentRef: string): { consent: SandboxConsent; user: TestUser; bank: CatalogProvider; seed: string } {
    const consent = JSON.parse(consentRef) as SandboxConsent;
    const user = parseTestUser(consent.username);
    if (!user) throw new BankError('consent_invalid', 'Unknown sandbox consent');
    if (user.scenario === 'error') throw new BankError(user.errorCode!, `The sandbox bank fails data calls with ${user.errorCode}`);
    // Consents granted before data was seeded per bank keep their per-connection data.
    if (!consent.providerCode) return { consent, user, bank: sandboxCatalog.find((p) => p.countryCode === consent.countryCode)!, seed: `${consent.connectionId}:${consent.username}` };
    return { consent, user, bank: this.bank(consent.providerCode), seed: `${consent.providerCode}:${user.username}` };
  }

  /** `user_slow` spends `share` of its total download time here; the flaky bank 1/40 of it on every call. */
  private async pace(user: TestUser, bank: CatalogProvider, share: number): Promise<void> {
    if (user.scenario === 'slow') await sleep(Math.round(this.options.slowMs * share));
    else if (traitsOf(bank).flaky) await sleep(Math.round(this.options.slowMs / 40));
  }
}

function dataScenario(user: TestUser): 'ok' | 'many' | 'empty' {
  return user.scenario === 'many' || user.scenario === 'empty' ? user.scenario : 'ok';
}
