/**
 * The `cfdi` command as a user runs it (the compiled CLI, rebuilt first):
 * - `cfdi --help` start time (goal < 0.3 s; tsx took 2.1 s);
 * - `cfdi cadena CARPETA` and `cfdi verify CARPETA` over a folder of 2,000 real invoices
 *   (fixtures/ and the real-world vectors, copied under distinct names; goal ≥ 1,000 cadenas/s).
 *
 *   npx tsx bench/cli.bench.ts
 *
 * Wall time is what a user waits; CPU time (user + system of the child, from /usr/bin/time when
 * installed) shows what the command costs when other processes share the machine.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from '../packages/cfdi/test/fixtures';
import { root } from './support';

const bin = path.join(root, 'packages/cfdi/bin/cfdi.js');
const build = spawnSync(process.execPath, [path.join(root, 'packages/cfdi/scripts/build-cli.mjs')], { encoding: 'utf8' });
if (build.status !== 0) throw new Error(`build-cli falló: ${build.stderr}`);
const hasTime = existsSync('/usr/bin/time');

/** Runs the CLI once; wall seconds, CPU seconds (when measurable), exit code and stdout. */
function run(args: string[]): { wall: number; cpu?: number; code: number | null; stdout: string } {
  const start = process.hrtime.bigint();
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  let cpu: number | undefined;
  if (hasTime) {
    const m = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(r.stderr);
    if (m) cpu = Number(m[1]) + Number(m[2]);
  }
  return { wall, cpu, code: r.status, stdout: r.stdout };
}

const best = (runs: Array<{ wall: number; cpu?: number }>) => ({
  wall: Math.min(...runs.map((r) => r.wall)),
  cpu: runs.every((r) => r.cpu !== undefined) ? Math.min(...runs.map((r) => r.cpu!)) : undefined,
});
const secs = (x: number) => `${x.toFixed(3)} s`;

/** Bare `node -e 0`: the floor no CLI written for Node can go under on this machine right now. */
function bareNode(): { wall: number; cpu?: number } {
  const start = process.hrtime.bigint();
  const r = hasTime ? spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, '-e', '0'], { encoding: 'utf8' }) : spawnSync(process.execPath, ['-e', '0']);
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const m = hasTime ? /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(String(r.stderr)) : null;
  return { wall, cpu: m ? Number(m[1]) + Number(m[2]) : undefined };
}

const help = best(Array.from({ length: 7 }, () => run(['--help'])));
const node = best(Array.from({ length: 7 }, bareNode));
const cpuOf = (x: { cpu?: number }) => (x.cpu !== undefined ? `, ${secs(x.cpu)} de CPU` : '');
console.log(`cfdi --help: ${secs(help.wall)} de reloj${cpuOf(help)} (mejor de 7; meta < 0.3 s)`);
console.log(`  node -e 0 (piso de cualquier CLI en Node, misma carga): ${secs(node.wall)} de reloj${cpuOf(node)}`);

// A folder of real invoices: every CFDI 4.0/3.3 of fixtures/cfdi and the real-world vectors, repeated.
const sources = [
  ...['cfdi40-real.xml', 'cfdi33-real.xml', 'cfdi40-valid.xml', 'cfdi33-valid.xml'].map((f) => fixturePath('cfdi', f)),
  ...readdirSync(path.join(root, 'packages/cfdi/test/real-world/vectors'))
    .filter((f) => f.endsWith('.xml'))
    .map((f) => path.join(root, 'packages/cfdi/test/real-world/vectors', f)),
];
const folder = mkdtempSync(path.join(tmpdir(), 'cfdi-cli-bench-'));
const count = 2000;
mkdirSync(folder, { recursive: true });
for (let i = 0; i < count; i++) copyFileSync(sources[i % sources.length], path.join(folder, `${String(i).padStart(5, '0')}.xml`));

for (const command of ['cadena', 'verify']) {
  const runs = Array.from({ length: 3 }, () => run([command, folder]));
  const lines = runs[0].stdout.trimEnd().split('\n').length;
  const b = best(runs);
  const perCpu = b.cpu !== undefined ? `, ${Math.round(count / b.cpu).toLocaleString('es-MX')}/s de CPU` : '';
  console.log(
    `cfdi ${command} CARPETA (${count.toLocaleString('es-MX')} CFDI reales, ${sources.length} distintos): ` +
      `${Math.round(count / b.wall).toLocaleString('es-MX')}/s de reloj${perCpu}; ${lines} renglones, código ${runs[0].code}` +
      // Judged on CPU time when it is measured: on a loaded machine the wall rate measures the load.
      (command === 'cadena' ? ` (meta ≥ 1,000/s${b.cpu !== undefined ? ' de CPU' : ''}: ${count / (b.cpu ?? b.wall) >= 1000 ? 'sí' : 'NO'})` : ''),
  );
}
rmSync(folder, { recursive: true, force: true });
