/**
 * End to end with the real Actual Budget server (issue 21, "How it is shown"): the pinned
 * `@actual-app/sync-server` runs as its own process with its own data dir; it is bootstrapped
 * through its own API, given a setup token bankdata minted for a client with a completed sandbox
 * connection (`/secret` simplefin_token, as Actual's settings page does), and asked through its
 * own SimpleFIN endpoints: `/simplefin/accounts` claims the token and lists the accounts;
 * `/simplefin/transactions` imports the client's transactions for a start date; after a refresh
 * that books the pending card payments, a second import carries the same transaction ids (what
 * Actual deduplicates on), now booked: no duplicate.
 *
 * bankdata answers on https://localhost (a TLS front on port 443, see helpers/actual-server.ts),
 * as Actual's claim request goes to port 443 over TLS whatever the URL says. The install of the
 * sync-server (first run only, a few minutes) is skipped with a message only when npm cannot
 * reach the registry.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { localhostCertificate, installActualServer, startActualServer, tlsFront, type ActualServer } from './helpers/actual-server.ts';
import { providerId, providerIds, settle } from './helpers/journey.ts';

const DAY = 86_400_000;
const installed = await installActualServer();
const skipped = 'skipped' in installed ? installed.skipped : null;
if (skipped) console.warn(`SKIPPED the Actual Budget end-to-end test: ${skipped}`);

interface ApiTransaction {
  id: string;
  amount: number;
  recordState: 'Cleared' | 'Uncleared';
  recordDate: string;
  counterParty: string;
  enrichment?: { merchant: { name: string } | null };
}

describe.skipIf(skipped !== null)('Actual Budget reads bankdata over SimpleFIN', () => {
  let t: TestApp;
  let actual: ActualServer;
  let front: { close(): Promise<void> };
  let tlsDir: string;
  let key: string;
  let clientId: string;
  let connectionId: string;

  const call = (method: string, path: string, body?: unknown) => t.call(method, path, { key, clientId, body });

  /** The client's transactions as bankdata's API serves them, by account. */
  async function apiTransactions(accountIds: string[]): Promise<Map<string, ApiTransaction[]>> {
    const out = new Map<string, ApiTransaction[]>();
    for (const id of accountIds) out.set(id, (await call('GET', `/v1/accounts/${id}/transactions?limit=500`)).body.data);
    return out;
  }

  /** Runs a refresh and waits for its end. */
  async function refresh(): Promise<void> {
    const before = (await t.db.selectFrom('connections').select('lastRefreshedAt').where('id', '=', connectionId).executeTakeFirstOrThrow()).lastRefreshedAt;
    expect((await call('POST', `/v1/connections/${connectionId}/refresh`)).status).toBe(202);
    for (let i = 0; i < 300; i++) {
      const row = await t.db.selectFrom('connections').select(['lastRefreshedAt', 'refreshingSince']).where('id', '=', connectionId).executeTakeFirstOrThrow();
      if (row.refreshingSince === null && row.lastRefreshedAt && row.lastRefreshedAt.getTime() !== before?.getTime()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the refresh did not finish within 30 s');
  }

  beforeAll(async () => {
    const tls = await localhostCertificate();
    tlsDir = tls.dir;
    t = await startTestApp({ env: { BANKDATA_BASE_URL: 'https://localhost' } });
    front = await tlsFront(Number(new URL(t.baseUrl).port), tls);
    ({ apiKey: key } = await t.newPartner());
    clientId = await t.newClient(key);
    const created = await call('POST', '/v1/connections', { returnUrl: 'http://localhost:8080/done', providerId: await providerId(t, providerIds.vltava) });
    connectionId = created.body.connectionId;
    expect((await call('POST', `/v1/sandbox/connections/${connectionId}/complete`, { outcome: 'Ok' })).status).toBe(200);
    expect(await settle(t, key, clientId, connectionId)).toBe('Active');
    // Two card payments the next refresh finds, pending (Uncleared) for 3 days.
    expect((await call('POST', `/v1/sandbox/connections/${connectionId}/transactions`, { count: 2 })).status).toBe(200);
    await refresh();
    actual = await startActualServer('entry' in installed ? installed.entry : '', tls.certFile);
  }, 120_000);

  afterAll(async () => {
    await actual?.stop();
    await front?.close();
    await t?.close();
    if (tlsDir) rmSync(tlsDir, { recursive: true, force: true });
  });

  it('claims the token, lists the accounts and imports exactly the client’s transactions, without duplicates after a pending one books', async () => {
    const minted = await call('POST', `/v1/clients/${clientId}/simplefin/setup-tokens`);
    expect(minted.status).toBe(201);
    await actual.post('/secret', { name: 'simplefin_token', value: minted.body.setupToken });

    // Actual's "link account" step: claims the token and lists the accounts with balances.
    const listed = await actual.post('/simplefin/accounts', {});
    expect(listed.accounts, `${JSON.stringify(listed)}\n${actual.output().slice(-3000)}`).toBeDefined();
    const accounts = (await call('GET', `/v1/connections/${connectionId}/accounts`)).body as { id: string; name: string; balance: number; currencyCode: string }[];
    expect(listed.accounts.map((a: any) => [a.id, a.name, a.balance, a.currency]).sort()).toEqual(accounts.map((a) => [a.id, a.name, a.balance.toFixed(2), a.currencyCode]).sort());
    const access = await call('GET', `/v1/clients/${clientId}/simplefin/access`);
    expect(access.body).toHaveLength(1);

    // Actual's bank sync: every account from a start date.
    const startDate = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
    const ids = accounts.map((a) => a.id);
    const importAll = () => actual.post('/simplefin/transactions', { accountId: ids, startDate: ids.map(() => startDate) });
    const expected = async () => {
      const byAccount = await apiTransactions(ids);
      for (const [id, list] of byAccount) byAccount.set(id, list.filter((x) => new Date(x.recordDate) >= new Date(startDate)));
      return byAccount;
    };

    const first = await importAll();
    const ours = await expected();
    const pendingIds = new Set<string>();
    for (const id of ids) {
      const imported = first[id].transactions.all as any[];
      const wanted = ours.get(id)!;
      expect(imported).toHaveLength(wanted.length);
      expect(new Set(imported.map((x) => x.transactionId)).size).toBe(imported.length);
      for (const x of imported) {
        const our = wanted.find((w) => w.id === x.transactionId)!;
        expect(our, `transaction ${x.transactionId} is not the client's`).toBeDefined();
        expect(x.transactionAmount.amount).toBe(our.amount.toFixed(2));
        expect(x.payeeName).toBe(our.enrichment?.merchant?.name || our.counterParty);
        expect(x.booked).toBe(our.recordState === 'Cleared');
        if (!x.booked) pendingIds.add(x.transactionId);
      }
      expect(first[id].balances[0].balanceAmount.amount).toBe(accounts.find((a) => a.id === id)!.balance.toFixed(2));
    }
    expect(pendingIds.size).toBeGreaterThanOrEqual(2);

    // Four days later the card payments are booked; the next refresh brings them in.
    t.clock.advance(4 * DAY);
    await refresh();
    const second = await importAll();
    const after = await expected();
    for (const id of ids) {
      const before = first[id].transactions.all as any[];
      const now = second[id].transactions.all as any[];
      expect(now).toHaveLength(after.get(id)!.length);
      expect(new Set(now.map((x) => x.transactionId)).size).toBe(now.length);
      expect(now.map((x) => x.transactionId).sort()).toEqual(before.map((x) => x.transactionId).sort());
      for (const x of now.filter((y) => pendingIds.has(y.transactionId))) expect(x.booked).toBe(true);
    }
    expect(second[ids[0]!].transactions.pending.filter((x: any) => pendingIds.has(x.transactionId))).toEqual([]);
  }, 90_000);
});
