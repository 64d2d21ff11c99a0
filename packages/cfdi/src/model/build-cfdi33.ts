import { NS, type XmlElement } from '../xml';
import type { DocumentTotals, PagosAmounts } from '../money';
import { node } from './xml-util';
import { assembleComprobante, type ComprobanteCommonInput } from './build-comprobante';
import type { ConceptoInput } from './build-conceptos';
import { buildPagos10, PAGOS10_SCHEMA_LOCATION, type Pago10Input } from './build-pagos10';
import type { NominaTotals } from './build-nomina12';
import { CFDI33 } from './dialect';
import type { CfdiRelacionados } from './types-cfdi';

const C = NS.cfdi33;
const P = 'cfdi';

/** cfdi:Emisor of 3.3 (no FacAtrAdquirente). */
export interface Emisor33 {
  rfc: string;
  nombre?: string;
  regimenFiscal: string;
}

/** cfdi:Receptor of 3.3: no fiscal domicile nor régimen; ResidenciaFiscal/NumRegIdTrib for foreigners. */
export interface Receptor33 {
  rfc: string;
  nombre?: string;
  residenciaFiscal?: string;
  numRegIdTrib?: string;
  /** Forced to P01 for P and N, as Anexo 20 v3.3 and its guides require. */
  usoCFDI: string;
}

/** A CFDI 3.3 to build. Concepts take the same input as 4.0; their objetoImp is ignored. */
export interface Cfdi33Input extends ComprobanteCommonInput {
  /** 3.3 has a single CfdiRelacionados group. */
  cfdiRelacionados?: CfdiRelacionados;
  emisor: Emisor33;
  receptor: Receptor33;
  /** Required for P (Pagos 1.0). */
  pagos?: Pago10Input[];
}

export interface BuiltCfdi33 {
  root: XmlElement;
  totals: DocumentTotals;
  pagos?: PagosAmounts;
  nomina?: NominaTotals;
}

/**
 * 3.3 has no ObjetoImp, so a concept simply carries taxes or not; money/ still wants a value to
 * check against, so give it the one that says exactly that.
 */
function concepto33(c: ConceptoInput, index: number): ConceptoInput {
  const n = index + 1;
  if (c.aCuentaTerceros) throw new Error(`Concepto ${n}: ACuentaTerceros no existe en CFDI 3.3`);
  if ((c.cuentaPredial?.length ?? 0) > 1) throw new Error(`Concepto ${n}: CFDI 3.3 admite una sola CuentaPredial por concepto`);
  const hasTaxes = (c.traslados?.length ?? 0) + (c.retenciones?.length ?? 0) > 0;
  return { ...c, objetoImp: hasTaxes ? '02' : '01' };
}

/**
 * Builds a CFDI 3.3 (Anexo 20 v3.3) as an XmlElement tree, with the same computed totals and
 * rules as buildCfdi40: Ingreso/Egreso/Traslado from concepts, Pago with Pagos 1.0 and Nómina with
 * Nómina 1.2. Only 3.3's own shape differs: no Exportacion, ObjetoImp, InformacionGlobal nor
 * ACuentaTerceros, one CfdiRelacionados, and document-level Traslados without Base.
 * The result is unsealed: Sello/NoCertificado/Certificado are whatever the input gave.
 * @throws TaxRuleError or Error with a Spanish message on inconsistent input
 */
export function buildCfdi33(input: Cfdi33Input): BuiltCfdi33 {
  const tipo = input.tipoDeComprobante;
  let pagos: ReturnType<typeof buildPagos10> | undefined;
  if (tipo === 'P') {
    if (!input.pagos?.length) throw new Error('Un comprobante de pago necesita el complemento de pagos');
    pagos = buildPagos10(input.pagos);
  }
  const e = input.emisor;
  const r = input.receptor;
  const rel = input.cfdiRelacionados;
  const { root, totals, nomina } = assembleComprobante({
    dialect: CFDI33,
    input: { ...input, conceptos: input.conceptos?.map(concepto33) },
    // Copied field by field so a 4.0-shaped object never leaks attributes 3.3 does not have.
    emisor: { rfc: e.rfc, nombre: e.nombre, regimenFiscal: e.regimenFiscal },
    receptor: {
      rfc: r.rfc,
      nombre: r.nombre,
      residenciaFiscal: r.residenciaFiscal,
      numRegIdTrib: r.numRegIdTrib,
      usoCFDI: tipo === 'P' || tipo === 'N' ? 'P01' : r.usoCFDI,
    },
    pagos: pagos && { element: pagos.element, prefix: 'pago10', ns: NS.pago10, schemaLocation: PAGOS10_SCHEMA_LOCATION },
    afterTipo: [],
    head: [rel && node(P, C, 'CfdiRelacionados', [['TipoRelacion', rel.tipoRelacion]], rel.uuids.map((u) => node(P, C, 'CfdiRelacionado', [['UUID', u]])))],
    objetoImp: () => undefined,
  });
  return { root, totals, pagos: pagos?.amounts, nomina };
}
