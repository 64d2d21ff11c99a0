#!/usr/bin/env node
// Runs the compiled CLI (packages/cfdi/dist, built by `prepare` at `npm ci`): it starts in a tenth of
// the time tsx needs to compile the TypeScript on every run. Without a build (a checkout where
// `npm ci` did not run the prepare script), it says how to build and falls back to tsx.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli.js', import.meta.url);
if (existsSync(compiled)) {
  await import(compiled.href);
} else {
  process.stderr.write('cfdi: no está compilado (falta packages/cfdi/dist); se ejecuta desde el código fuente, más lento. Compílalo con "npm run build:cli".\n');
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
