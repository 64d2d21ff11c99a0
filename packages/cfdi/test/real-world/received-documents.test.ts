import { describe, expect, it } from 'vitest';
import { CfdiReadError, readCfdi, summarizeCfdi } from '../../src/model';
import { parseXml } from '../../src/xml';
import { thrown } from '../thrown';

const NS33 = 'xmlns:cfdi="http://www.sat.gob.mx/cfd/3" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital"';
const TFD10 =
  '<tfd:TimbreFiscalDigital version="1.0" UUID="abcdefab-1234-1234-1234-abcdefabcdef" FechaTimbrado="2016-01-01T00:00:01" selloCFD="x" noCertificadoSAT="1" selloSAT="y"/>';

/** A CFDI 3.3 as some emitters wrote it: lowercase attribute names SAT tolerated, no optional blocks. */
const received33 = (impuestos: string, complemento = '') =>
  `<cfdi:Comprobante ${NS33} version="3.3" fecha="2019-01-01T00:00:00" subTotal=" 100.00 " total="116.00" tipoDeComprobante="i" LugarExpedicion="01000">` +
  '<cfdi:Emisor rfc="aaa010101aaa" RegimenFiscal="601"/><cfdi:Receptor Rfc="XAXX010101000" UsoCFDI="G03"/>' +
  '<cfdi:Conceptos><cfdi:Concepto ClaveProdServ="01010101" Cantidad="1" ClaveUnidad="H87" Descripcion="x" ValorUnitario="100" Importe="100"/></cfdi:Conceptos>' +
  `${impuestos}<cfdi:Complemento>${complemento}${TFD10}</cfdi:Complemento></cfdi:Comprobante>`;

const IVA16 =
  '<cfdi:Impuestos TotalImpuestosTrasladados="16.00"><cfdi:Traslados><cfdi:Traslado Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="16.00"/></cfdi:Traslados></cfdi:Impuestos>';

const summary = (xml: string) => summarizeCfdi(readCfdi(parseXml(xml)));

const readError = (run: () => unknown): CfdiReadError => thrown(CfdiReadError, run);

describe('received documents: readCfdi + summarizeCfdi', () => {
  it('reads a 3.3 with lowercase names, upper-cases RFC/UUID/type and trims amounts', () => {
    const s = summary(received33(IVA16));
    expect(s).toMatchObject({
      uuid: 'ABCDEFAB-1234-1234-1234-ABCDEFABCDEF',
      version: '3.3',
      tipoDeComprobante: 'I',
      emisorRfc: 'AAA010101AAA',
      moneda: 'MXN',
      subTotal: '100.00',
      total: '116.00',
      ivaTrasladado: '16',
    });
  });

  it('reads a document with no Impuestos node as zero taxes', () => {
    expect(summary(received33('')).ivaTrasladado).toBe('0');
  });

  it('treats a retención whose Importe is missing as 0 instead of crashing the import', () => {
    const imp =
      '<cfdi:Impuestos TotalImpuestosRetenidos="0"><cfdi:Retenciones><cfdi:Retencion Impuesto="001"/></cfdi:Retenciones></cfdi:Impuestos>';
    expect(summary(received33(imp)).isrRetenido).toBe('0');
  });

  it.each([
    ['comma decimal', IVA16.replace('Importe="16.00"', 'Importe="16,00"'), 'Impuestos/Traslado@Importe: "16,00"'],
    ['exponent', IVA16.replace('Importe="16.00"', 'Importe="1.6e1"'), 'Impuestos/Traslado@Importe: "1.6e1"'],
  ])('refuses an unreadable tax amount (%s) with a CfdiReadError naming it', (_name, imp, where) => {
    expect(readError(() => summary(received33(imp))).message).toBe(`El CFDI tiene un importe ilegible en ${where}`);
  });

  it('refuses unreadable implocal totals instead of indexing them as 0', () => {
    const implocal =
      '<implocal:ImpuestosLocales xmlns:implocal="http://www.sat.gob.mx/implocal" version="1.0" TotaldeRetenciones="1,000.50" TotaldeTraslados="5.00"/>';
    expect(readError(() => summary(received33(IVA16, implocal))).message).toBe(
      'El CFDI tiene un importe ilegible en implocal:ImpuestosLocales@TotaldeRetenciones: "1,000.50"',
    );
    const ok = summary(received33(IVA16, implocal.replace('1,000.50', ' 10.50 ')));
    expect([ok.retencionesLocales, ok.trasladosLocales]).toEqual(['10.5', '5']);
  });

  it('refuses an unreadable Total', () => {
    expect(readError(() => summary(received33(IVA16).replace('total="116.00"', 'total="$116"'))).message).toBe(
      'El CFDI tiene un importe ilegible en Comprobante@Total: "$116"',
    );
  });

  it('reads CFDI 3.2 tax names and spelled-out type (same namespace as 3.3)', () => {
    const xml = received33(
      '<cfdi:Impuestos totalImpuestosTrasladados="16.00" totalImpuestosRetenidos="10.00"><cfdi:Retenciones><cfdi:Retencion impuesto="ISR" importe="10.00"/></cfdi:Retenciones>' +
        '<cfdi:Traslados><cfdi:Traslado impuesto="IVA" tasa="16.00" importe="16.00"/></cfdi:Traslados></cfdi:Impuestos>',
    )
      .replace('version="3.3"', 'version="3.2"')
      .replace('tipoDeComprobante="i"', 'tipoDeComprobante="ingreso"');
    expect(summary(xml)).toMatchObject({ version: '3.2', tipoDeComprobante: 'I', ivaTrasladado: '16', isrRetenido: '10' });
  });

  it('gives MontoTotalPagos for Pagos 1.0, which has no Totales (Σ Monto × TipoCambioP)', () => {
    const pagos10 =
      '<pago10:Pagos xmlns:pago10="http://www.sat.gob.mx/Pagos" Version="1.0">' +
      '<pago10:Pago FechaPago="2019-01-01T00:00:00" FormaDePagoP="03" MonedaP="USD" TipoCambioP="19.5012" Monto="10.00">' +
      '<pago10:DoctoRelacionado IdDocumento="aaaaaaaa-1234-1234-1234-abcdefabcdef" MonedaDR="MXN" TipoCambioDR="19.5012" MetodoDePagoDR="PPD" ImpPagado="195.01"/></pago10:Pago>' +
      '<pago10:Pago FechaPago="2019-01-02T00:00:00" FormaDePagoP="03" MonedaP="MXN" Monto="100.005"/></pago10:Pagos>';
    const s = summary(received33('', pagos10));
    // 10.00 × 19.5012 + 100.005 = 295.017 → 295.02
    expect(s.montoTotalPagos).toBe('295.02');
    expect(s.documentosPagados).toEqual(['AAAAAAAA-1234-1234-1234-ABCDEFABCDEF']);
  });

  it('finds the TFD in a second Complemento node (3.3 allowed several)', () => {
    const xml = received33(IVA16).replace('<cfdi:Complemento>', '<cfdi:Complemento/><cfdi:Complemento>');
    expect(summary(xml).uuid).toBe('ABCDEFAB-1234-1234-1234-ABCDEFABCDEF');
  });
});
