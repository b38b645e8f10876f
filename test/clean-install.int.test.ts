/**
 * Issue 19, clean install: `npm install` in a fresh clone of this repository, on the Node this
 * machine runs (the declared floor, `engines.node`), prints no EBADENGINE warning and no warning
 * about skipped install scripts, and `npm ls` is clean afterwards. Uses the local npm cache, so it
 * needs no network once the dependencies have been installed here once.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = new URL('..', import.meta.url).pathname;

/** The environment without the npm_* variables `npm test` sets for its scripts (they would steer the inner npm). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')));
}

describe('clean install', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('npm install in a fresh clone prints no engine or install-script warnings, and npm ls is clean', async () => {
    dir = await mkdtemp(join(tmpdir(), 'bankdata-clean-install-'));
    await run('git', ['clone', '--quiet', repo, join(dir, 'bankdata')]);
    const cwd = join(dir, 'bankdata');
    const install = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd, env: cleanEnv(), maxBuffer: 16 << 20 });
    const output = `${install.stdout}\n${install.stderr}`;
    const warnings = output.split('\n').filter((line) => /EBADENGINE|install-scripts|allowScripts|install script/i.test(line));
    expect(warnings).toEqual([]);
    await expect(run('npm', ['ls', '--all'], { cwd, env: cleanEnv(), maxBuffer: 16 << 20 })).resolves.toBeTruthy();
  }, 300_000);
});
