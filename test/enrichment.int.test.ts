/**
 * Enrichment over real HTTP (spec "Transaction", "enrichment" table; capability `enrichment`):
 * a partner with the capability connects a sandbox bank and every transaction it reads carries
 * category, merchant and recurrent, also those a refresh adds, and recurrence follows later
 * payments; a partner without it never sees the field.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';
import type { BankTransaction } from '../src/banks/connector.ts';
import { accountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { enrichAccount } from '../src/modules/enrichment/enrichment.service.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every transaction of every account of the connection, all pages. */
async function transactions(key: string, clientId: string, connectionId: string): Promise<any[]> {
  const accounts = await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId });
  expect(accounts.status).toBe(200);
  const all: any[] = [];
  for (const account of accounts.body) {
    let cursor: string | null = null;
    do {
      const page: any = await t.call('GET', `/v1/accounts/${account.id}/transactions?limit=500${cursor ? `&nextCursor=${encodeURIComponent(cursor)}` : ''}`, { key, clientId });
      expect(page.status).toBe(200);
      all.push(...page.body.data);
      cursor = page.body.nextCursor;
    } while (cursor);
  }
  return all;
}

function expectEnriched(tx: any): void {
  const { category, merchant, recurrent } = tx.enrichment;
  expect(Object.keys(tx.enrichment).sort()).toEqual(['category', 'merchant', 'recurrent']);
  expect(category).toEqual({ categoryId: expect.any(Number), categoryName: expect.any(String), subcategoryId: expect.any(Number), subcategoryName: expect.any(String) });
  expect(Math.floor(category.subcategoryId / 100)).toBe(category.categoryId);
  if (merchant !== null) expect(merchant).toEqual({ id: expect.stringMatching(UUID), name: expect.any(String) });
  expect(typeof recurrent).toBe('boolean');
}

describe('enrichment', () => {
  it('gives every transaction a category, a merchant or null and recurrent, with sensible values for sandbox data', async () => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'enrichment'] });
    const clientId = await t.newClient(key);
    const connectionId = await connect(t, key, clientId);
    const all = await transactions(key, clientId, connectionId);
    expect(all.length).toBeGreaterThan(50);
    for (const tx of all) expectEnriched(tx);

    const salaries = all.filter((tx) => tx.details.constantSymbol === '0138');
    expect(salaries.length).toBeGreaterThanOrEqual(2);
    for (const tx of salaries) expect(tx.enrichment).toMatchObject({ category: { categoryName: 'Income', subcategoryName: 'Salary & wages' }, merchant: null, recurrent: true });
    for (const tx of all.filter((x) => x.details.mccCode === '6011')) expect(tx.enrichment.category.subcategoryName).toBe('ATM withdrawals');
    // Every sandbox card merchant and subscription is on the merchant list; people are never merchants.
    for (const tx of all.filter((x) => x.details.transactionCode === 'CARD_PAYMENT' || x.details.transactionCode === 'DIRECT_DEBIT')) expect(tx.enrichment.merchant, tx.note).not.toBeNull();
    for (const tx of all.filter((x) => x.details.transactionCode === 'STANDING_ORDER')) expect(tx.enrichment).toMatchObject({ category: { subcategoryName: 'Rent' }, merchant: null, recurrent: true });
    expect(all.filter((x) => x.enrichment.category.categoryId === 99)).toEqual([]);
    const netflix = all.filter((x) => x.enrichment.merchant?.name === 'Netflix');
    for (const tx of netflix) expect(tx.enrichment).toMatchObject({ category: { subcategoryName: 'Video streaming' }, recurrent: true });
  });

  it('enriches the transactions a refresh adds or changes', async () => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'enrichment'] });
    const clientId = await t.newClient(key);
    const connectionId = await connect(t, key, clientId);
    const before = await transactions(key, clientId, connectionId);
    expect(before.some((x) => x.recordState === 'Uncleared')).toBe(true);

    const added = await t.call('POST', `/v1/sandbox/connections/${connectionId}/transactions`, { key, clientId, body: { count: 6 } });
    expect(added.status).toBe(200);
    t.clock.advance(4 * 86_400_000);
    expect((await t.call('POST', `/v1/connections/${connectionId}/refresh`, { key, clientId })).status).toBe(202);
    let after: any[] = before;
    for (const until = Date.now() + 30_000; after.length < before.length + 6 && Date.now() < until; ) {
      await new Promise((r) => setTimeout(r, 200));
      after = await transactions(key, clientId, connectionId);
    }
    expect(after).toHaveLength(before.length + 6);
    for (const tx of after) expectEnriched(tx);
    const fresh = after.filter((x) => !before.some((b) => b.id === x.id));
    for (const tx of fresh) expect(tx.enrichment.merchant, tx.note).not.toBeNull();
    // Card payments that cleared on the refresh keep (recomputed) enrichment.
    const cleared = before.filter((x) => x.recordState === 'Uncleared').map((x) => after.find((a) => a.id === x.id));
    for (const tx of cleared) expect(tx).toMatchObject({ recordState: 'Cleared', enrichment: { merchant: { name: expect.any(String) } } });
  });

  it('recomputes recurrence over the account when later payments arrive, writing only what changed', async () => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'enrichment'] });
    const clientId = await t.newClient(key);
    const connectionId = await connect(t, key, clientId);
    const [account] = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body;
    const day = 86_400_000;
    const gym = (n: number): BankTransaction => ({
      externalId: `gym-${n}`,
      accountExternalId: 'x',
      amount: -990,
      currencyCode: 'CZK',
      recordState: 'Cleared',
      recordDate: new Date(t.clock.now().getTime() - (70 - 30 * n) * day),
      note: 'Permanentka',
      counterParty: 'Fitko U Parku s.r.o.',
      details: { variableSymbol: null, constantSymbol: null, specificSymbol: null, transactionCode: null, creditorReference: null, externalCategoryName: null, mccCode: null, others: null },
    });
    // What the download job does per account: store the bank's transactions, then enrich.
    const download = (batch: BankTransaction[]) =>
      t.db.transaction().execute(async (tx) => {
        await accountsRepository(tx).upsertTransactions(account.id, batch, t.clock.now());
        return enrichAccount(tx, account.id);
      });
    const gymPayments = async () => (await transactions(key, clientId, connectionId)).filter((x) => x.counterParty === 'Fitko U Parku s.r.o.');

    expect(await download([gym(0)])).toBe(1);
    expect((await gymPayments()).map((x) => x.enrichment)).toEqual([{ category: expect.objectContaining({ subcategoryName: 'Sport & fitness' }), merchant: { id: expect.any(String), name: 'Fitko U Parku' }, recurrent: false }]);
    expect(await download([gym(0), gym(1)])).toBe(2);
    expect((await gymPayments()).map((x) => x.enrichment.recurrent)).toEqual([true, true]);
    expect(await download([gym(0), gym(1)])).toBe(0);
  });

  it('enriches, on upgrade, the transactions stored before enrichment existed (migration 0008)', async () => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'enrichment'] });
    const clientId = await t.newClient(key);
    const connectionId = await connect(t, key, clientId);
    const before = await transactions(key, clientId, connectionId);
    // A database from before enrichment: stored transactions without it, the backfill not yet run.
    await sql`UPDATE transactions SET enrichment = NULL, payee_key = NULL`.execute(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '0009_enrichment_backfill'`.execute(t.db);
    expect((await transactions(key, clientId, connectionId)).filter((x) => x.enrichment)).toEqual([]);

    expect(await migrateToLatest(t.db)).toEqual(['0009_enrichment_backfill']);
    const after = await transactions(key, clientId, connectionId);
    expect(after).toHaveLength(before.length);
    for (const tx of after) {
      expectEnriched(tx);
      expect(tx.enrichment).toEqual(before.find((b) => b.id === tx.id).enrichment);
    }
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM transactions WHERE enrichment IS NULL`.execute(t.db);
    expect(stored.rows[0]!.n).toBe(0);
  });

  it.each(['0018_enrichment_reenrich', '0027_enrichment_reenrich_issue20_rounds', '0029_enrichment_reenrich_issue20_round5', '0030_enrichment_reenrich_issue20_round6', '0031_enrichment_reenrich_issue20_rounds7to10', '0032_enrichment_reenrich_issue20_rounds11to13', '0033_enrichment_reenrich_issue20_rounds14to18', '0034_enrichment_reenrich_issue20_rounds19to23', '0035_enrichment_reenrich_issue20_rounds24to29', '0036_enrichment_reenrich_issue20_rounds30to33'])('enriches every stored transaction again with the current rules on upgrade (migration %s)', async (migration) => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'enrichment'] });
    const clientId = await t.newClient(key);
    const connectionId = await connect(t, key, clientId);
    const before = await transactions(key, clientId, connectionId);
    // Enrichment stored by older rules: no merchant named from a descriptor, refunds as 104.
    await sql`UPDATE transactions SET enrichment = jsonb_set(enrichment, '{merchant}', 'null'::jsonb)`.execute(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = ${migration}`.execute(t.db);
    expect((await transactions(key, clientId, connectionId)).filter((x) => x.enrichment.merchant)).toEqual([]);

    expect(await migrateToLatest(t.db)).toEqual([migration]);
    const after = await transactions(key, clientId, connectionId);
    expect(after.filter((x) => x.enrichment.merchant).length).toBeGreaterThan(0);
    for (const tx of after) expect(tx.enrichment).toEqual(before.find((b) => b.id === tx.id).enrichment);
  });

  it('leaves the field out for a partner without the capability', async () => {
    const { apiKey: key } = await t.newPartner({ capabilities: ['refresh', 'reconnect'] });
    const clientId = await t.newClient(key);
    const config = await t.call('GET', '/v1/partner/config', { key });
    expect(config.body.capabilities.enrichment).toBe(false);
    const all = await transactions(key, clientId, await connect(t, key, clientId));
    expect(all.length).toBeGreaterThan(50);
    for (const tx of all) expect(tx).not.toHaveProperty('enrichment');
  });
});
