import { NS, SCHEMA_LOCATION, type XmlElement } from '../xml';
import type { DocumentTotals, PagosAmounts } from '../money';
import { node, type ExtraComplement } from './xml-util';
import { assembleComprobante, type ComprobanteCommonInput } from './build-comprobante';
import { buildPagos20, type PagoInput } from './build-pagos20';
import type { NominaTotals } from './build-nomina12';
import { CFDI40 } from './dialect';
import type { CfdiRelacionados, Emisor, InformacionGlobal, Receptor } from './types-cfdi';

const C = NS.cfdi40;
const P = 'cfdi';

export type { ExtraComplement };

export interface Cfdi40Input extends ComprobanteCommonInput {
  /** Default '01' (no export). */
  exportacion?: string;
  informacionGlobal?: InformacionGlobal;
  cfdiRelacionados?: CfdiRelacionados[];
  emisor: Emisor;
  receptor: Receptor;
  /** Required for P. */
  pagos?: PagoInput[];
}

export interface BuiltCfdi40 {
  root: XmlElement;
  totals: DocumentTotals;
  pagos?: PagosAmounts;
  nomina?: NominaTotals;
}

/**
 * Builds a CFDI 4.0 as an XmlElement tree: namespaced, in cfdv40.xsd order, amounts formatted with
 * the currency decimals and every total computed here (never trusted from the caller). Covers
 * Ingreso/Egreso/Traslado from concepts, Pago with Pagos 2.0 and Nómina with Nómina 1.2.
 * The result is unsealed: Sello/NoCertificado/Certificado are whatever the input gave.
 * @throws TaxRuleError or Error with a Spanish message on inconsistent input
 */
export function buildCfdi40(input: Cfdi40Input): BuiltCfdi40 {
  const tipo = input.tipoDeComprobante;
  let pagos: ReturnType<typeof buildPagos20> | undefined;
  if (tipo === 'P') {
    if (!input.pagos?.length) throw new Error('Un comprobante de pago necesita el complemento de pagos');
    pagos = buildPagos20(input.pagos);
  }
  const g = input.informacionGlobal;
  const { root, totals, nomina } = assembleComprobante({
    dialect: CFDI40,
    input,
    emisor: input.emisor,
    receptor: input.receptor,
    pagos: pagos && { element: pagos.element, prefix: 'pago20', ns: NS.pago20, schemaLocation: SCHEMA_LOCATION.pago20 },
    afterTipo: [['Exportacion', input.exportacion ?? '01']],
    head: [
      g && node(P, C, 'InformacionGlobal', [['Periodicidad', g.periodicidad], ['Meses', g.meses], ['Año', g.año]]),
      ...(input.cfdiRelacionados ?? []).map((rel) =>
        node(P, C, 'CfdiRelacionados', [['TipoRelacion', rel.tipoRelacion]], rel.uuids.map((u) => node(P, C, 'CfdiRelacionado', [['UUID', u]]))),
      ),
    ],
    objetoImp: (c, t) => (t === 'T' ? '01' : (c.objetoImp ?? '02')),
  });
  return { root, totals, pagos: pagos?.amounts, nomina };
}
