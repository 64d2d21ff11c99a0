import { describe, expect, test } from 'vitest';
import { readFixtureText } from '../../test/fixtures';
import { validateDocument } from './document';

describe('validateDocument', () => {
  test('a stamped CFDI 4.0 passes XSD and rules', () => {
    expect(validateDocument(readFixtureText('cfdi', 'cfdi40-real.xml')).filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('an unsigned payment receipt passes before sealing', () => {
    const xml = readFixtureText('cfdi', 'pagos20-calculator', '001.xml');
    expect(validateDocument(xml, { unsigned: true }).filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('XSD and rule issues come together', () => {
    const xml = readFixtureText('cfdi', 'cfdi40-real.xml').replace('UsoCFDI="G03"', 'UsoCFDI="Z99"').replace('SubTotal="862.07"', 'SubTotal="862.00"');
    const codes = validateDocument(xml).map((i) => i.code);
    expect(codes).toContain('XSD');
    expect(codes).toContain('CFDI40108');
    expect(codes).toContain('CFDI40160');
  });

  test('Retenciones documents get the Retenciones rules', () => {
    const issues = validateDocument(readFixtureText('cfdi', 'retenciones', 'retenciones20.xml'));
    expect(issues.some((i) => i.code === 'RET-TOTALES')).toBe(true);
  });

  test('unsafe or broken XML is one Spanish issue', () => {
    const [issue] = validateDocument('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>');
    expect(issue?.code).toBe('XML');
    expect(issue?.message).toMatch(/DOCTYPE/);
    expect(validateDocument('<a><b></a>')[0]?.code).toBe('XML');
  });
});

describe('encoding', () => {
  test('a document declared ISO-8859-1 is read but warned: Anexo 20 requires UTF-8', () => {
    const utf8 = readFixtureText('cfdi', 'cfdi40-real.xml');
    const latin1 = Buffer.from(utf8.replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1');
    const issues = validateDocument(latin1);
    expect(issues).toContainEqual(expect.objectContaining({ code: 'XML-UTF8', severity: 'warning' }));
    expect(validateDocument(Buffer.from(utf8)).some((i) => i.code === 'XML-UTF8')).toBe(false);
  });
});
