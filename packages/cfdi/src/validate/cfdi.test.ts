import { describe, expect, test } from 'vitest';
import { el, NS } from '../xml';
import { validateCfdi } from './cfdi';
import { at, errorsOf, expectIssue, loadCfdi, setAttr } from './test-helpers';

const FIXTURES_40 = [
  'cfdi40-valid.xml',
  'cfdi40-real.xml',
  'created-cfdi40-pago20-valid.xml',
  'created-with-discounts-40.xml',
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `pagos20-calculator/00${n}.xml`),
];

describe('validateCfdi on the SAT fixtures', () => {
  test.each(FIXTURES_40)('%s has no errors', (name) => {
    expect(errorsOf(validateCfdi(loadCfdi(name)))).toEqual([]);
  });

  test('a SAT test RFC with a wrong check digit is only a warning', () => {
    const issue = expectIssue(validateCfdi(loadCfdi('cfdi40-valid.xml')), 'RFC-DV', 'Comprobante.Receptor.Rfc');
    expect(issue.severity).toBe('warning');
    expect(issue.message).toContain('MCI7306249Y1');
  });

  test('a CFDI 3.3 is refused with a Spanish reason', () => {
    const [issue] = validateCfdi(loadCfdi('cfdi33-real.xml'));
    expect(issue?.code).toBe('CFDI40999');
    expect(issue?.message).toMatch(/3\.3/);
  });
});

describe('Comprobante attributes', () => {
  test('CFDI40101 Fecha with a time zone', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Fecha', '2025-01-24T10:10:41Z');
    expectIssue(validateCfdi(root), 'CFDI40101', 'Comprobante.Fecha');
  });

  test('CFDI40101 Fecha that does not exist (30 Feb)', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Fecha', '2025-02-30T10:10:41');
    expectIssue(validateCfdi(root), 'CFDI40101', 'Comprobante.Fecha');
  });

  test('401 Fecha in the future and too old for the PAC window', () => {
    const root = loadCfdi('cfdi40-real.xml');
    const now = new Date('2025-01-24T12:00:00Z'); // 06:00 in Mexico City
    expectIssue(validateCfdi(root, { now }), '401', 'Comprobante.Fecha');
    const later = new Date('2025-01-30T12:00:00Z');
    expect(errorsOf(validateCfdi(root, { now: later }))).toEqual([]);
    expectIssue(validateCfdi(root, { now: later, maxAgeHours: 72 }), '401', 'Comprobante.Fecha');
  });

  test('CFDI40103 FormaPago in a payment receipt (CRP20105) and in a traslado', () => {
    const pago = loadCfdi('created-cfdi40-pago20-valid.xml');
    setAttr(pago, '', 'FormaPago', '03');
    expectIssue(validateCfdi(pago), 'CRP20105', 'Comprobante.FormaPago');
  });

  test('CFDI40104 FormaPago outside c_FormaPago', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'FormaPago', '07');
    expectIssue(validateCfdi(root), 'CFDI40104', 'Comprobante.FormaPago');
  });

  test('CFDI40105 PPD needs FormaPago 99, with the fix', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'MetodoPago', 'PPD');
    const issue = expectIssue(validateCfdi(root), 'CFDI40105', 'Comprobante.FormaPago');
    expect(issue.fix).toEqual({ field: 'Comprobante.FormaPago', value: '99' });
  });

  test('CFDI40113 Moneda outside c_Moneda', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Moneda', 'MXP');
    expectIssue(validateCfdi(root), 'CFDI40113', 'Comprobante.Moneda');
  });

  test('CFDI40114 MXN with TipoCambio other than 1', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'TipoCambio', '17.5');
    expect(expectIssue(validateCfdi(root), 'CFDI40114', 'Comprobante.TipoCambio').fix?.value).toBe('1');
  });

  test('CFDI40115 USD without TipoCambio', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Moneda', 'USD');
    setAttr(root, '', 'TipoCambio', undefined);
    expectIssue(validateCfdi(root), 'CFDI40115', 'Comprobante.TipoCambio');
  });

  test('CFDI40117 TipoCambio zero', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Moneda', 'USD');
    setAttr(root, '', 'TipoCambio', '0');
    expectIssue(validateCfdi(root), 'CFDI40117', 'Comprobante.TipoCambio');
  });

  test('CFDI40118 TipoCambio beyond c_Moneda variation of a reference rate', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Moneda', 'USD');
    setAttr(root, '', 'TipoCambio', '25.00');
    expectIssue(validateCfdi(root, { tipoCambioReferencia: { USD: '17.00' } }), 'CFDI40118', 'Comprobante.TipoCambio');
    const near = validateCfdi(root, { tipoCambioReferencia: { USD: '24.90' } });
    expect(near.some((i) => i.code === 'CFDI40118')).toBe(false);
  });

  test('CFDI40121 TipoDeComprobante outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'TipoDeComprobante', 'X');
    expectIssue(validateCfdi(root), 'CFDI40121', 'Comprobante.TipoDeComprobante');
  });

  test('CFDI40122 Exportacion 02 without Comercio Exterior', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Exportacion', '02');
    expectIssue(validateCfdi(root), 'CFDI40122', 'Comprobante.Exportacion');
  });

  test('CFDI40123 Exportacion outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'Exportacion', '09');
    expectIssue(validateCfdi(root), 'CFDI40123', 'Comprobante.Exportacion');
  });

  test('CFDI40124 MetodoPago outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'MetodoPago', 'PIP');
    expectIssue(validateCfdi(root), 'CFDI40124', 'Comprobante.MetodoPago');
  });

  test('CRP20106 MetodoPago in a payment receipt', () => {
    const root = loadCfdi('created-cfdi40-pago20-valid.xml');
    setAttr(root, '', 'MetodoPago', 'PUE');
    expectIssue(validateCfdi(root), 'CRP20106', 'Comprobante.MetodoPago');
  });
});

describe('CfdiRelacionados', () => {
  test('CFDI40137 TipoRelacion outside c_TipoRelacion', () => {
    const root = loadCfdi('cfdi40-real.xml');
    root.children.splice(0, 0, el('cfdi:CfdiRelacionados', NS.cfdi40, { TipoRelacion: '10' }, [
      el('cfdi:CfdiRelacionado', NS.cfdi40, { UUID: 'C2832671-DA6D-11EF-A83D-00155D012007' }),
    ]));
    expectIssue(validateCfdi(root), 'CFDI40137', 'Comprobante.CfdiRelacionados[1].TipoRelacion');
  });

  test('a payment receipt only relates with TipoRelacion 04', () => {
    const root = loadCfdi('created-cfdi40-pago20-valid.xml');
    root.children.splice(0, 0, el('cfdi:CfdiRelacionados', NS.cfdi40, { TipoRelacion: '01' }, [
      el('cfdi:CfdiRelacionado', NS.cfdi40, { UUID: 'C2832671-DA6D-11EF-A83D-00155D012007' }),
    ]));
    expectIssue(validateCfdi(root), 'CFDI40137', 'Comprobante.CfdiRelacionados[1].TipoRelacion');
    at(root, 'CfdiRelacionados').attrs.set('TipoRelacion', '04');
    expect(errorsOf(validateCfdi(root))).toEqual([]);
  });
});
