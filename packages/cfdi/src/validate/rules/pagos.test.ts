import { describe, expect, test } from 'vitest';
import { validateCfdi } from '../cfdi';
import { at, errorsOf, expectIssue, loadCfdi, remove, setAttr } from '../test-helpers';

const FILE = 'created-cfdi40-pago20-valid.xml';
const PAGO = 'Complemento.Pagos.Pago[1]';
const D1 = `${PAGO}.DoctoRelacionado[1]`;
const D2 = `${PAGO}.DoctoRelacionado[2]`;
const F = (path: string) => `Comprobante.${path}`;

describe('Pagos 2.0: the tipo P envelope', () => {
  test('CRP20101 a Pagos complement in an ingreso', () => {
    const root = loadCfdi(FILE);
    setAttr(root, '', 'TipoDeComprobante', 'I');
    expectIssue(validateCfdi(root), 'CRP20101', 'Comprobante.TipoDeComprobante');
  });

  test('CRP20101 tipo P without the complement', () => {
    const root = loadCfdi(FILE);
    remove(root, 'Complemento.Pagos');
    expectIssue(validateCfdi(root), 'CRP20101', 'Comprobante.Complemento');
  });

  test('CRP20103 SubTotal and CRP20110 Total must be 0', () => {
    const root = loadCfdi(FILE);
    setAttr(root, '', 'SubTotal', '15000.00');
    setAttr(root, '', 'Total', '15000.00');
    const issues = validateCfdi(root);
    expect(expectIssue(issues, 'CRP20103', 'Comprobante.SubTotal').fix?.value).toBe('0');
    expectIssue(issues, 'CRP20110', 'Comprobante.Total');
  });

  test('CRP20104 Moneda must be XXX', () => {
    const root = loadCfdi(FILE);
    setAttr(root, '', 'Moneda', 'MXN');
    expectIssue(validateCfdi(root), 'CRP20104', 'Comprobante.Moneda');
  });

  test('CRP20113…CRP20122 the fixed concept', () => {
    const root = loadCfdi(FILE);
    setAttr(root, 'Conceptos.Concepto[1]', 'ClaveProdServ', '84111505');
    setAttr(root, 'Conceptos.Concepto[1]', 'Descripcion', 'Pago de factura');
    setAttr(root, 'Conceptos.Concepto[1]', 'ObjetoImp', '02');
    setAttr(root, 'Conceptos.Concepto[1]', 'Unidad', 'Actividad');
    const issues = validateCfdi(root);
    expect(expectIssue(issues, 'CRP20113', 'Comprobante.Conceptos.Concepto[1].ClaveProdServ').fix?.value).toBe('84111506');
    expectIssue(issues, 'CRP20117', 'Comprobante.Conceptos.Concepto[1].Unidad');
    expectIssue(issues, 'CRP20118', 'Comprobante.Conceptos.Concepto[1].Descripcion');
    expectIssue(issues, 'CRP20122', 'Comprobante.Conceptos.Concepto[1].ObjetoImp');
  });

  test('CFDI40161 UsoCFDI must be CP01', () => {
    const root = loadCfdi(FILE);
    setAttr(root, 'Receptor', 'UsoCFDI', 'G03');
    expect(expectIssue(validateCfdi(root), 'CFDI40161', 'Comprobante.Receptor.UsoCFDI').fix?.value).toBe('CP01');
  });
});

describe('Pagos 2.0: Pago and DoctoRelacionado', () => {
  test('CRP20212 FormaDePagoP 99', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'FormaDePagoP', '99');
    expectIssue(validateCfdi(root), 'CRP20212', F(`${PAGO}.FormaDePagoP`));
  });

  test('CRP20214 foreign MonedaP without TipoCambioP, CRP20215 MXN with TipoCambioP ≠ 1', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'TipoCambioP', '2');
    expectIssue(validateCfdi(root), 'CRP20215', F(`${PAGO}.TipoCambioP`));
    setAttr(root, PAGO, 'MonedaP', 'USD');
    setAttr(root, PAGO, 'TipoCambioP', undefined);
    expectIssue(validateCfdi(root), 'CRP20214', F(`${PAGO}.TipoCambioP`));
  });

  test('CRP20217 Monto below the sum paid, with the minimum as fix', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'Monto', '14000.00');
    expect(expectIssue(validateCfdi(root), 'CRP20217', F(`${PAGO}.Monto`)).fix?.value).toBe('15000.00');
  });

  test('CRP20218 Monto zero and CRP20219 too many decimals', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'Monto', '0');
    expectIssue(validateCfdi(root), 'CRP20218', F(`${PAGO}.Monto`));
    setAttr(root, PAGO, 'Monto', '15000.001');
    expectIssue(validateCfdi(root), 'CRP20219', F(`${PAGO}.Monto`));
  });

  test('CRP20221 / CRP20225 bank data must fit the FormaDePagoP', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'CtaOrdenante', '12345');
    expectIssue(validateCfdi(root), 'CRP20225', F(`${PAGO}.CtaOrdenante`));
    setAttr(root, PAGO, 'FormaDePagoP', '01');
    expectIssue(validateCfdi(root), 'CRP20221', F(`${PAGO}.RfcEmisorCtaOrd`));
  });

  test('CRP20230 CertPago without TipoCadPago', () => {
    const root = loadCfdi(FILE);
    setAttr(root, PAGO, 'CertPago', 'AAAA');
    expectIssue(validateCfdi(root), 'CRP20230', F(`${PAGO}.CertPago`));
  });

  test('CRP20237 EquivalenciaDR missing when currencies differ; CRP20238 must be 1 when equal', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D1, 'EquivalenciaDR', '1.5');
    expect(expectIssue(validateCfdi(root), 'CRP20238', F(`${D1}.EquivalenciaDR`)).fix?.value).toBe('1');
    setAttr(root, D1, 'MonedaDR', 'USD');
    setAttr(root, D1, 'EquivalenciaDR', undefined);
    expectIssue(validateCfdi(root), 'CRP20237', F(`${D1}.EquivalenciaDR`));
  });

  test('CRP20244 ImpSaldoInsoluto must be ImpSaldoAnt − ImpPagado', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D2, 'ImpSaldoInsoluto', '7000.01');
    expect(expectIssue(validateCfdi(root), 'CRP20244', F(`${D2}.ImpSaldoInsoluto`)).fix?.value).toBe('7000.00');
    setAttr(root, D2, 'ImpPagado', '11000.00');
    expectIssue(validateCfdi(root), 'CRP20244', F(`${D2}.ImpPagado`));
  });

  test('CRP20241 ImpPagado zero', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D2, 'ImpPagado', '0');
    expectIssue(validateCfdi(root), 'CRP20241', F(`${D2}.ImpPagado`));
  });

  test('CRP20246 ObjetoImpDR 02 without ImpuestosDR; CRP20247 01 with them', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D1, 'ObjetoImpDR', '01');
    expectIssue(validateCfdi(root), 'CRP20247', F(`${D1}.ImpuestosDR`));
    setAttr(root, D1, 'ObjetoImpDR', '02');
    remove(root, `${D1}.ImpuestosDR`);
    expectIssue(validateCfdi(root), 'CRP20246', F(`${D1}.ImpuestosDR`));
  });

  test('CRP20278 ObjetoImpDR 06 with IVA; CRP20279 07 without IEPS', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D1, 'ObjetoImpDR', '06');
    expectIssue(validateCfdi(root), 'CRP20278', F(`${D1}.ImpuestosDR`));
    setAttr(root, D1, 'ObjetoImpDR', '07');
    expectIssue(validateCfdi(root), 'CRP20279', F(`${D1}.ImpuestosDR`));
  });

  test('CRP20255 BaseDR zero; CRP20256 ImpuestoDR unknown; CRP20257 TipoFactorDR unknown', () => {
    const T = `${D1}.ImpuestosDR.TrasladosDR.TrasladoDR[1]`;
    let root = loadCfdi(FILE);
    setAttr(root, T, 'BaseDR', '0');
    expectIssue(validateCfdi(root), 'CRP20255', F(`${T}.BaseDR`));
    root = loadCfdi(FILE);
    setAttr(root, T, 'ImpuestoDR', '009');
    expectIssue(validateCfdi(root), 'CRP20256', F(`${T}.ImpuestoDR`));
    root = loadCfdi(FILE);
    setAttr(root, T, 'TipoFactorDR', 'Porcentaje');
    expectIssue(validateCfdi(root), 'CRP20257', F(`${T}.TipoFactorDR`));
  });

  test('CRP20258 Exento with TasaOCuotaDR; CRP20259 Tasa without ImporteDR', () => {
    const T = `${D1}.ImpuestosDR.TrasladosDR.TrasladoDR[1]`;
    let root = loadCfdi(FILE);
    setAttr(root, T, 'TipoFactorDR', 'Exento');
    expectIssue(validateCfdi(root), 'CRP20258', F(`${T}.TipoFactorDR`));
    root = loadCfdi(FILE);
    setAttr(root, T, 'ImporteDR', undefined);
    expectIssue(validateCfdi(root), 'CRP20259', F(`${T}.ImporteDR`));
  });

  test('CRP20260 TasaOCuotaDR not in the catalog; CRP20261 ImporteDR outside limits', () => {
    const root = loadCfdi(FILE);
    const T = `${D1}.ImpuestosDR.TrasladosDR.TrasladoDR[1]`;
    setAttr(root, T, 'ImporteDR', '1700.00');
    expectIssue(validateCfdi(root), 'CRP20261', F(`${T}.ImporteDR`));
    setAttr(root, T, 'TasaOCuotaDR', '0.170000');
    expectIssue(validateCfdi(root), 'CRP20260', F(`${T}.TasaOCuotaDR`));
  });

  test('FAC-PARCIALIDAD warns when the same document repeats a parcialidad', () => {
    const root = loadCfdi(FILE);
    setAttr(root, D2, 'IdDocumento', at(root, D1).attrs.get('IdDocumento'));
    setAttr(root, D2, 'NumParcialidad', '2');
    const issue = expectIssue(validateCfdi(root), 'FAC-PARCIALIDAD', F(`${D2}.NumParcialidad`));
    expect(issue.severity).toBe('warning');
  });
});

describe('Pagos 2.0: ImpuestosP and Totales', () => {
  test('CRP20268 / CRP20274 ImpuestosP against the DoctoRelacionado taxes', () => {
    const root = loadCfdi(FILE);
    const T = `${PAGO}.ImpuestosP.TrasladosP.TrasladoP[1]`;
    setAttr(root, T, 'BaseP', '12000.000000');
    setAttr(root, T, 'ImporteP', '2000.000000');
    const issues = validateCfdi(root);
    expect(expectIssue(issues, 'CRP20268', F(`${T}.BaseP`)).fix?.value).toBe('12931.040000');
    expectIssue(issues, 'CRP20274', F(`${T}.ImporteP`));
  });

  test('CRP20204 / CRP20205 / CRP20211 Totales', () => {
    const root = loadCfdi(FILE);
    setAttr(root, 'Complemento.Pagos.Totales', 'TotalTrasladosBaseIVA16', '12931.00');
    setAttr(root, 'Complemento.Pagos.Totales', 'TotalTrasladosImpuestoIVA16', undefined);
    setAttr(root, 'Complemento.Pagos.Totales', 'MontoTotalPagos', '1.00');
    const issues = validateCfdi(root);
    expect(expectIssue(issues, 'CRP20204', 'Comprobante.Complemento.Pagos.Totales.TotalTrasladosBaseIVA16').fix?.value).toBe('12931.04');
    expectIssue(issues, 'CRP20205', 'Comprobante.Complemento.Pagos.Totales.TotalTrasladosImpuestoIVA16');
    expect(expectIssue(issues, 'CRP20211', 'Comprobante.Complemento.Pagos.Totales.MontoTotalPagos').fix?.value).toBe('15000.00');
  });

  test('a Total for a tax no document has', () => {
    const root = loadCfdi(FILE);
    setAttr(root, 'Complemento.Pagos.Totales', 'TotalRetencionesISR', '10.00');
    expectIssue(validateCfdi(root), 'CRP20202', 'Comprobante.Complemento.Pagos.Totales.TotalRetencionesISR');
    expect(errorsOf(validateCfdi(loadCfdi(FILE)))).toEqual([]);
  });
});
