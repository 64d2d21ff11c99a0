import { describe, expect, test } from 'vitest';
import { el, NS } from '../../xml';
import { validateCfdi } from '../cfdi';
import { at, errorsOf, expectIssue, loadCfdi, remove, setAttr } from '../test-helpers';

/** cfdi40-real.xml turned into a factura global (público en general) that passes every rule. */
function facturaGlobal() {
  const root = loadCfdi('cfdi40-real.xml');
  setAttr(root, 'Receptor', 'Rfc', 'XAXX010101000');
  setAttr(root, 'Receptor', 'Nombre', 'PUBLICO EN GENERAL');
  setAttr(root, 'Receptor', 'RegimenFiscalReceptor', '616');
  setAttr(root, 'Receptor', 'UsoCFDI', 'S01');
  setAttr(root, 'Receptor', 'DomicilioFiscalReceptor', '11529');
  root.children.splice(0, 0, el('cfdi:InformacionGlobal', NS.cfdi40, { Periodicidad: '04', Meses: '01', Año: '2025' }));
  return root;
}
const NOW = { now: new Date('2025-02-10T12:00:00Z') };

describe('Emisor and Receptor', () => {
  test('CFDI40140 RegimenFiscal outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Emisor', 'RegimenFiscal', '999');
    expectIssue(validateCfdi(root), 'CFDI40140', 'Comprobante.Emisor.RegimenFiscal');
  });

  test('CFDI40141 a persona moral with a régimen de persona física', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Emisor', 'RegimenFiscal', '612');
    expectIssue(validateCfdi(root), 'CFDI40141', 'Comprobante.Emisor.RegimenFiscal');
  });

  test('CFDI40158 receptor persona física with régimen 601 (moral only)', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'RegimenFiscalReceptor', '601');
    expectIssue(validateCfdi(root), 'CFDI40158', 'Comprobante.Receptor.RegimenFiscalReceptor');
  });

  test('CFDI40160 UsoCFDI outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'UsoCFDI', 'P01');
    expectIssue(validateCfdi(root), 'CFDI40160', 'Comprobante.Receptor.UsoCFDI');
  });

  test('CFDI40161 D01 (honorarios médicos) for a persona moral', () => {
    const root = loadCfdi('cfdi40-valid.xml'); // receptor MCI7306249Y1, moral, régimen 603
    setAttr(root, 'Receptor', 'UsoCFDI', 'D01');
    expectIssue(validateCfdi(root), 'CFDI40161', 'Comprobante.Receptor.UsoCFDI');
  });

  test('CFDI40161 CP01 outside a payment receipt', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'UsoCFDI', 'CP01');
    expectIssue(validateCfdi(root), 'CFDI40161', 'Comprobante.Receptor.UsoCFDI');
  });

  test('CFDI40146 PUBLICO EN GENERAL with a non-generic RFC', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'Nombre', 'PUBLICO EN GENERAL');
    expectIssue(validateCfdi(root), 'CFDI40146', 'Comprobante.Receptor.Rfc');
  });

  test('CFDI40151/40152/40154 foreign residence data for a national receptor', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'ResidenciaFiscal', 'USA');
    setAttr(root, 'Receptor', 'NumRegIdTrib', '123456789');
    const issues = validateCfdi(root);
    expectIssue(issues, 'CFDI40151', 'Comprobante.Receptor.ResidenciaFiscal');
    expectIssue(issues, 'CFDI40154', 'Comprobante.Receptor.NumRegIdTrib');
    setAttr(root, 'Receptor', 'Rfc', 'XEXX010101000');
    setAttr(root, 'Receptor', 'ResidenciaFiscal', 'MEX');
    expectIssue(validateCfdi(root), 'CFDI40152', 'Comprobante.Receptor.ResidenciaFiscal');
  });

  test('CFDI40153 NumRegIdTrib without ResidenciaFiscal', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Receptor', 'NumRegIdTrib', '123456789');
    expectIssue(validateCfdi(root), 'CFDI40153', 'Comprobante.Receptor.ResidenciaFiscal');
  });
});

describe('público en general and InformacionGlobal', () => {
  test('a well-formed factura global passes', () => {
    expect(errorsOf(validateCfdi(facturaGlobal(), NOW))).toEqual([]);
  });

  test('CFDI40130 público en general without InformacionGlobal', () => {
    const root = facturaGlobal();
    remove(root, 'InformacionGlobal');
    expectIssue(validateCfdi(root, NOW), 'CFDI40130', 'Comprobante.InformacionGlobal');
  });

  test('CFDI40130 InformacionGlobal for a named receptor', () => {
    const root = loadCfdi('cfdi40-real.xml');
    root.children.splice(0, 0, el('cfdi:InformacionGlobal', NS.cfdi40, { Periodicidad: '04', Meses: '01', Año: '2025' }));
    expectIssue(validateCfdi(root, NOW), 'CFDI40130', 'Comprobante.InformacionGlobal');
  });

  test('CFDI40149 DomicilioFiscalReceptor must equal LugarExpedicion, with the fix', () => {
    const root = facturaGlobal();
    setAttr(root, 'Receptor', 'DomicilioFiscalReceptor', '06600');
    const issue = expectIssue(validateCfdi(root, NOW), 'CFDI40149', 'Comprobante.Receptor.DomicilioFiscalReceptor');
    expect(issue.fix?.value).toBe('11529');
  });

  test('CFDI40158 / CFDI40161 generic receptor needs régimen 616 and uso S01', () => {
    const root = facturaGlobal();
    setAttr(root, 'Receptor', 'RegimenFiscalReceptor', '612');
    setAttr(root, 'Receptor', 'UsoCFDI', 'G03');
    const issues = validateCfdi(root, NOW);
    expect(expectIssue(issues, 'CFDI40158', 'Comprobante.Receptor.RegimenFiscalReceptor').fix?.value).toBe('616');
    expect(expectIssue(issues, 'CFDI40161', 'Comprobante.Receptor.UsoCFDI').fix?.value).toBe('S01');
  });

  test('CFDI40132 bimonthly periodicity only for régimen 621', () => {
    const root = facturaGlobal();
    setAttr(root, 'InformacionGlobal', 'Periodicidad', '05');
    setAttr(root, 'InformacionGlobal', 'Meses', '13');
    expectIssue(validateCfdi(root, NOW), 'CFDI40132', 'Comprobante.InformacionGlobal.Periodicidad');
  });

  test('CFDI40134 / CFDI40135 Meses must agree with Periodicidad', () => {
    const root = facturaGlobal();
    setAttr(root, 'InformacionGlobal', 'Meses', '14');
    expectIssue(validateCfdi(root, NOW), 'CFDI40134', 'Comprobante.InformacionGlobal.Meses');
    setAttr(root, 'InformacionGlobal', 'Periodicidad', '05');
    setAttr(root, 'InformacionGlobal', 'Meses', '02');
    setAttr(root, 'Emisor', 'RegimenFiscal', '621');
    expectIssue(validateCfdi(root, NOW), 'CFDI40135', 'Comprobante.InformacionGlobal.Meses');
  });

  test('CFDI40131 / CFDI40133 catalogs', () => {
    const root = facturaGlobal();
    setAttr(root, 'InformacionGlobal', 'Periodicidad', '09');
    setAttr(root, 'InformacionGlobal', 'Meses', '19');
    const issues = validateCfdi(root, NOW);
    expectIssue(issues, 'CFDI40131', 'Comprobante.InformacionGlobal.Periodicidad');
    expectIssue(issues, 'CFDI40133', 'Comprobante.InformacionGlobal.Meses');
  });

  test('CFDI40136 Año two years back', () => {
    const root = facturaGlobal();
    setAttr(root, 'InformacionGlobal', 'Año', '2023');
    expectIssue(validateCfdi(root, NOW), 'CFDI40136', 'Comprobante.InformacionGlobal.Año');
    setAttr(root, 'InformacionGlobal', 'Año', '2024');
    expect(validateCfdi(root, NOW).some((i) => i.code === 'CFDI40136')).toBe(false);
  });
});

describe('tipo N', () => {
  test('nómina needs CN01, MXN and no FormaPago', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'TipoDeComprobante', 'N');
    const issues = validateCfdi(root);
    expectIssue(issues, 'CFDI40103', 'Comprobante.FormaPago');
    expect(expectIssue(issues, 'CFDI40161', 'Comprobante.Receptor.UsoCFDI').fix?.value).toBe('CN01');
    expect(at(root, 'Receptor').attrs.get('UsoCFDI')).toBe('G03');
  });
});
