/**
 * The portal's Overview, Connections and Usage pages in Chromium (issue 15; docs/portal.md
 * "Pages built"). Sandbox connections made through the API (and the sandbox complete endpoints)
 * show in the Overview's counts and links; a connection is found by client externalId, client
 * id, connection id and connect session id, and its page shows its accounts and timeline
 * (tracking event with the analytics headers, lifecycle events with their webhooks); another
 * partner's connection is a 404 page. A live connection through the test bank behind the Prism
 * gate (test/live) is metered: its activation shows on the Usage page and in the CSV; sandbox
 * Usage says sandbox is free. axe on every page; screenshots at 390 and 1280 px.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './helpers/browser.ts';
import { providerId, providerIds, settle } from './helpers/journey.ts';
import { expectAccessible, PORTAL_PASSWORD as PASSWORD, signIn } from './helpers/portal.ts';
import { useLiveWorld } from './live/live-world.ts';

const world = useLiveWorld();
let browser: Browser;
let sandboxKey = '';
const EMAIL = 'ops@live-partner.example';
const returnUrl = 'http://localhost:8080/done';
const analytics = { 'X-Application-Name': 'Budget App', 'X-Client-App-Version': '4.2.0', 'X-Client-OSVersion': 'iOS 18.1', 'X-Client-Platform': 'ios' };

beforeAll(async () => {
  const { t, partner } = world;
  sandboxKey = await t.newKey(partner.partnerId, 'sandbox');
  await t.services.portal.createUser({ partnerId: partner.partnerId, email: EMAIL, role: 'admin', password: PASSWORD });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 820 }, acceptDownloads: true });
  return context.newPage();
}

/** Screenshots of the page as it is at 390 and 1280 px (full page), then back to `width`. */
async function shoot(page: Page, name: string, width = 1280): Promise<void> {
  for (const w of [390, 1280]) {
    await page.setViewportSize({ width: w, height: 820 });
    await page.screenshot({ path: `docs/screenshots/${name}-${w}.png`, fullPage: true });
    // Nothing sticks out sideways at either width (the tables scroll inside their cards).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
  }
  await page.setViewportSize({ width, height: 820 });
}

const sandboxCall = (method: string, path: string, clientId: string, body?: unknown, headers?: Record<string, string>) => world.t.call(method, path, { key: sandboxKey, clientId, body, headers });

/** A sandbox connection of `clientId` completed with `outcome` (Ok: settled Active), or left Pending with null. */
async function sandboxConnection(clientId: string, outcome: 'Ok' | 'Error' | null, headers: Record<string, string> = {}): Promise<string> {
  const created = await sandboxCall('POST', '/v1/connections', clientId, { returnUrl, providerId: await providerId(world.t, providerIds.vltava) }, headers);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.connectionId as string;
  if (outcome) expect((await sandboxCall('POST', `/v1/sandbox/connections/${id}/complete`, clientId, { outcome })).status).toBe(200);
  if (outcome === 'Ok') expect(await settle(world.t, sandboxKey, clientId, id)).toBe('Active');
  return id;
}

describe('Overview and Connections (sandbox)', () => {
  const made = { alice: '', bob: '', active: '', failed: '', pending: '', expiring: '', session: '', sessionConnection: '' };

  it('counts the connections made through the API on the Overview, with links into the Connections list', async () => {
    const { t, partner } = world;
    made.alice = await t.newClient(sandboxKey, 'alice-42');
    made.bob = await t.newClient(sandboxKey);
    made.active = await sandboxConnection(made.alice, 'Ok', analytics);
    made.failed = await sandboxConnection(made.alice, 'Error');
    made.pending = await sandboxConnection(made.bob, null);
    // A consent of 10 days: it ends within the Overview's 14.
    await t.services.partners.set(partner.partnerId, { consentDuration: 'P10D' });
    made.expiring = await sandboxConnection(made.bob, 'Ok');
    await t.services.partners.set(partner.partnerId, { consentDuration: 'P90D' });
    const session = await sandboxCall('POST', '/v1/connect-sessions', made.bob, { returnUrl });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    made.session = session.body.sessionId;
    const completed = await sandboxCall('POST', `/v1/sandbox/connect-sessions/${made.session}/complete`, made.bob, { providerId: await providerId(t, providerIds.vltava) });
    expect(completed.body.state, JSON.stringify(completed.body)).toBe('Completed');
    made.sessionConnection = completed.body.connectionId;

    const page = await newPage(1280);
    await signIn(page, t.baseUrl, EMAIL);
    await page.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/portal/overview');
    const byState = page.getByRole('list', { name: 'Connections by state' });
    const tile = async (list: typeof byState, name: RegExp) => (await list.getByRole('link', { name }).innerText()).replace(/\s+/g, ' ').trim();
    expect(await tile(byState, /All/)).toBe('5 All');
    expect(await tile(byState, /Active/)).toBe('3 Active');
    expect(await tile(byState, /Pending/)).toBe('1 Pending');
    expect(await tile(byState, /Disabled/)).toBe('1 Disabled');
    const recent = page.getByRole('list', { name: 'Last 7 days' });
    expect(await tile(recent, /New connections/)).toBe('5 New connections');
    expect(await tile(recent, /Failed connection attempts/)).toBe('1 Failed connection attempts');
    expect(await tile(recent, /Failed refreshes/)).toBe('0 Failed refreshes');
    // No sandbox endpoint: no delivery, no rate.
    expect(await tile(recent, /Webhooks delivered/)).toMatch(/^— Webhooks delivered 0 delivered, 0 failed, 0 pending$/);
    const expiringRow = page.getByRole('row', { name: new RegExp(made.expiring) });
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await expiringRow.textContent()).toContain('Vltava');
    await expectAccessible(page);
    await shoot(page, 'portal-overview');

    await byState.getByRole('link', { name: /Disabled/ }).click();
    await page.getByRole('heading', { name: 'Connections · sandbox' }).waitFor();
    expect(await page.getByLabel('State').inputValue()).toBe('Disabled');
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody').textContent()).toContain(made.failed);
    // The last-7-days tiles open the list of exactly what they count.
    await page.goto(`${t.baseUrl}/portal/overview`);
    await recent.getByRole('link', { name: /Failed connection attempts/ }).click();
    await page.getByRole('heading', { name: 'Connections · sandbox' }).waitFor();
    expect(await page.locator('#recent-filter').innerText()).toContain('With a failed connection attempt (creation or reconnect) in the last 7 days');
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody').textContent()).toContain(made.failed);
    await shoot(page, 'portal-connections-failed-recently');
    await page.goto(`${t.baseUrl}/portal/overview`);
    await recent.getByRole('link', { name: /New connections/ }).click();
    await page.getByRole('heading', { name: 'Connections · sandbox' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await page.goto(`${t.baseUrl}/portal/overview`);
    await expiringRow.getByRole('link').click();
    await page.getByRole('heading', { name: /^Connection/ }).waitFor();
    expect(await page.locator('dl.facts').textContent()).toContain(made.expiring);
    await page.context().close();
  });

  it('finds a connection by client externalId, client id, connection id and connect session id; its page shows accounts and the timeline', async () => {
    const { t } = world;
    const page = await newPage(1280);
    await signIn(page, t.baseUrl, EMAIL);
    await page.getByRole('link', { name: 'Connections', exact: true }).click();
    await page.getByRole('heading', { name: 'Connections · sandbox' }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
    await shoot(page, 'portal-connections');

    const find = async (term: string) => {
      await page.getByLabel('Find').fill(term);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/q=/);
      return (await page.locator('tbody a.id').allTextContents()).sort();
    };
    expect(await find('alice-42')).toEqual([made.active, made.failed].sort());
    expect(await find(made.bob)).toEqual([made.pending, made.expiring, made.sessionConnection].sort());
    expect(await find(made.session)).toEqual([made.sessionConnection]);
    expect(await find('nobody-such')).toEqual([]);
    expect(await page.getByRole('status').textContent()).toContain('No connection matches.');
    // A connect session that made no connection yet: found, with its state.
    const waiting = await sandboxCall('POST', '/v1/connect-sessions', made.bob, { returnUrl });
    expect(await find(waiting.body.sessionId)).toEqual([]);
    expect(await page.locator('#session-found').innerText()).toContain('is AwaitingBankSelection: it has made no connection.');
    await expectAccessible(page);
    expect(await find(made.active)).toEqual([made.active]);
    await expectAccessible(page);

    // A reconnect's analytics headers are kept too (the journey is left open; the connection stays Active).
    const reconnect = await sandboxCall('POST', `/v1/connections/${made.active}/reconnect`, made.alice, { returnUrl }, { 'X-Application-Name': 'Budget App', 'X-Client-App-Version': '4.3.0' });
    expect(reconnect.status, JSON.stringify(reconnect.body)).toBe(200);
    await page.getByRole('link', { name: made.active }).click();
    await page.getByRole('heading', { name: /^Connection/ }).waitFor();
    const facts = (await page.locator('dl.facts').textContent())!;
    expect(facts).toContain('Active');
    expect(facts).toContain('Vltava');
    expect(facts).toContain('alice-42');
    expect(facts).toMatch(/Consent ends\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(await page.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(0);
    const timeline = page.locator('ol.timeline');
    const created = timeline.locator('li', { hasText: 'Connection created' });
    expect(await created.textContent()).toContain('x-application-name: Budget App');
    expect(await created.textContent()).toContain('x-client-osversion: iOS 18.1');
    const reconnectStarted = timeline.locator('li', { hasText: 'Reconnect started' });
    expect(await reconnectStarted.textContent()).toContain('x-client-app-version: 4.3.0');
    expect(await reconnectStarted.textContent()).not.toContain('x-client-osversion');
    const success = timeline.locator('li', { hasText: 'ConnectionCreateSuccess' });
    expect(await success.textContent()).toContain('Not sent (no webhook endpoint then).');
    expect(await timeline.locator('li', { hasText: 'AccountsFetchingProgress' }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await shoot(page, 'portal-connection');

    // The same connection in live mode, and another partner's connection: a 404 page.
    expect((await page.goto(`${t.baseUrl}/portal/connections/${made.active}?mode=live`))!.status()).toBe(404);
    const other = await t.newPartner({ name: 'Someone Else' });
    const otherClient = await t.newClient(other.apiKey);
    const foreign = await t.call('POST', '/v1/connections', { key: other.apiKey, clientId: otherClient, body: { returnUrl, providerId: await providerId(t, providerIds.vltava) } });
    expect((await page.goto(`${t.baseUrl}/portal/connections/${foreign.body.connectionId}`))!.status()).toBe(404);
    expect(await page.getByRole('heading', { name: 'Not found' }).count()).toBe(1);
    await page.goto(`${t.baseUrl}/portal/connections`);
    expect(await find(foreign.body.connectionId)).toEqual([]);
    expect(await find(otherClient)).toEqual([]);
    await page.context().close();
  });
});

describe('Usage', () => {
  it('sandbox usage says that sandbox is free', async () => {
    const page = await newPage(390);
    await signIn(page, world.t.baseUrl, EMAIL);
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByRole('heading', { name: 'Sandbox is free' }).waitFor();
    expect(await page.locator('#sandbox-free').textContent()).toContain('Nothing in sandbox mode is metered or billed');
    expect(await page.getByRole('link', { name: 'Download CSV' }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: 'docs/screenshots/portal-usage-sandbox-390.png' });
    await page.context().close();
  });

  it('a live connection through the test bank is metered: its activation shows on the Usage page and in the CSV', async () => {
    const { t } = world;
    const connectionId = await world.activeConnection();
    const today = t.clock.now().toISOString().slice(0, 10);
    const page = await newPage(1280);
    await signIn(page, t.baseUrl, EMAIL);
    await page.getByRole('link', { name: 'Live', exact: true }).click();
    await page.getByRole('heading', { name: 'Overview · live' }).waitFor();
    expect((await page.getByRole('list', { name: 'Connections by state' }).getByRole('link', { name: /Active/ }).innerText()).replace(/\s+/g, ' ').trim()).toBe('1 Active');
    // The live endpoint (the receiver) got the connection's webhooks.
    await world.waitForHook(connectionId, 'ConnectionCreateSuccess');
    await page.reload();
    expect((await page.getByRole('list', { name: 'Last 7 days' }).getByRole('link', { name: /Webhooks delivered/ }).textContent())!).toMatch(/100%/);

    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await page.getByRole('heading', { name: 'Usage · live' }).waitFor();
    const totals = (await page.getByRole('list', { name: /^Totals from/ }).innerText()).replace(/\s+/g, ' ').trim();
    expect(totals).toBe('1 Activations 0 Refreshes 0 Reconnects 1 Total');
    expect(await page.locator('svg[role=img] title').filter({ hasText: `${today}: 1 activation, 0 refreshes, 0 reconnects` }).count()).toBe(1);
    expect(await page.locator('svg[role=img] rect.bar-activation').count()).toBe(1);
    const month = page.locator('#months tbody tr').first();
    expect((await month.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${today.slice(0, 7)} 1 0 0 1`);
    await expectAccessible(page);
    await shoot(page, 'portal-usage');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^bankdata-usage-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('date,activation,refresh,reconnect,total');
    expect(csv).toHaveLength(31);
    expect(csv).toContain(`${today},1,0,0,1`);
    expect(csv.filter((row) => !row.endsWith(',0,0,0,0'))).toEqual(['date,activation,refresh,reconnect,total', `${today},1,0,0,1`]);

    // A period the usage service refuses: the error on the page, nothing else changes.
    await page.getByLabel('From', { exact: true }).fill('2026-05-10');
    await page.getByLabel('To', { exact: true }).fill('2026-05-01');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('must not be after to');
    await page.context().close();
  }, 120_000);
});
