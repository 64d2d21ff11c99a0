import { describe, expect, test } from 'vitest';
import { buildCfdi40, type Cfdi40Input, type ConceptoInput } from '../../model';
import { computeConcept, taxImporteLimits, TASAS } from '../../money';
import { writeXml } from '../../xml';
import { validateCfdi } from '../cfdi';
import { validateXsd } from '../xsd';
import { errorsOf, expectIssue } from '../test-helpers';
import { comprobanteBase } from '../../../test/cfdi-inputs';

// Issue 24 items 4, 5 and 6: rules on the taxes a document may carry given who issues it and from where.
const now = new Date('2026-03-16T12:00:00Z');
const servicio = (over: Partial<ConceptoInput> = {}): ConceptoInput => ({
  claveProdServ: '80111600', claveUnidad: 'E48', descripcion: 'Servicios profesionales', cantidad: '1', valorUnitario: '15000.00',
  traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }], ...over,
});
const ingreso = (over: Partial<Cfdi40Input> = {}): Cfdi40Input => ({
  ...comprobanteBase, tipoDeComprobante: 'I', formaPago: '03', metodoPago: 'PUE', conceptos: [servicio()], ...over,
});
const fisica = { rfc: 'XOJI740919U48', nombre: 'INGRID XODAR JIMENEZ', regimenFiscal: '612' } as const;

describe('IVA 8 % only from the región fronteriza (FAC24001)', () => {
  const at8 = servicio({ traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_8_FRONTERA }] });

  test('refused from 42501 (Pachuca, Hidalgo: no border mark in c_CodigoPostal), on LugarExpedicion, naming the CP', () => {
    const { root } = buildCfdi40(ingreso({ lugarExpedicion: '42501', conceptos: [at8] }));
    const issue = expectIssue(validateCfdi(root, { now }), 'FAC24001', 'Comprobante.LugarExpedicion');
    expect(issue.severity).toBe('error');
    expect(issue.message).toContain('42501');
    expect(issue.message).toMatch(/IVA al 8 %.*región fronteriza/);
  });

  test.each([
    ['22000', 'Tijuana, norte'],
    ['32000', 'Ciudad Juárez, norte'],
    ['30700', 'Tapachula, sur'],
    ['77000', 'Chetumal, sur'],
  ])('accepted from %s (%s)', (cp) => {
    const { root } = buildCfdi40(ingreso({ lugarExpedicion: cp, conceptos: [at8] }));
    expect(errorsOf(validateCfdi(root, { now }))).toEqual([]);
  });

  test('a 16 % invoice from a non-border CP is not concerned; one 8 % concept among others is enough to refuse', () => {
    expect(errorsOf(validateCfdi(buildCfdi40(ingreso({ lugarExpedicion: '06600' })).root, { now }))).toEqual([]);
    const mixed = buildCfdi40(ingreso({ lugarExpedicion: '64000', conceptos: [servicio(), at8] })).root;
    expect(errorsOf(validateCfdi(mixed, { now })).map((i) => i.code)).toEqual(['FAC24001']);
  });

  test('skipped when the caller has no big catalogs (it cannot tell)', () => {
    const { root } = buildCfdi40(ingreso({ lugarExpedicion: '42501', conceptos: [at8] }));
    expect(validateCfdi(root, { now, bigCatalogs: false }).some((i) => i.code === 'FAC24001')).toBe(false);
  });
});

describe('two-thirds IVA retention is exactly two thirds of the IVA', () => {
  const retIva = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.IVA_RET_2_3 };
  const retIsr = { impuesto: '001' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.ISR_RET_10 };

  test('15,000 of services: IVA 2,400.00, retention 1,600.00 (not 15,000 × 0.106667 = 1,600.01), total 14,300.00', () => {
    const c = computeConcept({ cantidad: '1', valorUnitario: '15000', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }], retenciones: [retIva] }, 2);
    expect(c.traslados[0]!.importe).toBe('2400.00');
    expect(c.retenciones[0]).toEqual({ base: '15000.00', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667', importe: '1600.00' });
    const { root, totals } = buildCfdi40(ingreso({ emisor: fisica, conceptos: [servicio({ retenciones: [retIva] })] }));
    expect(totals.total).toBe('15800.00'); // 15,000 + 2,400 − 1,600
    expect(root.attrs.get('Total')).toBe('15800.00');
  });

  test('with ISR 10 % too: 15,000 + 2,400 − 1,500 − 1,600 = 14,300.00, stamped-ready (XSD and rules clean)', () => {
    const { root } = buildCfdi40(ingreso({ emisor: fisica, conceptos: [servicio({ retenciones: [retIsr, retIva] })] }));
    expect(root.attrs.get('Total')).toBe('14300.00');
    expect(errorsOf(validateXsd(writeXml(root)))).toEqual([]);
    expect(validateCfdi(root, { now })).toEqual([]);
  });

  test('the validator proves 1,600.00 is inside SAT tolerance for TasaOCuota 0.106667 and refuses a cent outside it', () => {
    // Anexo 20: inferior = (15000.00 − 0.005) × 0.106667 truncated = 1600.00; superior = (15000.00 + 0.005 − 10^-12) × 0.106667 rounded up = 1600.01.
    expect(taxImporteLimits('15000.00', '0.106667', 2)).toEqual({ inferior: '1600.00', superior: '1600.01' });
    for (const [importe, ok] of [['1600.00', true], ['1600.01', true], ['1599.99', false], ['1600.02', false]] as const) {
      const { root } = buildCfdi40(ingreso({ emisor: fisica, conceptos: [servicio({ retenciones: [retIva] })] }));
      const node = root.children.find((n) => 'local' in n && n.local === 'Conceptos');
      // Concept-level retention: Conceptos/Concepto/Impuestos/Retenciones/Retencion.
      const ret = (node as any).children[0].children.find((n: any) => n.local === 'Impuestos').children.find((n: any) => n.local === 'Retenciones').children[0];
      ret.attrs.set('Importe', importe);
      const codes = validateCfdi(root, { now }).filter((i) => i.field.endsWith('Retenciones.Retencion[1].Importe') && i.field.includes('Concepto[')).map((i) => i.code);
      expect(codes.length === 0, `${importe}: ${codes.join(',')}`).toBe(ok);
    }
  });

  test('bases too big for the exact two thirds to fit the tolerance get the nearest limit, never a PAC refusal', () => {
    const c = computeConcept({ cantidad: '1', valorUnitario: '1000000', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }], retenciones: [retIva] }, 2);
    // IVA 160,000.00 × 2/3 = 106,666.67, but 1,000,000.00 × 0.106667 ∓ tolerance is 106,666.99 … 106,667.01.
    expect(c.retenciones[0]!.importe).toBe('106666.99');
    const { root } = buildCfdi40(ingreso({ emisor: fisica, conceptos: [servicio({ valorUnitario: '1000000', retenciones: [retIva] })] }));
    expect(errorsOf(validateCfdi(root, { now }))).toEqual([]);
  });

  test('small amounts: 1,234.56 → IVA 197.53, retention 131.69 (197.53 × 2/3 = 131.686…)', () => {
    const c = computeConcept({ cantidad: '1', valorUnitario: '1234.56', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }], retenciones: [retIva] }, 2);
    expect([c.traslados[0]!.importe, c.retenciones[0]!.importe]).toEqual(['197.53', '131.69']);
  });
});

describe('ISR retention on a persona moral (FAC24002, warning)', () => {
  const retIsr = { impuesto: '001' as const, tipoFactor: 'Tasa' as const, tasaOCuota: TASAS.ISR_RET_10 };

  test('a persona moral issuer with ISR withheld gets a Spanish warning, not an error', () => {
    const { root } = buildCfdi40(ingreso({ conceptos: [servicio({ retenciones: [retIsr] })] }));
    const issues = validateCfdi(root, { now });
    expect(errorsOf(issues)).toEqual([]);
    const w = issues.find((i) => i.code === 'FAC24002')!;
    expect(w).toMatchObject({ severity: 'warning', field: 'Comprobante.Conceptos.Concepto[1].Impuestos.Retenciones.Retencion[1].Impuesto' });
    expect(w.message).toMatch(/persona moral.*personas físicas \(honorarios, arrendamiento, RESICO\)/);
  });

  test('a persona física issuer, or a persona moral without ISR retention, gets none', () => {
    expect(validateCfdi(buildCfdi40(ingreso({ emisor: fisica, conceptos: [servicio({ retenciones: [retIsr] })] })).root, { now })).toEqual([]);
    expect(validateCfdi(buildCfdi40(ingreso()).root, { now })).toEqual([]);
  });
});
