/**
 * Issue 19: the JavaScript /login downloads on a first visit (the entry script and its modulepreloads in the
 * built index.html), gzipped, against the 250 kB goal; and the biggest chunks, to see what a screen costs.
 * Builds the web app first when apps/web/dist is missing.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.join(import.meta.dirname, '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) execSync('npm run build', { stdio: 'inherit' });
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const first = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
const firstKb = first.reduce((s, f) => s + gz(f), 0) / 1024;
console.log(`/login, primera carga: ${first.length} archivos JS, ${firstKb.toFixed(1)} kB gzip (meta ≤ 250 kB)`);
const all = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const totalKb = all.reduce((s, f) => s + gz(`assets/${f}`), 0) / 1024;
console.log(`toda la app: ${all.length} archivos JS, ${totalKb.toFixed(1)} kB gzip`);
for (const f of all.map((f) => ({ f, kb: gz(`assets/${f}`) / 1024 })).sort((a, b) => b.kb - a.kb).slice(0, 8)) {
  console.log(`  ${f.kb.toFixed(1).padStart(6)} kB  ${f.f}${first.includes(`assets/${f.f}`) ? '  (primera carga)' : ''}`);
}
