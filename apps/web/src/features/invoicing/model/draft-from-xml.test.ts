import { describe, expect, it } from 'vitest';
import { creditNoteDraftFromXml, draftFromXml } from './draft-from-xml';
import { formToBody, liveTotals } from './invoice-form';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="7" FormaPago="03" MetodoPago="PUE" Moneda="MXN" Exportacion="01" SubTotal="300.00" Descuento="10.00" Total="336.40">
  <cfdi:Receptor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" UsoCFDI="G03" RegimenFiscalReceptor="601" DomicilioFiscalReceptor="42501"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="84111506" Cantidad="3" ClaveUnidad="E48" Unidad="Servicio" Descripcion="Asesoría" ValorUnitario="100.00" Importe="300.00" Descuento="10.00" ObjetoImp="02">
      <cfdi:Impuestos>
        <cfdi:Traslados><cfdi:Traslado Base="290.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="46.40"/></cfdi:Traslados>
      </cfdi:Impuestos>
    </cfdi:Concepto>
  </cfdi:Conceptos>
</cfdi:Comprobante>`;

describe('substitute invoice from the cancelled one', () => {
  it('keeps receptor terms and concepts and relates with tipo 04', () => {
    const { draft, receptorRfc } = draftFromXml(XML, '11111111-2222-3333-4444-555555555555');
    expect(receptorRfc).toBe('EKU9003173C9');
    expect(draft).toMatchObject({ version: '4.0', usoCFDI: 'G03', formaPago: '03', metodoPago: 'PUE', serie: 'A', cfdiRelacionados: [{ tipoRelacion: '04', uuids: '11111111-2222-3333-4444-555555555555' }] });
    expect(draft.conceptos[0]).toMatchObject({ claveProdServ: '84111506', cantidad: '3', valorUnitario: '100.00', descuento: '10.00', iva: '0.160000' });
    // Same amounts as the cancelled one.
    expect(liveTotals(draft).totals.total).toBe('336.40');
    expect(formToBody({ ...draft, clientId: '3' }, false).cfdiRelacionados).toEqual([{ tipoRelacion: '04', uuids: ['11111111-2222-3333-4444-555555555555'] }]);
  });
});

describe('credit note for an invoice', () => {
  it('is tipo E, uso G02, PUE, related 01, one bonus concept with the invoice\u2019s IVA and no amount yet', () => {
    const uuid = '11111111-2222-3333-4444-555555555555';
    const { draft, receptorRfc } = creditNoteDraftFromXml(XML, uuid, 'Bonificación sobre la factura A-7');
    expect(receptorRfc).toBe('EKU9003173C9');
    expect(draft).toMatchObject({ tipoDeComprobante: 'E', usoCFDI: 'G02', metodoPago: 'PUE', formaPago: '03', cfdiRelacionados: [{ tipoRelacion: '01', uuids: uuid }] });
    expect(draft.conceptos).toHaveLength(1);
    expect(draft.conceptos[0]).toMatchObject({ claveProdServ: '84111506', claveUnidad: 'ACT', descripcion: 'Bonificación sobre la factura A-7', valorUnitario: '', iva: '0.160000' });
    const body = formToBody({ ...draft, clientId: '3', conceptos: [{ ...draft.conceptos[0]!, valorUnitario: '50.00' }] }, false);
    expect(body).toMatchObject({ tipoDeComprobante: 'E', cfdiRelacionados: [{ tipoRelacion: '01', uuids: [uuid] }] });
  });

  it('leaves the forma de pago to the user when the invoice was PPD (99 is not a note\u2019s form)', () => {
    const ppd = XML.replace('FormaPago="03" MetodoPago="PUE"', 'FormaPago="99" MetodoPago="PPD"');
    expect(creditNoteDraftFromXml(ppd, '11111111-2222-3333-4444-555555555555', 'x').draft).toMatchObject({ formaPago: '', metodoPago: 'PUE' });
  });
});
