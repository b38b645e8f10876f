/**
 * docs/quickstart.md works as written: every `sh` block after step 0 runs, in order, in one bash
 * and in one zsh (which does not split unquoted expansions), against a running service, with the
 * key of a fresh partner.
 */
import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** True when `shell` is installed (zsh may be missing on a bare machine; the test then says skipped). */
const installed = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

describe('docs/quickstart.md', () => {
  for (const shell of ['bash', 'zsh']) it.skipIf(!installed(shell))(`runs from key to transactions in ${shell}`, async () => {
    const { apiKey } = await t.newPartner({ name: `Quickstart ${shell}` });
    const markdown = readFileSync(new URL('../docs/quickstart.md', import.meta.url), 'utf8');
    const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const script = blocks
      .filter((block) => !block.includes('npm start'))
      .join('\n')
      .replace(/^export BASE=.*$/m, `export BASE=${t.baseUrl}`)
      .replace(/^export KEY=.*$/m, `export KEY=${apiKey}`);
    const { stdout } = await promisify(execFile)(shell, ['-euo', 'pipefail', '-c', script], { timeout: 60_000 });
    expect(stdout).toContain('"mode":"sandbox"');
    expect(stdout).toMatch(/Active$/m);
    expect(stdout).toContain('"type":"CurrentAccount"');
    expect(stdout).toContain('"recordState"');
    expect(Number(/transactions: (\d+)/.exec(stdout)?.[1])).toBeGreaterThan(100);
    // The last block: the variable-symbol lookup with an extra leading zero finds its transaction.
    const filtered = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(stdout, stdout).not.toContain('"error"');
  });
});
