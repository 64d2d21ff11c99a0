import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cadenaOriginal, cadenaTfd } from '../../src/cadena';
import { parseXml } from '../../src/xml';

/**
 * Every golden vector (hand-written complements: Carta Porte 3.1, CCE 2.0, Nómina 1.2, Pagos 2.0,
 * implocal, INE, leyendasFisc…, and one synthetic document per complement SAT's stylesheets include)
 * rewritten the way other issuers write the same data. Each rewrite was run through real xsltproc
 * with SAT's XSLT when this test was written (4 rewrites × 105 documents, fixtures included): all
 * gave the original cadena, so here the committed xsltproc cadena is the expectation.
 */
const REWRITES: Record<string, (xml: string) => string> = {
  'indented with tabs': (s) => s.replace(/></g, '>\n\t  <'),
  'CRLF indentation': (s) => s.replace(/></g, '>\r\n  <'),
  'other prefixes': (s) =>
    s
      .replace(/<(\/?)([A-Za-z_][\w.-]*):/g, '<$1$2Q:')
      .replace(/xmlns:([\w.-]+)=/g, 'xmlns:$1Q=')
      .replace(/ (?!xml:|xmlns:)([A-Za-z_][\w.-]*):([\w.-]+)=/g, ' $1Q:$2='),
  'empty elements written open/close': (s) => s.replace(/<([\w:.-]+)([^<>]*?)\/>/g, '<$1$2></$1>'),
};

const vectors = path.resolve(import.meta.dirname, '../vectors');
const documents = [vectors, path.join(vectors, 'synthetic')].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.xml') && existsSync(path.join(dir, f.replace(/\.xml$/, '.cadena.txt'))))
    .map((f) => path.join(dir, f)),
);

const cadenaOf = (file: string, xml: string): string => {
  const root = parseXml(xml);
  return path.basename(file).startsWith('tfd11-') ? cadenaTfd(root) : cadenaOriginal(root);
};

describe('cadena of complements written with other syntax', () => {
  it('covers the vectors', () => {
    expect(documents.length).toBeGreaterThanOrEqual(90);
  });

  it.each(Object.keys(REWRITES))('%s: every vector keeps its xsltproc cadena', (rewrite) => {
    const failures: string[] = [];
    for (const file of documents) {
      const expected = readFileSync(file.replace(/\.xml$/, '.cadena.txt'), 'utf8');
      const got = cadenaOf(file, REWRITES[rewrite](readFileSync(file, 'utf8')));
      if (got !== expected) failures.push(path.basename(file));
    }
    expect(failures).toEqual([]);
  });
});
