/**
 * Live journeys with a live key over real HTTP, through the Prism gate (issue 13): the direct flow
 * with the partner's psuIpAddress and the hosted flow in a real browser (Debian's Chromium), each
 * to Active with accounts and transactions. (Without psuIpAddress, a refused journey and the
 * second SCA of availableAccounts: test/live/service-rules.int.test.ts.)
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { PSU, useLiveWorld } from './live-world.ts';

const w = useLiveWorld();
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

