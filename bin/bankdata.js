#!/usr/bin/env node
// Entry point of the `bankdata` command. Runs the compiled JavaScript in dist/ (bin/build.js,
// run by `npm install` and `npm run build`) when it is there and, in a git checkout, newer than
// every file in src/; otherwise loads the TypeScript sources through tsx, so an edited checkout
// never runs stale code. Outside a checkout (an installed package, whose src/ is not edited) the
// build is trusted without looking at src/: the look costs one stat per file of src/ at every start.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.built');

/** The newest modification time (ms) of any file under `dir`. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// pg asks whether it runs in Cloudflare Workers by making a `Response`, which on Node 20 (no
// `navigator` global yet) loads Node's whole fetch implementation, unused at start-up: 15-30 ms of
// `bankdata start` (bench/README.md "start-up"). pg is loaded first with `Response` hidden (its
// answer, "not Cloudflare", is the same); every later import of pg gets this module.
const response = Object.getOwnPropertyDescriptor(globalThis, 'Response');
Object.defineProperty(globalThis, 'Response', { value: undefined, configurable: true, writable: true });
try {
  createRequire(import.meta.url)('pg');
} finally {
  Object.defineProperty(globalThis, 'Response', response);
}

const built = existsSync(stamp) && (!existsSync(join(root, '.git')) || statSync(stamp).mtimeMs >= newest(join(root, 'src')));
if (built) {
  const { program } = await import('../dist/cli/main.js');
  await program.parseAsync(process.argv);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { program } = await import('../src/cli/main.ts');
  await program.parseAsync(process.argv);
}
