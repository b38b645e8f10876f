/**
 * The hosted connect flow in a real browser (issue 5; spec "Connect session"; DESIGN.md §2, §8):
 * playwright-core drives Debian's /usr/bin/chromium headless against the real app. Journeys: the
 * happy path with one account deselected (it ends unsubscribed, checked through the API), live
 * progress during a slow download, cancel at the picker and during the download, a bank failure,
 * an expired session (clock moved, timers fired), a reused link, a Czech run, a Polish run with
 * long IBANs, two sessions in one browser, the return from the bank in a browser without the
 * session's cookie, and the error page of a bank that became unavailable. Each saves a screenshot
 * into test-artifacts/. The partner's returnUrl is a
 * small local HTTP server standing in for the partner's app.
 */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { ARTIFACTS, launchChromium, pagesOf } from './helpers/browser.ts';
import { newConnectSession, providerId, providerIds } from './helpers/journey.ts';
import { startPartnerApp } from './helpers/partner-app.ts';

let returnUrl: string;
let partnerApp: Server;

let t: TestApp;
let browser: Browser;
let key: string;
let clientId: string;
const pages = pagesOf(() => browser);

beforeAll(async () => {
  let origin: string;
  ({ server: partnerApp, origin } = await startPartnerApp());
  returnUrl = `${origin}/done`;
  // user_slow's download takes 6 s: long enough to see progress and to choose accounts while it runs.
  t = await startTestApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '6000' } });
  ({ apiKey: key } = await t.newPartner({ name: 'Budget App' }));
  clientId = await t.newClient(key);
  browser = await launchChromium();
});
afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await t?.close();
  partnerApp?.close();
});

/** A new connect session of the test's client, returning to the partner app. */
const hostedUrl = (body: Record<string, unknown> = {}) => newConnectSession(t, key, clientId, returnUrl, body);

/** A fresh browser (own cookies) at `width` px. */
const newPage = (width = 360) => pages.open(width);

/** A session of `code` opened in a fresh browser and continued to the sandbox bank's login page. */
async function atTheBank(code: string = providerIds.vltava, body: Record<string, unknown> = {}): Promise<{ sessionId: string; page: Page }> {
  const { sessionId, hostedUrl: url } = await hostedUrl({ providerId: await providerId(t, code), ...body });
  const page = await newPage();
  await page.goto(url);
  await page.locator('form[action$="/confirm"] button').click();
  await page.locator('button[value=login]').waitFor();
  return { sessionId, page };
}

/** A hosted journey at Vltava Bank as `user_slow`, on the progress page while the download runs. */
async function slowDownloadStarted(): Promise<{ sessionId: string; page: Page }> {
  const { sessionId, page } = await atTheBank();
  await page.getByLabel('Username').fill('user_slow');
  await page.getByRole('button', { name: 'Log in and authorize' }).click();
  await page.getByRole('heading', { name: 'Downloading your data' }).waitFor();
  return { sessionId, page };
}

/** Saves a screenshot after checking that the page needs no horizontal scrolling at its width. */
async function shot(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

/** Waits for the partner's returnUrl and answers its query values. */
async function returned(page: Page): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.toString().startsWith(returnUrl), { timeout: 30_000 });
  return new URL(page.url()).searchParams;
}

async function session(sessionId: string) {
  return (await t.call('GET', `/v1/connect-sessions/${sessionId}`, { key, clientId })).body;
}

describe('hosted connect flow in Chromium', () => {
  it('happy path: picker by keyboard, consent, bank, progress, one account deselected; it ends unsubscribed', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ country: 'CZ' });
    const page = await newPage();
    await page.goto(url);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Choose your bank');
    expect(await page.getByLabel('Country').inputValue()).toBe('CZ');
    await shot(page, 'picker-360');

    // Keyboard only: type into the search, Tab past the search button to the first bank, Enter.
    await page.getByLabel('Search for your bank').fill('vltava');
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Banks shown: 1');
    await page.getByLabel('Search for your bank').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Vltava Bank');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Share your bank data' }).waitFor();
    const consent = await page.locator('.card').textContent();
    expect(consent).toContain('Budget App will be able to read this data from Vltava Bank');
    expect(consent).toContain('Transactions available at the bank (typically the last 90 days)');
    expect(consent).toMatch(/The consent is valid until \w+ \d{1,2}, \d{4}/);
    await shot(page, 'consent-360');
    await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();

    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor({ timeout: 30_000 });
    await shot(page, 'accounts-360');
    const boxes = page.getByRole('checkbox');
    expect(await boxes.count()).toBeGreaterThan(1);
    const dropped = await boxes.first().getAttribute('value');
    await boxes.first().uncheck();
    await page.getByRole('button', { name: 'Share selected accounts' }).click();

    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Ok');
    expect(query.get('sessionId')).toBe(sessionId);
    const connectionId = query.get('connectionId')!;
    expect(query.get('error')).toBeNull();
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
    expect((await session(sessionId)).connectionId).toBe(connectionId);
    expect((await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state).toBe('Active');
    const all = (await t.call('GET', `/v1/connections/${connectionId}/accounts?subscription=all`, { key, clientId })).body as { id: string; subscribed: boolean }[];
    expect(all.find((a) => a.id === dropped)?.subscribed).toBe(false);
    expect(all.filter((a) => a.id !== dropped).every((a) => a.subscribed)).toBe(true);
    const subscribed = (await t.call('GET', `/v1/connections/${connectionId}/accounts`, { key, clientId })).body as { id: string }[];
    expect(subscribed.map((a) => a.id)).not.toContain(dropped);
  });

  it('shows live progress during a slow download; accounts chosen meanwhile; returns once the data is stored', async () => {
    const { sessionId, page } = await slowDownloadStarted();
    expect(await page.getByRole('status').textContent()).toMatch(/Downloading your (accounts|transactions)…/);
    await shot(page, 'progress-360');
    // No reload by the test: the page polls and offers the account selection once the accounts are listed.
    await page.getByRole('link', { name: 'Choose accounts now' }).click({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor();
    expect(await page.getByText('Transactions are still downloading in the background.').isVisible()).toBe(true);
    expect((await session(sessionId)).state).toBe('AwaitingAccountSelection');
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    // Back at the partner while the download completes: the session and webhooks stay authoritative.
    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Ok');
    await expect.poll(async () => (await t.call('GET', `/v1/connections/${query.get('connectionId')}`, { key, clientId })).body.state, { timeout: 30_000 }).toBe('Active');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
  });

  it('cancel during the download ends the session Cancelled and the connection Disabled', async () => {
    const { sessionId, page } = await slowDownloadStarted();
    await page.getByRole('button', { name: /^Cancel/ }).click();
    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Cancelled');
    expect(query.get('error')).toBe('user_cancelled');
    expect(await session(sessionId)).toMatchObject({ state: 'Cancelled', resultCode: 'Cancelled', connectionId: query.get('connectionId') });
    expect((await t.call('GET', `/v1/connections/${query.get('connectionId')}`, { key, clientId })).body.state).toBe('Disabled');
  });

  it('works on a desktop screen too', async () => {
    const { hostedUrl: url } = await hostedUrl({ country: 'DE' });
    const page = await newPage(1280);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    expect(await page.getByRole('button', { name: /Rheinland Volksbank/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Vltava Bank/ }).isVisible()).toBe(false);
    await shot(page, 'picker-desktop');
  });

  it('cancel at the picker returns resultCode Cancelled without a connection', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl();
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    await shot(page, 'cancel-at-picker');
    await page.getByRole('button', { name: /^Cancel/ }).click();
    const query = await returned(page);
    expect(Object.fromEntries(query)).toEqual({ resultCode: 'Cancelled', sessionId, error: 'user_cancelled' });
    expect(await session(sessionId)).toMatchObject({ state: 'Cancelled', resultCode: 'Cancelled', connectionId: null });
  });

  it('a bank failure shows the failure page; leaving it returns resultCode Error with the connection and the error', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ providerId: await providerId(t, providerIds.vltava) });
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Share your bank data' }).waitFor();
    await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();
    await page.getByLabel('Username').fill('user_fail');
    await shot(page, 'bank-failure-login');
    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    await page.getByRole('heading', { name: 'Vltava Bank did not connect' }).waitFor();
    expect(await session(sessionId)).toMatchObject({ state: 'AwaitingBankSelection', resultCode: null, error: 'access_denied' });
    await page.getByRole('button', { name: 'Back to Budget App' }).click();
    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Error');
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('sessionId')).toBe(sessionId);
    expect(await session(sessionId)).toMatchObject({ state: 'Failed', resultCode: 'Error', error: 'access_denied', connectionId: query.get('connectionId') });
    expect((await t.call('GET', `/v1/connections/${query.get('connectionId')}`, { key, clientId })).body.state).toBe('Disabled');
  });

  it('a reused link shows "link already used" in another browser', async () => {
    const { hostedUrl: url } = await hostedUrl();
    const first = await newPage();
    await first.goto(url);
    await first.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    const second = await newPage();
    const response = await second.goto(url);
    expect(response?.status()).toBe(410);
    expect(await second.getByRole('heading', { level: 1 }).textContent()).toBe('This link was already used');
    await shot(second, 'link-already-used');
    await first.reload();
    expect(await first.getByRole('heading', { level: 1 }).textContent()).toBe('Choose your bank');
  });

  it('in Czech, with an accent-insensitive search', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ locale: 'cs', country: 'CZ' });
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Vyberte svou banku' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('cs');
    await page.getByLabel('Vyhledat banku').fill('moravska');
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Zobrazené banky: 1');
    await page.getByRole('button', { name: /Moravská spořitelna/ }).click();
    await page.getByRole('heading', { name: 'Sdílení údajů z banky' }).waitFor();
    expect(await page.locator('.card').textContent()).toMatch(/Souhlas platí do \d{1,2}\. \p{L}+ \d{4}/u);
    await shot(page, 'consent-cs-360');
    await page.getByRole('button', { name: 'Pokračovat do Moravská spořitelna' }).click();
    await page.getByRole('button', { name: 'Přihlásit a povolit' }).click();
    await page.getByRole('heading', { name: 'Vyberte účty ke sdílení' }).waitFor({ timeout: 30_000 });
    await shot(page, 'accounts-cs-360');
    await page.getByRole('button', { name: 'Sdílet vybrané účty' }).click();
    expect((await returned(page)).get('resultCode')).toBe('Ok');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
  });

  it('two sessions in one browser stay apart: each tab continues and cancels its own session', async () => {
    const first = await hostedUrl({ country: 'CZ' });
    const second = await hostedUrl({ country: 'DE' });
    const tab1 = await newPage();
    const context = tab1.context();
    await tab1.goto(first.hostedUrl);
    await tab1.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    const tab2 = await context.newPage();
    await tab2.goto(second.hostedUrl);
    await tab2.getByRole('heading', { name: 'Choose your bank' }).waitFor();

    // Tab 1 picks its bank after tab 2 opened: it continues its own session.
    await tab1.getByRole('button', { name: /Vltava Bank/ }).click();
    await tab1.getByRole('button', { name: 'Continue to Vltava Bank' }).waitFor();
    expect(tab1.url()).toContain(`/connect/s/${first.sessionId}`);
    await tab2.reload();
    expect(await tab2.getByRole('heading', { level: 1 }).textContent()).toBe('Choose your bank');
    expect(await tab2.getByLabel('Country').inputValue()).toBe('DE');
    await shot(tab2, 'two-sessions-second-tab');

    // Cancel in tab 1 cancels session 1 only.
    await tab1.getByRole('button', { name: /^Cancel/ }).click();
    expect((await returned(tab1)).get('sessionId')).toBe(first.sessionId);
    expect((await session(first.sessionId)).state).toBe('Cancelled');
    expect((await session(second.sessionId)).state).toBe('AwaitingBankSelection');
    await tab2.getByRole('button', { name: /Rheinland Volksbank/ }).click();
    await tab2.getByRole('button', { name: 'Continue to Rheinland Volksbank' }).waitFor();
    expect((await session(second.sessionId)).state).toBe('AwaitingBankSelection');
  });

  it('returning from the bank in a browser without the cookie (bank app to system browser) reaches returnUrl', async () => {
    const { sessionId, page } = await atTheBank();
    // The bank page opens in another browser, as when a bank app hands the return to the system browser.
    const elsewhere = await newPage();
    await elsewhere.goto(page.url());
    await elsewhere.getByRole('button', { name: 'Log in and authorize' }).click();
    const query = await returned(elsewhere);
    expect(query.get('resultCode')).toBe('Ok');
    expect(query.get('sessionId')).toBe(sessionId);
    await shot(elsewhere, 'bank-return-other-browser');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
    const all = (await t.call('GET', `/v1/connections/${query.get('connectionId')}/accounts?subscription=all`, { key, clientId })).body as { subscribed: boolean }[];
    expect(all.every((a) => a.subscribed)).toBe(true);
  });

  it('a bank that became unavailable on the consent page shows an error in the session language with Back and Cancel', async () => {
    const code = 'moravska_sporitelna_xf';
    const { sessionId, hostedUrl: url } = await hostedUrl({ locale: 'cs', providerId: await providerId(t, code) });
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Sdílení údajů z banky' }).waitFor();
    await t.db.updateTable('providers').set({ status: 'Inactive' }).where('code', '=', code).execute();
    try {
      await page.getByRole('button', { name: 'Pokračovat do Moravská spořitelna' }).click();
      await page.getByRole('heading', { name: 'Něco se pokazilo' }).waitFor();
      expect(await page.getByRole('link', { name: 'Zpět' }).isVisible()).toBe(true);
      await shot(page, 'error-cs-360');
      await page.getByRole('link', { name: 'Zpět' }).click();
      await page.getByRole('heading', { name: 'Sdílení údajů z banky' }).waitFor();
      await page.getByRole('button', { name: 'Pokračovat do Moravská spořitelna' }).click();
      await page.getByRole('button', { name: /^Zrušit/ }).click();
      expect(Object.fromEntries(await returned(page))).toEqual({ resultCode: 'Cancelled', sessionId, error: 'user_cancelled' });
    } finally {
      await t.db.updateTable('providers').set({ status: 'Active' }).where('code', '=', code).execute();
    }
  });

  it('in Polish, long IBANs are printed in groups of four and fit a 360 px (even 320 px) screen', async () => {
    const { sessionId, page } = await atTheBank('wisla_xf', { locale: 'pl' });
    await page.getByRole('button', { name: 'Zaloguj i autoryzuj' }).click();
    await page.getByRole('heading', { name: 'Wybierz rachunki do udostępnienia' }).waitFor({ timeout: 30_000 });
    const text = (await page.locator('fieldset').textContent()) ?? '';
    expect(text).toMatch(/PL\d{2}( \d{4}){6}/);
    await shot(page, 'accounts-pl-360');
    // A 28-character IBAN unbroken is wider than the text column of a 320 px screen: the groups wrap.
    await page.setViewportSize({ width: 320, height: 700 });
    await shot(page, 'accounts-pl-320');
    await page.getByRole('button', { name: 'Udostępnij wybrane rachunki' }).click();
    expect((await returned(page)).get('resultCode')).toBe('Ok');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
  });

  it('an expired session shows a friendly screen (clock moved, timers fired)', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl();
    const page = await newPage();
    await page.goto(url);
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    t.clock.advance(31 * 60_000);
    await t.worker!.sweeper.fireDue();
    expect(await session(sessionId)).toMatchObject({ state: 'Expired', resultCode: 'Error', error: 'session_expired' });
    await page.reload();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('This link has expired');
    await shot(page, 'expired');
    await page.getByRole('link', { name: 'Back to Budget App' }).click();
    expect(Object.fromEntries(await returned(page))).toEqual({ resultCode: 'Error', sessionId, error: 'session_expired' });
  });
});
