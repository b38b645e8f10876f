/**
 * The API reference at /docs in a real browser (issue 16): with every request outside the service
 * blocked (as with the network off), the page renders the operations and the webhooks, asks for
 * nothing outside the service (no font, script or image), and shows no third-party buttons. The
 * start page at / links the reference and the OpenAPI document. Screenshots in test-artifacts/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = 'test-artifacts';
let t: TestApp;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  t = await startTestApp({ worker: false });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page on which every request to another origin than the service is aborted and recorded. */
async function offlinePage(): Promise<{ page: Page; blocked: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const blocked: string[] = [];
  const origin = new URL(t.baseUrl).origin;
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin || url.startsWith('data:')) return route.continue();
    blocked.push(url);
    return route.abort('internetdisconnected');
  });
  return { page, blocked };
}

describe('API reference page', () => {
  it('renders every operation and webhook with the network off, asking for nothing outside the service', async () => {
    const { page, blocked } = await offlinePage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${t.baseUrl}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const text = await page.locator('#swagger-ui').innerText();
    expect(text).toContain('bankdata API');
    for (const path of ['/v1/partner/config', '/v1/connections/{connectionId}/reconnect', '/v1/accounts/{accountId}/transactions', '/v1/connect-sessions']) {
      expect(text).toContain(path);
    }
    expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(23);
    expect(text).toContain('Webhooks');
    expect(text).toContain('TransactionsFetchingProgress');
    // Every stylesheet and font the page uses came from the service.
    const fonts = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'error').map((f) => f.family));
    expect(fonts).toEqual([]);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    expect(text).not.toMatch(/deploy|ask ai|\bmcp\b|cloud|swagger\.io|validator/i);
    await page.screenshot({ path: `${ARTIFACTS}/reference-offline.png`, fullPage: false });
    await page.locator('.opblock-summary-path', { hasText: 'TransactionsFetchingProgress' }).first().click();
    await page.locator('.opblock.is-open').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}/reference-webhook.png` });
    await page.locator('.opblock-summary-path', { hasText: 'TransactionsFetchingProgress' }).first().click();

    // An operation opens with its parameters; the example key field is empty (no made-up key).
    await page.locator('.opblock-summary-path', { hasText: /^\/v1\/partner\/config$/ }).first().click();
    await page.locator('.opblock.is-open').first().waitFor();
    await page.locator('.btn.authorize').first().click();
    const keyField = page.locator('.auth-container input').first();
    await keyField.waitFor();
    expect(await keyField.inputValue()).toBe('');
    await page.screenshot({ path: `${ARTIFACTS}/reference-authorize.png` });
    await page.context().close();
  });

  it('starts at / with links to the reference and the OpenAPI document', async () => {
    const { page, blocked } = await offlinePage();
    await page.goto(`${t.baseUrl}/`);
    await page.getByRole('link', { name: 'OpenAPI 3.1 document' }).waitFor();
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/docs/);
    expect(blocked).toEqual([]);
    await page.context().close();
  });
});
