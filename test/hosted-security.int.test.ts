/**
 * Issue 14, item 5, in a real browser (playwright-core, /usr/bin/chromium): the hosted flow works
 * with JavaScript on and off under the nonce-based CSP without a single CSP violation; a
 * cross-site form POST carrying the session cookie is refused (403) and changes nothing; a POST
 * without the form's token is refused; every page says nosniff and names the partner's return
 * origin, not more, in form-action.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newConnectSession } from './helpers/journey.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { ARTIFACTS, launchChromium } from './helpers/browser.ts';
import { rawRequest } from './helpers/raw-http.ts';

let t: TestApp;
let browser: Browser;
let key: string;
let clientId: string;
/** The partner's app (its returnUrl page) and, on another host name, an attacker's page. */
let partner: Server;
let partnerOrigin: string;
let attackerOrigin: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  partner = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/attack') {
      // A page elsewhere that posts the victim's cancel form to the service.
      const target = url.searchParams.get('target')!;
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<form id="f" method="post" action="${target}"><input name="x" value="1"></form><script>document.getElementById('f').submit()</script>`);
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Back in the app</h1>');
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  const port = (partner.address() as AddressInfo).port;
  // The service's pages are on localhost (BANKDATA_BASE_URL): the partner app is cross-site on
  // 127.0.0.1, the attacker same-site on localhost (another port), so the Lax cookie goes along.
  partnerOrigin = `http://127.0.0.1:${port}`;
  attackerOrigin = `http://localhost:${port}`;
  t = await startTestApp({ env: { BANKDATA_SANDBOX_SLOW_MS: '0' } });
  ({ apiKey: key } = await t.newPartner({ name: 'Budget App', returnUrlPatterns: ['http://127.0.0.1:*/*'] }));
  clientId = await t.newClient(key);
  browser = await launchChromium();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await t?.close();
  partner?.close();
});

/** A new connect session (Czech banks) of the test's client, returning to the partner app. */
const hostedUrl = () => newConnectSession(t, key, clientId, `${partnerOrigin}/done`, { country: 'CZ' });

/** A fresh browser; `violations` collects CSP reports (console and securitypolicyviolation events) of every page. */
async function newPage(javaScriptEnabled = true): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 780 } });
  contexts.push(context);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { reportViolation(text: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI} on ${document.location.href}`));
  });
  return { page, violations };
}

const sessionState = async (id: string) => (await t.call('GET', `/v1/connect-sessions/${id}`, { key, clientId })).body.state;

/** Walks the whole flow: picker, consent, bank login, accounts (JS on or off); returns the returnUrl query. */
async function walk(page: Page, url: string, name: string): Promise<URLSearchParams> {
  const headers: Record<string, string>[] = [];
  page.on('response', (response) => {
    if (!response.url().startsWith(partnerOrigin) && (response.headers()['content-type'] ?? '').startsWith('text/html')) headers.push(response.headers());
  });
  await page.goto(url);
  await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
  await page.locator('#banks button', { hasText: 'Vltava Bank' }).click();
  await page.getByRole('heading', { name: 'Share your bank data' }).waitFor();
  await page.screenshot({ path: `${ARTIFACTS}/security-consent-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Continue to Vltava Bank' }).click();
  await page.getByRole('button', { name: 'Log in and authorize' }).click();
  await page.getByRole('heading', { name: 'Choose accounts to share' }).waitFor({ timeout: 30_000 });
  await page.screenshot({ path: `${ARTIFACTS}/security-accounts-${name}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Share selected accounts' }).click();
  await page.waitForURL((u) => u.toString().startsWith(partnerOrigin), { timeout: 30_000 });
  expect(headers.length).toBeGreaterThan(3);
  const serviceOrigin = new URL(url).origin;
  const formActions: string[][] = [];
  for (const h of headers) {
    expect(h['x-content-type-options']).toBe('nosniff');
    const csp = h['content-security-policy']!;
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+'; style-src 'nonce-/);
    formActions.push(/form-action ([^;]+)/.exec(csp)![1]!.split(' '));
  }
  // form-action: the service and the partner's return origin, nothing wider (no *, no http:).
  for (const sources of formActions) expect(sources.every((source) => ["'self'", serviceOrigin, partnerOrigin].includes(source)), sources.join(' ')).toBe(true);
  expect(formActions.filter((sources) => sources.includes(partnerOrigin)).length).toBeGreaterThan(2);
  return new URL(page.url()).searchParams;
}

describe('hosted pages under a nonce CSP with CSRF protection', () => {
  it('the whole flow works with JavaScript on, without a CSP violation', async () => {
    const { sessionId: id, hostedUrl: url } = await hostedUrl();
    const { page, violations } = await newPage(true);
    const query = await walk(page, url, 'js');
    expect(query.get('resultCode')).toBe('Ok');
    expect(violations).toEqual([]);
    await expect.poll(() => sessionState(id), { timeout: 30_000 }).toBe('Completed');
  });

  it('the whole flow works with JavaScript off', async () => {
    const { sessionId: id, hostedUrl: url } = await hostedUrl();
    const { page, violations } = await newPage(false);
    const query = await walk(page, url, 'nojs');
    expect(query.get('resultCode')).toBe('Ok');
    expect(violations).toEqual([]);
    await expect.poll(() => sessionState(id), { timeout: 30_000 }).toBe('Completed');
  });

  it('refuses a cross-site form POST that carries the session cookie, and the session goes on', async () => {
    const { sessionId: id, hostedUrl: url } = await hostedUrl();
    const { page } = await newPage(true);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    const flow = new URL(page.url());
    // The attacker's page is on 127.0.0.1 like the service (same site: the Lax cookie goes along).
    const refused = page.waitForResponse((r) => r.url() === `${flow.href}/cancel`);
    await page.goto(`${attackerOrigin}/attack?target=${encodeURIComponent(`${flow.href}/cancel`)}`);
    const response = await refused;
    expect(response.status()).toBe(403);
    expect((await response.request().allHeaders())['cookie']).toContain('bankdata_connect_');
    await page.screenshot({ path: `${ARTIFACTS}/security-cross-site-refused.png`, fullPage: true });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Something went wrong');
    expect(await sessionState(id)).toBe('AwaitingBankSelection');
    // The user's own page still works.
    await page.goto(flow.href);
    await page.getByRole('button', { name: /^Cancel/ }).click();
    await page.waitForURL((u) => u.toString().startsWith(partnerOrigin));
    expect(await sessionState(id)).toBe('Cancelled');
  });

  it('refuses a POST without the form token, or from another origin, even with the cookies', async () => {
    const { sessionId: id, hostedUrl: url } = await hostedUrl();
    const { page } = await newPage(true);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Choose your bank' }).waitFor();
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const path = new URL(page.url()).pathname;
    const post = (extra: string, body = 'x=1') => rawRequest(new URL(url).origin, `POST ${path}/cancel HTTP/1.1\r\nCookie: ${cookies}\r\nContent-Type: application/x-www-form-urlencoded${extra}`, body);
    expect((await post('')).status).toBe(403); // no token
    expect((await post('', '_csrf=forged')).status).toBe(403);
    expect((await post('\r\nOrigin: https://evil.example')).status).toBe(403);
    expect((await post('\r\nSec-Fetch-Site: cross-site')).status).toBe(403);
    const token = await page.locator('form[action$="/cancel"] input[name="_csrf"]').inputValue();
    expect((await post('\r\nSec-Fetch-Site: cross-site', `_csrf=${encodeURIComponent(token)}`)).status).toBe(403);
    expect(await sessionState(id)).toBe('AwaitingBankSelection');
    // With the token, from our own origin: accepted.
    const accepted = await post(`\r\nOrigin: ${new URL(url).origin}\r\nSec-Fetch-Site: same-origin`, `_csrf=${encodeURIComponent(token)}`);
    expect(accepted.status).toBe(303);
    expect(await sessionState(id)).toBe('Cancelled');
  });

  it('the API answers nosniff too', async () => {
    const reply = await t.call('GET', '/v1/providers', { key });
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
