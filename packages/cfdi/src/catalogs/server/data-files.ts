import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** Reads a file shipped in src/catalogs/data, gunzipping it when its name ends in .gz. */
export function readDataFile(name: string): Buffer {
  const buf = readFileSync(new URL(`../data/${name}`, import.meta.url));
  return name.endsWith('.gz') ? gunzipSync(buf) : buf;
}
