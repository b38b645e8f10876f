/**
 * The partner portal's Settings, Team and Webhooks additions in a real browser (issue 15;
 * docs/portal.md): branding changed in the portal shows on the hosted connect page and in
 * `bankdata partner show`, and a CLI change shows in the portal; the consent duration; an admin
 * invites a developer who sets a password and signs in, and disables them; a viewer's POSTs are
 * refused; a test event reaches a local receiver and verifies (with two signatures after a
 * rotation); a failed delivery shows response code, latency and body excerpt and is redelivered;
 * the endpoint is disabled (the CLI shows it); behind a trusted proxy the sign-in limit counts
 * the client's address. axe on each page; screenshots at 390 and 1280 px into docs/screenshots/.
 */
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { RETRY_SCHEDULE_MS } from '../src/modules/webhooks/webhooks.service.ts';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/app.ts';
import { bankdataCommand } from './helpers/bankdata-process.ts';
import { launchChromium, pagesOf } from './helpers/browser.ts';
import { startPartnerApp } from './helpers/partner-app.ts';
import { expectAccessible, PORTAL_PASSWORD, postForm, signIn as signInAt } from './helpers/portal.ts';
import { WebhookReceiver, type Received } from './helpers/receiver.ts';

const SHOTS = 'docs/screenshots';
/** What the failing receiver answers: longer than the 512 characters kept. */
const ERROR_BODY = JSON.stringify({ error: 'database unavailable', retryable: true, trace: Array.from({ length: 16 }, (_, i) => `at handler (/srv/hooks/app.js:${40 + i}:13)`).join(' ') });

let t: TestApp;
let browser: Browser;
let receiver: WebhookReceiver;
let partnerApp: Server;
let appOrigin = '';
let partnerId = '';
let apiKey = '';
const pages = pagesOf(() => browser);

beforeAll(async () => {
  ({ server: partnerApp, origin: appOrigin } = await startPartnerApp());
  // The browser reaches the service from 127.0.0.1: a trusted proxy, so X-Forwarded-For counts.
  t = await startTestApp({ env: { BANKDATA_TRUST_PROXY: 'loopback' } });
  ({ partnerId, apiKey } = await t.newPartner({ name: 'budget-app-prod', capabilities: ['refresh'], countries: ['CZ', 'SK'], returnUrlPatterns: [`${appOrigin}/*`] }));
  await t.services.portal.createUser({ partnerId, email: 'admin@budget.example', role: 'admin', password: PORTAL_PASSWORD });
  await t.services.portal.createUser({ partnerId, email: 'viewer@budget.example', role: 'viewer', password: PORTAL_PASSWORD });
  receiver = await new WebhookReceiver().start();
  browser = await launchChromium();
});
afterAll(async () => {
  await pages.closeAll();
  await browser?.close();
  await receiver?.stop();
  await t?.close();
  partnerApp?.close();
});

const cli = (...args: string[]) => bankdataCommand('./.bankdata-unused', args, { DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, BANKDATA_BASE_URL: t.baseUrl });
const signIn = (page: Page, email: string, password = PORTAL_PASSWORD) => signInAt(page, t.baseUrl, email, password);

async function signedIn(email: string, width = 1280): Promise<Page> {
  const page = await pages.open(width);
  await signIn(page, email);
  await page.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
  return page;
}

/** Saves docs/screenshots/{name}.png after checking the page needs no sideways scrolling. */
async function shot(page: Page, name: string): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways`).toBe(true);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, unknown> };
const auditWhat = async () => (await t.services.portal.activity(partnerId)).map((a) => a.what);

describe('Settings', () => {
  it('changes the hosted-flow branding (validated as the CLI): the hosted connect page and `partner show` show it, and a CLI change shows in the portal', async () => {
    const page = await signedIn('admin@budget.example');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const facts = await page.locator('dl.facts').first().textContent();
    expect(facts).toContain('budget-app-prod');
    expect(facts).toContain('CZ, SK');
    expect(facts).toMatch(/✓ refresh/);
    expect(facts).toMatch(/✗ reconnect/);
    await expectAccessible(page);

    await page.getByLabel('Accent colour').fill('teal');
    await page.getByRole('button', { name: 'Save branding' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/accentColor.*#RRGGBB/);
    expect((await t.services.partners.show(partnerId)).accentColor).toBeNull();

    await page.getByLabel('Display name').fill('Koruna Budget');
    await page.getByLabel('Logo URL').fill(`${appOrigin}/logo.svg`);
    await page.getByLabel('Accent colour').fill('#0B7A75');
    await page.getByLabel('Privacy policy URL').fill(`${appOrigin}/privacy`);
    await page.getByRole('button', { name: 'Save branding' }).click();
    await page.getByText('Branding saved').waitFor();
    expect(await page.locator('#brand-name').textContent()).toBe('Koruna Budget');
    await expect.poll(() => page.locator('#logo-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await shot(page, 'portal-settings-1280');

    const shown = JSON.parse((await cli('partner', 'show', '--partner', partnerId, '--json')).stdout);
    expect(shown).toMatchObject({ displayName: 'Koruna Budget', logoUrl: `${appOrigin}/logo.svg`, accentColor: '#0b7a75', privacyUrl: `${appOrigin}/privacy` });

    const clientId = await t.newClient(apiKey);
    const session = await t.call('POST', '/v1/connect-sessions', { key: apiKey, clientId, body: { returnUrl: `${appOrigin}/done` } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    const hosted = await pages.open(390);
    await hosted.goto(session.body.hostedUrl);
    expect(await hosted.locator('.brandbar .who').textContent()).toBe('Koruna Budget');
    expect(await hosted.locator('.brandbar img').getAttribute('src')).toBe(`${appOrigin}/logo.svg`);
    expect(await hosted.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim())).toBe('#0b7a75');
    expect(await hosted.getByRole('link', { name: /privacy/i }).getAttribute('href')).toBe(`${appOrigin}/privacy`);

    const set = await cli('partner', 'set', '--partner', partnerId, '--display-name', 'Koruna Budget CZ');
    expect(set.code, set.stderr).toBe(0);
    await page.reload();
    expect(await page.getByLabel('Display name').inputValue()).toBe('Koruna Budget CZ');
    expect(await auditWhat()).toContain('changed the hosted-flow branding');
  });

  it('changes the consent duration (an ISO 8601 duration, as `partner set --consent-duration`)', async () => {
    const page = await signedIn('admin@budget.example', 390);
    await page.goto(`${t.baseUrl}/portal/settings`);
    await page.getByLabel('Consent duration').fill('ninety days');
    await page.getByRole('button', { name: 'Save duration' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/consentDuration/);
    await page.getByLabel('Consent duration').fill('P120D');
    await page.getByRole('button', { name: 'Save duration' }).click();
    await page.getByText('Consent duration saved').waitFor();
    expect((await t.services.partners.show(partnerId)).consentDuration).toBe('P120D');
    expect((await t.call('GET', '/v1/partner/config', { key: apiKey })).body.consentDuration).toBe('P120D');
    await expectAccessible(page);
    await shot(page, 'portal-settings-390');
  });
});

describe('Team', () => {
  it('an admin invites a developer (one-time set-up link), who sets a password and signs in; the admin disables them; not oneself', async () => {
    const admin = await signedIn('admin@budget.example');
    await admin.getByRole('link', { name: 'Team' }).click();
    await admin.getByRole('heading', { name: 'Team' }).waitFor();
    await admin.getByLabel('E-mail address').fill('viewer@BUDGET.example');
    await admin.getByRole('button', { name: 'Invite' }).click();
    expect(await admin.getByRole('alert').textContent()).toMatch(/already exists/);

    await admin.getByLabel('E-mail address').fill('dev@budget.example');
    await admin.getByLabel('Role').selectOption('developer');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const setupUrl = (await admin.locator('#setup-link').textContent())!;
    expect(setupUrl).toMatch(/^http:\/\/localhost:\d+\/portal\/setup\/\w+$/); // BANKDATA_BASE_URL, as the CLI prints it
    expect(await admin.getByRole('row', { name: /dev@budget\.example/ }).textContent()).toContain('invited');
    await expectAccessible(admin);
    await shot(admin, 'portal-team-1280');
    await admin.setViewportSize({ width: 390, height: 780 });
    await shot(admin, 'portal-team-390');

    const dev = await pages.open(390);
    await dev.goto(setupUrl);
    await dev.getByLabel('New password').fill('developer password 1');
    await dev.getByRole('button', { name: 'Set password' }).click();
    await dev.getByRole('heading', { name: 'Password set' }).waitFor();
    await signIn(dev, 'dev@budget.example', 'developer password 1');
    await dev.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    expect(await dev.getByRole('link', { name: 'Team' }).count()).toBe(0);
    expect((await dev.goto(`${t.baseUrl}/portal/team`))!.status()).toBe(403);
    await dev.goto(`${t.baseUrl}/portal/keys`);
    const devCsrf = await dev.locator('input[name=_csrf]').first().inputValue();
    expect(await postForm(dev, '/portal/team/invite', { _csrf: devCsrf, email: 'sneaky@budget.example', role: 'admin' })).toBe(403);
    const list = await cli('portal', 'user', 'list', '--partner', partnerId);
    expect(list.stdout).toMatch(/dev@budget\.example\s+developer\s+active/);
    expect(list.stdout).not.toContain('sneaky');

    await admin.reload();
    const adminId = (await t.services.portal.listUsers(partnerId)).find((u) => u.email === 'admin@budget.example')!.userId;
    expect(await admin.getByRole('button', { name: 'Disable admin@budget.example' }).count()).toBe(0);
    const csrf = await admin.locator('input[name=_csrf]').first().inputValue();
    expect(await postForm(admin, `/portal/team/${adminId}/disable`, { _csrf: csrf })).toBe(400);
    await admin.getByRole('button', { name: 'Disable dev@budget.example' }).click();
    expect(await admin.getByRole('row', { name: /dev@budget\.example/ }).textContent()).toContain('disabled');
    await dev.goto(`${t.baseUrl}/portal/keys`);
    await dev.getByRole('heading', { name: /Sign in/ }).waitFor();
    expect(await auditWhat()).toEqual(expect.arrayContaining(['invited a user', 'disabled a user']));
  });

  it("refuses a viewer's changes on Settings, Team and Webhooks (403, nothing changed)", async () => {
    await t.services.webhooks.setEndpoint(partnerId, 'sandbox', receiver.url);
    const viewer = await signedIn('viewer@budget.example', 390);
    await viewer.goto(`${t.baseUrl}/portal/settings`);
    expect(await viewer.getByRole('button', { name: 'Save branding' }).count()).toBe(0);
    await expectAccessible(viewer);
    const csrf = await viewer.locator('input[name=_csrf]').first().inputValue();
    const before = await t.services.partners.show(partnerId);
    expect(await postForm(viewer, '/portal/settings/branding', { _csrf: csrf, displayName: 'Hacked' })).toBe(403);
    expect(await postForm(viewer, '/portal/settings/consent-duration', { _csrf: csrf, consentDuration: 'P1D' })).toBe(403);
    expect(await postForm(viewer, '/portal/team/invite', { _csrf: csrf, email: 'x@budget.example', role: 'admin' })).toBe(403);
    expect(await postForm(viewer, '/portal/webhooks/test', { _csrf: csrf })).toBe(403);
    expect(await postForm(viewer, '/portal/webhooks/disable', { _csrf: csrf })).toBe(403);
    const after = await t.services.partners.show(partnerId);
    expect([after.displayName, after.consentDuration]).toEqual([before.displayName, before.consentDuration]);
    expect((await t.services.webhooks.show(partnerId, 'sandbox')).disabledAt).toBeNull();
    expect(await t.services.webhooks.deliveries(partnerId)).toEqual([]);
    expect((await viewer.goto(`${t.baseUrl}/portal/team`))!.status()).toBe(403);
  });
});

describe('Webhooks page', () => {
  it('sends a signed test event that the receiver verifies, with two signatures after a rotation', async () => {
    const page = await signedIn('admin@budget.example');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const [first] = await receiver.waitFor((r) => r.length === 1);
    const { secrets } = await t.services.webhooks.show(partnerId, 'sandbox');
    expect(verify(secrets[0]!.secret, first!)).toMatchObject({ type: 'WebhookTest', data: { partnerId, mode: 'sandbox' } });
    await expect.poll(async () => (await t.services.webhooks.deliveries(partnerId))[0]!.status).toBe('delivered');
    await page.reload();
    const delivery = page.locator('details.delivery[open]');
    expect(await delivery.locator(':scope > summary').textContent()).toMatch(/WebhookTest · delivered/);
    expect(await delivery.locator('pre.payload').textContent()).toContain('"type": "WebhookTest"');
    expect(await delivery.locator('.attempt-head').textContent()).toMatch(/response 200 · \d+ ms/);

    await page.getByLabel('Old secret keeps signing for').fill('1h');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText(/signs until/).waitFor();
    await page.getByRole('button', { name: 'Send test event' }).click();
    const [, second] = await receiver.waitFor((r) => r.length === 2);
    const rotated = (await t.services.webhooks.show(partnerId, 'sandbox')).secrets;
    expect(rotated).toHaveLength(2);
    expect(second!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const s of rotated) expect(verify(s.secret, second!).type).toBe('WebhookTest');
    expect(await auditWhat()).toContain('sent a test webhook');
  });

  it('shows a failed delivery with response code, latency and body excerpt; Redeliver delivers it once the receiver is fixed', async () => {
    receiver.script.push(...Array.from({ length: RETRY_SCHEDULE_MS.length + 1 }, () => ({ status: 500, headers: { 'content-type': 'text/plain' }, body: ERROR_BODY })));
    const { deliveryId, eventId } = await t.services.webhooks.sendTestEvent(partnerId, 'sandbox');
    for (const [attempt, delay] of [0, ...RETRY_SCHEDULE_MS].entries()) {
      t.clock.advance(delay);
      await t.worker!.sweeper.fireDue();
      await expect.poll(async () => (await t.services.webhooks.deliveries(partnerId)).find((d) => d.deliveryId === deliveryId)!.history.length).toBe(attempt + 1);
    }
    const failed = (await t.services.webhooks.deliveries(partnerId)).find((d) => d.deliveryId === deliveryId)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, lastStatusCode: 500 });
    expect(failed.history[0]!.responseExcerpt).toHaveLength(512);
    expect(failed.history[0]!.responseExcerpt).toBe(ERROR_BODY.slice(0, 512));

    const page = await signedIn('admin@budget.example');
    await page.goto(`${t.baseUrl}/portal/webhooks?delivery=${deliveryId}`);
    const delivery = page.locator(`#delivery-${deliveryId}`);
    expect(await delivery.locator(':scope > summary').textContent()).toMatch(/WebhookTest · failed .* 8 attempt\(s\)/);
    const attempts = delivery.locator('ol.attempts > li');
    expect(await attempts.count()).toBe(8);
    expect(await attempts.first().locator('.attempt-head').textContent()).toMatch(/#1 · .* · response 500 · \d+ ms/);
    expect(await attempts.first().locator('pre.excerpt').textContent()).toBe(ERROR_BODY.slice(0, 512));
    await expectAccessible(page);
    await delivery.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/portal-webhooks-delivery-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 780 });
    await shot(page, 'portal-webhooks-delivery-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    const received = receiver.received.length;
    receiver.fallback = 200; // fixed
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    const [again] = await receiver.waitFor((r) => r.length > received).then((r) => r.slice(received));
    expect(again!.headers['webhook-id']).toBe(eventId);
    expect(again!.status).toBe(200);
    const newId = new URL(page.url()).searchParams.get('delivery')!;
    await expect.poll(async () => (await t.services.webhooks.deliveries(partnerId)).find((d) => d.deliveryId === newId)?.status).toBe('delivered');
    await page.reload();
    expect(await page.locator(`#delivery-${newId} > summary`).textContent()).toMatch(/WebhookTest · delivered/);
    const cliDeliveries = await cli('webhook', 'deliveries', '--partner', partnerId, '--limit', '2');
    expect(cliDeliveries.stdout).toContain(`body ${JSON.stringify(`${ERROR_BODY.slice(0, 60)}…`)}`);
  });

  it('disables the endpoint (the CLI shows it); no test event until it is set again', async () => {
    const page = await signedIn('admin@budget.example', 390);
    await page.goto(`${t.baseUrl}/portal/webhooks`);
    await page.getByRole('button', { name: 'Disable endpoint' }).click();
    expect(await page.locator('#endpoint-disabled').textContent()).toContain('disabled in the portal by admin@budget.example');
    expect(await page.getByRole('button', { name: 'Send test event' }).count()).toBe(0);
    await expectAccessible(page);
    const show = await cli('webhook', 'show', '--partner', partnerId);
    expect(show.stdout).toMatch(/Endpoint \(sandbox\): http:\/\/127\.0\.0\.1:\d+\/hooks \(disabled .*: disabled in the portal by admin@budget\.example\)/);
    const csrf = await page.locator('input[name=_csrf]').first().inputValue();
    expect(await postForm(page, '/portal/webhooks/test', { _csrf: csrf, mode: 'sandbox' })).toBe(400);
    await expect(t.services.webhooks.sendTestEvent(partnerId, 'sandbox')).rejects.toThrow(/disabled/);
    expect(await auditWhat()).toContain('disabled the webhook endpoint');

    await page.getByRole('button', { name: 'Change URL' }).click();
    expect((await t.services.webhooks.show(partnerId, 'sandbox')).disabledAt).toBeNull();
    expect(await page.getByRole('button', { name: 'Send test event' }).count()).toBe(1);
  });
});

describe('sign-in behind a trusted proxy', () => {
  it('reads BANKDATA_TRUST_PROXY: true, false, or a list of addresses, CIDR ranges and names; anything else stops the start', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ BANKDATA_TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ BANKDATA_TRUST_PROXY: '10.0.0.0/8, loopback,fd00::1' }).trustProxy).toEqual(['10.0.0.0/8', 'loopback', 'fd00::1']);
    expect(() => loadConfig({ BANKDATA_TRUST_PROXY: 'proxy.internal' })).toThrow(/BANKDATA_TRUST_PROXY must be .* not "proxy.internal"/);
    expect(() => loadConfig({ BANKDATA_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/BANKDATA_TRUST_PROXY/);
  });

  it("counts failed sign-ins per client address from X-Forwarded-For (BANKDATA_TRUST_PROXY), not the proxy's", async () => {
    const open = async (address: string) => (await browser.newContext({ viewport: { width: 390, height: 780 }, extraHTTPHeaders: { 'x-forwarded-for': address } })).newPage();
    const attacker = await open('203.0.113.7');
    for (let i = 0; i < 20; i++) await signIn(attacker, `nobody-${i}@budget.example`, 'wrong password here');
    await signIn(attacker, 'admin@budget.example');
    expect(await attacker.getByRole('alert').textContent()).toMatch(/Too many failed sign-ins/);
    const rows = await t.db.selectFrom('portalSigninFailures').select(['scope', 'count']).where('scope', 'like', 'address:%').execute();
    expect(rows).toEqual([{ scope: 'address:203.0.113.7', count: 20 }]);

    const colleague = await open('203.0.113.8');
    await signIn(colleague, 'admin@budget.example');
    await colleague.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    await attacker.context().close();
    await colleague.context().close();
  });
});
