#!/usr/bin/env node
// `npm test`: the README's test command. Runs each stage in order, stops at the first that fails, and
// prints how long each took, so a slower suite shows where its minutes went (issue 30 item 9).
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['lint', 'lint'],
  ['tipos', 'typecheck'],
  ['unitarias y API', 'test:unit'],
  ['escaladas (PostgreSQL + Redis)', 'test:scaled'],
  ['build web', 'build'],
  ['navegador (e2e)', 'test:e2e'],
];

const times = [];
const report = () => {
  const width = Math.max(...times.map(([name]) => name.length));
  console.log('\nnpm test — tiempo por etapa:');
  for (const [name, seconds, ok] of times) console.log(`  ${name.padEnd(width)}  ${String(seconds).padStart(5)} s${ok ? '' : '  (falló)'}`);
  console.log(`  ${'total'.padEnd(width)}  ${String(times.reduce((s, [, t]) => s + t, 0)).padStart(5)} s`);
};

for (const [name, script] of STAGES) {
  const started = Date.now();
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const ok = r.status === 0;
  times.push([name, Math.round((Date.now() - started) / 1000), ok]);
  if (!ok) {
    report();
    process.exit(r.status ?? 1);
  }
}
report();
