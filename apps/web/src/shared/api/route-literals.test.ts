// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { routePattern, routes, type RouteDef } from '@facturo/contract';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** Every `.ts`/`.tsx` source of the web app (tests excluded: their URLs are fixtures of fake servers). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

/**
 * The string and template literals of one file that name an API path (`'/api/…'`), templates with
 * `:x` for each interpolation so they can be matched against the table. Comments and import
 * specifiers are not literals, so they never count.
 */
export function apiLiterals(fileName: string, text: string): { line: number; value: string }[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: { line: number; value: string }[] = [];
  const visit = (node: ts.Node) => {
    let value: string | undefined;
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && !ts.isImportDeclaration(node.parent) && !ts.isExportDeclaration(node.parent)) {
      value = node.text;
    } else if (ts.isTemplateExpression(node)) {
      value = node.head.text + node.templateSpans.map((s) => `:x${s.literal.text}`).join('');
    }
    if (value !== undefined && /^(https?:\/\/[^/]+)?\/api\//.test(value.trim())) {
      found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, value: value.trim() });
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const patterns = Object.values(routes as Record<string, RouteDef>).map((e) => routePattern(e.path));
/** A concrete path (query string and origin dropped; `:x` stands for an interpolation) that some entry serves. */
const inTable = (value: string) => {
  const p = value.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  return patterns.some((re) => re.test(p));
};

describe('API paths in the web app', () => {
  const all = sources(SRC).flatMap((file) => apiLiterals(file, readFileSync(file, 'utf8')).map((l) => ({ ...l, file: path.relative(SRC, file) })));

  it('are never written in features: they call the route table (call(routes[…]) / routeUrl)', () => {
    expect(all.filter((l) => l.file.startsWith(`features${path.sep}`)).map((l) => `${l.file}:${l.line} ${l.value}`)).toEqual([]);
  });

  it('elsewhere name only paths the table serves', () => {
    expect(all.filter((l) => !inTable(l.value)).map((l) => `${l.file}:${l.line} ${l.value}`)).toEqual([]);
  });

  it('the scanner finds literals and templates, and ignores comments and imports', () => {
    const sample = [
      "import { x } from '../shared/api/call';",
      '// `/api/commented` is not code',
      "const a = '/api/clients';",
      'const b = `/api/employees/${id}/edit`;',
      "const c = fetch('/api/nowhere?x=1');",
    ].join('\n');
    const found = apiLiterals('sample.ts', sample).map((l) => l.value);
    expect(found).toEqual(['/api/clients', '/api/employees/:x/edit', '/api/nowhere?x=1']);
    expect(found.map(inTable)).toEqual([true, true, false]);
  });
});
