/** The partner portal in Chromium (test/portal*.int.test.ts): sign-in and the accessibility check every page gets. */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The password of the tests' portal users. */
export const PASSWORD = 'correct horse battery staple';

/** Signs in at `baseUrl`'s portal sign-in page (the browser then lands on the Overview, or the form with an error). */
export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/portal/sign-in`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** axe-core finds no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(' | ')}`).join('\n')).toBe('');
}
