import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { expectIsolated } from '../../../test/isolation';
import { listen } from '../../../test/live';
import { csfLinesMoral, textPdf } from '../clients/text-pdf.test-support';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { persona: 'moral' });
  intruder = await createAccount(server.baseUrl);
});
afterAll(() => server?.close());

const postCsf = (account: TestAccount, pdf: Buffer) => {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'constancia.pdf');
  return fetch(`${server.baseUrl}/api/profile/csf`, { method: 'POST', headers: account.headers, body: f });
};
const get = async (account: TestAccount, path: string) => (await fetch(`${server.baseUrl}${path}`, { headers: account.headers })).json() as Promise<any>;

describe('tax-status certificate (CSF) upload and history', () => {
  it("refuses a non-PDF, a PDF that is not a constancia and another taxpayer's constancia, storing nothing", async () => {
    const cases: [Buffer, RegExp][] = [
      [Buffer.from('hola'), /debe ser un archivo PDF/],
      [textPdf(['Factura de compra', 'RFC: EKU9003173C9']), /no es una Constancia de Situación Fiscal/],
      [textPdf(csfLinesMoral('EKU9003173C9', '06600')), /es del RFC EKU9003173C9, no del de tu cuenta/],
    ];
    for (const [pdf, text] of cases) {
      const res = await postCsf(owner, pdf);
      expect(res.status).toBe(422);
      expect(((await res.json()) as any).errors.file[0]).toMatch(text);
    }
    expect((await get(owner, '/api/profile/csf')).total).toBe(0);
    expect((await get(owner, '/api/profile/obligations')).total).toBe(0);
  });

  it('reads its own constancia into the history, obligations and activities; a newer one replaces the imported rows only', async () => {
    const manual = await fetch(`${server.baseUrl}/api/profile/activities`, {
      method: 'POST', headers: { ...owner.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Actividad capturada a mano', percentage: 10, init_date: '2021-01-01' }),
    });
    expect(manual.status).toBe(201);

    const { socket, events: live } = await listen(server.baseUrl, owner.token);

    const pdf = textPdf(csfLinesMoral(owner.rfc, '06600'));
    const res = await postCsf(owner, pdf);
    const body = (await res.json()) as any;
    expect(res.status, JSON.stringify(body)).toBe(201);
    // Open profiles hear that a constancia finished (spec §4) and refetch.
    await expect.poll(() => live.find((x) => x.event === 'csf')?.m).toMatchObject({ type: 'CSF', code: 200, finished: true, rfc: owner.rfc, data: { certificateId: body.certificate.id } });
    socket.close();
    expect(body.certificate).toMatchObject({ rfc: owner.rfc, nombre: 'ESCUELA KEMPER URGATE', cp: '06600', regimenes: ['601'], idCIF: '12345678901' });
    expect(body.obligations).toEqual([expect.objectContaining({
      descripcion: 'Declaración anual de ISR del ejercicio Personas morales.', vencimiento: 'A más tardar el 31 de marzo', init_date: '1990-03-17', source: 'csf',
    })]);
    expect(body.activities).toEqual([expect.objectContaining({
      name: 'Otros servicios profesionales, científicos y técnicos', percentage: 100, init_date: '1990-03-17', end_date: null, source: 'csf',
    })]);

    const file = await fetch(`${server.baseUrl}${body.certificate.url}`, { headers: owner.headers });
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);

    expect((await postCsf(owner, pdf)).status).toBe(201);
    const history = await get(owner, '/api/profile/csf');
    expect(history.total).toBe(2);
    expect(history.data[0].id).toBeGreaterThan(history.data[1].id);
    const activities = await get(owner, '/api/profile/activities');
    expect(activities.data.map((a: any) => a.source).sort()).toEqual(['csf', 'manual']);
    expect((await get(owner, '/api/profile/obligations')).total).toBe(1);

    await expectIsolated(server.baseUrl, owner, intruder, [
      { method: 'GET', path: body.certificate.url },
      { method: 'GET', path: `/api/profile/csf?rfc=${owner.rfc}` },
    ], async () => {
      expect((await get(intruder, '/api/profile/csf')).total).toBe(0);
      expect((await get(owner, '/api/profile/csf')).total).toBe(2);
    });
  });
});
