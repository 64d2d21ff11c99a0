import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Decimal } from '@facturo/cfdi/money';
import { validateContabilidadXsd } from '@facturo/cfdi/contabilidad';
import { imssQuotas, type ImssConceptKey } from '@facturo/cfdi/payroll';
import { startTestServer, type TestServer } from '../../../test/server';
import type { TestAccount } from '../../../test/accounts';
import { stampBalances } from '../cfdis/cfdis.schema';
import { employeeBody, matchingIds, PAYROLL_EMPLOYER_PROFILE } from '../employees/employee-fixtures.test-support';
import { primaRiesgoFor } from '../employees/employee-rules';
import { api, invoicingAccount } from '../invoicing/invoicing-test-kit';
import { prenominaDetalles } from '../payroll/payroll.schema';

/**
 * Decision 323: a stamped payroll books the employer's IMSS, SAR (retiro, cesantía y vejez) and INFONAVIT quotas
 * (601.26 / 601.28 / 601.27 against 211.01 / 211.02 / 211.03); a worker without social security books none; a
 * cancelled receipt reverses them; receipts written before migration 0895 get their figures computed.
 */
let server: TestServer;
let owner: TestAccount;
let prenominaId = 0;
const ids: Record<'imss' | 'sinImss', number> = { imss: 0, sinImss: 0 };

const call = (method: string, path: string, body?: unknown) => api(server.baseUrl, owner, method, path, body);
// Payroll receipts are dated when stamped: their pólizas fall in this month in Mexico City (UTC−6).
const now = new Date(Date.now() - 6 * 3_600_000);
const [ANIO, MES] = [now.getUTCFullYear(), now.getUTCMonth() + 1];
const quincena = { tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04' };

/** The expected employer quotas of the worker with IMSS, grouped here from the engine's concepts with decimals. */
function expected() {
  const q = imssQuotas({ sbc: '522.60', days: '15', paymentDate: '2026-11-15', primaRiesgo: primaRiesgoFor('1'), salarioDiario: '500.00' });
  const sum = (keys: ImssConceptKey[]) => q.conceptos.filter((c) => keys.includes(c.concepto)).reduce((a, c) => a.plus(c.patron), new Decimal(0));
  const imss = sum(['cuotaFija', 'excedente', 'prestacionesDinero', 'gastosMedicosPensionados', 'invalidezVida', 'riesgoTrabajo', 'guarderias']);
  const rcv = sum(['retiro', 'cesantiaVejez']);
  const infonavit = sum(['infonavit']);
  // The three groups are the whole employer share: nothing is lost or counted twice.
  expect(imss.plus(rcv).toFixed(2)).toBe(q.totales.patronImss);
  expect(infonavit.plus(imss).plus(rcv).toFixed(2)).toBe(q.totales.patron);
  return { imss: imss.toFixed(2), rcv: rcv.toFixed(2), infonavit: infonavit.toFixed(2) };
}

interface Linea { numCta: string; debe: string; haber: string; concepto: string }
interface Poliza { numero: string; concepto: string; uuids: string[]; lineas: Linea[] }
interface Detalle { id: number; uuid: string | null; empleado: { no_empleado: string }; imss: string; deducciones: { tipo: string }[]; imss_patronal: string | null; rcv_patronal: string | null; infonavit_patronal: string | null }

const detalles = async (): Promise<Detalle[]> => (await call('GET', `/api/prenomina/${prenominaId}`)).data.detalle_nomina;
const polizas = async (): Promise<Poliza[]> => (await call('GET', `/api/contabilidad/polizas?anio=${ANIO}&mes=${MES}`)).data.data;
const cta = (p: Poliza, numCta: string) => p.lineas.filter((l) => l.numCta === numCta);
const ofReceipt = (ps: Poliza[], uuid: string) => ps.filter((p) => p.uuids.some((u) => u.toUpperCase() === uuid.toUpperCase()));
const PATRONAL = ['601.26', '601.27', '601.28', '211.01', '211.02', '211.03'];

async function waitFinished(processId: string) {
  for (let i = 0; i < 300; i++) {
    const p = await call('GET', `/api/background/process/${processId}`);
    if (p.data.finished) return p.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job did not finish');
}

async function generate() {
  const res = await call('POST', '/api/contabilidad/polizas/generar', { anio: ANIO, mes: MES });
  expect(res.status, JSON.stringify(res.data)).toBe(202);
  const done = await waitFinished(res.data.processId);
  expect(done, JSON.stringify(done)).toMatchObject({ code: 200 });
}

function expectBalanced(ps: Poliza[]) {
  for (const p of ps) {
    const debe = p.lineas.reduce((s, l) => s.plus(l.debe), new Decimal(0));
    const haber = p.lineas.reduce((s, l) => s.plus(l.haber), new Decimal(0));
    expect(debe.toFixed(2), p.numero).toBe(haber.toFixed(2));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await invoicingAccount(server.baseUrl, true, 11);
  await server.runtime.ctx.db.update(stampBalances).set({ balance: 100 });
  const profile = await call('PUT', '/api/profile', PAYROLL_EMPLOYER_PROFILE);
  expect(profile.status, JSON.stringify(profile.data)).toBe(200);
  const people = {
    imss: { ...matchingIds(), no_empleado: 'P001', salario_diario: '500.00', salario_base: '522.60' },
    // Asimilado a salarios (contract 09, régimen 09): no employment relation with the IMSS, so no employer quotas.
    sinImss: { ...matchingIds(), no_empleado: 'P002', salario_diario: '500.00', salario_base: '522.60', tipo_contrato: '09', tipo_regimen: '09', tipo_jornada: null },
  };
  for (const [key, over] of Object.entries(people)) {
    const res = await call('POST', '/api/employees', employeeBody(over));
    expect(res.status, JSON.stringify(res.data)).toBe(201);
    ids[key as keyof typeof ids] = res.data.id;
  }
  const created = await call('POST', '/api/crearPrenomina', { ...quincena, empleados: [ids.imss, ids.sinImss] });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  prenominaId = created.data.id;
}, 120_000);
afterAll(() => server?.close());

describe('employer quotas stored per receipt', () => {
  it('the prenómina keeps IMSS, RCV and INFONAVIT patronal per receipt; none for a worker without social security', async () => {
    const ds = await detalles();
    const [withImss, without] = ['P001', 'P002'].map((no) => ds.find((d) => d.empleado.no_empleado === no)!);
    const e = expected();
    expect(withImss).toMatchObject({ imss_patronal: e.imss, rcv_patronal: e.rcv, infonavit_patronal: e.infonavit });
    expect(without).toMatchObject({ imss_patronal: '0.00', rcv_patronal: '0.00', infonavit_patronal: '0.00' });
    // Nor is anything withheld from the asimilado: the worker's quota is the employee's side of the same relation.
    const obrero = imssQuotas({ sbc: '522.60', days: '15', paymentDate: '2026-11-15', primaRiesgo: primaRiesgoFor('1'), salarioDiario: '500.00' }).totales.obrero;
    expect(withImss.imss).toBe(obrero);
    expect(withImss.deducciones.map((d) => d.tipo)).toContain('001');
    expect(without.imss).toBe('0.00');
    expect(without.deducciones.map((d) => d.tipo)).not.toContain('001');
  });

  it('a receipt written before migration 0895 (NULL) gets the same figures when the prenómina is opened', async () => {
    const db = server.runtime.ctx.db;
    await db.update(prenominaDetalles).set({ imssPatronal: null, rcvPatronal: null, infonavitPatronal: null })
      .where(eq(prenominaDetalles.prenominaId, prenominaId));
    const e = expected();
    const withImss = (await detalles()).find((d) => d.empleado.no_empleado === 'P001')!;
    expect(withImss).toMatchObject({ imss_patronal: e.imss, rcv_patronal: e.rcv, infonavit_patronal: e.infonavit });
  });
});

describe('payroll póliza with the employer quotas', () => {
  let uuid = '';
  let uuidSinImss = '';

  it('stamps the payroll and books cargos to 601.26/601.28/601.27 and abonos to 211.01/211.02/211.03; every póliza balances', async () => {
    const released = await call('POST', '/api/releasePrenomina', { id: prenominaId });
    expect(released.status, JSON.stringify(released.data)).toBe(202);
    await waitFinished(released.data.processId);
    const ds = await detalles();
    uuid = ds.find((d) => d.empleado.no_empleado === 'P001')!.uuid!;
    uuidSinImss = ds.find((d) => d.empleado.no_empleado === 'P002')!.uuid!;
    expect(uuid && uuidSinImss).toBeTruthy();
    // A receipt stamped before 0895 whose quotas were never filled: generating the month computes them first.
    await server.runtime.ctx.db.update(prenominaDetalles).set({ imssPatronal: null, rcvPatronal: null, infonavitPatronal: null })
      .where(eq(prenominaDetalles.prenominaId, prenominaId));
    await generate();
    const ps = await polizas();
    expectBalanced(ps);
    const e = expected();
    expect(ofReceipt(ps, uuid), JSON.stringify(ps.map((x) => x.uuids))).toHaveLength(1);
    const p = ofReceipt(ps, uuid)[0]!;
    expect(cta(p, '601.26')).toMatchObject([{ debe: e.imss, haber: '0.00', concepto: 'Cuotas patronales al IMSS' }]);
    expect(cta(p, '601.28')).toMatchObject([{ debe: e.rcv, haber: '0.00' }]);
    expect(cta(p, '601.27')).toMatchObject([{ debe: e.infonavit, haber: '0.00' }]);
    expect(cta(p, '211.01')).toMatchObject([{ debe: '0.00', haber: e.imss }]);
    expect(cta(p, '211.02')).toMatchObject([{ debe: '0.00', haber: e.rcv }]);
    expect(cta(p, '211.03')).toMatchObject([{ debe: '0.00', haber: e.infonavit }]);
    // The worker's side is unchanged: the bank pays the neto.
    const neto = (await detalles()).find((d) => d.empleado.no_empleado === 'P001') as unknown as { neto: string };
    expect(cta(p, '102.01')).toMatchObject([{ haber: neto.neto }]);
    const [sinImss] = ofReceipt(ps, uuidSinImss);
    expect(sinImss).toBeDefined();
    for (const n of PATRONAL) expect(cta(sinImss!, n), n).toEqual([]);
  });

  it('the balanza shows the liabilities (and their 211 parent), debe = haber, and agrees with the pólizas', async () => {
    const e = expected();
    const b = (await call('GET', `/api/contabilidad/balanza/${ANIO}/${MES}`)).data;
    const row = (n: string) => b.rows.find((r: { numero: string }) => r.numero === n);
    expect(row('211.01')).toMatchObject({ debe: '0.00', haber: e.imss, saldoFinal: e.imss });
    expect(row('211.02')).toMatchObject({ haber: e.rcv, saldoFinal: e.rcv });
    expect(row('211.03')).toMatchObject({ haber: e.infonavit, saldoFinal: e.infonavit });
    const total211 = new Decimal(e.imss).plus(e.rcv).plus(e.infonavit).toFixed(2);
    expect(row('211')).toMatchObject({ haber: total211, saldoFinal: total211 });
    expect(row('601.26')).toMatchObject({ debe: e.imss, saldoFinal: e.imss });
    const lines = (await polizas()).flatMap((p) => p.lineas);
    const debe = lines.reduce((s, l) => s.plus(l.debe), new Decimal(0)).toFixed(2);
    expect(b.totales).toEqual({ debe, haber: debe });
  });

  it('the catálogo, balanza and pólizas XML with the new accounts are valid against SAT 1.3 XSDs', async () => {
    for (const path of [`catalogo/${ANIO}/${MES}`, `balanza/${ANIO}/${MES}`, `polizas/${ANIO}/${MES}?tipoSolicitud=AF&numOrden=ABC1234567/26`]) {
      const res = await fetch(`${server.baseUrl}/api/contabilidad/xml/${path}`, { headers: owner.headers });
      const text = await res.text();
      expect(res.status, `${path}: ${text.slice(0, 300)}`).toBe(200);
      expect(validateContabilidadXsd(text), path).toEqual([]);
      if (path.startsWith('catalogo')) {
        expect(text).toMatch(/NumCta="211\.02"[^>]*CodAgrup="211\.02"|CodAgrup="211\.02"[^>]*NumCta="211\.02"/);
        expect(text).toContain('CodAgrup="601.28"');
      }
      if (path.startsWith('polizas')) expect(text).toContain('NumCta="211.01"');
    }
  });

  it('a cancelled receipt reverses the patronal lines too; the month nets the liability to zero', async () => {
    const detail = (await detalles()).find((d) => d.empleado.no_empleado === 'P001')!;
    const cancelled = await call('POST', '/api/prenomina/cancelar', { id: detail.id, motivo: '02' });
    expect(cancelled.data, JSON.stringify(cancelled.data)).toMatchObject({ estado: 'cancelada', detalle: { uuid: null } });
    await generate();
    const e = expected();
    const ps = await polizas();
    expectBalanced(ps);
    const mine = ofReceipt(ps, uuid);
    const reversal = mine.find((x) => /^Cancelación/.test(x.concepto))!;
    const original = mine.find((x) => !/^Cancelación/.test(x.concepto))!;
    expect(reversal, JSON.stringify(mine.map((x) => x.concepto))).toBeDefined();
    // The original, regenerated after the cancellation, still books them (its detail now keeps the UUID as uuid_cancelado).
    expect(cta(original, '211.01')).toMatchObject([{ haber: e.imss }]);
    expect(cta(reversal, '601.26')).toMatchObject([{ debe: '0.00', haber: e.imss }]);
    expect(cta(reversal, '211.01')).toMatchObject([{ debe: e.imss, haber: '0.00' }]);
    expect(cta(reversal, '211.02')).toMatchObject([{ debe: e.rcv }]);
    expect(cta(reversal, '211.03')).toMatchObject([{ debe: e.infonavit }]);
    const b = (await call('GET', `/api/contabilidad/balanza/${ANIO}/${MES}`)).data;
    for (const n of ['211.01', '211.02', '211.03', '601.26']) {
      expect(b.rows.find((r: { numero: string }) => r.numero === n), n).toMatchObject({ saldoFinal: '0.00' });
    }
  });
});
