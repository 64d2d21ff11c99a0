import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRetenciones } from '@facturo/cfdi/model';
import { verifyCfdi } from '@facturo/cfdi/verify';
import { parseXml } from '@facturo/cfdi/xml';
import { validateXsd } from '@facturo/cfdi/validate';
import type { RetentionBodyIn } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { importXmls } from '../../../test/import-xmls';
import { expectIsolated } from '../../../test/isolation';
import { api, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { receivedRetention } from './retention-fixture.test-support';

let server: TestServer;
let owner: TestAccount;
let receiver: TestAccount;
let intruder: TestAccount;

const call = (method: string, path: string, body?: unknown, account = owner) => api(server.baseUrl, account, method, path, body);
/** The stamped XML of a constancia, checked against SAT's XSD (retencionpagov2 + the complement's). */
async function xsdValidXml(url: string): Promise<Buffer> {
  const xml = (await call('GET', url)).data as Buffer;
  expect(validateXsd(new Uint8Array(xml)).filter((i) => i.severity === 'error')).toEqual([]);
  return xml;
}
const balance = async () => (await call('GET', '/api/timbres')).data.balance as number;
const now = new Date(Date.now() - 6 * 3_600_000); // Mexico City's month (UTC-6)
const month = now.getUTCMonth() + 1;
const year = now.getUTCFullYear();

/** Interest paid to a domestic taxpayer, amounts as the user types them (decimal strings). */
function body(over: Partial<RetentionBodyIn> = {}): RetentionBodyIn {
  return {
    cveRetenc: '16',
    receptor: { nacionalidad: 'Nacional', rfc: receiver.rfc, nombre: 'JUANA PEREZ NUNEZ', cp: '06600' },
    periodo: { mesIni: 1, mesFin: 3, ejercicio: 2026 },
    totales: {
      montoTotGrav: '10000.50', montoTotExent: '0',
      impRetenidos: [
        { baseRet: '10000.50', impuestoRet: '001', montoRet: '150.01', tipoPagoRet: '04' },
        { baseRet: '10000.50', impuestoRet: '002', montoRet: '1066.72', tipoPagoRet: '01' },
      ],
    },
    complementos: { intereses: { sistFinanciero: 'SI', retiroAORESRetInt: 'NO', operFinancDerivad: 'NO', montIntNominal: '10000.50', montIntReal: '7000', perdida: '0' } },
    ...over,
  };
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  receiver = await createAccount(server.baseUrl, { rol: 11 });
  intruder = await createAccount(server.baseUrl, { rol: 11 });
}, 120_000);
afterAll(() => server?.close());

describe('retentions (issue 10 point 4, spec §7.12)', () => {
  let uuid = '';

  it('issues a Retenciones 2.0 with the intereses complement: sealed with the CSD, stamped, one stamp taken', async () => {
    const before = await balance();
    const res = await call('POST', '/api/retenciones', body());
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    uuid = res.data.uuid;
    expect(res.data).toEqual({ uuid, xmlUrl: `/api/retenciones/${uuid}/xml`, pdfUrl: `/api/retenciones/${uuid}/pdf` });
    expect(await balance()).toBe(before - 1);

    const root = parseXml(await xsdValidXml(res.data.xmlUrl));
    const verified = verifyCfdi(root);
    expect(verified.kind).toBe('retenciones20');
    expect(verified.checks.filter((c) => c.status === 'fail')).toEqual([]);
    expect(verified.checks.find((c) => c.id === 'sello')?.status).toBe('ok');
    expect(verified.uuid).toBe(uuid);
    const r = readRetenciones(root);
    expect(r.emisor).toMatchObject({ rfcE: 'EKU9003173C9', regimenFiscalE: '601' });
    expect(r.receptor).toMatchObject({ nacionalidadR: 'Nacional', rfcR: receiver.rfc, domicilioFiscalR: '06600' });
    expect(r.periodo).toEqual({ mesIni: '01', mesFin: '03', ejercicio: '2026' });
    // No folio interno in the body: the account's RET serie numbers it.
    expect(r.folioInt).toMatch(/^[1-9]\d*$/);
    // Decimal sums, SAT's 2 decimals: 150.01 + 1066.72.
    expect(r.totales).toMatchObject({ montoTotOperacion: '10000.50', montoTotRet: '1216.73' });
    expect(r.complementos.map((c) => c.local)).toEqual(['Intereses', 'TimbreFiscalDigital']);

    const pdf = await call('GET', res.data.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect((pdf.data as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('issues to a foreign receptor with the pagos a extranjeros complement', async () => {
    const res = await call('POST', '/api/retenciones', body({
      cveRetenc: '18',
      receptor: { nacionalidad: 'Extranjero', nombre: 'WORLD WIDE COMPANY INC', numRegIdTrib: '998877665544' },
      complementos: { pagosAExtranjeros: { esBenefEfectDelCobro: 'NO', paisDeResidParaEfecFisc: 'US', conceptoPago: '3', descripcionConcepto: 'Regalías por software' } },
    }));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    const r = readRetenciones(parseXml(await xsdValidXml(res.data.xmlUrl)));
    expect(r.receptor).toMatchObject({ nacionalidadR: 'Extranjero', nomDenRazSocR: 'WORLD WIDE COMPANY INC' });
    expect(r.complementos[0]!.local).toBe('Pagosaextranjeros');
  });

  it('issues with the dividendos and the plataformas tecnológicas complements (totals of the services computed)', async () => {
    const div = await call('POST', '/api/retenciones', body({
      cveRetenc: '14',
      complementos: { dividendos: { cveTipDivOUtil: '01', montISRAcredRetMexico: '300', montISRAcredRetExtranjero: '0', tipoSocDistrDiv: 'Sociedad Nacional' } },
    }));
    expect(div.status, JSON.stringify(div.data)).toBe(201);
    const d = readRetenciones(parseXml(await xsdValidXml(div.data.xmlUrl))).complementos[0]!;
    expect(d.local).toBe('Dividendos');
    const plat = await call('POST', '/api/retenciones', body({
      cveRetenc: '26',
      complementos: {
        plataformasTecnologicas: {
          periodicidad: '02', totalIVARetenido: '80.00', totalISRRetenido: '10.00', difIVAEntregadoPrestServ: '0',
          servicios: [
            { formaPagoServ: '03', tipoDeServ: '01', fechaServ: '2026-02-10', precioServSinIVA: '600.10', iva: '96.02', comision: '30' },
            { formaPagoServ: '03', tipoDeServ: '01', fechaServ: '2026-02-11', precioServSinIVA: '399.90', iva: '63.98' },
          ],
        },
      },
    }));
    expect(plat.status, JSON.stringify(plat.data)).toBe(201);
    const p = readRetenciones(parseXml(await xsdValidXml(plat.data.xmlUrl))).complementos[0]!;
    expect(p.local).toBe('ServiciosPlataformasTecnologicas');
    expect(Object.fromEntries(p.attrs)).toMatchObject({ NumServ: '2', MonTotServSIVA: '1000.00', TotalIVATrasladado: '160.00', MonTotalporUsoPlataforma: '30.00' });
    // Both issued for this test only: cancelled, so the month's counts below stay about the first two.
    for (const uuid of [div.data.uuid, plat.data.uuid]) expect((await call('POST', '/api/retenciones/cancel', { uuid, motivo: '02' })).status).toBe(200);
  });

  it('a retry with the same Idempotency-Key answers the first constancia and takes no stamp; another body with it is 409', async () => {
    const headers = { 'idempotency-key': `ret-${Date.now()}` };
    const first = await api(server.baseUrl, owner, 'POST', '/api/retenciones', body(), headers);
    expect(first.status, JSON.stringify(first.data)).toBe(201);
    const before = await balance();
    const again = await api(server.baseUrl, owner, 'POST', '/api/retenciones', body(), headers);
    expect(again.status).toBe(201);
    expect(again.data.uuid).toBe(first.data.uuid);
    expect(await balance()).toBe(before);
    const other = await api(server.baseUrl, owner, 'POST', '/api/retenciones', body({ cveRetenc: '14' }), headers);
    expect(other.status).toBe(409);
    // Cancelled right away: it stays in the month's list (status 0) and out of every total.
    expect((await call('POST', '/api/retenciones/cancel', { uuid: first.data.uuid, motivo: '02' })).status).toBe(200);
  });

  it('lists the issued ones of the month (§3 Retention rows, status 1 active)', async () => {
    const list = await call('GET', `/api/getRetencionesEmitidas/${month}/${year}?page=1&perPage=10`);
    expect(list.status).toBe(200);
    expect(list.data).toMatchObject({ total: 5, current_page: 1, per_page: 10 });
    const row = list.data.data.find((x: { uuid: string }) => x.uuid === uuid);
    expect(row).toMatchObject({
      uuid, nombre_emisor: 'Comercializadora Ñandú SA de CV', nombre_receptor: 'JUANA PEREZ NUNEZ', rfc_receptor: receiver.rfc,
      monto_tot_retenido: '1216.73', monto_tot_operacion: '10000.50', estado: 1, estado_text: 'Vigente', cve_retenc: '16', periodo: '01-03/2026',
    });
    expect(row.fecha_emision).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await call('GET', `/api/getRetencionesEmitidas/${month}/${year}?page=2&perPage=10`)).data.data).toEqual([]);
    const other = month === 1 ? `12/${year - 1}` : `${month - 1}/${year}`;
    expect((await call('GET', `/api/getRetencionesEmitidas/${other}`)).data.total).toBe(0);
    expect((await call('GET', `/api/getRetencionesRecibidas/${month}/${year}`)).data.total).toBe(0);
  });

  it('imports a received constancia (the repo fixture made the receiver\u2019s) and counts it in the stats', async () => {
    const fixture = await receivedRetention({ receptorRfc: receiver.rfc, fechaExp: '2026-10-15T10:00:00' });
    const imported = await importXmls(server.baseUrl, receiver, [fixture.xml]);
    expect(imported, JSON.stringify(imported)).toMatchObject({ status: 'done', imported: 1, duplicated: 0 });
    // The one issued by `owner` to `receiver` comes in too, through the same import.
    const ownerXml = (await call('GET', `/api/retenciones/${uuid}/xml`)).data as Buffer;
    const again = await importXmls(server.baseUrl, receiver, [fixture.xml, ownerXml.toString('utf8')]);
    expect(again).toMatchObject({ imported: 1, duplicated: 1 });

    const list = await call('GET', '/api/getRetencionesRecibidas/10/2026?page=1&perPage=10', undefined, receiver);
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]).toMatchObject({ uuid: fixture.uuid, nombre_emisor: 'ESCUELA KEMPER URGATE', monto_tot_retenido: '350.00', estado: 1, periodo: '05/2021' });
    const stats = await call('GET', '/api/getEstadisticasRetencionesRecibidas/10/2026', undefined, receiver);
    expect(stats.data).toEqual({ total_isr_retenido: '200.00', total_iva_retenido: '150.00', total_retenido: '350.00', total_operacion: '55578643.00' });
    const mine = await call('GET', `/api/getEstadisticasRetencionesRecibidas/${month}/${year}`, undefined, receiver);
    expect(mine.data).toEqual({ total_isr_retenido: '150.01', total_iva_retenido: '1066.72', total_retenido: '1216.73', total_operacion: '10000.50' });
    // The receiver downloads its received constancia; its PDF is rendered on demand.
    expect((await call('GET', `/api/retenciones/${fixture.uuid}/pdf`, undefined, receiver)).status).toBe(200);
  });

  it('the import refuses a constancia of another taxpayer and an unstamped one, with the reason', async () => {
    const other = await receivedRetention({ receptorRfc: intruder.rfc });
    const unstamped = (await import('node:fs')).readFileSync(new URL('../../../../../fixtures/cfdi/retenciones/retenciones20.xml', import.meta.url), 'utf8');
    const res = await importXmls(server.baseUrl, receiver, [other.xml, unstamped]);
    expect(res.imported).toBe(0);
    expect(res.rejected.map((r: { reason: string }) => r.reason)).toEqual([
      expect.stringContaining('No pertenece a tu RFC'),
      expect.stringContaining('no está timbrada'),
    ]);
  });

  it('refuses bad input with a Spanish message naming the field (422), taking no stamp', async () => {
    const before = await balance();
    const cases: [unknown, string, RegExp][] = [
      [body({ cveRetenc: '99' }), 'cveRetenc', /c_CveRetenc/],
      [body({ periodo: { mesIni: 5, mesFin: 2, ejercicio: 2026 } }), 'periodo.mesFin', /mes final/],
      [body({ receptor: { nacionalidad: 'Nacional', rfc: 'NO-ES-RFC', nombre: 'X', cp: '06600' } }), 'receptor.rfc', /RFC/],
      [{ ...body(), totales: { montoTotGrav: 100, montoTotExent: '0', impRetenidos: [] } }, 'totales.montoTotGrav', /texto decimal/],
      [body({ cveRetenc: '25' }), 'descRetenc', /describe/],
      [body({ complementos: { pagosAExtranjeros: { esBenefEfectDelCobro: 'NO', conceptoPago: '3', descripcionConcepto: 'x' } } }), 'complementos.pagosAExtranjeros', /extranjero/],
    ];
    for (const [b, field, message] of cases) {
      const res = await call('POST', '/api/retenciones', b);
      expect(res.status, `${field}: ${JSON.stringify(res.data)}`).toBe(422);
      const errors = res.data.errors as Record<string, string[]>;
      const keys = Object.keys(errors).filter((k) => k === field || k.startsWith(`${field}.`));
      expect(keys.length, `${field} in ${JSON.stringify(errors)}`).toBeGreaterThan(0);
      expect(keys.flatMap((k) => errors[k]!).join(' ')).toMatch(message);
    }
    expect(await balance()).toBe(before);
  });

  it('cancels an issued retention through the PAC port: status 0, out of the stats; twice is 409', async () => {
    const issued = await call('POST', '/api/retenciones', body());
    expect(issued.status).toBe(201);
    const res = await call('POST', '/api/retenciones/cancel', { uuid: issued.data.uuid, motivo: '02' });
    expect(res.status, JSON.stringify(res.data)).toBe(200);
    expect(res.data).toMatchObject({ rspns: true, estado: 0, uuid: issued.data.uuid });
    const list = await call('GET', `/api/getRetencionesEmitidas/${month}/${year}?perPage=50`);
    expect(list.data.data.find((x: { uuid: string }) => x.uuid === issued.data.uuid)).toMatchObject({ estado: 0, estado_text: 'Cancelada' });
    expect((await call('POST', '/api/retenciones/cancel', { uuid: issued.data.uuid, motivo: '02' })).status).toBe(409);
    expect((await call('POST', '/api/retenciones/cancel', { uuid: issued.data.uuid, motivo: '01' })).status).toBe(422);

    // Cancelling is the issuer's: the receiver cannot cancel a constancia it received.
    const received = await call('GET', `/api/getRetencionesRecibidas/10/2026`, undefined, receiver);
    const theirs = received.data.data[0].uuid as string;
    expect((await call('POST', '/api/retenciones/cancel', { uuid: theirs, motivo: '02' }, receiver)).status).toBe(404);
  });

  it('keeps every tenant to its own retentions', async () => {
    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: `/api/retenciones/${uuid}/xml` },
      { method: 'GET', path: `/api/retenciones/${uuid}/pdf` },
      { method: 'POST', path: '/api/retenciones/cancel', body: { uuid, motivo: '02' } },
    ], async () => {
      const list = await call('GET', `/api/getRetencionesEmitidas/${month}/${year}?perPage=50`);
      expect(list.data.data.find((x: { uuid: string }) => x.uuid === uuid)).toMatchObject({ estado: 1 });
    });
    expect((await call('GET', `/api/getRetencionesEmitidas/${month}/${year}`, undefined, intruder)).data.total).toBe(0);
    expect((await call('GET', '/api/getRetencionesRecibidas/10/2026', undefined, intruder)).data.total).toBe(0);
    expect((await call('GET', '/api/getEstadisticasRetencionesRecibidas/10/2026', undefined, intruder)).data.total_retenido).toBe('0.00');
  });

  it('is premium: a free account gets 403', async () => {
    const free = await createAccount(server.baseUrl);
    expect((await call('GET', `/api/getRetencionesEmitidas/${month}/${year}`, undefined, free)).status).toBe(403);
    expect((await call('POST', '/api/retenciones', body(), free)).status).toBe(403);
  });
});
