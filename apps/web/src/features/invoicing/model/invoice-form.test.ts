import { describe, expect, it } from 'vitest';
import { invoiceBodySchema } from '@facturo/contract';
import { conceptFromProduct, draftProblems, draftWarnings, emptyConcept, emptyInvoice, formToBody, liveTotals, type InvoiceForm } from './invoice-form';

const concept = (over: Partial<ReturnType<typeof emptyConcept>>) => ({
  ...emptyConcept(), claveProdServ: '84111506', claveUnidad: 'E48', descripcion: 'Servicio', ...over,
});

/** The e2e invoice: three concepts with IVA 16 % and a discount on one. */
const threeConcepts = (): InvoiceForm => ({
  ...emptyInvoice(new Date(2026, 2, 15)),
  clientId: '7', usoCFDI: 'G03', formaPago: '03',
  conceptos: [
    concept({ cantidad: '2', valorUnitario: '1500.00', descuento: '300.00' }),
    concept({ cantidad: '3', valorUnitario: '99.99' }),
    concept({ cantidad: '1.5', valorUnitario: '0.333333' }),
  ],
});

describe('invoice form totals (engine money code)', () => {
  it('computes importes, discount, IVA per concept and the total', () => {
    const { totals, conceptos } = liveTotals(threeConcepts());
    expect(conceptos.every((c) => c.ok)).toBe(true);
    // 3000.00 + 299.97 + 0.50 (1.5 × 0.333333 = 0.4999995 → 0.50)
    expect(totals.subTotal).toBe('3300.47');
    expect(totals.descuento).toBe('300.00');
    // IVA per concept: 2700×.16 = 432.00, 299.97×.16 = 47.9952 → 48.00, 0.50×.16 = 0.08
    expect(totals.totalImpuestosTrasladados).toBe('480.08');
    expect(totals.total).toBe('3480.55');
  });

  it('rounds IVA per concept, not on the summed base (SAT sums the concept importes)', () => {
    const form = { moneda: 'MXN', conceptos: Array.from({ length: 7 }, () => concept({ cantidad: '1', valorUnitario: '0.05' })) };
    // 7 × round(0.008) = 0.07, whereas 0.35 × 0.16 = 0.056 → 0.06.
    expect(liveTotals(form).totals.totalImpuestosTrasladados).toBe('0.07');
  });

  it('retenciones lower the total; exento carries no importe', () => {
    const form = { moneda: 'MXN', conceptos: [
      concept({ cantidad: '1', valorUnitario: '10000', retIsr: '0.100000', retIva: '0.106667' }),
      concept({ cantidad: '1', valorUnitario: '100', iva: 'Exento' }),
    ] };
    const { totals } = liveTotals(form);
    expect(totals.totalImpuestosRetenidos).toBe('2066.67');
    expect(totals.total).toBe('9633.33'); // 10100 + 1600 − 1000 − 1066.67
  });

  it('IEPS enters the IVA base (art. 18 LIVA)', () => {
    const { totals } = liveTotals({ moneda: 'MXN', conceptos: [concept({ cantidad: '1', valorUnitario: '100', ieps: 'Tasa', iepsValor: '0.080000' })] });
    expect(totals.traslados.find((t) => t.impuesto === '002')?.base).toBe('108.00');
    expect(totals.total).toBe('125.28'); // 100 + 8 + 17.28
  });

  it('a concept still being typed counts as nothing; a broken one shows the engine message', () => {
    const form = { moneda: 'MXN', conceptos: [concept({ cantidad: '1', valorUnitario: '' }), concept({ cantidad: '1', valorUnitario: '100', descuento: '200' })] };
    const live = liveTotals(form);
    expect(live.conceptos[0]).toEqual({ ok: false, message: null });
    expect(live.conceptos[1]).toMatchObject({ ok: false });
    expect((live.conceptos[1] as { message: string }).message).toMatch(/descuento/i);
    expect(live.totals.total).toBe('0.00');
  });

  it('uses the currency decimals of c_Moneda (JPY has none)', () => {
    expect(liveTotals({ moneda: 'JPY', conceptos: [concept({ cantidad: '3', valorUnitario: '33.5' })] }).totals.total).toBe('117');
  });
});

describe('invoice form body and validation', () => {
  it('builds the issue body with decimal strings that the contract accepts', () => {
    const body = formToBody(threeConcepts(), false);
    expect(body.conceptos[0]).toMatchObject({ cantidad: '2', valorUnitario: '1500.00', descuento: '300.00', objetoImp: '02', traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }] });
    expect(body).not.toHaveProperty('informacionGlobal');
    expect(body).not.toHaveProperty('tipoCambio');
    const parsed = invoiceBodySchema.safeParse(body);
    expect(parsed.success).toBe(true);
  });

  it('adds InformacionGlobal for público en general and the related UUIDs as a list', () => {
    const form = { ...threeConcepts(), cfdiRelacionados: [{ tipoRelacion: '04', uuids: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee, 11111111-2222-3333-4444-555555555555' }] };
    const body = formToBody(form, true);
    expect(body.informacionGlobal).toEqual({ periodicidad: '04', meses: '03', año: '2026' });
    expect(body.cfdiRelacionados).toEqual([{ tipoRelacion: '04', uuids: ['AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE', '11111111-2222-3333-4444-555555555555'] }]);
    expect(invoiceBodySchema.safeParse(body).success).toBe(true);
  });

  it('ObjetoImp 01 sends no taxes even when the choices are left set', () => {
    const body = formToBody({ ...threeConcepts(), conceptos: [concept({ cantidad: '1', valorUnitario: '5', objetoImp: '01', retIsr: '0.100000' })] }, false);
    expect(body.conceptos[0]).not.toHaveProperty('traslados');
    expect(body.conceptos[0]).not.toHaveProperty('retenciones');
  });

  it('reports problems on the body paths before sending', () => {
    const form: InvoiceForm = {
      ...threeConcepts(), metodoPago: 'PPD', formaPago: '03', moneda: 'USD', observaciones: 'x'.repeat(5000),
      conceptos: [concept({ cantidad: '0', valorUnitario: '1.1234567' }), concept({ cantidad: '1', valorUnitario: '2', iva: '', objetoImp: '02' })],
    };
    const p = draftProblems(form, { publicoGeneral: false, usosAllowed: ['G01', 'G03'] });
    expect(p.formaPago).toMatch(/99/);
    expect(p.tipoCambio).toMatch(/tipo de cambio/i);
    expect(p.observaciones).toMatch(/4,999/);
    expect(p['conceptos.0.cantidad']).toMatch(/mayor que cero/);
    expect(p['conceptos.0.valorUnitario']).toMatch(/6 decimales/);
    expect(p['conceptos.1.objetoImp']).toMatch(/impuesto/);
    expect(p.usoCFDI).toBeUndefined();
    expect(draftProblems({ ...threeConcepts(), usoCFDI: 'D01' }, { publicoGeneral: false, usosAllowed: ['G01', 'G03'] }).usoCFDI).toMatch(/régimen/);
    expect(draftProblems(threeConcepts(), { publicoGeneral: false, usosAllowed: ['G03'] })).toEqual({});
  });

  it('starts a concept from a catalogue product with its taxes', () => {
    const c = conceptFromProduct({
      id: 4, claveProducto: '43211500', claveUnidad: 'H87', descripcionUnidad: 'Pieza', descripcionProducto: 'Computadora', valorUnitario: '15000.00', objetoImp: '02',
      impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }], retenciones: [{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.1' }] },
      cve_catastral: null,
    });
    expect(c).toMatchObject({ productId: 4, claveProdServ: '43211500', unidad: 'Pieza', iva: '0.160000', retIsr: '0.100000', retIva: '', cantidad: '1' });
  });
});

describe('issue 24: fiscal rules the form tells before sending', () => {
  const services = (over: Partial<ReturnType<typeof emptyConcept>>): InvoiceForm => ({
    ...emptyInvoice(new Date(2026, 10, 27)), clientId: '7', usoCFDI: 'G03', formaPago: '03',
    conceptos: [concept({ claveProdServ: '80111600', cantidad: '1', valorUnitario: '15000', ...over })],
  });
  const opts = { publicoGeneral: false, usosAllowed: null };

  it('two-thirds IVA retention: 15,000 → IVA 2,400.00, retention 1,600.00, total 14,300.00 with ISR 10 % (what the server stamps)', () => {
    const { totals } = liveTotals(services({ retIsr: '0.100000', retIva: '0.106667' }));
    expect(totals.totalImpuestosTrasladados).toBe('2400.00');
    expect(totals.retenciones).toEqual([{ impuesto: '001', importe: '1500.00' }, { impuesto: '002', importe: '1600.00' }]);
    expect(totals.total).toBe('14300.00');
  });

  it('IVA 8 % from a CP without the border mark: the message on the concept\'s IVA, naming the CP; none from a border CP', () => {
    const form = services({ iva: '0.080000' });
    expect(draftProblems(form, { ...opts, lugarExpedicion: { cp: '42501', regionFronteriza: false } })['conceptos.0.iva']).toMatch(/IVA al 8 %.*código postal 42501/);
    expect(draftProblems(form, { ...opts, lugarExpedicion: { cp: '22000', regionFronteriza: true } })['conceptos.0.iva']).toBeUndefined();
    expect(draftProblems(services({}), { ...opts, lugarExpedicion: { cp: '42501', regionFronteriza: false } })['conceptos.0.iva']).toBeUndefined();
  });

  it('warns a persona moral (12-character RFC) issuing with an ISR retention, never a persona física', () => {
    expect(draftWarnings(services({ retIsr: '0.100000' }), 'EKU9003173C9')).toEqual([expect.stringMatching(/persona moral.*honorarios, arrendamiento, RESICO/)]);
    expect(draftWarnings(services({ retIsr: '0.100000' }), 'XOJI740919U48')).toEqual([]);
    expect(draftWarnings(services({ retIva: '0.106667' }), 'EKU9003173C9')).toEqual([]);
  });
});
