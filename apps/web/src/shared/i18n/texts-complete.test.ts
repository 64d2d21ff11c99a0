import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every literal `t('section.key')` in the app resolves to a Spanish text, and a file that uses a section a
 * feature registers lazily (registerTexts, decision 288) imports that feature's texts module itself: the texts
 * must be loaded before the file renders, whichever screen imports it first.
 */
const src = path.resolve(__dirname, '../..');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
const all = files(src);
const readJson = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
const es = readJson(path.join(src, 'shared/i18n/locales/es.json'));
// texts.ts of each feature: the section it registers and its JSON.
const lazySections = new Map<string, { textsModule: string; texts: Record<string, unknown> }>();
for (const f of all.filter((f) => f.endsWith(`${path.sep}texts.ts`))) {
  const section = /registerTexts\('([^']+)'/.exec(readFileSync(f, 'utf8'))?.[1];
  if (section) lazySections.set(section, { textsModule: f.replace(/\.ts$/, ''), texts: readJson(f.replace(/texts\.ts$/, 'texts.es.json')) });
}
const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);

describe('Spanish texts', () => {
  it('finds the lazily registered feature sections', () => {
    expect([...lazySections.keys()].sort()).toEqual(expect.arrayContaining(['bank', 'contabilidad', 'prePayroll', 'retentions']));
  });

  it('every literal t() key resolves, and lazily registered sections are imported where used', () => {
    const missing: string[] = [];
    const notImported: string[] = [];
    for (const file of all) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/\bt\(\s*'([a-zA-Z0-9_]+(?:\.[a-zA-Z0-9_]+)+)'/g)) {
        const key = m[1]!;
        const [section, ...rest] = key.split('.');
        const lazy = lazySections.get(section!);
        // A string, a plural (`_one`), or a list read with returnObjects.
        const found = (tree: Record<string, unknown>, k: string) => {
          const node = lookup(tree, k);
          return typeof node === 'string' || Array.isArray(node) || lookup(tree, `${k}_one`) !== undefined;
        };
        const inMain = found(es, key);
        const inLazy = lazy !== undefined && found(lazy.texts, rest.join('.'));
        if (!inMain && !inLazy) missing.push(`${path.relative(src, file)}: ${key}`);
        if (!inMain && inLazy) {
          const rel = path.relative(path.dirname(file), lazy.textsModule).replace(/\\/g, '/');
          const spec = rel.startsWith('.') ? rel : `./${rel}`;
          if (!code.includes(`import '${spec}';`)) notImported.push(`${path.relative(src, file)}: ${key}`);
        }
      }
      // Keys built at run time (t(`section.${x}`)): their section's texts must be imported all the same.
      for (const m of code.matchAll(/\bt\(\s*`([a-zA-Z0-9_]+)\./g)) {
        const lazy = lazySections.get(m[1]!);
        if (!lazy || lookup(es, m[1]!) !== undefined) continue;
        const rel = path.relative(path.dirname(file), lazy.textsModule).replace(/\\/g, '/');
        if (!code.includes(`import '${rel.startsWith('.') ? rel : `./${rel}`}';`)) notImported.push(`${path.relative(src, file)}: ${m[1]}.…`);
      }
    }
    expect(missing).toEqual([]);
    expect([...new Set(notImported)]).toEqual([]);
  });
});
