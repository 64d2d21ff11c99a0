/** `npm run bench`: every bench/*.bench.ts in its own process, one after another (figures only, no assertions). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => !only.length || only.some((o) => f.includes(o))).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
