import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures';
import { derivedRules } from '../rules.generated';
import { deriveCadenaRules, type StylesheetReader } from './derive-rules';
import { XsltNotUnderstoodError } from './errors';
import { CADENA_ENTRIES } from './entries';
import { compileRuleSet } from '../compile';
import { parseXml } from '../../xml';
import { thrown } from '../../../test/thrown';

const UTILERIAS = readFileSync(
  fixturePath('sat-xml', 'www.sat.gob.mx/sitio_internet/cfd/2/cadenaoriginal_2_0/utilerias.xslt'),
  'utf8',
);

const XSL_OPEN =
  '<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:a="urn:a">' +
  '<xsl:output method="text" version="1.0" encoding="UTF-8" indent="no"/>';

/** A one-file stylesheet set: `main.xslt` includes the real utilerías, then `templates`. */
function sheet(templates: string, utilerias = UTILERIAS): StylesheetReader {
  const files: Record<string, string> = {
    'x/main.xslt': `${XSL_OPEN}<xsl:include href="u/utilerias.xslt"/><xsl:template match="/">|<xsl:apply-templates select="/a:R"/>||</xsl:template>${templates}</xsl:stylesheet>`,
    'x/u/utilerias.xslt': utilerias,
  };
  return (p) => {
    const f = files[p];
    if (f === undefined) throw new Error(`no existe ${p}`);
    return f;
  };
}

const derive = (read: StylesheetReader) => deriveCadenaRules([{ id: 'cfdi40', path: 'x/main.xslt' }], read);

const refusal = (templates: string, utilerias?: string): XsltNotUnderstoodError =>
  thrown(XsltNotUnderstoodError, () => derive(sheet(templates, utilerias)));

describe('deriveCadenaRules', () => {
  it('reproduces the committed rules.generated.ts from SAT stylesheets', () => {
    const root = fixturePath('sat-xml');
    const { rules } = deriveCadenaRules(CADENA_ENTRIES, (rel) => readFileSync(path.join(root, rel)));
    expect(rules).toEqual(derivedRules);
  });

  it('translates the supported subset and runs it', () => {
    const { rules } = derive(
      sheet(`<xsl:template match="a:R">
        <xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@X"/></xsl:call-template>
        <xsl:call-template name="Opcional"><xsl:with-param name="valor" select="./@Y"/></xsl:call-template>
        <xsl:for-each select="./a:C"><xsl:call-template name="Requerido"><xsl:with-param name="valor" select="."/></xsl:call-template></xsl:for-each>
        <xsl:if test="./@Z='1'"><xsl:apply-templates select=".//a:D"/></xsl:if>
      </xsl:template>
      <xsl:template match="a:D"><xsl:call-template name="Opcional"><xsl:with-param name="valor" select="./@V"/></xsl:call-template></xsl:template>`),
    );
    const run = (xml: string) => compileRuleSet(rules, rules.ruleSets[0]).run(parseXml(xml)).cadena;
    expect(run('<a:R xmlns:a="urn:a" X=" 1 " Z="1"><a:C>  c  1 </a:C><a:C/><a:K><a:D V="d"/></a:K></a:R>')).toBe('||1|c 1||d||');
    expect(run('<a:R xmlns:a="urn:a" Y="y"><a:K><a:D V="d"/></a:K></a:R>')).toBe('|||y||');
  });

  it('visits ".//A/B" in document order even when A elements nest', () => {
    const { rules } = derive(
      sheet(`<xsl:template match="a:R"><xsl:for-each select=".//a:A/a:B"><xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@n"/></xsl:call-template></xsl:for-each></xsl:template>`),
    );
    const xml = '<a:R xmlns:a="urn:a"><a:A><a:B n="1"/><a:A><a:B n="2"/></a:A><a:B n="3"/></a:A></a:R>';
    expect(compileRuleSet(rules, rules.ruleSets[0]).run(parseXml(xml)).cadena).toBe('||1|2|3||');
  });

  it('lets the template defined last win, as xsltproc does, and says so', () => {
    const { rules, notes } = derive(
      sheet(`<xsl:template match="a:R"><xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@A"/></xsl:call-template></xsl:template>
             <xsl:template match="a:R"><xsl:call-template name="Requerido"><xsl:with-param name="valor" select="./@B"/></xsl:call-template></xsl:template>`),
    );
    expect(notes).toHaveLength(1);
    expect(compileRuleSet(rules, rules.ruleSets[0]).run(parseXml('<a:R xmlns:a="urn:a" A="a" B="b"/>')).cadena).toBe('||b||');
  });

  it.each([
    ['xsl:choose', '<xsl:template match="a:R"><xsl:choose><xsl:when test="@a">x</xsl:when></xsl:choose></xsl:template>', /xsl:choose no soportada/],
    ['xsl:value-of in a template', '<xsl:template match="a:R"><xsl:value-of select="@a"/></xsl:template>', /xsl:value-of no soportada/],
    ['a predicate', '<xsl:template match="a:R"><xsl:apply-templates select="./a:C[1]"/></xsl:template>', /expresión no soportada/],
    ['a function in a select', '<xsl:template match="a:R"><xsl:for-each select="concat(@a, @b)"/></xsl:template>', /expresión no soportada/],
    ['an unknown named template', '<xsl:template match="a:R"><xsl:call-template name="Otro"/></xsl:template>', /call-template "Otro"/],
    ['a mode', '<xsl:template match="a:R" mode="m"/>', /atributo "mode"/],
    ['a complex match pattern', '<xsl:template match="a:R/a:C"/>', /patrón match no soportado/],
    ['a literal result element', '<xsl:template match="a:R"><b>x</b></xsl:template>', /elementos literales/],
    ['an unbound prefix', '<xsl:template match="z:R"/>', /prefijo "z" no declarado/],
    ['xsl:import', '<xsl:import href="u/utilerias.xslt"/>', /xsl:import no soportado/],
    ['xsl:strip-space', '<xsl:strip-space elements="*"/>', /xsl:strip-space no soportado/],
    ['a named template with a different body', '<xsl:template name="Requerido"><xsl:param name="valor"/>#</xsl:template>', /Requerido.*distinta/s],
    ['an absolute include', '<xsl:include href="http://www.sat.gob.mx/x.xslt"/>', /href absoluto/],
  ])('refuses %s', (_name, templates, message) => {
    expect(refusal(templates).message).toMatch(message);
  });

  it('refuses a changed utilerías (Opcional printing a different separator)', () => {
    const e = refusal('', UTILERIAS.replace('<xsl:if test="$valor">|', '<xsl:if test="$valor">¦'));
    expect(e.file).toBe('x/u/utilerias.xslt');
    expect(e.message).toMatch(/Opcional/);
  });

  it('refuses a non-text output method', () => {
    const files = sheet('')('x/main.xslt') as string;
    const read: StylesheetReader = (p) => (p === 'x/main.xslt' ? files.replace('method="text"', 'method="xml"') : sheet('')(p));
    expect(() => derive(read)).toThrow(/method="text"/);
  });
});
