/**
 * Live mode with a live key over real HTTP, through the Prism gate (issue 13 "How it is shown"):
 * the direct flow with the partner's psuIpAddress and the hosted flow in a real browser (Debian's
 * Chromium), each to Active with accounts and transactions over 3+ bank pages; pending -> booked
 * keeps our transaction id (with the bank's entryReference and without any bank id); four
 * background refreshes a day, then refresh_quota_exceeded until the provider's next local
 * midnight; revoke sending DELETE. (Without psuIpAddress, a refused journey, the second SCA of
 * availableAccounts, consent expiry and revocation at the bank and the bank's own ACCESS_EXCEEDED:
 * test/live/service-rules.int.test.ts; 5xx retried then failed: live-faults.int.test.ts.)
 */
import { TZDate } from '@date-fns/tz';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { errorCode } from '../helpers/app.ts';
import { PSU, useLiveWorld } from './live-world.ts';

const w = useLiveWorld();
const MINUTE = 60_000;
let browser: Browser | null = null;
afterAll(async () => {
  await browser?.close();
});

describe('journeys', () => {
  it('direct flow with psuIpAddress: Active with accounts and all transactions over 3 bank pages', async () => {
    const id = await w.activeConnection();
    const created = w.bank.requests.find((r) => r.method === 'POST')!;
    expect(created.headers['psu-ip-address']).toBe(PSU);
    expect(new URL(String(created.headers['tpp-redirect-uri'])).pathname).toBe('/connect/bank-callback');
    const accounts = await w.call('GET', `/v1/connections/${id}/accounts?subscription=all`);
    expect(accounts.body.map((a: any) => [a.iban, a.type])).toEqual([
      ['CZ6508000000192000145399', 'CurrentAccount'],
      ['CZ6907100000000000123457', 'SavingAccount'],
    ]);
    const pages = w.bank.requests.filter((r) => r.path.startsWith('/v1/accounts/acc-current/transactions')).map((r) => new URL(r.path, 'http://x').searchParams.get('page'));
    expect(pages).toEqual([null, '2', '3']);
    const all = await w.transactionsOf(id);
    expect(all).toHaveLength(28);
    expect(all.filter((x) => x.recordState === 'Uncleared')).toHaveLength(2);
    const salary = all.find((x) => x.amount === 1500);
    expect(salary).toMatchObject({ counterParty: 'Zaměstnavatel a.s.' });
    expect(salary.details).toMatchObject({ constantSymbol: '0138' });
    await w.waitForHook(id, 'ConnectionCreateSuccess');
  });

  it('hosted flow in a browser: confirm, the bank SCA page, Approve, back to the partner; Active', async () => {
    browser ??= await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    const session = await w.call('POST', '/v1/connect-sessions', { returnUrl: 'http://localhost:8080/done', providerId: w.partner.providerId });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const page = await (await browser.newContext()).newPage();
    await page.goto(session.body.hostedUrl);
    await page.locator('form[action$="/confirm"] button').click();
    await page.getByText('Approve').waitFor();
    expect(w.bank.requests.find((r) => r.method === 'POST')!.headers['psu-ip-address']).toBe('127.0.0.1');
    await page.route('http://localhost:8080/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Back in the app</h1>' }));
    await page.getByText('Approve').click();
    // Back on the service: the accounts the bank listed (interimAvailable balance), shared.
    await page.getByText('CZK 25,188.60').waitFor();
    await page.screenshot({ path: 'test-artifacts/live-hosted-accounts.png' });
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    await page.getByRole('heading', { name: 'Back in the app' }).waitFor();
    const connectionId = (await w.call('GET', `/v1/connect-sessions/${session.body.sessionId}`)).body.connectionId;
    expect((await w.settle(connectionId)).state).toBe('Active');
  });
});

describe('refresh', () => {
  it('a pending payment that books keeps its transaction id (bank entryReference), and one that vanishes is removed', async () => {
    const id = await w.activeConnection();
    const before = await w.transactionsOf(id);
    const coffee = before.find((x) => x.counterParty === 'Kavárna Slavia');
    expect(coffee.recordState).toBe('Uncleared');
    w.bank.dropPending('E-PEND-2');
    w.bank.bookPending();
    await w.refresh(id, { psuIpAddress: PSU });
    const after = await w.transactionsOf(id);
    expect(after.find((x) => x.id === coffee.id)).toMatchObject({ recordState: 'Cleared', amount: -42.9 });
    expect(after.find((x) => x.counterParty === 'Potraviny')).toBeUndefined();
    expect(after).toHaveLength(before.length - 1);
  });

  it('without bank ids, the booked payment still keeps the id of the pending one (service matching)', async () => {
    w.bank.reset({ idMode: 'none' });
    const id = await w.activeConnection();
    const coffee = (await w.transactionsOf(id)).find((x) => x.counterParty === 'Kavárna Slavia');
    w.bank.bookPending();
    await w.refresh(id, { psuIpAddress: PSU });
    const after = await w.transactionsOf(id);
    expect(after.filter((x) => x.counterParty === 'Kavárna Slavia')).toEqual([expect.objectContaining({ id: coffee.id, recordState: 'Cleared' })]);
    expect(after).toHaveLength(28);
  });

  it('4 background refreshes a day, then refresh_quota_exceeded until the next midnight in Prague; background calls carry no PSU-IP-Address', async () => {
    // Start at 08:00 in Prague so the five refreshes stay within one local day.
    const now = new TZDate(w.t.clock.now().getTime(), 'Europe/Prague');
    const eight = new TZDate(now.getFullYear(), now.getMonth(), now.getDate() + 1, 8, 0, 'Europe/Prague');
    w.t.clock.advance(eight.getTime() - w.t.clock.now().getTime());
    w.syncBankClock();
    const id = await w.activeConnection();
    for (let i = 0; i < 4; i++) {
      w.t.clock.advance(11 * MINUTE);
      w.syncBankClock();
      await w.refresh(id);
    }
    const background = w.bank.requests.filter((r) => r.path.startsWith('/v1/accounts') && !r.headers['psu-ip-address']);
    expect(background.length).toBeGreaterThan(0);
    w.t.clock.advance(11 * MINUTE);
    const refused = await w.call('POST', `/v1/connections/${id}/refresh`);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(errorCode(refused)).toBe('refresh_quota_exceeded');
    const midnight = new TZDate(eight.getFullYear(), eight.getMonth(), eight.getDate() + 1, 0, 0, 'Europe/Prague');
    expect(refused.body.error.nextRefreshPossibleAt).toBe(new Date(midnight.getTime()).toISOString());
    // The user present: not counted, not refused.
    await w.refresh(id, { psuIpAddress: PSU });
  });

});

describe('revoke', () => {
  it('revoke sends DELETE /v1/consents/{id}', async () => {
    const id = await w.activeConnection();
    const consentId = [...w.bank.consents.values()].at(-1)!.consentId;
    const revoked = await w.call('POST', `/v1/connections/${id}/revoke`);
    expect(revoked.status).toBe(200);
    await w.receiver.waitFor(() => w.bank.requests.some((r) => r.method === 'DELETE'));
    expect(w.bank.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v1/consents/${consentId}`]);
    expect(w.bank.consents.get(consentId)!.status).toBe('terminatedByTpp');
  });
});
