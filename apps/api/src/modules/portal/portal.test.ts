import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { validateXsd } from '@facturo/cfdi/validate';
import { PORTAL_NOT_FOUND } from '@facturo/contract';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, randomRfc, type TestAccount } from '../../../test/accounts';
import { stampBalances } from '../cfdis/cfdis.schema';
import { notifications } from '../../db/schema';
import { api, createCustomer, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { downloadToken, readDownloadToken } from './portal-public';
import { globalConcepts } from './portal-invoice';
import { mexicoToday } from '@facturo/cfdi/model';
import { monthEnd } from './portal-tickets';
import { csfLinesMoral, textPdf } from '../clients/text-pdf.test-support';

let server: TestServer;
let owner: TestAccount;
let intruder: TestAccount;
let ownerId: number;
const slug = `tienda-${Date.now().toString(36)}`;
const today = mexicoToday();

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  intruder = await createAccount(server.baseUrl, { rol: 11 });
  const rows = await server.runtime.ctx.db.execute<{ id: number }>(sql`SELECT id FROM users WHERE rfc = ${owner.rfc}`);
  ownerId = (rows as unknown as { rows: { id: number }[] }).rows[0]!.id;
}, 180_000);
afterAll(() => server?.close());

const call = (method: string, path: string, body?: unknown, account: TestAccount | undefined = owner) => api(server.baseUrl, account, method, path, body);
const pub = (method: string, path: string, body?: unknown) => api(server.baseUrl, undefined, method, path, body);
const count = async (q: ReturnType<typeof sql>) => Number(((await server.runtime.ctx.db.execute<{ n: number }>(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** 2 × 50.00 + IVA 16 % = 116.00; one concept. */
const concept = (valorUnitario = '50.00', cantidad = '2') => ({
  claveProdServ: '50202306', claveUnidad: 'H87', descripcion: 'Refresco de cola 600 ml', cantidad, valorUnitario, objetoImp: '02',
  traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }],
});
const ticket = (folio: string, over: Record<string, unknown> = {}) => ({ folio, fecha: today, total: '116.00', conceptos: [concept()], ...over });
const customer = (folio: string, over: Record<string, unknown> = {}) => ({
  folio, total: '116', rfc: randomRfc('fisica'), nombre: 'ANA TORRES RUIZ', cp: '44100', regimen: '612', usoCfdi: 'G03', email: 'ana@ejemplo.mx', ...over,
});
const lastMonth = () => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return m === 1 ? { anio: y - 1, mes: 12 } : { anio: y, mes: m - 1 };
};

describe('portal settings (issue 29 §6)', () => {
  it('enables the portal with a unique slug; a taken slug is 409, a bad one 422; defaults expire at month end', async () => {
    expect((await call('GET', '/api/portal')).data).toMatchObject({ habilitado: false, slug: null, vencenFinDeMes: true });
    const bad = await call('PUT', '/api/portal', { habilitado: true, slug: 'Mi Tienda' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.data)).toContain('slug');
    expect((await call('PUT', '/api/portal', { habilitado: true, slug: 'tickets' })).status).toBe(422);
    const ok = await call('PUT', '/api/portal', { habilitado: true, slug });
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    expect(ok.data).toEqual({ habilitado: true, slug, vencenFinDeMes: true, enlace: `/f/${slug}` });
    const taken = await call('PUT', '/api/portal', { habilitado: true, slug }, intruder);
    expect(taken.status).toBe(409);
    expect(taken.data.message).toContain('ya la usa otro portal');
    expect((await call('PUT', '/api/portal', { habilitado: true, slug: `${slug}-otro` }, intruder)).status).toBe(200);
  });

  it('the public info answers the name; an unknown and a disabled portal give the same 404', async () => {
    const info = await pub('GET', `/api/portal/${slug}`);
    expect(info.status).toBe(200);
    expect(info.data).toEqual({ nombre: 'Comercializadora Ñandú SA de CV', logo: false });
    const unknown = await pub('GET', '/api/portal/no-existe-este-portal');
    await call('PUT', '/api/portal', { habilitado: false, slug: `${slug}-otro` }, intruder);
    const disabled = await pub('GET', `/api/portal/${slug}-otro`);
    expect(unknown.status).toBe(404);
    expect(disabled.status).toBe(404);
    expect(disabled.data).toEqual(unknown.data);
  });
});

describe('tickets', () => {
  it('validates like invoice concepts, checks the total with the engine, a folio once per account', async () => {
    const wrongTotal = await call('POST', '/api/portal/tickets', ticket('T-1', { total: '115.99' }));
    expect(wrongTotal.status).toBe(422);
    expect(wrongTotal.data.errors.total[0]).toContain('116.00');
    const badKey = await call('POST', '/api/portal/tickets', ticket('T-1', { conceptos: [{ ...concept(), claveProdServ: '99999999' }] }));
    expect(badKey.status).toBe(422);
    expect(Object.keys(badKey.data.errors)).toContain('conceptos.0.claveProdServ');
    const future = await call('POST', '/api/portal/tickets', ticket('T-1', { fecha: '2999-01-01' }));
    expect(future.status).toBe(422);
    expect(future.data.errors.fecha).toBeDefined();
    const asNumber = await call('POST', '/api/portal/tickets', ticket('T-1', { total: 116 }));
    expect(asNumber.status).toBe(422);
    const made = await call('POST', '/api/portal/tickets', ticket('T-1'));
    expect(made.status, JSON.stringify(made.data)).toBe(201);
    expect(made.data).toMatchObject({ folio: 'T-1', total: '116.00', estado: 'pendiente', uuid: null, formaPago: '01' });
    const again = await call('POST', '/api/portal/tickets', ticket('T-1'));
    expect(again.status).toBe(409);
    // Another account may use the same folio: folios are per account.
    expect((await call('POST', '/api/portal/tickets', ticket('T-1'), intruder)).status).toBe(201);
    const list = (await call('GET', '/api/portal/tickets')).data.data;
    expect(list.filter((t: any) => t.folio === 'T-1')).toHaveLength(1);
    // Isolation: the intruder cannot see or delete the owner's ticket.
    expect((await call('DELETE', `/api/portal/tickets/${made.data.id}`, undefined, intruder)).status).toBe(404);
  });

  it('an API key of the account reaches ticket creation', async () => {
    const key = await call('POST', '/api/api-keys', { nombre: 'Caja', modo: 'test' });
    expect(key.status, JSON.stringify(key.data)).toBe(201);
    const res = await api(server.baseUrl, undefined, 'POST', '/api/portal/tickets', ticket('API-1'), { authorization: `Bearer ${key.data.key}` });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect((await call('GET', '/api/portal/tickets')).data.data.some((t: any) => t.folio === 'API-1')).toBe(true);
  });

  it('imports tickets from CSV with the bulk reader: errors by row, then the valid tickets', async () => {
    const csv = [
      'folio,fecha,total,formaPago,claveProdServ,claveUnidad,descripcion,cantidad,valorUnitario,objetoImp,tasaIva',
      `CSV-1,${today},116.00,04,50202306,H87,Refresco,2,50.00,02,0.16`,
      `CSV-2,${today},69.60,01,50202306,H87,Refresco,1,50.00,02,0.16`,
      `CSV-2,${today},69.60,01,50202306,H87,Agua,1,10.00,02,0.16`,
      `CSV-3,${today},10.00,01,50202306,H87,Chicle,1,10.00,02,0.16`,
    ].join('\n');
    const upload = async (confirm: boolean) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'tickets.csv');
      const res = await fetch(`${server.baseUrl}/api/portal/tickets/importar${confirm ? '?confirmar=1' : ''}`, { method: 'POST', headers: owner.headers, body: form });
      return { status: res.status, data: (await res.json()) as any };
    };
    const preview = await upload(false);
    expect(preview.status, JSON.stringify(preview.data)).toBe(200);
    expect(preview.data.validos, JSON.stringify(preview.data)).toBe(2);
    expect(preview.data.errores).toEqual([expect.objectContaining({ fila: 5, columna: 'total' })]);
    const done = await upload(true);
    expect(done.data.importados).toBe(2);
    const list = (await call('GET', '/api/portal/tickets')).data.data;
    expect(list.find((t: any) => t.folio === 'CSV-1')).toMatchObject({ formaPago: '04', total: '116.00' });
  });

  it('deletes a pending ticket', async () => {
    const made = await call('POST', '/api/portal/tickets', ticket('DEL-1'));
    expect((await call('DELETE', `/api/portal/tickets/${made.data.id}`)).status).toBe(200);
    expect((await call('GET', '/api/portal/tickets')).data.data.some((t: any) => t.folio === 'DEL-1')).toBe(false);
  });
});

describe('the public side', () => {
  it('answers the exact same 404 for an unknown folio, a wrong total and an unknown slug', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-404'));
    const answers = await Promise.all([
      pub('POST', `/api/portal/${slug}/ticket`, { folio: 'NO-EXISTE', total: '116' }),
      pub('POST', `/api/portal/${slug}/ticket`, { folio: 'P-404', total: '116.01' }),
      pub('POST', '/api/portal/portal-inexistente/ticket', { folio: 'P-404', total: '116' }),
      pub('POST', `/api/portal/${slug}-otro/ticket`, { folio: 'T-1', total: '116' }),
      pub('POST', `/api/portal/${slug}/facturar`, customer('NO-EXISTE')),
      pub('POST', `/api/portal/${slug}/facturar`, customer('P-404', { total: '115' })),
      pub('POST', '/api/portal/portal-inexistente/facturar', customer('P-404')),
      pub('POST', `/api/portal/${slug}/receptor`, { folio: 'P-404', total: '1', rfc: owner.rfc }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.data).toEqual({ message: PORTAL_NOT_FOUND });
      expect(JSON.stringify(a.data)).toBe(JSON.stringify(answers[0]!.data));
    }
    const found = await pub('POST', `/api/portal/${slug}/ticket`, { folio: 'P-404', total: '116.0' });
    expect(found.status).toBe(200);
    expect(found.data).toEqual({ folio: 'P-404', fecha: today, total: '116.00', conceptos: [{ descripcion: 'Refresco de cola 600 ml', cantidad: '2' }] });
    // Another account's ticket is not reachable through this slug with its folio and total.
    expect((await call('POST', '/api/portal/tickets', ticket('INTRUSO-1'), intruder)).status).toBe(201);
    expect((await pub('POST', `/api/portal/${slug}/ticket`, { folio: 'INTRUSO-1', total: '116' })).data).toEqual(answers[0]!.data);
  });

  it('prefills only the exact RFC of an existing customer, and only with a valid folio+total', async () => {
    const known = await createCustomer(server.baseUrl, owner);
    const pre = await pub('POST', `/api/portal/${slug}/receptor`, { folio: 'P-404', total: '116', rfc: known.rfc });
    expect(pre.data).toEqual({ nombre: 'MARÍA LÓPEZ GARCÍA', cp: '44100', regimen: '612', usoCfdi: 'G03' });
    expect(JSON.stringify(pre.data)).not.toContain('@');
    const other = await pub('POST', `/api/portal/${slug}/receptor`, { folio: 'P-404', total: '116', rfc: randomRfc('fisica') });
    expect(other.data).toEqual({ nombre: null, cp: null, regimen: null, usoCfdi: null });
    expect((await pub('POST', `/api/portal/${slug}/receptor`, { folio: 'P-404', total: '117', rfc: known.rfc })).status).toBe(404);
  });

  it('fills RFC, nombre, CP and régimen from the constancia PDF, only with a valid folio+total', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-CSF'));
    const upload = async (file: Buffer, total = '116', name = 'constancia.pdf') => {
      const form = new FormData();
      form.append('folio', 'P-CSF');
      form.append('total', total);
      form.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), name);
      const res = await fetch(`${server.baseUrl}/api/portal/${slug}/constancia`, { method: 'POST', body: form });
      return { status: res.status, data: await res.json() };
    };
    const rfc = randomRfc('moral');
    const ok = await upload(textPdf(csfLinesMoral(rfc, '06600')));
    expect(ok.status, JSON.stringify(ok.data)).toBe(200);
    expect(ok.data).toEqual({ rfc, nombre: 'ESCUELA KEMPER URGATE', cp: '06600', regimen: '601', regimenes: ['601'] });
    // A wrong total is the public side's one 404, before the PDF is read.
    const wrong = await upload(textPdf(csfLinesMoral(rfc, '06600')), '115');
    expect(wrong.status).toBe(404);
    expect(JSON.stringify(wrong.data)).toBe(JSON.stringify({ message: PORTAL_NOT_FOUND }));
    const notPdf = await upload(Buffer.from('RFC,NOMBRE\nEKU9003173C9,X\n'), '116', 'constancia.csv');
    expect(notPdf.status).toBe(422);
    expect(notPdf.data.errors.file[0]).toMatch(/PDF/);
    const notCsf = await upload(textPdf(['Factura de compra', 'RFC: EKU9003173C9']));
    expect(notCsf.status).toBe(422);
    expect(notCsf.data.errors.file[0]).toMatch(/no es una Constancia de Situación Fiscal/);
    // The ticket's proof is required like on every public step.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(textPdf(csfLinesMoral(rfc, '06600')))]), 'constancia.pdf');
    const noProof = await fetch(`${server.baseUrl}/api/portal/${slug}/constancia`, { method: 'POST', body: form });
    expect(noProof.status).toBe(422);
    expect(Object.keys((await noProof.json()).errors)).toEqual(expect.arrayContaining(['folio', 'total']));
  });

  it('refuses a bad RFC, régimen, uso or CP naming the field', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-422'));
    const cases: [Record<string, unknown>, string][] = [
      [{ rfc: 'XYZ' }, 'rfc'],
      [{ regimen: '601' }, 'regimen'],
      [{ usoCfdi: 'G01', regimen: '605' }, 'usoCfdi'],
      [{ cp: '00000' }, 'cp'],
      [{ rfc: 'XAXX010101000', regimen: '616', usoCfdi: 'S01' }, 'rfc'],
    ];
    for (const [over, field] of cases) {
      const res = await pub('POST', `/api/portal/${slug}/facturar`, customer('P-422', over));
      expect(res.status, JSON.stringify(res.data)).toBe(422);
      expect(Object.keys(res.data.errors ?? {}), JSON.stringify(res.data)).toContain(field);
    }
  });

  it('invoices a ticket once: CFDI 4.0 stamped, customer created, e-mailed, signed download links; then 409', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-OK', { formaPago: '04' }));
    const body = customer('P-OK', { email: 'ana.portal@ejemplo.mx' });
    const res = await pub('POST', `/api/portal/${slug}/facturar`, body);
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(res.data.uuid).toMatch(/^[0-9A-F-]{36}$/);
    expect(res.data.total).toBe('116.00');
    const xml = (await pub('GET', res.data.xmlUrl)).data.toString('utf8') as string;
    expect(xml).toContain(`UUID="${res.data.uuid}"`);
    expect(xml).toContain(`Rfc="${body.rfc}"`);
    expect(xml).toContain('FormaPago="04"');
    expect(xml).toContain('MetodoPago="PUE"');
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
    const pdf = await pub('GET', res.data.pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    // A tampered or another ticket's token opens nothing.
    const tampered = res.data.xmlUrl.replace(/\.(\d+)\.(\d+)\./, (_: string, u: string, t: string) => `.${u}.${Number(t) + 1}.`);
    expect((await pub('GET', tampered)).status).toBe(404);
    const outbox = await (await fetch(`${server.baseUrl}/api/dev/outbox?to=${encodeURIComponent('ana.portal@ejemplo.mx')}`)).json() as { data: { subject: string }[] };
    expect(outbox.data.some((m) => m.subject.includes('Factura'))).toBe(true);
    const tickets = (await call('GET', '/api/portal/tickets')).data.data;
    expect(tickets.find((t: any) => t.folio === 'P-OK')).toMatchObject({ estado: 'facturado', uuid: res.data.uuid, global: false });
    const clients = (await call('GET', `/api/clients?search=${body.rfc}`)).data;
    expect(JSON.stringify(clients)).toContain(body.rfc);
    const twice = await pub('POST', `/api/portal/${slug}/facturar`, body);
    expect(twice.status).toBe(409);
    expect((await pub('POST', `/api/portal/${slug}/ticket`, { folio: 'P-OK', total: '116' })).status).toBe(409);
    // An invoiced ticket cannot be deleted.
    expect((await call('DELETE', `/api/portal/tickets/${tickets.find((t: any) => t.folio === 'P-OK').id}`)).status).toBe(409);
  });

  it('two requests for the same ticket at once: one 201, one 409, one stamp spent', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-RACE'));
    const stamps = async () => (await server.runtime.ctx.db.select().from(stampBalances).where(eq(stampBalances.userId, ownerId)))[0]!.balance;
    const before = await stamps();
    const cfdis = () => count(sql`SELECT count(*)::int AS n FROM cfdis WHERE user_id = ${ownerId}`);
    const docs = await cfdis();
    const [a, b] = await Promise.all([
      pub('POST', `/api/portal/${slug}/facturar`, customer('P-RACE')),
      pub('POST', `/api/portal/${slug}/facturar`, customer('P-RACE')),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await stamps()).toBe(before - 1);
    expect(await cfdis()).toBe(docs + 1);
  });

  it('a business without stamps answers 409 in Spanish and tells the owner', async () => {
    await call('POST', '/api/portal/tickets', ticket('P-NOSTAMP'));
    const db = server.runtime.ctx.db;
    const [saved] = await db.select().from(stampBalances).where(eq(stampBalances.userId, ownerId));
    await db.update(stampBalances).set({ balance: 0 }).where(eq(stampBalances.userId, ownerId));
    const res = await pub('POST', `/api/portal/${slug}/facturar`, customer('P-NOSTAMP'));
    await db.update(stampBalances).set({ balance: saved!.balance }).where(eq(stampBalances.userId, ownerId));
    expect(res.status).toBe(409);
    expect(res.data.message).toContain('timbres');
    const notes = await db.select().from(notifications).where(eq(notifications.userId, ownerId));
    expect(notes.some((n) => n.title.includes('no pudo facturar') && n.message.includes('P-NOSTAMP'))).toBe(true);
    // The ticket is free again for a later try.
    expect((await pub('POST', `/api/portal/${slug}/facturar`, customer('P-NOSTAMP'))).status).toBe(201);
  });
});

describe('global invoice', () => {
  it('one concept per ticket (01010101, folio, ACT) with each treatment of taxes', () => {
    const out = globalConcepts([{ folio: 'G1', conceptos: [concept(), { ...concept('10.00', '1'), traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000' }] }] as any }]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ claveProdServ: '01010101', noIdentificacion: 'G1', claveUnidad: 'ACT', cantidad: '1', valorUnitario: '100.00' });
    expect(out[1]).toMatchObject({ noIdentificacion: 'G1', valorUnitario: '10.00' });
  });

  it('expired tickets of last month go to ONE CFDI to público en general with InformacionGlobal', async () => {
    const { anio, mes } = lastMonth();
    const fecha = monthEnd(`${anio}-${String(mes).padStart(2, '0')}-01`);
    await call('POST', '/api/portal/tickets', ticket('G-1', { fecha }));
    await call('POST', '/api/portal/tickets', ticket('G-2', { fecha, total: '58.00', conceptos: [concept('50.00', '1')] }));
    const list = (await call('GET', '/api/portal/tickets')).data.data;
    expect(list.find((t: any) => t.folio === 'G-1').estado).toBe('vencido');
    expect((await pub('POST', `/api/portal/${slug}/facturar`, customer('G-1'))).status).toBe(409);
    const current = await call('POST', '/api/portal/factura-global', { anio: Number(today.slice(0, 4)), mes: Number(today.slice(5, 7)) });
    expect(current.status).toBe(422);
    expect(current.data.errors.mes).toBeDefined();

    const res = await call('POST', '/api/portal/factura-global', { anio, mes });
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    expect(res.data).toMatchObject({ tickets: 2, total: '174.00' });
    const xml = (await call('GET', `/api/incomes/${res.data.uuid}/xml`)).data.toString('utf8') as string;
    expect(xml).toMatch(/<cfdi:InformacionGlobal Periodicidad="04" Meses="\d{2}" Año="\d{4}"\/>/);
    expect(xml).toContain(`Meses="${String(mes).padStart(2, '0')}" Año="${anio}"`);
    expect(xml).toContain('Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="616" UsoCFDI="S01"');
    expect(xml.match(/ClaveProdServ="01010101"/g)).toHaveLength(2);
    expect(xml).toContain('NoIdentificacion="G-1"');
    expect(xml).toContain('ClaveUnidad="ACT"');
    expect(validateXsd(xml).filter((i) => i.severity === 'error')).toEqual([]);
    const after = (await call('GET', '/api/portal/tickets')).data.data;
    expect(after.find((t: any) => t.folio === 'G-2')).toMatchObject({ estado: 'facturado', uuid: res.data.uuid, global: true });
    // Nothing left for that month.
    expect((await call('POST', '/api/portal/factura-global', { anio, mes })).status).toBe(422);
  });
});

describe('download tokens', () => {
  it('are signed, scoped to one ticket and expire', () => {
    const t = downloadToken('s3cret', 7, 9, 'xml', 0);
    expect(readDownloadToken('s3cret', t, 0)).toEqual({ userId: 7, ticketId: 9, format: 'xml' });
    expect(() => readDownloadToken('otro', t, 0)).toThrow();
    expect(() => readDownloadToken('s3cret', t, 25 * 3600 * 1000)).toThrow();
    expect(() => readDownloadToken('s3cret', t.replace('.9.', '.8.'), 0)).toThrow();
  });
});

describe('rate limit', () => {
  it('limits the public entries per IP more strictly than the app', async () => {
    const limited = await startTestServer({ PORTAL_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await api(limited.baseUrl, undefined, 'POST', '/api/portal/alguno/ticket', { folio: `F${i}`, total: '1' })).status);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      // One counter per address for the whole portal; the rest of the app keeps its own limit.
      const res = await api(limited.baseUrl, undefined, 'GET', '/api/portal/alguno');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect((await api(limited.baseUrl, undefined, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
