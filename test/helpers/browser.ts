/** Debian's Chromium for the browser tests (playwright-core downloads no browser), and where screenshots go. */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
/** Screenshots of the browser tests (not in git). */
export const ARTIFACTS = 'test-artifacts';

/** Launches /usr/bin/chromium headless (throws when it is missing) and makes the screenshot folder. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}

/**
 * Fresh pages of `browser()`, each in its own context (own cookies): `open(width, javaScriptEnabled)`
 * at a phone (under 600 px: 780 px high) or desktop size; `closeAll()` closes every context opened.
 */
export function pagesOf(browser: () => Browser) {
  const contexts: BrowserContext[] = [];
  return {
    async open(width = 360, javaScriptEnabled = true): Promise<Page> {
      const context = await browser().newContext({ viewport: { width, height: width < 600 ? 780 : 900 }, javaScriptEnabled });
      contexts.push(context);
      return context.newPage();
    },
    async closeAll(): Promise<void> {
      for (const context of contexts.splice(0)) await context.close();
    },
  };
}
