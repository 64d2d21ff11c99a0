// Test and benchmark support: a realistic large CFDI 4.0 (thousands of concepts, megabytes).
import { buildCfdi40, type ConceptoInput } from '../../src/model';
import { TASAS } from '../../src/money';
import type { XmlElement } from '../../src/xml';
import { TEST_EMISOR, TEST_NO_CERTIFICADO, TEST_RECEPTOR } from '../cfdi-inputs';

/** Long, varied text like real catalogs carry: accents, Ñ, &, quotes, runs of spaces. */
function descripcion(i: number, length: number): string {
  const base = `Artículo ${i} — TORNILLO HEX. 3/8" × 2½" acero inoxidable A&B  "Ñandú"  lote ${i % 97} `;
  return base.repeat(Math.ceil(length / base.length)).slice(0, length).trimEnd();
}

/**
 * A CFDI 4.0 Ingreso with `count` concepts (IVA 16 %, some with IEPS, ISR/IVA withholdings,
 * discounts, pedimentos, 6-decimal quantities), unsealed. `descriptionLength` sets the size:
 * 3,000 concepts × 1,000 characters is about 5 MB of XML.
 */
export function largeCfdi(count: number, descriptionLength = 1000, fecha = '2026-03-15T10:20:30'): XmlElement {
  const conceptos: ConceptoInput[] = Array.from({ length: count }, (_, i) => ({
    claveProdServ: i % 2 ? '31161500' : '81111500',
    noIdentificacion: `SKU-${String(i).padStart(6, '0')}`,
    claveUnidad: i % 2 ? 'H87' : 'E48',
    unidad: i % 2 ? 'Pieza' : 'Servicio',
    descripcion: descripcion(i, descriptionLength),
    cantidad: i % 5 === 0 ? '1.123456' : String(1 + (i % 17)),
    valorUnitario: i % 3 === 0 ? '1234.567891' : `${10 + (i % 1000)}.${String(i % 100).padStart(2, '0')}`,
    ...(i % 4 === 0 ? { descuento: '1.00' } : {}),
    objetoImp: '02',
    traslados:
      i % 10 === 0
        ? [
            { impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.080000' },
            { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 },
          ]
        : [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_16 }],
    retenciones:
      i % 7 === 0
        ? [
            { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: TASAS.ISR_RET_10 },
            { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: TASAS.IVA_RET_2_3 },
          ]
        : [],
    ...(i % 11 === 0 ? { informacionAduanera: ['21  47  3807  8003832'] } : {}),
  }));
  return buildCfdi40({
    tipoDeComprobante: 'I',
    serie: 'GRANDE',
    folio: String(count),
    fecha,
    formaPago: '03',
    metodoPago: 'PUE',
    lugarExpedicion: '42501',
    noCertificado: TEST_NO_CERTIFICADO,
    sello: '',
    certificado: '',
    emisor: TEST_EMISOR,
    receptor: TEST_RECEPTOR,
    conceptos,
  }).root;
}
