/**
 * The partner portal in a real browser (issue 15; docs/portal.md): the operator's CLI creates
 * users (a set-up link, or a password file); sign-in with its rate limit; an API key created in
 * the portal works against the API, is shown once, and fails with 401 after a revoke; a form
 * post without the CSRF token is refused; a viewer is refused server-side; "sign out
 * everywhere" ends the other browser's session. axe finds no serious or critical violation;
 * screenshots at 390 and 1280 px go to docs/screenshots/.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/app.ts';
import { bankdataCommand } from './helpers/bankdata-process.ts';
import { launchChromium } from './helpers/browser.ts';
import { expectAccessible, PORTAL_PASSWORD as PASSWORD, postForm, signIn as signInAt } from './helpers/portal.ts';

let t: TestApp;
let browser: Browser;
let partnerId = '';
let apiKey = '';

beforeAll(async () => {
  t = await startTestApp({ worker: false });
  ({ partnerId, apiKey } = await t.newPartner({ name: 'Budget App', returnUrlPatterns: [] }));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const cli = (...args: string[]) => bankdataCommand('./.bankdata-unused', args, { DATABASE_URL: t.databaseUrl, BANKDATA_SECRET_KEY: TEST_SECRET_KEY, BANKDATA_BASE_URL: t.baseUrl });

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 820 } });
  return context.newPage();
}

const signIn = (page: Page, email: string, password = PASSWORD) => signInAt(page, t.baseUrl, email, password);

describe('portal users from the CLI', () => {
  it('portal user create prints a one-time set-up link where the user chooses a password; list shows a header row', async () => {
    const created = await cli('portal', 'user', 'create', '--partner', partnerId, '--email', 'Admin@Budget.example', '--role', 'admin', '--json');
    expect(created.code, created.stderr).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(user).toMatchObject({ email: 'Admin@Budget.example', role: 'admin', state: 'invited' });
    expect(user.setupUrl).toMatch(new RegExp(`^${t.baseUrl}/portal/setup/\\w+$`));

    const page = await newPage(390);
    await page.goto(user.setupUrl);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('New password').evaluate((input) => input.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/at least 12 characters/);
    await page.screenshot({ path: 'docs/screenshots/portal-setup-390.png' });
    await expectAccessible(page);
    await page.getByLabel('New password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Password set' }).waitFor();
    await page.goto(user.setupUrl);
    await page.getByRole('heading', { name: 'Link not valid' }).waitFor();
    await page.context().close();

    const passwordFile = `/tmp/portal-pw-${process.pid}.txt`;
    writeFileSync(passwordFile, `${PASSWORD}\n`);
    const viewer = await cli('portal', 'user', 'create', '--partner', partnerId, '--email', 'viewer@budget.example', '--role', 'viewer', '--password-file', passwordFile);
    expect(viewer.code, viewer.stderr).toBe(0);
    expect(viewer.stdout).toContain('Password set; the user can sign in.');
    await expect(t.services.portal.createUser({ partnerId, email: 'admin@budget.EXAMPLE' })).rejects.toThrow('already exists');
    const leaver = await t.services.portal.createUser({ partnerId, email: 'leaver@budget.example', password: PASSWORD });
    const disabled = await cli('portal', 'user', 'disable', '--user', leaver.userId);
    expect(disabled.stdout).toContain('Disabled leaver@budget.example');

    const list = await cli('portal', 'user', 'list', '--partner', partnerId);
    expect(list.stdout.split('\n')[0]).toMatch(/^USER ID\s+EMAIL\s+ROLE\s+STATE\s+CREATED$/);
    expect(list.stdout).toMatch(/Admin@Budget\.example\s+admin\s+active/);
    expect(list.stdout).toMatch(/leaver@budget\.example\s+developer\s+disabled/);
  });
});

describe('portal in the browser', () => {
  it('signs in, creates a key shown once that works against the API, and revokes it (next call 401)', async () => {
    const page = await newPage(1280);
    await signIn(page, 'admin@budget.example', 'wrong password!!');
    expect(await page.getByRole('alert').textContent()).toMatch('Wrong e-mail address or password.');
    await signIn(page, 'admin@budget.example');
    await page.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await page.locator('#live-hint').textContent()).toContain('no live API key');
    await expectAccessible(page);

    await page.getByLabel('Label').fill('billing server');
    await page.getByRole('button', { name: 'Create key' }).click();
    const apiKey = (await page.locator('#new-key').textContent())!;
    expect(apiKey).toMatch(/^svc_test_/);
    await page.getByText('shown only this once').waitFor();
    await page.screenshot({ path: 'docs/screenshots/portal-keys-created-1280.png' });
    await expectAccessible(page);

    expect((await t.call('GET', '/v1/partner/config', { key: apiKey })).status).toBe(200);
    await page.goto(`${t.baseUrl}/portal/keys`);
    expect(await page.content()).not.toContain(apiKey);
    const row = page.getByRole('row', { name: /billing server/ });
    expect(await row.textContent()).toContain(`…${apiKey.slice(-4)}`);
    expect(await row.textContent()).not.toContain('never');
    const cliList = await cli('key', 'list', '--partner', partnerId);
    expect(cliList.stdout).toMatch(/billing server/);

    await row.getByRole('link', { name: /Revoke/ }).click();
    await page.getByRole('heading', { name: 'Revoke this API key?' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'docs/screenshots/portal-revoke-key-390.png' });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Revoke key' }).click();
    expect(await page.getByRole('row', { name: /billing server/ }).textContent()).toContain('revoked');
    expect((await t.call('GET', '/v1/partner/config', { key: apiKey })).status).toBe(401);
    await page.context().close();
  });

  it('sets the webhook endpoint with the CLI\'s URL rules, reveals its secret and rotates it with an overlap (two secrets sign)', async () => {
    const page = await newPage(1280);
    await signIn(page, 'admin@budget.example');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Webhooks · sandbox' }).waitFor();
    await page.getByLabel('Endpoint URL').fill('ftp://example.com/hooks');
    await page.getByLabel('Endpoint URL').evaluate((input) => input.setAttribute('type', 'text'));
    await page.getByRole('button', { name: 'Set URL' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/url/i);
    await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Set URL' }).click();
    await page.getByText('Events of sandbox mode go to').waitFor();
    const shown = await t.services.webhooks.show(partnerId, 'sandbox');
    expect(shown.url).toBe('http://127.0.0.1:9/hooks');
    await page.getByText('Reveal').click();
    expect(await page.locator('.secret-value').first().textContent()).toBe(shown.secrets[0]!.secret);

    await page.getByLabel('Old secret keeps signing for').fill('2h');
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByText(/signs until/).waitFor();
    const rotated = await t.services.webhooks.show(partnerId, 'sandbox');
    expect(rotated.secrets).toHaveLength(2);
    expect(await page.locator('.secret-value').count()).toBe(2);
    await page.screenshot({ path: 'docs/screenshots/portal-webhooks-1280.png', fullPage: true });
    await expectAccessible(page);
    const audit = await t.services.portal.activity(partnerId);
    expect(audit.map((a) => a.what)).toEqual(expect.arrayContaining(['set the webhook endpoint', 'rotated the webhook secret', 'created an API key', 'revoked an API key']));
    await page.getByRole('link', { name: 'Activity' }).click();
    expect(await page.getByRole('row', { name: /rotated the webhook secret/ }).textContent()).toContain('Admin@Budget.example');
    await page.setViewportSize({ width: 390, height: 820 });
    await page.screenshot({ path: 'docs/screenshots/portal-activity-390.png' });
    await expectAccessible(page);
    await page.context().close();
  });

  it('adds a return-URL pattern (validated), tests a URL against it, and a connect session with it is accepted', async () => {
    const page = await newPage(1280);
    await signIn(page, 'admin@budget.example');
    await page.getByRole('link', { name: 'Return URLs' }).click();
    await page.getByLabel('New pattern').fill('not a pattern');
    await page.getByRole('button', { name: 'Add pattern' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/returnUrlPatterns/);
    await page.getByLabel('New pattern').fill('https://app.budget.example/bank/*');
    await page.getByRole('button', { name: 'Add pattern' }).click();
    await page.getByText('https://app.budget.example/bank/*', { exact: true }).waitFor();
    await page.getByLabel('URL', { exact: true }).fill('https://app.budget.example/bank/done');
    await page.getByRole('button', { name: 'Test' }).click();
    expect(await page.locator('#test-result').textContent()).toContain('Allowed');
    await page.screenshot({ path: 'docs/screenshots/portal-return-urls-1280.png', fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'docs/screenshots/portal-return-urls-390.png', fullPage: true });
    await expectAccessible(page);
    expect((await t.services.partners.show(partnerId)).returnUrlPatterns).toEqual(['https://app.budget.example/bank/*']);
    const clientId = await t.newClient(apiKey);
    const session = await t.call('POST', '/v1/connect-sessions', { key: apiKey, clientId, body: { returnUrl: 'https://app.budget.example/bank/done' } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    await page.context().close();
  });

  it('refuses a form post without the CSRF token and one from a viewer (403 page), changing nothing', async () => {
    const admin = await newPage();
    await signIn(admin, 'admin@budget.example');
    await admin.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    const before = (await t.services.partners.listKeys(partnerId)).length;
    expect(await postForm(admin, '/portal/keys', { label: 'no token' })).toBe(403);

    const viewer = await newPage(390);
    await signIn(viewer, 'viewer@budget.example');
    await viewer.getByRole('link', { name: 'API keys' }).click();
    await viewer.getByRole('heading', { name: 'API keys' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await viewer.screenshot({ path: 'docs/screenshots/portal-keys-viewer-390.png', fullPage: true });
    await expectAccessible(viewer);
    const csrf = (await viewer.locator('input[name=_csrf]').first().inputValue())!;
    expect(await postForm(viewer, '/portal/keys', { _csrf: csrf, label: 'viewer key' })).toBe(403);
    const key = (await t.services.partners.listKeys(partnerId))[0]!;
    expect(await postForm(viewer, `/portal/keys/${key.keyId}/revoke`, { _csrf: csrf })).toBe(403);
    expect(await t.services.partners.listKeys(partnerId)).toHaveLength(before);
    expect((await t.services.partners.listKeys(partnerId))[0]!.revokedAt).toBeNull();
    expect(await postForm(viewer, '/portal/webhooks/endpoint', { _csrf: csrf, url: 'http://127.0.0.1:9/viewer' })).toBe(403);
    expect((await t.services.webhooks.show(partnerId, 'sandbox')).url).toBe('http://127.0.0.1:9/hooks');
    await viewer.goto(`${t.baseUrl}/portal/webhooks`);
    expect(await viewer.locator('.secret-value').count()).toBe(0);
    expect((await viewer.goto(`${t.baseUrl}/portal/activity`))!.status()).toBe(403);
    await expectAccessible(viewer);
    await admin.context().close();
    await viewer.context().close();
  });

  it('"sign out everywhere" ends the sessions in other browsers', async () => {
    const one = await newPage();
    const two = await newPage(390);
    await signIn(one, 'admin@budget.example');
    await signIn(two, 'admin@budget.example');
    await two.getByRole('heading', { name: 'Overview · sandbox' }).waitFor();
    await one.getByRole('button', { name: 'Sign out everywhere' }).click();
    await one.getByRole('heading', { name: /Sign in/ }).waitFor();
    await two.reload();
    await two.getByRole('heading', { name: /Sign in/ }).waitFor();
    await two.screenshot({ path: 'docs/screenshots/portal-sign-in-390.png' });
    await expectAccessible(two);
    await one.context().close();
    await two.context().close();
  });

  it('rate-limits failed sign-ins per account with a clear message', async () => {
    const page = await newPage(390);
    for (let i = 0; i < 5; i++) await signIn(page, 'viewer@budget.example', `wrong-${i}-password`);
    await signIn(page, 'viewer@budget.example');
    expect(await page.getByRole('alert').textContent()).toMatch(/Too many failed sign-ins\. Try again in \d+ minutes?\./);
    await page.context().close();
  });
});
