/**
 * `npm run routes`: spec §7 beside the route table (built / pendiente, with counts).
 * `npm run routes -- --write` also writes docs/api-coverage.md (a test keeps it in sync).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routes, type RouteDef } from '@facturo/contract';
import { renderCoverage } from '@facturo/contract/coverage/coverage';

const text = renderCoverage(routes as Record<string, RouteDef>);
process.stdout.write(text);
if (process.argv.includes('--write')) {
  const file = fileURLToPath(new URL('../docs/api-coverage.md', import.meta.url));
  writeFileSync(file, text);
  process.stderr.write(`escrito ${file}\n`);
}
