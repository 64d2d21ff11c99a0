import { buildCfdi33, buildCfdi40, type ConceptoInput, type XmlElement } from '@facturo/cfdi';
import { RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, type InvoiceValues } from '@facturo/contract';
import type { ClientRow } from '../clients/clients.schema';

export type CfdiVersion = '4.0' | '3.3';

/** The issuer as the account's profile has it (Emisor and LugarExpedicion come from here, never from the body). */
export interface Issuer {
  rfc: string;
  nombre: string;
  regimen: string;
  cp: string;
}

/** Everything the XML needs besides the body: who issues, to whom, when, and which folio. */
export interface DocumentFacts {
  version: CfdiVersion;
  issuer: Issuer;
  client: ClientRow;
  /** Mexico City wall-clock time "YYYY-MM-DDTHH:mm:ss". */
  fecha: string;
  serie: string;
  folio: string;
}

/** Public en general / foreign receptors carry SAT's fixed name and the issuer's CP (Anexo 20 4.0 guide). */
function receptorName(client: ClientRow): string {
  return client.rfc === RFC_PUBLICO_GENERAL ? 'PUBLICO EN GENERAL' : client.rSocial;
}

function conceptOf(c: InvoiceValues['conceptos'][number]): ConceptoInput {
  return {
    claveProdServ: c.claveProdServ,
    noIdentificacion: c.noIdentificacion,
    cantidad: c.cantidad,
    claveUnidad: c.claveUnidad,
    unidad: c.unidad,
    descripcion: c.descripcion,
    valorUnitario: c.valorUnitario,
    descuento: c.descuento && /[1-9]/.test(c.descuento) ? c.descuento : undefined,
    objetoImp: c.objetoImp,
    traslados: c.traslados?.map((t) => ({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, tasaOCuota: t.tasaOCuota })),
    retenciones: c.retenciones?.map((t) => ({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, tasaOCuota: t.tasaOCuota })),
    cuentaPredial: c.cuentaPredial ? [c.cuentaPredial] : undefined,
  };
}

/**
 * The unsigned CFDI of an invoice body: 4.0 or 3.3, built by the engine (every importe and total computed
 * there with SAT's rounding). Observaciones never go in the XML; they are stored beside it.
 * @throws TaxRuleError / Error with a Spanish message when the engine refuses the amounts
 */
export function buildInvoiceXml(body: InvoiceValues, facts: DocumentFacts): XmlElement {
  const { issuer, client } = facts;
  const foreign = client.rfc === RFC_EXTRANJERO;
  const generic = client.rfc === RFC_PUBLICO_GENERAL || foreign;
  const moneda = body.moneda;
  const common = {
    tipoDeComprobante: body.tipoDeComprobante,
    serie: facts.serie || undefined,
    folio: facts.folio,
    fecha: facts.fecha,
    formaPago: body.tipoDeComprobante === 'T' ? null : body.formaPago,
    metodoPago: body.tipoDeComprobante === 'T' ? undefined : body.metodoPago,
    moneda,
    tipoCambio: moneda === 'MXN' || moneda === 'XXX' ? undefined : body.tipoCambio,
    lugarExpedicion: issuer.cp,
    conceptos: body.conceptos.map(conceptOf),
  };
  if (facts.version === '3.3') {
    return buildCfdi33({
      ...common,
      cfdiRelacionados: body.cfdiRelacionados?.[0],
      emisor: { rfc: issuer.rfc, nombre: issuer.nombre, regimenFiscal: issuer.regimen },
      receptor: {
        rfc: client.rfc,
        nombre: receptorName(client),
        usoCFDI: body.usoCFDI,
        ...(foreign ? { residenciaFiscal: client.pais ?? undefined, numRegIdTrib: client.numRegIdTrib ?? undefined } : {}),
      },
    } as Parameters<typeof buildCfdi33>[0]).root;
  }
  return buildCfdi40({
    ...common,
    exportacion: body.exportacion ?? '01',
    informacionGlobal: body.informacionGlobal,
    cfdiRelacionados: body.cfdiRelacionados,
    emisor: { rfc: issuer.rfc, nombre: issuer.nombre, regimenFiscal: issuer.regimen },
    receptor: {
      rfc: client.rfc,
      nombre: receptorName(client),
      // Generic RFCs use the issuer's LugarExpedicion as DomicilioFiscalReceptor (CFDI40147).
      domicilioFiscalReceptor: generic ? issuer.cp : (client.cp ?? ''),
      regimenFiscalReceptor: client.regimen,
      usoCFDI: body.usoCFDI,
      ...(foreign ? { residenciaFiscal: client.pais ?? undefined, numRegIdTrib: client.numRegIdTrib ?? undefined } : {}),
    },
  }).root;
}
