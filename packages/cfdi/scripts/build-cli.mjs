#!/usr/bin/env node
/**
 * Builds the `cfdi` CLI to plain JavaScript in packages/cfdi/dist so it starts without compiling
 * TypeScript on every run (tsx took ~2 s for `cfdi --help`). Run by the root `prepare` script at
 * `npm ci` / `npm install`, or by hand: `npm run build:cli`.
 *
 * esbuild (already installed: tsx is built on it) bundles src/cli/main.ts into ESM chunks; the
 * dynamic imports of heavy parts (PDF, XSD validation) become separate chunks loaded only by the
 * commands that need them. npm packages stay external (resolved from node_modules as usual).
 *
 * A few modules find their data files next to their source (`new URL('./xsd/', import.meta.url)`).
 * In a bundle import.meta.url is the chunk's URL, so each module's import.meta.url is rewritten to
 * its source file's URL relative to dist/ (all chunks sit flat in dist/, beside src/): the data stays
 * in src/ and the build is relocatable with the package.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(pkg, 'dist');

const sourceUrlPlugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

// Chunk names carry content hashes: stale chunks of an earlier build would pile up.
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { cli: path.join(pkg, 'src/cli/main.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunk-[hash]',
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [sourceUrlPlugin],
});
console.log(`cfdi CLI compilado en ${path.relative(process.cwd(), outdir) || outdir}`);
