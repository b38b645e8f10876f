/**
 * The live-mode world of an integration test file (issue 13 "How it is shown"): the stateful test
 * bank behind the Prism gate (official NextGenPSD2 1.3.11 file, --errors), the real service on a
 * fresh database with a live provider imported for the gate, a partner with a live key, a client
 * and a verified webhook endpoint, and helpers that walk journeys and refreshes over real HTTP.
 * `useLiveWorld()` starts it once per file and fails a test on any contract violation Prism
 * reports in either direction.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { WebhookReceiver } from '../helpers/receiver.ts';
import { PrismGate } from './prism-gate.ts';
import { TestBank } from './test-bank.ts';

export const PROVIDER_CODE = 'cz_testbank';
/** The PSU's address a partner passes (psuIpAddress). */
export const PSU = '203.0.113.7';
const OUTCOMES = ['ConnectionRefreshSuccess', 'ConnectionRefreshFailed'];

export class LiveWorld {
  readonly bank = new TestBank({ pageSize: 10, bookedCount: 25 });
  gate!: PrismGate;
  t!: TestApp;
  receiver!: WebhookReceiver;
  partner!: { partnerId: string; apiKey: string; clientId: string; secret: string; providerId: string };

  async start(): Promise<void> {
    this.gate = new PrismGate(await this.bank.start());
    await this.gate.start();
    this.t = await startTestApp({ env: { BANKDATA_ALLOW_PRIVATE_WEBHOOK_URLS: 'true', BANKDATA_DOWNLOAD_RETRY_DELAY_SECONDS: '1' } });
    this.receiver = await new WebhookReceiver().start();
    const [provider] = await this.t.services.providers.importLive([
      {
        code: PROVIDER_CODE,
        name: 'Test Bank CZ',
        countryCode: 'CZ',
        bicCodes: ['TESTCZPP'],
        timeZone: 'Europe/Prague',
        status: 'Active',
        logoUrl: null,
        connector: 'berlin-group',
        xs2a: { baseUrl: this.gate.url, consentModel: 'allAccounts', frequencyPerDay: 4, maxConsentDays: 180, historyDays: 90 },
      },
    ]);
    const { partnerId } = await this.t.newPartner({ name: 'Live Partner' });
    const apiKey = await this.t.newKey(partnerId, 'live');
    const { secret } = await this.t.services.webhooks.setEndpoint(partnerId, 'live', this.receiver.url);
    this.partner = { partnerId, apiKey, clientId: await this.t.newClient(apiKey), secret, providerId: provider!.providerId };
  }

  async stop(): Promise<void> {
    await this.receiver?.stop();
    await this.t?.close();
    await this.gate?.stop();
    await this.bank.stop();
  }

  /** Prism's violations since the last call (after its last log lines); resets the bank. */
  async takeViolations() {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const violations = this.gate.violations();
    this.gate.clear();
    this.bank.reset();
    return violations;
  }

  call(method: string, path: string, body?: unknown) {
    return this.t.call(method, path, { key: this.partner.apiKey, clientId: this.partner.clientId, body });
  }

  connection(id: string) {
    return this.call('GET', `/v1/connections/${id}`);
  }

  /** Verified webhooks of a connection, in arrival order. */
  hooks(id: string): { type: string; data: any }[] {
    return this.receiver.received
      .filter((r) => r.json.data.connectionId === id && r.status === 200)
      .map((r) => new Webhook(this.partner.secret).verify(r.body, r.headers) as { type: string; data: any });
  }

  waitForHook(id: string, type: string, count = 1) {
    return this.receiver.waitFor(() => this.hooks(id).filter((h) => h.type === type).length >= count);
  }

  /** The bank's clock follows the service's (both moved by tests). */
  syncBankClock(): void {
    this.bank.clockOffsetMs = this.t.clock.now().getTime() - Date.now();
  }

  /** Follows the bank's SCA with `?approve=1` (or deny), then our callback: answers where the user lands. */
  async authorizeAtBank(scaUrl: string, approve = true): Promise<URL> {
    const sca = await fetch(`${scaUrl}?${approve ? 'approve' : 'deny'}=1`, { redirect: 'manual' });
    expect(sca.status).toBe(302);
    const callback = await fetch(sca.headers.get('location')!, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    return new URL(callback.headers.get('location')!);
  }

  /** Polls the connection until it leaves Pending; answers it. */
  async settle(id: string): Promise<any> {
    for (let i = 0; i < 300; i++) {
      const reply = await this.connection(id);
      if (reply.body.state !== 'Pending') return reply.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('connection stayed Pending');
  }

  /** A direct-flow connection made Active, the PSU's address given by the partner. */
  async activeConnection(): Promise<string> {
    const created = await this.call('POST', '/v1/connections', { returnUrl: 'http://localhost:8080/done', providerId: this.partner.providerId, psuIpAddress: PSU });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const landed = await this.authorizeAtBank(created.body.redirectUrl);
    expect(landed.searchParams.get('resultCode')).toBe('Ok');
    expect((await this.settle(created.body.connectionId)).state).toBe('Active');
    return created.body.connectionId;
  }

  /** Every transaction of every account of the connection. */
  async transactionsOf(id: string): Promise<any[]> {
    const accounts = await this.call('GET', `/v1/connections/${id}/accounts?subscription=all`);
    const all: any[] = [];
    for (const account of accounts.body) {
      const page = await this.call('GET', `/v1/accounts/${account.id}/transactions?limit=500`);
      all.push(...page.body.data.map((x: any) => ({ ...x, iban: account.iban })));
    }
    return all;
  }

  /** Starts a refresh and waits for its outcome webhook, which must be `outcome`; answers the webhook. */
  async refresh(id: string, body: Record<string, unknown> = {}, outcome = 'ConnectionRefreshSuccess', timeoutMs = 20_000) {
    const outcomes = () => this.hooks(id).filter((h) => OUTCOMES.includes(h.type));
    const before = outcomes().length;
    const reply = await this.call('POST', `/v1/connections/${id}/refresh`, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    await this.receiver.waitFor(() => outcomes().length > before, timeoutMs);
    const hook = outcomes()[before]!;
    expect(hook.type, JSON.stringify(hook.data)).toBe(outcome);
    return hook;
  }
}

/** Starts a LiveWorld for the file; every test fails on a Prism contract violation. */
export function useLiveWorld(): LiveWorld {
  const world = new LiveWorld();
  beforeAll(() => world.start());
  afterAll(() => world.stop());
  afterEach(async () => {
    expect(await world.takeViolations(), 'Prism contract violations').toEqual([]);
  });
  return world;
}
