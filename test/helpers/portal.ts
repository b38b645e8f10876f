/**
 * Partner-portal browser helpers (test/portal*.int.test.ts): sign in through the form, check a
 * page with axe-core (no serious or critical violation), and POST a form from inside a page.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The password the portal tests give their users. */
export const PORTAL_PASSWORD = 'correct horse battery staple';

/** Signs in at `{baseUrl}/portal/sign-in` with e-mail address and password (the form, as a user does); the browser then lands on the Overview, or the form with an error. */
export async function signIn(page: Page, baseUrl: string, email: string, password = PORTAL_PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/portal/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fails the test when axe-core finds a serious or critical violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(' | ')}`).join('\n')).toBe('');
}

/** POSTs a form from inside the page (same origin), optionally without the CSRF token; the answer's status. */
export const postForm = (page: Page, path: string, fields: Record<string, string>) =>
  page.evaluate(async ([p, f]) => (await fetch(p, { method: 'POST', body: new URLSearchParams(f), redirect: 'manual' })).status, [path, fields] as const);
