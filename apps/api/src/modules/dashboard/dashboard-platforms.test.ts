import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';
import { importXmls } from '../../../test/import-xmls';
import { receivedRetention } from '../retentions/retention-fixture.test-support';

// Decision 250: the dashboard's digital-platform card (isrretPel, ivaretPel) sums the month's received, vigente
// Retenciones constancias of plataformas tecnológicas (CveRetenc 26), by FechaExp.
let server: TestServer;
let seller: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  seller = await createAccount(server.baseUrl, { rol: 11 });
  other = await createAccount(server.baseUrl, { rol: 11 });
  const xmls = await Promise.all([
    // Two platform constancias in March 2026: ISR 12.34 + 45.66 = 58.00; IVA 80.10 + 19.90 = 100.00.
    receivedRetention({ receptorRfc: seller.rfc, cveRetenc: '26', fechaExp: '2026-03-05T10:00:00', isr: '12.34', iva: '80.10' }),
    receivedRetention({ receptorRfc: seller.rfc, cveRetenc: '26', fechaExp: '2026-03-31T23:30:00', isr: '45.66', iva: '19.90' }),
    // Not a platform (dividendos, clave 14): stays out of the card, though it is in the month.
    receivedRetention({ receptorRfc: seller.rfc, fechaExp: '2026-03-10T10:00:00', isr: '200.00', iva: '150.00' }),
    // A platform constancia of April: not March's.
    receivedRetention({ receptorRfc: seller.rfc, cveRetenc: '26', fechaExp: '2026-04-01T00:10:00', isr: '7.00', iva: '9.00' }),
  ]);
  const res = await importXmls(server.baseUrl, seller, xmls.map((x) => x.xml));
  expect(res, JSON.stringify(res)).toMatchObject({ imported: 4, rejected: [] });
});
afterAll(async () => server?.close());

describe('dashboard digital-platform withholdings from received Retenciones', () => {
  it('March: the two platform constancias, to the cent; April its own; the CFDI withholdings untouched', async () => {
    const march = await callApi(server.baseUrl, seller.headers, 'GET', `/api/getInMesDashboard/${seller.rfc}/3/2026`);
    expect(march.status).toBe(200);
    expect(march.body).toMatchObject({ isrretPel: '58.00', ivaretPel: '100.00', retisr: '0.00', retivamesIngresos: '0.00' });
    const april = await callApi(server.baseUrl, seller.headers, 'GET', `/api/getInMesDashboard/${seller.rfc}/4/2026`);
    expect(april.body).toMatchObject({ isrretPel: '7.00', ivaretPel: '9.00' });
    // The received-retentions stats still count every constancia of the month (platform or not).
    const stats = await callApi(server.baseUrl, seller.headers, 'GET', '/api/getEstadisticasRetencionesRecibidas/3/2026');
    expect(stats.body).toMatchObject({ total_isr_retenido: '258.00', total_iva_retenido: '250.00' });
  });

  it('another account sees none of them', async () => {
    const res = await callApi(server.baseUrl, other.headers, 'GET', `/api/getInMesDashboard/${other.rfc}/3/2026`);
    expect(res.body).toMatchObject({ isrretPel: '0.00', ivaretPel: '0.00' });
  });
});
