import { describe, expect, test } from 'vitest';
import { el, NS } from '../../xml';
import { validateCfdi } from '../cfdi';
import { at, errorsOf, expectIssue, loadCfdi, remove, setAttr } from '../test-helpers';

const C1 = 'Conceptos.Concepto[1]';
const T1 = `${C1}.Impuestos.Traslados.Traslado[1]`;

describe('Conceptos', () => {
  test('CFDI40165 ClaveUnidad outside c_ClaveUnidad', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'ClaveUnidad', 'ZZZ');
    expectIssue(validateCfdi(root), 'CFDI40165', 'Comprobante.Conceptos.Concepto[1].ClaveUnidad');
  });

  test('CFDI40166 ValorUnitario 0 in an ingreso', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'ValorUnitario', '0');
    expectIssue(validateCfdi(root), 'CFDI40166', 'Comprobante.Conceptos.Concepto[1].ValorUnitario');
  });

  test('CFDI40167 Importe outside Cantidad × ValorUnitario limits, with the exact value as fix', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'Cantidad', '2');
    const issue = expectIssue(validateCfdi(root), 'CFDI40167', 'Comprobante.Conceptos.Concepto[1].Importe');
    expect(issue.fix?.value).toBe('17.24');
  });

  test('Importe inside the limits (6 decimals as written by real PACs) is accepted', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'Importe', '8.620691');
    expect(validateCfdi(root).some((i) => i.code === 'CFDI40167')).toBe(false);
  });

  test('CFDI40168 concept Descuento with more decimals than its Importe', () => {
    const root = loadCfdi('cfdi40-valid.xml');
    setAttr(root, C1, 'Descuento', '956.040');
    expectIssue(validateCfdi(root), 'CFDI40168', 'Comprobante.Conceptos.Concepto[1].Descuento');
  });

  test('CFDI40169 concept Descuento greater than its Importe', () => {
    const root = loadCfdi('cfdi40-valid.xml');
    setAttr(root, C1, 'Descuento', '4000.00');
    expectIssue(validateCfdi(root), 'CFDI40169', 'Comprobante.Conceptos.Concepto[1].Descuento');
  });

  test('CFDI40170 ObjetoImp outside the catalog', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'ObjetoImp', '09');
    expectIssue(validateCfdi(root), 'CFDI40170', 'Comprobante.Conceptos.Concepto[1].ObjetoImp');
  });

  test('CFDI40171 ObjetoImp 02 without Impuestos', () => {
    const root = loadCfdi('cfdi40-real.xml');
    remove(root, `${C1}.Impuestos`);
    expectIssue(validateCfdi(root), 'CFDI40171', 'Comprobante.Conceptos.Concepto[1].Impuestos');
  });

  test('CFDI40172 ObjetoImp 01 with Impuestos', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'ObjetoImp', '01');
    expectIssue(validateCfdi(root), 'CFDI40172', 'Comprobante.Conceptos.Concepto[1].Impuestos');
  });

  test('CFDI40173 empty Impuestos node', () => {
    const root = loadCfdi('cfdi40-real.xml');
    remove(root, `${C1}.Impuestos.Traslados`);
    expectIssue(validateCfdi(root), 'CFDI40173', 'Comprobante.Conceptos.Concepto[1].Impuestos');
  });

  test('CFDI40174 traslado Base zero', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'Base', '0');
    expectIssue(validateCfdi(root), 'CFDI40174', `Comprobante.${T1}.Base`);
  });

  test('CFDI40175 ISR cannot be a traslado', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'Impuesto', '001');
    expectIssue(validateCfdi(root), 'CFDI40175', `Comprobante.${T1}.Impuesto`);
  });

  test('CFDI40177 Exento with TasaOCuota and Importe', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'TipoFactor', 'Exento');
    expectIssue(validateCfdi(root), 'CFDI40177', `Comprobante.${T1}.TipoFactor`);
  });

  test('CFDI40178 Tasa without Importe', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'Importe', undefined);
    expectIssue(validateCfdi(root), 'CFDI40178', `Comprobante.${T1}.Importe`);
  });

  test('CFDI40179 IVA at 15 % is not in c_TasaOCuota', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'TasaOCuota', '0.150000');
    expectIssue(validateCfdi(root), 'CFDI40179', `Comprobante.${T1}.TasaOCuota`);
  });

  test('CFDI40180 traslado Importe outside Base × Tasa limits', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, T1, 'Importe', '1.40');
    const issue = expectIssue(validateCfdi(root), 'CFDI40180', `Comprobante.${T1}.Importe`);
    expect(issue.fix?.value).toBe('1.38');
  });

  test('CFDI40184 / CFDI40185 / CFDI40186 concept retenciones', () => {
    const root = loadCfdi('cfdi40-real.xml');
    at(root, `${C1}.Impuestos`).children.push(el('cfdi:Retenciones', NS.cfdi40, {}, [
      el('cfdi:Retencion', NS.cfdi40, { Base: '8.620690', Impuesto: '001', TipoFactor: 'Exento' }),
      el('cfdi:Retencion', NS.cfdi40, { Base: '8.620690', Impuesto: '002', TipoFactor: 'Tasa', TasaOCuota: '0.170000', Importe: '1.47' }),
      el('cfdi:Retencion', NS.cfdi40, { Base: '8.620690', Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000', Importe: '0.90' }),
    ]));
    const issues = validateCfdi(root);
    const R = `Comprobante.${C1}.Impuestos.Retenciones`;
    expectIssue(issues, 'CFDI40184', `${R}.Retencion[1].TipoFactor`);
    expectIssue(issues, 'CFDI40185', `${R}.Retencion[2].TasaOCuota`);
    expectIssue(issues, 'CFDI40186', `${R}.Retencion[3].Importe`);
  });
});

describe('Comprobante sums', () => {
  test('CFDI40107 SubTotal with more decimals than MXN allows', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'SubTotal', '862.069');
    expectIssue(validateCfdi(root), 'CFDI40107', 'Comprobante.SubTotal');
  });

  test('CFDI40108 SubTotal is not the rounded sum of importes', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'SubTotal', '862.06');
    expect(expectIssue(validateCfdi(root), 'CFDI40108', 'Comprobante.SubTotal').fix?.value).toBe('862.07');
  });

  test('CFDI40109 a traslado with SubTotal other than 0', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'TipoDeComprobante', 'T');
    expectIssue(validateCfdi(root), 'CFDI40109', 'Comprobante.SubTotal');
  });

  test('CFDI40110 Descuento above SubTotal', () => {
    const root = loadCfdi('cfdi40-valid.xml');
    setAttr(root, '', 'Descuento', '5000.00');
    expectIssue(validateCfdi(root), 'CFDI40110', 'Comprobante.Descuento');
  });

  test('CFDI40111 Descuento missing while a concept has one', () => {
    const root = loadCfdi('cfdi40-valid.xml');
    setAttr(root, '', 'Descuento', undefined);
    expect(expectIssue(validateCfdi(root), 'CFDI40111', 'Comprobante.Descuento').fix?.value).toBe('956.04');
  });

  test('CFDI40119 Total that does not add up', () => {
    const root = loadCfdi('cfdi40-valid.xml');
    setAttr(root, '', 'Total', '3327.00');
    expect(expectIssue(validateCfdi(root), 'CFDI40119', 'Comprobante.Total').fix?.value).toBe('3327.01');
  });

  test('CFDI40201 Impuestos node in a traslado', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'TipoDeComprobante', 'T');
    expectIssue(validateCfdi(root), 'CFDI40201', 'Comprobante.Impuestos');
  });

  test('CFDI40205 TotalImpuestosTrasladados is not the sum of the traslados', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Impuestos', 'TotalImpuestosTrasladados', '137.94');
    expectIssue(validateCfdi(root), 'CFDI40205', 'Comprobante.Impuestos.TotalImpuestosTrasladados');
  });

  test('CFDI40212 traslados without TotalImpuestosTrasladados', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Impuestos', 'TotalImpuestosTrasladados', undefined);
    expectIssue(validateCfdi(root), 'CFDI40212', 'Comprobante.Impuestos.TotalImpuestosTrasladados');
  });

  test('CFDI40215 / CFDI40221 global traslado Base and Importe are the rounded concept sums', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, 'Impuestos.Traslados.Traslado[1]', 'Base', '862.00');
    setAttr(root, 'Impuestos.Traslados.Traslado[1]', 'Importe', '137.90');
    const issues = validateCfdi(root);
    expect(expectIssue(issues, 'CFDI40215', 'Comprobante.Impuestos.Traslados.Traslado[1].Base').fix?.value).toBe('862.07');
    expect(expectIssue(issues, 'CFDI40221', 'Comprobante.Impuestos.Traslados.Traslado[1].Importe').fix?.value).toBe('137.93');
  });

  test('CFDI40218 repeated traslado group', () => {
    const root = loadCfdi('cfdi40-real.xml');
    const traslados = at(root, 'Impuestos.Traslados');
    traslados.children.push(structuredClone(at(root, 'Impuestos.Traslados.Traslado[1]')));
    expectIssue(validateCfdi(root), 'CFDI40218', 'Comprobante.Impuestos.Traslados.Traslado[2]');
  });

  test('CFDI40206 / CFDI40211 retenciones: missing global node total and group', () => {
    const root = loadCfdi('cfdi40-real.xml');
    at(root, `${C1}.Impuestos`).children.push(el('cfdi:Retenciones', NS.cfdi40, {}, [
      el('cfdi:Retencion', NS.cfdi40, { Base: '8.620690', Impuesto: '001', TipoFactor: 'Tasa', TasaOCuota: '0.100000', Importe: '0.862069' }),
    ]));
    expectIssue(validateCfdi(root), 'CFDI40211', 'Comprobante.Impuestos.Retenciones');
    at(root, 'Impuestos').children.splice(0, 0, el('cfdi:Retenciones', NS.cfdi40, {}, [
      el('cfdi:Retencion', NS.cfdi40, { Impuesto: '001', Importe: '0.90' }),
    ]));
    const issues = validateCfdi(root);
    expectIssue(issues, 'CFDI40206', 'Comprobante.Impuestos.TotalImpuestosRetenidos');
    expect(expectIssue(issues, 'CFDI40211', 'Comprobante.Impuestos.Retenciones.Retencion[1].Importe').fix?.value).toBe('0.86');
  });

  test('created-with-discounts-40 (several discounted concepts) adds up', () => {
    const root = loadCfdi('created-with-discounts-40.xml');
    expect(errorsOf(validateCfdi(root))).toEqual([]);
  });
});

describe('big catalogs (server side)', () => {
  test('CFDI40162 ClaveProdServ not in c_ClaveProdServ', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, C1, 'ClaveProdServ', '99999999');
    expectIssue(validateCfdi(root), 'CFDI40162', 'Comprobante.Conceptos.Concepto[1].ClaveProdServ');
    expect(validateCfdi(root, { bigCatalogs: false }).some((i) => i.code === 'CFDI40162')).toBe(false);
  });

  test('CFDI40126 LugarExpedicion and CFDI40148 DomicilioFiscalReceptor not in c_CodigoPostal', () => {
    const root = loadCfdi('cfdi40-real.xml');
    setAttr(root, '', 'LugarExpedicion', '00000');
    setAttr(root, 'Receptor', 'DomicilioFiscalReceptor', '00001');
    const issues = validateCfdi(root);
    expectIssue(issues, 'CFDI40126', 'Comprobante.LugarExpedicion');
    expectIssue(issues, 'CFDI40148', 'Comprobante.Receptor.DomicilioFiscalReceptor');
  });
});
