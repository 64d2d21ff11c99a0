import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fixturePath } from '../../../../../packages/cfdi/test/fixtures';
import { validateContabilidadXsd } from '@facturo/cfdi/contabilidad';
import { startTestServer, type TestServer } from '../../../test/server';
import { createAccount, type TestAccount } from '../../../test/accounts';
import { callApi } from '../../../test/http';

/** Issue 28 §4: an existing balanza (SAT's public sample, December 2023) as January 2024's opening balances (decision 319). */

let server: TestServer;
let owner: TestAccount;
let other: TestAccount;
const sample = (t: string) => readFileSync(fixturePath('contabilidad', 'samples', `CACX7605101P8202312${t}.xml`), 'utf8');
const call = (a: TestAccount, method: string, path: string, body?: unknown) => callApi(server.baseUrl, a.headers, method, path, body);
type Fila = { numCtaOrigen: string; numero: string | null; por: string | null; saldo: string; omitida: boolean };
type Row = { numero: string; saldoInicial: string; debe: string; haber: string; saldoFinal: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await createAccount(server.baseUrl, { rol: 11 });
  other = await createAccount(server.baseUrl, { rol: 11 });
}, 180_000);
afterAll(async () => server?.close());

describe('balanza import as opening balances', () => {
  it('preview: accounts mapped by número after importing the old catálogo; parents left out; nothing saved', async () => {
    expect((await call(owner, 'POST', '/api/contabilidad/cuentas/importar', { xml: sample('CT') })).status).toBe(200);
    const res = await call(owner, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ anio: 2024, mes: 1, origen: { rfc: 'CACX7605101P8', anio: 2023, mes: 12 }, guardado: false });
    const filas = res.body.filas as Fila[];
    expect(filas.filter((f) => f.omitida).map((f) => f.numCtaOrigen).sort()).toEqual(['1103', '1104', '2151', '2151.1', '2152', '4100']);
    expect(filas.every((f) => f.por === 'numero')).toBe(true);
    // Deudores 12,911.94 + 1,444.70 + 1,354.40 (retenciones with a debit balance) = acreedores 2,167.04 + 13,544.00.
    expect(res.body.totales).toEqual({ debe: '15711.04', haber: '15711.04' });
    expect((await call(owner, 'GET', '/api/contabilidad/balanza/2024/1')).body.rows).toEqual([]);
  });

  it('confirmed: the balanza of January starts from them (parents sum their children) and adds January\'s entries', async () => {
    const res = await call(owner, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN'), confirmar: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.guardado).toBe(true);
    const poliza = await call(owner, 'POST', '/api/contabilidad/polizas', {
      tipo: 'ingreso', fecha: '2024-01-15', concepto: 'Cobro a cliente',
      lineas: [{ numCta: '1102.1.1', concepto: 'Cobro', debe: '1000.00', haber: '0' }, { numCta: '1103.1', concepto: 'Cobro', debe: '0', haber: '1000.00' }],
    });
    expect(poliza.status, JSON.stringify(poliza.body)).toBe(201);
    const b = (await call(owner, 'GET', '/api/contabilidad/balanza/2024/1')).body;
    expect(b.saldosIniciales).toEqual({ anio: 2024, mes: 1 });
    const row = (n: string) => (b.rows as Row[]).find((r) => r.numero === n);
    expect(row('1103.1')).toMatchObject({ saldoInicial: '12911.94', debe: '0.00', haber: '1000.00', saldoFinal: '11911.94' });
    expect(row('1103')).toMatchObject({ saldoInicial: '12911.94', saldoFinal: '11911.94' });
    expect(row('2151.1.2')).toMatchObject({ saldoInicial: '-1354.40', saldoFinal: '-1354.40' });
    expect(row('2151')).toMatchObject({ saldoInicial: '-1354.40' });
    expect(row('4100.1')).toMatchObject({ saldoInicial: '13544.00' });
    expect(row('1102.1.1')).toMatchObject({ saldoInicial: '0.00', debe: '1000.00', saldoFinal: '1000.00' });
    // The month's totals are the month's entries only; the opening is not a movement.
    expect(b.totales).toEqual({ debe: '1000.00', haber: '1000.00' });
    // February opens with January's close; the XML SAT receives carries it and validates.
    const feb = (await call(owner, 'GET', '/api/contabilidad/balanza/2024/2')).body.rows as Row[];
    expect(feb.find((r) => r.numero === '1103.1')).toMatchObject({ saldoInicial: '11911.94', saldoFinal: '11911.94' });
    const xml = await fetch(`${server.baseUrl}/api/contabilidad/xml/balanza/2024/1`, { headers: owner.headers });
    const text = await xml.text();
    expect(text).toContain('NumCta="1103.1" SaldoIni="12911.94" Debe="0.00" Haber="1000.00" SaldoFin="11911.94"');
    expect(validateContabilidadXsd(text)).toEqual([]);
    // Balance general: December's income is in the balance (resultado), not in January's year to date.
    const e = (await call(owner, 'GET', '/api/contabilidad/estados/2024/1')).body;
    expect(e.resultados.utilidadAcumulada).toBe('0.00');
    expect(e.balance.diferencia).toBe('0.00');
    expect(e.balance.activo.total).toBe('14356.64');
  });

  it('importing again replaces the month\'s balances (no doubling)', async () => {
    expect((await call(owner, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN'), confirmar: true })).status).toBe(200);
    const rows = (await call(owner, 'GET', '/api/contabilidad/balanza/2024/1')).body.rows as Row[];
    expect(rows.find((r) => r.numero === '1103.1')!.saldoInicial).toBe('12911.94');
  });

  it('without the old numbers: the old catálogo maps by código agrupador, the rest by mapeo; unmapped refuses naming the row', async () => {
    const plain = await call(other, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN'), confirmar: true });
    expect(plain.status).toBe(422);
    expect(Object.keys(plain.body.errors)[0]).toMatch(/^filas\.\d+\.numCta$/);
    expect(Object.values(plain.body.errors as Record<string, string[]>)[0]![0]).toMatch(/no está en tu catálogo/);
    const preview = await call(other, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN'), catalogoXml: sample('CT') });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const filas = preview.body.filas as Fila[];
    expect(filas.find((f) => f.numCtaOrigen === '1103.1')).toMatchObject({ numero: '105.01', por: 'codigoAgrupador', omitida: false });
    const sinCuenta = filas.filter((f) => !f.numero && !f.omitida).map((f) => f.numCtaOrigen);
    const mapeo = Object.fromEntries(sinCuenta.map((n) => [n, n.startsWith('4') ? '401.01' : n.startsWith('2151') ? '216.01' : '113.01']));
    const done = await call(other, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN'), catalogoXml: sample('CT'), mapeo, confirmar: true });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = (await call(other, 'GET', '/api/contabilidad/balanza/2024/1')).body.rows as Row[];
    expect(rows.find((r) => r.numero === '105.01')!.saldoInicial).toBe('12911.94');
    // Tenant isolation: the first account's balances are its own.
    expect(rows.find((r) => r.numero === '1103.1')).toBeUndefined();
  });

  it('a file that is not a balanza is refused naming xml', async () => {
    const res = await call(owner, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('CT') });
    expect(res.status).toBe(422);
    expect(res.body.errors.xml[0]).toMatch(/balanza/);
  });
});

describe('plan gating (decision 319)', () => {
  it('a plan without product 12 "Declaraciones" gets 403 on contabilidad; the catalog lists its screen under the product', async () => {
    const free = await createAccount(server.baseUrl);
    for (const path of ['/api/contabilidad/cuentas', '/api/contabilidad/balanza/2024/1', '/api/contabilidad/reportes/resultados/2024/1?formato=pdf']) {
      expect((await call(free, 'GET', path)).status, path).toBe(403);
    }
    expect((await call(free, 'POST', '/api/contabilidad/saldos-iniciales/importar', { xml: sample('BN') })).status).toBe(403);
    expect((await call(owner, 'GET', '/api/contabilidad/cuentas')).status).toBe(200);
    const res = await server.runtime.ctx.db.execute(sql`SELECT routes FROM plan_catalog_products WHERE id = 12`);
    expect((res.rows[0] as { routes: string[] }).routes).toEqual(['/statements', '/contabilidad']);
  });
});
