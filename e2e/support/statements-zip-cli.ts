// Run with `node --import tsx`: argv = first.zip, second.zip, receptor RFC → two ZIPs of CFDIs the SAT test taxpayer
// issues to the receptor in March 2026: the first with a PUE expense and a PPD invoice, the second with a payment
// complement that pays half of that PPD (for the DIOT diff). Prints the UUIDs as JSON.
import { writeFileSync } from 'node:fs';
import { stampedReceived } from '../../apps/api/test/received-cfdis';
import { writeZip } from '../../apps/api/src/modules/cfdi-import/zip-writer';
import { buildPayment } from '../../apps/api/src/modules/payment-reception/payment-builder';

const [first, second, receptorRfc] = process.argv.slice(2) as [string, string, string];
const iva16 = { impuesto: '002' as const, tipoFactor: 'Tasa' as const, tasaOCuota: '0.160000' };
const pue = await stampedReceived({ receptorRfc, fecha: '2026-03-05T10:00:00', valor: '2000' });
const ppd = await stampedReceived({ receptorRfc, fecha: '2026-03-06T10:00:00', valor: '1000', metodoPago: 'PPD', formaPago: '99' });
const pago = buildPayment({ fechaPago: '2026-03-20T12:00:00', formaDePagoP: '03', monedaP: 'MXN', monto: '580.00' }, [{
  invoice: {
    uuid: ppd.uuid, tipo: 'I', estado: 'vigente', metodoPago: 'PPD', moneda: 'MXN', total: '1160.00', saldo: '1160.00', pagosPrevios: 0,
    rfcReceptor: receptorRfc, traslados: [{ ...iva16, base: '1000.00' }], retenciones: [],
  },
}]);
const complement = await stampedReceived({ receptorRfc, tipo: 'P', fecha: '2026-03-21T09:00:00', pagos: [pago] });
writeFileSync(first, writeZip([{ name: 'pue.xml', data: pue.xml }, { name: 'ppd.xml', data: ppd.xml }]));
writeFileSync(second, writeZip([{ name: 'pago.xml', data: complement.xml }]));
process.stdout.write(JSON.stringify({ pue: pue.uuid, ppd: ppd.uuid, pago: complement.uuid }));
