import { describe, expect, test } from 'vitest';
import { validateRetenciones } from './retenciones';
import { expectIssue, loadCfdi, setAttr } from './test-helpers';

const load = () => loadCfdi('retenciones/retenciones20.xml');

describe('validateRetenciones', () => {
  test('the fixture: its only error is MontoTotRet 0 with a retention of 200.00', () => {
    const issues = validateRetenciones(load()).filter((i) => i.severity === 'error');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'RET-TOTALES', field: 'Retenciones.Totales.MontoTotRet', fix: { value: '200.00' } });
  });

  test('MontoTotOperacion must be gravado + exento', () => {
    const root = load();
    setAttr(root, 'Totales', 'MontoTotGrav', '10');
    expectIssue(validateRetenciones(root), 'RET-TOTALES', 'Retenciones.Totales.MontoTotOperacion');
  });

  test('Periodo: MesFin before MesIni, unknown Ejercicio', () => {
    const root = load();
    setAttr(root, 'Periodo', 'MesIni', '06');
    setAttr(root, 'Periodo', 'Ejercicio', '2015');
    const issues = validateRetenciones(root);
    expectIssue(issues, 'RET-PERIODO', 'Retenciones.Periodo.MesFin');
    expectIssue(issues, 'RET-PERIODO', 'Retenciones.Periodo.Ejercicio');
  });

  test('emisor RFC and régimen, CveRetenc catalog', () => {
    const root = load();
    setAttr(root, 'Emisor', 'RegimenFiscalE', '612');
    setAttr(root, '', 'CveRetenc', '99');
    const issues = validateRetenciones(root);
    expectIssue(issues, 'RET-REGIMEN', 'Retenciones.Emisor.RegimenFiscalE');
    expectIssue(issues, 'RET-CVE', 'Retenciones.CveRetenc');
  });

  test('NacionalidadR must match the child node', () => {
    const root = load();
    setAttr(root, 'Receptor', 'NacionalidadR', 'Nacional');
    expectIssue(validateRetenciones(root), 'RET-RECEPTOR', 'Retenciones.Receptor.Nacional');
  });

  test('a CFDI is not a Retenciones document', () => {
    expect(validateRetenciones(loadCfdi('cfdi40-real.xml'))[0]?.code).toBe('RET-VERSION');
  });
});
