import type { XmlElement } from '../xml';
import {
  fixed,
  roundTo,
  toDecimal,
  type ConceptAmounts,
  type ConceptAmountsInput,
  type DocumentTotals,
  type TaxLine,
} from '../money';
import { node } from './xml-util';
import type { ACuentaTerceros, ParteFields } from './types-cfdi';
import { CFDI40, type CfdiDialect } from './dialect';

const P = 'cfdi';

/** A Parte as the caller describes it; Importe is computed (Cantidad × ValorUnitario). */
export interface ParteInput extends ParteFields {
  informacionAduanera?: string[];
}

/** A concept as the caller describes it: catalog keys, text and the amounts money computes from. */
export interface ConceptoInput extends ConceptAmountsInput {
  claveProdServ: string;
  noIdentificacion?: string;
  claveUnidad: string;
  unidad?: string;
  descripcion: string;
  aCuentaTerceros?: ACuentaTerceros;
  informacionAduanera?: string[];
  cuentaPredial?: string[];
  complementoConcepto?: XmlElement;
  partes?: ParteInput[];
}

/** Writes a quantity or unit value with the decimals it really has (at least `min`, at most 6). */
export function plainDecimal(value: string, min = 0): string {
  const d = toDecimal(value);
  const places = Math.min(6, Math.max(min, d.decimalPlaces()));
  return roundTo(d, places).toFixed(places);
}

function taxNode(C: string, kind: 'Traslado' | 'Retencion', t: TaxLine): XmlElement {
  return node(P, C, kind, [
    ['Base', t.base],
    ['Impuesto', t.impuesto],
    ['TipoFactor', t.tipoFactor],
    ['TasaOCuota', t.tasaOCuota],
    ['Importe', t.importe],
  ]);
}

function parteNode(C: string, p: ParteInput, decimals: number): XmlElement {
  const importe = p.valorUnitario !== undefined ? fixed(toDecimal(p.cantidad).times(toDecimal(p.valorUnitario)), decimals) : undefined;
  return node(
    P,
    C,
    'Parte',
    [
      ['ClaveProdServ', p.claveProdServ],
      ['NoIdentificacion', p.noIdentificacion],
      ['Cantidad', plainDecimal(p.cantidad)],
      ['Unidad', p.unidad],
      ['Descripcion', p.descripcion],
      ['ValorUnitario', p.valorUnitario !== undefined ? plainDecimal(p.valorUnitario, decimals) : undefined],
      ['Importe', importe],
    ],
    (p.informacionAduanera ?? []).map((n) => node(P, C, 'InformacionAduanera', [['NumeroPedimento', n]])),
  );
}

/**
 * cfdi:Concepto in XSD order: Impuestos, ACuentaTerceros, InformacionAduanera, CuentaPredial,
 * ComplementoConcepto, Parte. 3.3 concepts are the same minus ObjetoImp (pass undefined) and
 * ACuentaTerceros (its builder refuses it before getting here).
 */
export function conceptoNode(
  input: ConceptoInput,
  amounts: ConceptAmounts,
  decimals: number,
  objetoImp: string | undefined,
  dialect: CfdiDialect = CFDI40,
): XmlElement {
  const C = dialect.ns;
  const hasTaxes = amounts.traslados.length + amounts.retenciones.length > 0;
  const impuestos =
    hasTaxes &&
    node(P, C, 'Impuestos', [], [
      amounts.traslados.length > 0 && node(P, C, 'Traslados', [], amounts.traslados.map((t) => taxNode(C, 'Traslado', t))),
      amounts.retenciones.length > 0 && node(P, C, 'Retenciones', [], amounts.retenciones.map((t) => taxNode(C, 'Retencion', t))),
    ]);
  const terceros = input.aCuentaTerceros;
  return node(
    P,
    C,
    'Concepto',
    [
      ['ClaveProdServ', input.claveProdServ],
      ['NoIdentificacion', input.noIdentificacion],
      ['Cantidad', plainDecimal(input.cantidad)],
      ['ClaveUnidad', input.claveUnidad],
      ['Unidad', input.unidad],
      ['Descripcion', input.descripcion],
      ['ValorUnitario', plainDecimal(input.valorUnitario, decimals)],
      ['Importe', amounts.importe],
      ['Descuento', amounts.descuento],
      ['ObjetoImp', objetoImp],
    ],
    [
      impuestos,
      terceros &&
        node(P, C, 'ACuentaTerceros', [
          ['RfcACuentaTerceros', terceros.rfcACuentaTerceros],
          ['NombreACuentaTerceros', terceros.nombreACuentaTerceros],
          ['RegimenFiscalACuentaTerceros', terceros.regimenFiscalACuentaTerceros],
          ['DomicilioFiscalACuentaTerceros', terceros.domicilioFiscalACuentaTerceros],
        ]),
      ...(input.informacionAduanera ?? []).map((n) => node(P, C, 'InformacionAduanera', [['NumeroPedimento', n]])),
      ...(input.cuentaPredial ?? []).map((n) => node(P, C, 'CuentaPredial', [['Numero', n]])),
      input.complementoConcepto && node(P, C, 'ComplementoConcepto', [], [input.complementoConcepto]),
      ...(input.partes ?? []).map((p) => parteNode(C, p, decimals)),
    ],
  );
}

/**
 * Comprobante-level cfdi:Impuestos (Retenciones before Traslados, as both XSDs order them).
 * 3.3 differs: its Traslado has no Base and requires TasaOCuota/Importe, so exempt lines (which
 * carry neither) stay at concept level only (Anexo 20 v3.3, Guía de llenado).
 */
export function impuestosNode(totals: DocumentTotals, dialect: CfdiDialect = CFDI40): XmlElement | undefined {
  const C = dialect.ns;
  const v33 = dialect.version === '3.3';
  const traslados = v33 ? totals.traslados.filter((t) => t.tipoFactor !== 'Exento') : totals.traslados;
  if (traslados.length + totals.retenciones.length === 0) return undefined;
  return node(
    P,
    C,
    'Impuestos',
    [
      ['TotalImpuestosRetenidos', totals.totalImpuestosRetenidos],
      ['TotalImpuestosTrasladados', totals.totalImpuestosTrasladados],
    ],
    [
      totals.retenciones.length > 0 &&
        node(P, C, 'Retenciones', [], totals.retenciones.map((r) => node(P, C, 'Retencion', [['Impuesto', r.impuesto], ['Importe', r.importe]]))),
      traslados.length > 0 &&
        node(
          P,
          C,
          'Traslados',
          [],
          traslados.map((t) =>
            node(P, C, 'Traslado', [
              ['Base', v33 ? undefined : t.base],
              ['Impuesto', t.impuesto],
              ['TipoFactor', t.tipoFactor],
              ['TasaOCuota', t.tasaOCuota],
              ['Importe', t.importe],
            ]),
          ),
        ),
    ],
  );
}
