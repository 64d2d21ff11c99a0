#!/usr/bin/env node
// `npm start`: builds the web app when its bundle is missing or older than its sources, then runs
// the API (which serves the bundle) in this same terminal.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { setInterval } from 'node:timers';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundle = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'].map((p) => path.join(root, p));

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), st.mtimeMs);
}

const stale = !existsSync(bundle) || Math.max(...sources.map(newestMtime)) > statSync(bundle).mtimeMs;
if (stale && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Construyendo la aplicación web…');
  // Always the production bundle: under NODE_ENV=test (the e2e server) Vite would otherwise bundle React's
  // development build, three times slower and 60 kB heavier than what users get.
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')], { cwd: root, stdio: 'inherit', env: process.env });
let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// `npm start` runs this script under `sh -c`: a SIGTERM to npm ends npm and that shell, which does not pass it
// on, and this process is left orphaned with the server running (issue 25 §14). A changed parent means whoever
// started us is gone: stop the server as if we had been signalled.
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 250);
watch.unref();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
