import { describe, expect, test } from 'vitest';
import { readFixtureText } from '../../test/fixtures';
import { loadSchemas, validateXsd } from './xsd';

const signed = ['cfdi40-valid.xml', 'cfdi40-real.xml', 'created-cfdi40-pago20-valid.xml', 'created-with-discounts-40.xml', 'cfdi33-valid.xml', 'retenciones/retenciones20.xml'];
const errors = (xml: string, unsigned = false) => validateXsd(xml, { unsigned }).filter((i) => i.severity === 'error');

describe('validateXsd', () => {
  test('compiles the SAT schema set (twice is harmless)', () => {
    expect(() => {
      loadSchemas();
      loadSchemas();
    }).not.toThrow();
  });

  test.each(signed)('%s is valid against the SAT XSDs', (name) => {
    expect(errors(readFixtureText('cfdi', name))).toEqual([]);
  });

  test('cfdi33-real: the implocal complement (no XSD shipped) is skipped with a warning', () => {
    const issues = validateXsd(readFixtureText('cfdi', 'cfdi33-real.xml'));
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(issues).toContainEqual(expect.objectContaining({ code: 'XSD', severity: 'warning', field: 'Complemento.ImpuestosLocales' }));
  });

  test.each([1, 2, 3])('unsigned pagos20-calculator/00%i is valid before sealing, invalid as a final document', (n) => {
    const xml = readFixtureText('cfdi', 'pagos20-calculator', `00${n}.xml`);
    expect(errors(xml, true)).toEqual([]);
    expect(errors(xml).map((i) => i.field)).toContain('Comprobante.Sello');
  });

  // Upstream's calculator inputs 004–007 leave out DoctoRelacionado/@IdDocumento (the calculator
  // does not need it): that is the only thing the XSD finds in them.
  test.each([4, 5, 6, 7])('pagos20-calculator/00%i only lacks IdDocumento', (n) => {
    const found = errors(readFixtureText('cfdi', 'pagos20-calculator', `00${n}.xml`), true);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((i) => /DoctoRelacionado\[\d+\]\.IdDocumento$/.test(i.field))).toBe(true);
  });

  test('catalog enumerations are real: UsoCFDI outside c_UsoCFDI fails', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml').replace('UsoCFDI="G03"', 'UsoCFDI="Z99"');
    const [issue] = errors(xml);
    expect(issue).toMatchObject({ code: 'XSD', field: 'Comprobante.Receptor.UsoCFDI' });
    expect(issue?.message).toContain('catálogo');
  });

  test('big catalogs are patterns: an unknown but well-formed ClaveProdServ passes the XSD', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml').replace('ClaveProdServ="80141628"', 'ClaveProdServ="99999999"');
    expect(errors(xml)).toEqual([]);
    const bad = xml.replace('ClaveProdServ="99999999"', 'ClaveProdServ="ABC"');
    expect(errors(bad)[0]).toMatchObject({ field: 'Comprobante.Conceptos.Concepto[1].ClaveProdServ' });
  });

  test('Spanish messages with the element/attribute path', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml')
      .replace('SubTotal="862.07"', 'SubTotal="abc"')
      .replace('Rfc="ISD950921HE5"', 'Rfc="X"')
      .replace('Exportacion="01"', 'Exportacion="01" Extra="1"');
    const issues = errors(xml);
    expect(issues).toContainEqual(expect.objectContaining({ field: 'Comprobante.SubTotal', message: expect.stringMatching(/no tiene el formato/) }));
    expect(issues).toContainEqual(expect.objectContaining({ field: 'Comprobante.Emisor.Rfc', message: expect.stringMatching(/patrón|corto/) }));
    expect(issues).toContainEqual(expect.objectContaining({ field: 'Comprobante.Extra', message: expect.stringMatching(/no está permitido/) }));
  });

  test('a missing required node is reported', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml').replace(/<cfdi:Emisor [^>]*\/>/, '');
    expect(errors(xml)[0]?.message).toMatch(/no va en esta posición|Falta/);
  });

  test('addenda are ignored and DOCTYPEs refused', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml').replace('</cfdi:Comprobante>', '<cfdi:Addenda><x:Cosa xmlns:x="urn:x" a="1"/></cfdi:Addenda></cfdi:Comprobante>');
    expect(errors(xml)).toEqual([]);
    const evil = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]><r>&e;</r>`;
    expect(errors(evil)[0]?.message).toMatch(/DOCTYPE/);
  });

  test('not well-formed XML', () => {
    expect(errors('<cfdi:Comprobante')[0]?.message).toMatch(/bien formado/);
  });

  test('Retenciones 2.0 with a wrong value is reported under Retenciones', () => {
    const xml = readFixtureText('cfdi', 'retenciones/retenciones20.xml').replace('MesIni="05"', 'MesIni="13"');
    expect(errors(xml)[0]?.field).toBe('Retenciones.Periodo.MesIni');
  });
});
