import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cfdiFacts, CfdiStoreError, directionFor, readCfdiXml, searchTextFor } from './cfdi-facts';
import { invoiceXml, uuidOf, withTimbre } from './cfdi-xml.test-support';

// The engine's own test vectors (in the repo): a Pagos 2.0 and a Pagos 1.0 complement.
const vector = (name: string) => readFileSync(new URL(`../../../../../packages/cfdi/test/vectors/${name}`, import.meta.url), 'utf8');
const facts = (xml: string) => cfdiFacts(readCfdiXml(xml));

describe('cfdiFacts', () => {
  it('a PUE ingreso is paid at issue: saldo 0, fecha_pago = its date, IVA 16 base from the doc-level Traslado', () => {
    const f = facts(invoiceXml({ uuid: uuidOf(1).toLowerCase(), base: '1000', fecha: '2026-03-04T10:11:12' }));
    expect(f.uuid).toBe(uuidOf(1));
    expect(f).toMatchObject({ tipo: 'I', fecha: '2026-03-04 10:11:12', total: '1160.00', ivaTrasladado: '160', baseIva16: '1000', baseIva0: '0', saldo: '0', fechaPago: '2026-03-04' });
  });

  it('a PPD ingreso opens a balance equal to its total and is not paid yet', () => {
    const f = facts(invoiceXml({ uuid: uuidOf(2), base: '500', metodoPago: 'PPD' }));
    expect(f).toMatchObject({ saldo: '580.00', fechaPago: null, metodoPago: 'PPD' });
  });

  it('a CFDI 3.3 (no doc-level Base) takes the IVA bases from its concepts', () => {
    const xml = vector('cfdi33-pagos10.xml');
    // The 3.3 vector is a payment; make a 3.3 ingreso out of the 4.0 invoice by switching the dialect.
    const i33 = invoiceXml({ uuid: uuidOf(3), base: '250' })
      .replace('http://www.sat.gob.mx/cfd/4', 'http://www.sat.gob.mx/cfd/3')
      .replace('Version="4.0"', 'Version="3.3"')
      .replace(/<cfdi:Traslado Base="[^"]+" (Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="40.00"\/><\/cfdi:Traslados><\/cfdi:Impuestos>\n<cfdi:Complemento)/, '<cfdi:Traslado $1');
    expect(i33).toContain('<cfdi:Impuestos TotalImpuestosTrasladados="40.00"><cfdi:Traslados><cfdi:Traslado Impuesto="002"');
    expect(facts(i33)).toMatchObject({ version: '3.3', baseIva16: '250', ivaTrasladado: '40' });
    expect(xml).toContain('pago10:Pagos');
  });

  it('Pagos 2.0: one payment row per DoctoRelacionado with base, IVA and withholdings in MXN; totals from Totales', () => {
    const f = facts(withTimbre(vector('cfdi40-pagos20.xml'), uuidOf(4)));
    expect(f.tipo).toBe('P');
    expect(f.total).toBe('3413.33');
    expect(f).toMatchObject({ baseIva16: '2000', baseIva0: '500', baseIvaExento: '300', ivaTrasladado: '320', isrRetenido: '100', ivaRetenido: '106.67' });
    const first = f.payments.find((p) => p.docUuid === '11111111-2222-4333-8444-555555555555')!;
    expect(first).toMatchObject({ impPagado: '2113.33', impSaldoInsoluto: '206.67', numParcialidad: 1, baseMxn: '2000', ivaMxn: '320', isrRetenidoMxn: '100', ivaRetenidoMxn: '106.67' });
    const second = f.payments.find((p) => p.docUuid === '22222222-3333-4444-8555-666666666666')!;
    // IVA 0 % and exento bases both count as base; no IVA amount.
    expect(second).toMatchObject({ baseMxn: '800', ivaMxn: '0', numParcialidad: 3 });
  });

  it('Pagos 1.0 rows carry the MXN factor and leave base/taxes for the store to prorate', () => {
    const f = facts(withTimbre(vector('cfdi33-pagos10.xml'), uuidOf(5)));
    expect(f.payments).toHaveLength(3);
    const usd = f.payments[0]!;
    expect(usd).toMatchObject({ monedaDr: 'USD', monedaP: 'USD', mxnFactor: '19.95', impPagado: '100.00', numParcialidad: 2 });
    expect(usd.baseMxn).toBeUndefined();
    // A MXN document paid in USD is already in MXN: factor exactly 1.
    expect(f.payments[1]!.mxnFactor).toBe('1');
    // A settled-in-one DoctoRelacionado without amounts takes the payment's Monto.
    expect(f.payments[2]).toMatchObject({ impPagado: '50.00', impSaldoInsoluto: '0' });
    expect(f.relations).toEqual([{ tipoRelacion: '04', relatedUuid: 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE' }]);
  });

  it('refuses an unstamped document and a non-CFDI', () => {
    expect(() => facts(vector('cfdi40-pagos20.xml'))).toThrow(CfdiStoreError);
    expect(() => readCfdiXml('<a/>')).toThrow(/no es un CFDI válido/);
  });
});

describe('directionFor / searchTextFor', () => {
  const f = facts(invoiceXml({ uuid: uuidOf(6), emisor: 'EKU9003173C9', receptor: 'MASO451221PM4', receptorNombre: 'María Ñandú', serie: 'A', folio: '7' }));
  it('emitido when the account is the Emisor, recibido when it is the Receptor, else "no pertenece a tu RFC"', () => {
    expect(directionFor({ emisorRfc: f.rfcEmisor, receptorRfc: f.rfcReceptor }, 'eku9003173c9')).toBe('emitido');
    expect(directionFor({ emisorRfc: f.rfcEmisor, receptorRfc: f.rfcReceptor }, 'MASO451221PM4')).toBe('recibido');
    expect(() => directionFor({ emisorRfc: f.rfcEmisor, receptorRfc: f.rfcReceptor }, 'AAA010101AAA')).toThrow(/no pertenece a tu RFC/);
  });
  it('searches the counterparty, serie-folio and UUID, folded', () => {
    expect(searchTextFor(f, 'emitido')).toBe(`maso451221pm4 maria nandu a-7 ${uuidOf(6).toLowerCase()}`);
    expect(searchTextFor(f, 'recibido')).toContain('eku9003173c9 escuela kemper urgate');
  });
});
