#!/usr/bin/env node
// Entry point of the `bankdata` command. Runs the compiled JavaScript in dist/ (bin/build.js,
// run by `npm install` and `npm run build`) when it is there and, in a git checkout, newer than
// every file in src/; otherwise loads the TypeScript sources through tsx, so an edited checkout
// never runs stale code. Outside a checkout (an installed package, whose src/ is not edited) the
// build is trusted without looking at src/: the look costs one stat per file of src/ at every start.
import { existsSync, readdirSync, statSync } from 'node:fs';
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
