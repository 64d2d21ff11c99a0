#!/usr/bin/env node
// `npm test`: the README's test command. Runs each stage in order, stops at the first that fails, and
// prints how long each took, so a slower suite shows where its minutes went (issue 30 item 9).
//
// The first stage is every check that reads the sources and nothing else — lint, the type check of each
// workspace (the `typecheck` script's commands) and the web build the e2e stage serves — run as a pool of
// as many jobs at once as the machine has cores: each is one mostly single-threaded process, so one after
// another they left a core idle for ~1.5 minutes (decision 321). Their output is printed whole, one job
// after another, when each ends, so it never interleaves.
import { Buffer } from 'node:buffer';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The typecheck script's commands (`tsc -p …`) run as npm would run them: with the local bin first on PATH.
const env = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const typecheck = pkg.scripts.typecheck.split('&&').map((c) => c.trim());

// Longest first, so the pool does not end on one long job alone (measured: build ~40 s, api ~20 s, web ~12 s).
const STATIC_JOBS = [
  ['build web', 'npm run --silent build'],
  ...typecheck.filter((c) => c.includes('apps/')).map((c) => [`tipos ${c.split(' ').pop()}`, c]),
  ['lint', 'npm run --silent lint'],
  ...typecheck.filter((c) => !c.includes('apps/')).map((c) => [`tipos ${c.split(' ').pop()}`, c]),
];

const STAGES = [
  ['unitarias y API', 'test:unit'],
  ['escaladas (PostgreSQL + Redis)', 'test:scaled'],
  ['navegador (e2e)', 'test:e2e'],
];

const times = [];
const report = () => {
  const width = Math.max(...times.map(([name]) => name.length));
  console.log('\nnpm test — tiempo por etapa:');
  for (const [name, seconds, ok] of times) console.log(`  ${name.padEnd(width)}  ${String(seconds).padStart(5)} s${ok ? '' : '  (falló)'}`);
  const total = times.filter(([name]) => !name.startsWith('  ')).reduce((s, [, t]) => s + t, 0);
  console.log(`  ${'total'.padEnd(width)}  ${String(total).padStart(5)} s`);
};
const seconds = (since) => Math.round((Date.now() - since) / 1000);

/** Runs a shell command with its output captured; resolves to its exit code and output. */
function runCaptured(command) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, cwd: root, env });
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

async function staticChecks() {
  const started = Date.now();
  const queue = [...STATIC_JOBS];
  const results = [];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const [name, command] = job;
      const t0 = Date.now();
      const { code, output } = await runCaptured(command);
      console.log(`\n── ${name} (${command}) ──`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      results.push([`  ${name}`, seconds(t0), code === 0]);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  const ok = results.every(([, , good]) => good);
  times.push(['lint, tipos y build web (en paralelo)', seconds(started), ok]);
  times.push(...results);
  return ok;
}

// .ci/run's second leg (PostgreSQL + Redis) runs the same files its first leg already linted, type-checked and
// built: NPM_TEST_STATIC=done says so, and the e2e stage serves the bundle that leg built (scripts/start.mjs
// rebuilds it only when it is missing or older than its sources).
if (process.env.NPM_TEST_STATIC === 'done') {
  console.log('lint, tipos y build web: ya comprobados en la primera pasada de .ci/run (mismos archivos)');
} else if (!(await staticChecks())) {
  report();
  process.exit(1);
}
for (const [name, script] of STAGES) {
  const started = Date.now();
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const ok = r.status === 0;
  times.push([name, seconds(started), ok]);
  if (!ok) {
    report();
    process.exit(r.status ?? 1);
  }
}
report();
