// Test support: real, sealed and sandbox-stamped CFDIs issued by SAT's test taxpayer (EKU9003173C9) to
// an account's RFC, so the import, outcomes and dashboard tests work on documents the engine verifies.
import { buildCfdi40, type Cfdi40Input, type ConceptoInput, type PagoInput } from '@facturo/cfdi/model';
import { loadCredential, type Credential } from '@facturo/cfdi/credentials';
import { sealCfdi } from '@facturo/cfdi/seal';
import { SandboxPac } from '@facturo/cfdi/stamp';
import { writeXml } from '@facturo/cfdi/xml';
import { readFixture } from '../../../packages/cfdi/test/fixtures';

export const SUPPLIER_RFC = 'EKU9003173C9';
const NOW = new Date('2026-03-20T18:00:00Z');

let credential: Credential | undefined;
const csd = () =>
  (credential ??= loadCredential(
    { cer: readFixture('certs', 'csd', 'EKU9003173C9.cer'), key: readFixture('certs', 'csd', 'EKU9003173C9.key'), password: '12345678a' },
    { purpose: 'sello', now: NOW },
  ));

export interface ReceivedOptions {
  receptorRfc: string;
  tipo?: 'I' | 'E' | 'P';
  fecha?: string;
  /** Unit value of the one concept (before IVA 16 %). */
  valor?: string;
  metodoPago?: 'PUE' | 'PPD';
  formaPago?: string;
  usoCFDI?: string;
  regimenReceptor?: string;
  moneda?: string;
  tipoCambio?: string;
  pagos?: PagoInput[];
  relacionados?: { tipoRelacion: string; uuids: string[] }[];
  conceptos?: ConceptoInput[];
}

export function receivedInput(o: ReceivedOptions): Cfdi40Input {
  const tipo = o.tipo ?? 'I';
  return {
    tipoDeComprobante: tipo,
    fecha: o.fecha ?? '2026-03-10T10:00:00',
    lugarExpedicion: '42501',
    formaPago: tipo === 'P' ? undefined : (o.formaPago ?? '03'),
    metodoPago: tipo === 'P' ? undefined : (o.metodoPago ?? 'PUE'),
    moneda: o.moneda,
    tipoCambio: o.tipoCambio,
    cfdiRelacionados: o.relacionados,
    emisor: { rfc: SUPPLIER_RFC, nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
    receptor: {
      rfc: o.receptorRfc,
      nombre: 'JUANA PEREZ NUNEZ',
      domicilioFiscalReceptor: '06600',
      regimenFiscalReceptor: o.regimenReceptor ?? '612',
      usoCFDI: o.usoCFDI ?? (tipo === 'P' ? 'CP01' : 'G03'),
    },
    conceptos: o.conceptos ?? [
      {
        claveProdServ: '81111500',
        claveUnidad: 'E48',
        descripcion: 'Servicio de consultoría',
        cantidad: '1',
        valorUnitario: o.valor ?? '1000',
        traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
      },
    ],
    pagos: o.pagos,
  };
}

/** Builds, seals with the test CSD and stamps with the sandbox PAC; returns the XML and its UUID. */
export async function stampedReceived(o: ReceivedOptions): Promise<{ xml: string; uuid: string }> {
  const { root } = buildCfdi40(receivedInput(o));
  const sealed = writeXml(sealCfdi(root, csd(), { now: NOW }));
  // The PAC stamps an hour after the document's Fecha (Mexico City time), inside its 72-hour window.
  const at = new Date(new Date(`${o.fecha ?? '2026-03-10T10:00:00'}-06:00`).getTime() + 3_600_000);
  const stamped = await new SandboxPac({ clock: () => at }).stamp(sealed);
  return { xml: stamped.xml, uuid: stamped.uuid.toUpperCase() };
}
