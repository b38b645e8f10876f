/** Debian's Chromium for the browser tests (playwright-core downloads no browser), and where screenshots go. */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
/** Screenshots of the browser tests (not in git). */
export const ARTIFACTS = 'test-artifacts';

/** Launches /usr/bin/chromium headless (throws when it is missing) and makes the screenshot folder. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
}
