/**
 * The hosted flow of issue 17 in a real browser (playwright-core, /usr/bin/chromium headless):
 * the partner's branding (display name, logo, accent colour, privacy link), the operator's footer,
 * the step indicator, bank logos, bank names sorted for the page's language, BCP 47 locales, the
 * sandbox bank in the flow's language, the failure page (Try again, Choose another bank, Back to
 * the partner), real progress from the progress webhooks' counts, the return to the partner while
 * the download completes, account selection with a filter and select all / none (and without
 * JavaScript), the refusal of an empty selection, and the way back from "link already used".
 * Screenshots at 360 and 1280 px in English and Czech go to docs/screenshots/ (the ones the docs
 * show); the partner's app (returnUrl, logo, privacy page) is a small local HTTP server.
 */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { launchChromium, pagesOf } from './helpers/browser.ts';
import { startPartnerApp } from './helpers/partner-app.ts';
import { newConnectSession, providerId, providerIds } from './helpers/journey.ts';

const SHOTS = 'docs/screenshots';
const OPERATOR = 'Example Open Banking s.r.o.';
const NOTICE = 'Account information service provider registered with the Czech National Bank (demo register no. 00000)';

let origin: string;
let returnUrl: string;
let partnerApp: Server;
let t: TestApp;
let browser: Browser;
let key: string;
let clientId: string;
const pages = pagesOf(() => browser);

beforeAll(async () => {
  ({ server: partnerApp, origin } = await startPartnerApp());
  returnUrl = `${origin}/done`;
  t = await startTestApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '20000', BANKDATA_OPERATOR_NAME: OPERATOR, BANKDATA_OPERATOR_NOTICE: NOTICE } });
  ({ apiKey: key } = await t.newPartner({ name: 'koruna-budget-prod', displayName: 'Koruna Budget', logoUrl: `${origin}/logo.svg`, accentColor: '#0B7A75', privacyUrl: `${origin}/privacy` }));
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

const newPage = (width = 360, javaScriptEnabled = true) => pages.open(width, javaScriptEnabled);

/** Saves docs/screenshots/{name}.png (the whole page, or only the screen for a long list) after checking the page needs no sideways scrolling and every image loaded (CSP img-src). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
  await expect.poll(() => page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)), { message: `${name}: an image did not load` }).toBe(true);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

async function returned(page: Page): Promise<URLSearchParams> {
  await page.waitForURL((url) => url.toString().startsWith(returnUrl), { timeout: 30_000 });
  return new URL(page.url()).searchParams;
}

const session = async (sessionId: string) => (await t.call('GET', `/v1/connect-sessions/${sessionId}`, { key, clientId })).body;
const connectionState = async (connectionId: string) => (await t.call('GET', `/v1/connections/${connectionId}`, { key, clientId })).body.state;

/** The webhook events of `connectionId`: type and data. */
async function eventsOf(connectionId: string): Promise<{ type: string; data: Record<string, any> }[]> {
  const rows = await t.db.selectFrom('events').select(['type', 'payload']).where('connectionId', '=', connectionId).orderBy('createdAt').execute();
  return rows.map((r) => ({ type: r.type, data: (r.payload as { data: Record<string, any> }).data }));
}

/**
 * Gives the first three accounts of the session's connection long names and large balances, as
 * some banks send them, for the checks that a balance never wraps away from its amount.
 */
async function longNamesAndLargeBalances(sessionId: string): Promise<void> {
  const connectionId = (await session(sessionId)).connectionId as string;
  const accounts = await t.db.selectFrom('accounts').select('id').where('connectionId', '=', connectionId).where('type', '=', 'CurrentAccount').orderBy('name').limit(3).execute();
  // Named to sort first (current accounts by name), so the screenshots show them.
  const names = ['Aktivní společný účet domácnosti na rekonstrukci chalupy v Krkonoších', 'Account of Koruna Budget Holding and Subsidiaries', 'Auto'];
  for (const [index, { id }] of accounts.entries()) await t.db.updateTable('accounts').set({ name: names[index], balance: [98_765_432_109.87, -1_234_567_890.12, 123_456_789.5][index] }).where('id', '=', id).execute();
}

/** How many balances are broken over lines: the amount on more than one, or on another line than its "Balance" label. */
const wrappedBalances = (page: Page) =>
  page.locator('.balance').evaluateAll((spans) =>
    spans.filter((span) => {
      const label = document.createRange();
      label.selectNodeContents(span.firstChild!);
      const amount = span.querySelector('.amount')!.getClientRects();
      return amount.length !== 1 || Math.abs(label.getBoundingClientRect().bottom - amount[0]!.bottom) > 2;
    }).length,
  );

describe('hosted flow that end users trust (issue 17)', () => {
  for (const [lang, width] of [['en', 360], ['cs', 1280]] as const) {
    it(`${lang} at ${width} px: partner branding, operator footer, step indicator, bank logos, banks sorted for the language, sandbox bank in the flow's language`, async () => {
      // A BCP 47 tag: cs-CZ gives Czech pages.
      const { hostedUrl: url } = await hostedUrl({ locale: lang === 'cs' ? 'cs-CZ' : 'EN', country: 'CZ' });
      const page = await newPage(width);
      await page.goto(url);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.locator('.brandbar .who').textContent()).toBe('Koruna Budget');
      expect(await page.locator('.brandbar img').getAttribute('src')).toBe(`${origin}/logo.svg`);
      const footer = (await page.locator('footer').textContent()) ?? '';
      expect(footer).toContain(OPERATOR);
      expect(footer).toContain(NOTICE);
      expect(await page.locator('footer a').getAttribute('href')).toBe(`${origin}/privacy`);
      expect(await page.locator('footer a').textContent()).toBe(lang === 'cs' ? 'Zásady ochrany osobních údajů Koruna Budget' : 'Koruna Budget privacy policy');
      expect(await page.locator('[aria-current=step]').textContent()).toBe(lang === 'cs' ? 'Banka' : 'Bank');
      // The accent colour on the primary buttons, with a readable text colour.
      expect(await page.locator('.search button').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 122, 117)');
      expect(await page.locator('.search button').evaluate((b) => getComputedStyle(b).color)).toBe('rgb(255, 255, 255)');
      // Every bank has a logo (our monogram for sandbox banks); "Šumava" sorts among the S.
      const names = await page.locator('#banks li:not([hidden]) .name').allTextContents();
      expect(names).toEqual(['Krkonoše Direct', 'Moravská spořitelna', 'Šumava Credit Union', 'Vltava Bank']);
      const logos = await page.locator('#banks li:not([hidden]) img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
      expect(logos.every((src) => /^\/connect\/assets\/bank-logo\/[0-9a-f-]{36}\.svg$/.test(src ?? ''))).toBe(true);
      await shot(page, `picker-${lang}-${width}`);

      await page.locator('#banks button', { hasText: 'Vltava Bank' }).click();
      await page.locator('form[action$="/confirm"] button').waitFor();
      expect(await page.locator('[aria-current=step]').textContent()).toBe(lang === 'cs' ? 'Souhlas' : 'Consent');
      await shot(page, `consent-${lang}-${width}`);

      await page.locator('form[action$="/confirm"] button').click();
      await page.getByLabel(lang === 'cs' ? 'Uživatelské jméno' : 'Username').waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.locator('button[value=login]').textContent()).toBe(lang === 'cs' ? 'Přihlásit a povolit' : 'Log in and authorize');
    });
  }

  it('a refusal shows the failure page; Try again runs a new journey in the same session, which ends Completed with the new connection', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ country: 'CZ' });
    const page = await newPage(360);
    await page.goto(url);
    await page.locator('#banks button', { hasText: 'Vltava Bank' }).click();
    await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();
    await page.getByLabel('Username').fill('user_fail');
    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    await page.getByRole('heading', { name: 'Vltava Bank did not connect' }).waitFor();
    expect(await page.getByText('Vltava Bank refused the access. Nothing was shared with Koruna Budget.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Choose another bank' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Back to Koruna Budget' }).isVisible()).toBe(true);
    expect(page.url()).not.toContain(origin);
    await shot(page, 'failed-en-360');
    const failed = await session(sessionId);
    expect(failed).toMatchObject({ state: 'AwaitingBankSelection', resultCode: null, error: 'access_denied' });
    const first = failed.connectionId as string;
    expect(await connectionState(first)).toBe('Disabled');

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    await page.getByRole('heading', { name: 'Your bank is connected' }).waitFor();
    expect(await page.locator('[aria-current=step]').textContent()).toBe('Done');
    await shot(page, 'done-en-360');
    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Ok');
    const second = query.get('connectionId')!;
    expect(second).not.toBe(first);
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
    expect(await session(sessionId)).toMatchObject({ connectionId: second, resultCode: 'Ok', error: null });
    // Each attempt has its own webhooks, all carrying the session id.
    const failedEvents = await eventsOf(first);
    expect(failedEvents.map((e) => e.type)).toContain('ConnectionCreateFailed');
    expect(failedEvents.every((e) => e.data.sessionId === sessionId)).toBe(true);
    const okEvents = await eventsOf(second);
    expect(okEvents.map((e) => e.type)).toContain('ConnectionCreateSuccess');
    expect(okEvents.every((e) => e.data.sessionId === sessionId)).toBe(true);
  });

  it('in Czech at 1280 px: "Choose another bank" on the failure page goes back to the picker; leaving ends the session Failed with the bank error', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ locale: 'cs', country: 'CZ' });
    const page = await newPage(1280);
    await page.goto(url);
    await page.locator('#banks button', { hasText: 'Vltava Bank' }).click();
    await page.getByRole('button', { name: 'Pokračovat do Vltava Bank' }).click();
    await page.getByLabel('Uživatelské jméno').fill('user_fail');
    await page.getByRole('button', { name: 'Přihlásit a povolit' }).click();
    await page.getByRole('heading', { name: 'Připojení Vltava Bank se nezdařilo' }).waitFor();
    await shot(page, 'failed-cs-1280');
    await page.getByRole('button', { name: 'Vybrat jinou banku' }).click();
    await page.getByRole('heading', { name: 'Vyberte svou banku' }).waitFor();
    expect(await session(sessionId)).toMatchObject({ state: 'AwaitingBankSelection', error: null });
    // A second refusal, then the user gives up: the outcome reaches the partner.
    await page.locator('#banks button', { hasText: 'Moravská spořitelna' }).click();
    await page.getByRole('button', { name: 'Pokračovat do Moravská spořitelna' }).click();
    await page.getByLabel('Uživatelské jméno').fill('user_fail');
    await page.getByRole('button', { name: 'Přihlásit a povolit' }).click();
    await page.getByRole('button', { name: 'Zpět do Koruna Budget' }).click();
    const query = await returned(page);
    expect(Object.fromEntries(query)).toMatchObject({ resultCode: 'Error', error: 'access_denied', sessionId });
    expect(await session(sessionId)).toMatchObject({ state: 'Failed', resultCode: 'Error', error: 'access_denied', connectionId: query.get('connectionId') });
  });

  it('real progress from the progress webhooks as they grow (JavaScript, en, 360 and 1280 px); "Choose accounts now" while the download runs; back at the partner while it completes', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ providerId: await providerId(t, providerIds.vltava) });
    const page = await newPage(360);
    await page.goto(url);
    await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();
    await page.getByLabel('Username').fill('user_slow');
    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    // While the bank lists the accounts: no counts yet, the honest wait text, Cancel says it withdraws the consent.
    await page.getByRole('heading', { name: 'Downloading your data' }).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('Downloading your accounts…');
    expect(await page.locator('#accounts-found').textContent()).toBe('–');
    expect(await page.getByText(/Most banks answer within a minute/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cancel and withdraw consent' }).isVisible()).toBe(true);
    expect(await page.getByText('Cancelling withdraws the consent you just gave at Vltava Bank').isVisible()).toBe(true);

    // Once listed, the progress page (reloaded by its script) shows the counts as they grow, still before the account selection.
    const onProgress = async () => ({
      heading: await page.locator('h1').textContent(),
      accounts: Number(await page.locator('#accounts-found').textContent()),
      transactions: Number(await page.locator('#transactions-downloaded').textContent()),
    });
    await expect.poll(onProgress, { timeout: 20_000 }).toMatchObject({ heading: 'Downloading your data', accounts: expect.toSatisfy((n: number) => n > 0), transactions: expect.toSatisfy((n: number) => n > 0) });
    const seen = await onProgress();
    expect(seen.heading).toBe('Downloading your data');
    expect(await page.getByRole('status').textContent()).toBe('Downloading your transactions…');
    expect(await page.getByText(/You can choose the accounts to share now/).isVisible()).toBe(true);
    await shot(page, 'progress-en-360');
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot(page, 'progress-en-1280');
    // The same counts as the progress webhooks.
    const connectionId = (await session(sessionId)).connectionId as string;
    const events = await eventsOf(connectionId);
    expect(events.find((e) => e.type === 'AccountsFetchingProgress' && e.data.stage === 'Completed')?.data.accountCount).toBe(seen.accounts);
    expect(events.filter((e) => e.type === 'TransactionsFetchingProgress').map((e) => e.data.transactionCount)).toContain(seen.transactions);

    // The user need not wait for the whole download: the selection opens at once and keeps the counts live.
    await page.getByRole('link', { name: 'Choose accounts now' }).click();
    await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(seen.accounts);
    expect(await page.getByText('Transactions are still downloading in the background.').isVisible()).toBe(true);
    await expect.poll(async () => Number(await page.locator('#transactions-downloaded').textContent()), { timeout: 20_000 }).toBeGreaterThan(seen.transactions);
    await page.setViewportSize({ width: 360, height: 800 });
    await shot(page, 'progress-accounts-en-360');
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    const query = await returned(page);
    expect(query.get('resultCode')).toBe('Ok');
    // Not held through the download: the connection was still downloading when the user got back.
    expect(await connectionState(connectionId)).toBe('Pending');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
    expect(await connectionState(connectionId)).toBe('Active');
  });

  it('real progress without JavaScript (cs, 360 and 1280 px): the progress page refreshes itself with the growing counts; without "Choose accounts now" it moves on when the download is done', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ locale: 'cs', providerId: await providerId(t, providerIds.vltava) });
    const page = await newPage(360, false);
    await page.goto(url);
    await page.getByRole('button', { name: 'Pokračovat do Vltava Bank' }).click();
    await page.getByLabel('Uživatelské jméno').fill('user_slow');
    await page.getByRole('button', { name: 'Přihlásit a povolit' }).click();
    await page.getByRole('heading', { name: 'Stahujeme vaše údaje' }).waitFor();
    // The page reloads itself every 2 s (meta refresh): read it between loads.
    const counts = async () => {
      try {
        await page.waitForLoadState();
        return { heading: await page.locator('h1').textContent(), transactions: Number(await page.locator('#transactions-downloaded').textContent({ timeout: 1000 })) };
      } catch {
        return { heading: null, transactions: NaN };
      }
    };
    await expect.poll(counts, { timeout: 20_000, interval: 500 }).toMatchObject({ heading: 'Stahujeme vaše údaje', transactions: expect.toSatisfy((n: number) => n > 0) });
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.reload();
      expect(await page.locator('h1').textContent()).toBe('Stahujeme vaše údaje');
      expect(Number(await page.locator('#accounts-found').textContent())).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: 'Vybrat účty hned' }).isVisible()).toBe(true);
      await shot(page, `progress-cs-${width}`);
    }
    // Not choosing: the page moves on to the selection by itself once the download is done.
    await page.getByRole('heading', { name: 'Vyberte účty ke sdílení' }).waitFor({ timeout: 30_000 });
    const connectionId = (await session(sessionId)).connectionId as string;
    expect(await connectionState(connectionId)).toBe('Active');
    await page.getByRole('button', { name: 'Sdílet vybrané účty' }).click();
    expect((await returned(page)).get('resultCode')).toBe('Ok');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
  });

  it('more than 10 accounts: filter and select all / none with JavaScript; an empty selection is refused with a message', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ providerId: await providerId(t, providerIds.vltava) });
    const page = await newPage(1280);
    await page.goto(url);
    await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();
    await page.getByLabel('Username').fill('user_many');
    await page.getByRole('button', { name: 'Log in and authorize' }).click();
    await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor({ timeout: 30_000 });
    await longNamesAndLargeBalances(sessionId);
    await page.reload();
    expect(await page.getByRole('checkbox').count()).toBe(100);
    expect(await page.getByText('Account of Koruna Budget Holding and Subsidiaries').isVisible()).toBe(true);
    expect(await wrappedBalances(page)).toBe(0);
    await shot(page, 'accounts-en-1280', false);
    const name = (await page.locator('.choice strong').nth(16).textContent())!;
    await page.getByLabel('Filter accounts').fill(name);
    await expect.poll(() => page.locator('#account-list .choice:not([hidden])').count()).toBeLessThan(100);
    expect(await page.locator('#account-list .choice:not([hidden]) strong').first().textContent()).toBe(name);
    await shot(page, 'accounts-filter-en-1280');

    await page.getByLabel('Filter accounts').fill('');
    await page.getByRole('button', { name: 'Select none' }).click();
    expect(await page.locator('#selected-count').textContent()).toBe('Selected: 0 of 100');
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Choose at least one account to share with Koruna Budget');
    expect((await session(sessionId)).state).toBe('AwaitingAccountSelection');
    // The refused form comes back with nothing ticked; Select all ticks every account again.
    expect(await page.locator('#account-list input:checked').count()).toBe(0);
    await page.getByRole('button', { name: 'Select all' }).click();
    expect(await page.locator('#account-list input:checked').count()).toBe(100);
    await page.getByRole('button', { name: 'Share selected accounts' }).click();
    expect((await returned(page)).get('resultCode')).toBe('Ok');
  });

  it('without JavaScript in Czech at 360 px: progress refreshes by itself, the long account list works, balances never wrap', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl({ locale: 'cs', providerId: await providerId(t, providerIds.vltava) });
    const page = await newPage(360, false);
    await page.goto(url);
    await page.getByRole('button', { name: 'Pokračovat do Vltava Bank' }).click();
    await page.getByLabel('Uživatelské jméno').fill('user_many');
    await page.getByRole('button', { name: 'Přihlásit a povolit' }).click();
    await page.getByRole('heading', { name: 'Vyberte účty ke sdílení' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#tools').isHidden()).toBe(true);
    await longNamesAndLargeBalances(sessionId);
    await page.reload();
    // "Zůstatek" stays on one line with its amount and currency, also for long names and large amounts.
    expect(await page.locator('.balance', { hasText: '109,87' }).count()).toBe(1);
    expect(await wrappedBalances(page)).toBe(0);
    await shot(page, 'accounts-cs-360', false);
    await page.getByRole('button', { name: 'Sdílet vybrané účty' }).click();
    await page.getByRole('heading', { name: 'Banka je připojena' }).waitFor();
    expect((await returned(page)).get('resultCode')).toBe('Ok');
    await expect.poll(async () => (await session(sessionId)).state, { timeout: 30_000 }).toBe('Completed');
  });

  it('"link already used" has a way back to the partner', async () => {
    const { sessionId, hostedUrl: url } = await hostedUrl();
    const first = await newPage();
    await first.goto(url);
    const second = await newPage();
    expect((await second.goto(url))?.status()).toBe(410);
    expect(await second.locator('.brandbar .who').textContent()).toBe('Koruna Budget');
    await second.getByRole('link', { name: 'Back to Koruna Budget' }).click();
    expect(Object.fromEntries(await returned(second))).toEqual({ resultCode: 'Error', sessionId, error: 'link_already_used' });
    expect((await session(sessionId)).state).toBe('AwaitingBankSelection');
  });

  it('bank monograms are served by us, deterministic, as SVG; branding is validated', async () => {
    const id = await providerId(t, providerIds.vltava);
    const a = await fetch(`${t.baseUrl}/connect/assets/bank-logo/${id}.svg`);
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await a.text();
    expect(svg).toContain('>V</text>');
    expect(await (await fetch(`${t.baseUrl}/connect/assets/bank-logo/${id}.svg`)).text()).toBe(svg);
    expect((await fetch(`${t.baseUrl}/connect/assets/bank-logo/00000000-0000-4000-8000-000000000000.svg`)).status).toBe(404);

    const { partnerId } = await t.newPartner({ name: 'Validation' });
    for (const bad of [{ accentColor: 'teal' }, { accentColor: '#12345' }, { logoUrl: 'http://cdn.example.com/logo.png' }, { privacyUrl: 'javascript:alert(1)' }, { logoUrl: 'not a url' }]) {
      await expect(t.services.partners.set(partnerId, bad), JSON.stringify(bad)).rejects.toMatchObject({ code: 'validation_error' });
    }
    const set = await t.services.partners.set(partnerId, { displayName: ' Shown ', accentColor: '#ABCDEF', logoUrl: 'https://cdn.example.com/l.png', privacyUrl: 'http://localhost:8080/privacy' });
    expect(set).toMatchObject({ displayName: 'Shown', accentColor: '#abcdef', logoUrl: 'https://cdn.example.com/l.png', privacyUrl: 'http://localhost:8080/privacy' });
    expect(await t.services.partners.set(partnerId, { displayName: '', accentColor: '', logoUrl: '' })).toMatchObject({ displayName: null, accentColor: null, logoUrl: null });
  });
});
