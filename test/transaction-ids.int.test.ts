/**
 * Stable transaction ids (issue 13; docs/live.md "Transaction ids (matching rule)"), at the
 * service level against the real database: crafted BankTransactions stored into an account of
 * a sandbox connection, as a download would (accounts.storeTransactions), read back over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankTransaction } from '../src/banks/connector.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { connect } from './helpers/journey.ts';

let t: TestApp;
let key: string;
let clientId: string;
let accountId: string;
/** The crafted transactions are dated a year after the sandbox data, so they never meet it. */
const base = Date.parse('2031-05-10T10:00:00Z');
const since = new Date(base - 30 * 86_400_000);
const day = (n: number) => new Date(base + n * 86_400_000);

function tx(externalId: string, recordState: BankTransaction['recordState'], recordDate: Date, amount: number, counterParty: string): BankTransaction {
  const details = { variableSymbol: null, constantSymbol: null, specificSymbol: null, transactionCode: null, creditorReference: null, externalCategoryName: null, mccCode: null, others: null };
  return { externalId, accountExternalId: 'x', amount, currencyCode: 'CZK', recordState, recordDate, note: `payment ${externalId}`, counterParty, details };
}

async function store(fetched: BankTransaction[]): Promise<void> {
  await t.db.transaction().execute((trx) => t.services.accounts.storeTransactions(trx, accountId, fetched, since));
}

/** The crafted transactions of the account over HTTP (newest first): id, state, counterparty, date. */
async function stored(): Promise<{ id: string; recordState: string; counterParty: string; recordDate: string; amount: number }[]> {
  const page = await t.call('GET', `/v1/accounts/${accountId}/transactions?limit=500`, { key, clientId });
  return page.body.data.filter((x: { recordDate: string }) => Date.parse(x.recordDate) >= since.getTime());
}

beforeAll(async () => {
  t = await startTestApp();
  const partner = await t.newPartner();
  key = partner.apiKey;
  clientId = await t.newClient(key);
  const connectionId = await connect(t, key, clientId);
  const accounts = await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId });
  accountId = accounts.body[0].id;
}, 120_000);

afterAll(() => t?.close());

describe('a pending payment that books keeps its id', { timeout: 60_000 }, () => {
  it('matches the booked transaction to the stored Uncleared one (same amount and counterparty, dates within 5 days) and updates it in place', async () => {
    await store([tx('pend-1', 'Uncleared', day(0), -250, 'Café Louvre')]);
    const [pending] = await stored();
    expect(pending).toMatchObject({ recordState: 'Uncleared', amount: -250 });
    // The bank books it two days later under a new id; the pending entry is gone from its answer.
    await store([tx('book-1', 'Cleared', day(2), -250, ' café  louvre ')]);
    const after = await stored();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: pending!.id, recordState: 'Cleared', recordDate: day(2).toISOString(), counterParty: ' café  louvre ' });
    // Fetched again: nothing changes.
    await store([tx('book-1', 'Cleared', day(2), -250, ' café  louvre ')]);
    expect(await stored()).toEqual(after);
  });

  it('keeps the id when the bank keeps its own id across booking', async () => {
    await store([tx('same-id', 'Uncleared', day(3), -99, 'Bolt')]);
    const before = (await stored()).find((x) => x.counterParty === 'Bolt')!;
    await store([tx('book-1', 'Cleared', day(2), -250, ' café  louvre '), tx('same-id', 'Cleared', day(4), -99, 'Bolt')]);
    expect((await stored()).find((x) => x.counterParty === 'Bolt')).toMatchObject({ id: before.id, recordState: 'Cleared' });
  });

  it('does not match across amounts, counterparties or more than 5 days; such a pending one that vanished is removed and the booking is new', async () => {
    await store([tx('p-amount', 'Uncleared', day(10), -10, 'Shop A'), tx('p-party', 'Uncleared', day(10), -20, 'Shop B'), tx('p-late', 'Uncleared', day(10), -30, 'Shop C')]);
    const pendings = (await stored()).filter((x) => x.recordState === 'Uncleared');
    expect(pendings).toHaveLength(3);
    await store([tx('b-amount', 'Cleared', day(11), -11, 'Shop A'), tx('b-party', 'Cleared', day(11), -20, 'Shop Z'), tx('b-late', 'Cleared', day(16), -30, 'Shop C')]);
    const now = await stored();
    expect(now.filter((x) => x.recordState === 'Uncleared')).toEqual([]);
    const ids = new Set(now.map((x) => x.id));
    for (const p of pendings) expect(ids.has(p.id)).toBe(false);
    expect(now.filter((x) => ['Shop A', 'Shop Z', 'Shop C'].includes(x.counterParty))).toHaveLength(3);
  });

  it('with several candidates takes the closest date, then the oldest stored row', async () => {
    await store([tx('c-1', 'Uncleared', day(20), -5, 'Tram'), tx('c-2', 'Uncleared', day(21), -5, 'Tram')]);
    await store([tx('c-1', 'Uncleared', day(20), -5, 'Tram'), tx('c-2', 'Uncleared', day(21), -5, 'Tram'), tx('c-3', 'Uncleared', day(22), -5, 'Tram')]);
    const tram = async () => (await stored()).filter((x) => x.counterParty === 'Tram');
    const byDate = Object.fromEntries((await tram()).map((x) => [x.recordDate, x.id]));
    // One booking on day 21.4: c-2 (day 21) is closest; c-1 and c-3 still pending (reported).
    await store([tx('c-1', 'Uncleared', day(20), -5, 'Tram'), tx('c-3', 'Uncleared', day(22), -5, 'Tram'), tx('k-1', 'Cleared', new Date(day(21).getTime() + 0.4 * 86_400_000), -5, 'Tram')]);
    const afterFirst = await tram();
    expect(afterFirst.find((x) => x.recordState === 'Cleared')!.id).toBe(byDate[day(21).toISOString()]);
    // Both remaining ones book on day 21 (equally far from c-1 on day 20 and c-3 on day 22): the older stored row (c-1) goes first.
    await store([tx('k-1', 'Cleared', new Date(day(21).getTime() + 0.4 * 86_400_000), -5, 'Tram'), tx('k-2', 'Cleared', day(21), -5, 'Tram')]);
    const afterSecond = await tram();
    const k2 = afterSecond.find((x) => x.recordDate === day(21).toISOString())!;
    expect(k2.id).toBe(byDate[day(20).toISOString()]);
    // c-3 was neither reported nor matched: removed.
    expect(afterSecond.map((x) => x.id)).not.toContain(byDate[day(22).toISOString()]);
    expect(afterSecond).toHaveLength(2);
  });

  it('keeps pending transactions older than the fetched period', async () => {
    const early = new Date(since.getTime() - 86_400_000);
    await t.db.transaction().execute((trx) => t.services.accounts.storeTransactions(trx, accountId, [tx('old-pending', 'Uncleared', early, -7, 'Kiosk')], new Date(early.getTime() - 86_400_000)));
    await store([]);
    const page = await t.call('GET', `/v1/accounts/${accountId}/transactions?limit=500`, { key, clientId });
    expect(page.body.data.some((x: { counterParty: string }) => x.counterParty === 'Kiosk')).toBe(true);
  });
});
