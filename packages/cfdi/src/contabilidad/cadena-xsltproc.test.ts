import { describe, expect, test } from 'vitest';
import { readFixtureText } from '../../test/fixtures';
import { contabilidadXsltPath, xsltproc } from '../../test/xsltproc';
import { cadenaContabilidad } from '../cadena';
import { parseXml } from '../xml';

// Decision 302 checked the derived cadenas against SAT's stylesheets by hand (no xsltproc then); this runs them.
describe('cadena of the Anexo 24 files = xsltproc with SAT\'s stylesheet, byte for byte', () => {
  test.each(['CT', 'BN', 'PL', 'XC', 'XF'])('SAT sample %s (and the kept expected cadena)', (t) => {
    const xml = readFixtureText('contabilidad', 'samples', `CACX7605101P8202312${t}.xml`);
    const root = parseXml(xml);
    const sat = xsltproc(contabilidadXsltPath(root.local), xml);
    expect(cadenaContabilidad(root)).toBe(sat);
    expect(readFixtureText('contabilidad', 'cadenas', `CACX7605101P8202312${t}.cadena.txt`)).toBe(sat);
  });
});
