import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { withCheckDigit } from '@facturo/contract';
import { createAccount, randomRfc, type TestAccount } from '../accounts';
import { stampedReceived } from '../received-cfdis';
import { writeZip } from '../../src/modules/cfdi-import/zip-writer';
import { api, createCustomer, invoiceBody, invoicingAccount } from '../../src/modules/invoicing/invoicing-test-kit';
import { employeeBody, randomCurp } from '../../src/modules/employees/employee-fixtures.test-support';
import { killHard, runProcess, sleep } from './support';

// Child processes (API, worker) on a shared 2-core machine, and job expiries to wait out: generous time.
vi.setConfig({ testTimeout: 400_000, hookTimeout: 120_000 });

/**
 * Issue 12 §4 and issue 10: kill -9 of a real process mid-work, then a restart — nothing lost, nothing twice.
 * The API and the worker are separate processes (`JOBS_IN_PROCESS=false` + `npm run worker`) over one
 * PostgreSQL database and one DATA_DIR (storage, sandbox PAC): what outlives a SIGKILL is only what was
 * committed. PostgreSQL only (PGlite lives inside the killed process): the second CI leg.
 */
const databaseUrl = process.env.DATABASE_URL ?? '';
// Separate API and worker processes over one PostgreSQL (the embedded database has a single owner): CI's
// PostgreSQL leg runs this file (`*.pg.test.ts`); the PGlite leg does not collect it.
describe('killed processes (PostgreSQL + separate processes)', () => {
  let dbName = '';
  let env: Record<string, string> = {};
  let db: pg.Client;
  const port = String(3800 + Math.floor(Math.random() * 150));
  const base = `http://127.0.0.1:${port}`;
  const children: ChildProcess[] = [];
  const start = async (script: 'main' | 'worker', extra: Record<string, string> = {}) => {
    const child = await runProcess(script, { ...env, ...extra });
    children.push(child);
    return child;
  };
  const startApi = () => start('main', { JOBS_IN_PROCESS: 'false' });

  /** Each describe: its own database and DATA_DIR (the SAT test CSD's RFC can hold one account per database). */
  const freshDeployment = () => {
    beforeAll(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      dbName = `facturo_killed_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${dbName}"`);
      await admin.end();
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      env = {
        NODE_ENV: 'test', DATABASE_URL: url.toString(), APP_SECRET: 'killed-secret-killed-secret-killed-0001', PORT: port, HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'facturo-killed-')), SAT_LOCAL_LATENCY_MS: '0', LOG_LEVEL: 'info',
        RATE_LIMIT_PER_MINUTE: '1000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000000', MAX_IN_FLIGHT: '100000', MAX_LOOP_STALL_MS: '600000',
      };
      db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
    });
    afterAll(async () => {
      for (const c of children.splice(0)) await killHard(c);
      await db?.end();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    });
  };

  /** Polls until `check` answers something truthy. */
  async function waitFor<T>(check: () => Promise<T | undefined | false>, ms: number, step = 100): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > end) throw new Error(`no ocurrió en ${ms} ms`);
      await sleep(step);
    }
  }
  const userIdOf = async (account: TestAccount) => (await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [account.email])).rows[0]!.id;
  const finished = (account: TestAccount, id: string) => waitFor(async () => {
    const r = await api(base, account, 'GET', `/api/background/process/${id}`);
    return r.status === 200 && r.data.finished ? (r.data as { finished: boolean; code: number; message: string }) : undefined;
  }, 300_000, 500);

  describe('kill -9 of the worker during payroll stamping (30 employees)', () => {
    freshDeployment();
    it('after a restart every receipt is stamped exactly once: 0 lost, 0 duplicated UUIDs, one stamp each', async () => {
      await startApi();
      let worker = await start('worker');
      const owner = await invoicingAccount(base, true, 11);
      const call = (method: string, p: string, body?: unknown) => api(base, owner, method, p, body);
      expect((await call('PUT', '/api/profile', {
        fullName: 'Comercializadora Ñandú SA de CV', regimen: '601', cp: '06600', estado: 'CMX', municipio: '015', timeZone: 'America/Mexico_City', registroPatronal: 'Y5412345105',
      })).status).toBe(200);
      expect((await call('POST', '/api/timbres', { paquete: '50', paymentMethod: 'pm_card_visa' })).status).toBeLessThan(300);
      const balanceBefore = (await call('GET', '/api/timbres')).data.balance as number;
      const N = 30;
      for (let i = 0; i < N; i++) {
        const curp = randomCurp();
        const res = await call('POST', '/api/employees', employeeBody({ curp, rfc: withCheckDigit(`${curp.slice(0, 10)}A1`), no_empleado: `K${i}`, salario_diario: (300 + i * 10).toFixed(2), salario_base: (314 + i * 10).toFixed(2) }));
        expect(res.status, JSON.stringify(res.data)).toBe(201);
      }
      const created = await call('POST', '/api/crearPrenomina', {
        tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04',
      });
      expect(created.status, JSON.stringify(created.data)).toBe(201);
      const prenominaId = created.data.id as number;
      const stampedCount = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prenomina_detalles WHERE prenomina_id = $1 AND status = 1', [prenominaId])).rows[0]!.n;

      const released = await call('POST', '/api/releasePrenomina', { id: prenominaId });
      expect(released.status).toBe(202);
      // Mid-way: as soon as the first receipts are stamped, the worker dies without a word.
      const atKill = await waitFor(async () => (await stampedCount()) || undefined, 120_000, 25);
      await killHard(worker);
      const stampedAtKill = await stampedCount();
      console.log(`[faults] nómina: worker muerto con ${stampedAtKill} de ${N} recibos timbrados (vio ${atKill})`);
      expect(stampedAtKill).toBeLessThan(N);

      const restarted = Date.now();
      worker = await start('worker');
      const end = await finished(owner, released.data.processId);
      console.log(`[faults] nómina: terminó ${((Date.now() - restarted) / 1000).toFixed(0)} s después del reinicio: «${end.message}»`);

      const userId = await userIdOf(owner);
      const details = (await db.query<{ status: number; uuid: string | null }>('SELECT status, uuid FROM prenomina_detalles WHERE prenomina_id = $1', [prenominaId])).rows;
      expect(details).toHaveLength(N);
      expect(details.filter((d) => d.status === 1)).toHaveLength(N);
      expect(new Set(details.map((d) => d.uuid)).size).toBe(N);
      const receipts = (await db.query<{ uuid: string }>(`SELECT uuid FROM cfdis WHERE user_id = $1 AND tipo = 'N'`, [userId])).rows;
      expect(receipts).toHaveLength(N);
      expect(new Set(receipts.map((r) => r.uuid))).toEqual(new Set(details.map((d) => d.uuid)));
      const movements = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stamp_movements WHERE user_id = $1 AND reason = 'nomina'`, [userId])).rows[0]!.n;
      expect(movements).toBe(N);
      const balanceAfter = (await db.query<{ balance: number }>('SELECT balance FROM stamp_balances WHERE user_id = $1', [userId])).rows[0]!.balance;
      expect(balanceBefore - balanceAfter).toBe(N);
      expect((await call('GET', '/api/timbres')).data.balance).toBe(balanceBefore - N);
      await killHard(worker);
    });
  });

  describe('kill -9 of the worker during a 1,000-file import', () => {
    freshDeployment();
    it('after a restart: 980 imported, 10 duplicated, 10 rejected, and each UUID is stored once', async () => {
      // The ZIP first (minutes of sealing on a busy machine), so the upload does not meet a keep-alive
      // connection the server closed meanwhile.
      const rfc = randomRfc('fisica');
      // 980 distinct stamped CFDIs, 10 of them twice more in the ZIP (duplicates), 10 files that are no CFDI.
      const entries: { name: string; data: string }[] = [];
      const uuids: string[] = [];
      for (let i = 0; i < 980; i++) {
        const doc = await stampedReceived({ receptorRfc: rfc, fecha: `2026-03-${String(1 + (i % 28)).padStart(2, '0')}T10:${String(i % 60).padStart(2, '0')}:00`, valor: String(100 + i) });
        entries.push({ name: `recibidos/${i}.xml`, data: doc.xml });
        uuids.push(doc.uuid);
      }
      for (let i = 0; i < 10; i++) entries.push({ name: `repetidos/${i}.xml`, data: entries[i * 7]!.data });
      for (let i = 0; i < 10; i++) entries.push({ name: `basura/${i}.xml`, data: `<nada>${i}</nada>` });
      expect(entries).toHaveLength(1000);
      const zip = writeZip(entries);
      await startApi();
      let worker = await start('worker');
      const account = await createAccount(base, { rfc });
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(zip)]), 'mes.zip');
      const res = await fetch(`${base}/api/cfdi/import`, { method: 'POST', headers: account.headers, body: form });
      expect(res.status).toBeLessThan(300);
      const { id } = (await res.json()) as { id: string };
      const userId = await userIdOf(account);
      const stored = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cfdis WHERE user_id = $1', [userId])).rows[0]!.n;

      const atKill = await waitFor(async () => (await stored()) || undefined, 120_000, 25);
      await killHard(worker);
      const storedAtKill = await stored();
      console.log(`[faults] importación: worker muerto con ${storedAtKill} de 980 CFDI guardados (vio ${atKill})`);
      expect(storedAtKill).toBeLessThan(980);

      const restarted = Date.now();
      worker = await start('worker');
      const state = await waitFor(async () => {
        const s = await api(base, account, 'GET', `/api/cfdi/import/${id}`);
        return s.data.status === 'done' || s.data.status === 'failed' ? (s.data as { status: string; total: number; imported: number; duplicated: number; rejected: unknown[] }) : undefined;
      }, 300_000, 500);
      console.log(`[faults] importación: terminó ${((Date.now() - restarted) / 1000).toFixed(0)} s después del reinicio: ${state.imported} importados, ${state.duplicated} duplicados, ${state.rejected.length - state.duplicated} rechazados`);
      expect(state.status).toBe('done');
      expect(state.total).toBe(1000);
      // rejected holds the duplicates and the refused files.
      expect(state.imported + state.rejected.length).toBe(1000);
      expect(state.imported + state.duplicated + (state.rejected.length - state.duplicated)).toBe(1000);
      expect(state.rejected.length - state.duplicated).toBe(10);
      // And the split is the upload's, not the retry's view: what the killed attempt stored counts as imported.
      expect(state.imported).toBe(980);
      expect(state.duplicated).toBe(10);
      const rows = (await db.query<{ uuid: string }>('SELECT uuid FROM cfdis WHERE user_id = $1', [userId])).rows;
      expect(rows).toHaveLength(980);
      expect(new Set(rows.map((r) => r.uuid.toUpperCase()))).toEqual(new Set(uuids.map((u) => u.toUpperCase())));
      await killHard(worker);
    });
  });

  describe('kill -9 of an API process during a burst of invoices with Idempotency-Keys', () => {
    freshDeployment();
    it('every acknowledged invoice exists once, each retry after the restart answers the same UUID, folios are gap-free', async () => {
      // The API stamps in its own request: no worker needed; jobs in process for the CSD check.
      await start('main');
      const owner = await invoicingAccount(base, true);
      expect((await api(base, owner, 'POST', '/api/timbres', { paquete: '100', paymentMethod: 'pm_card_visa' })).status).toBeLessThan(300);
      const customer = await createCustomer(base, owner);
      const body = invoiceBody(customer.id, { serie: 'KILL' });
      const N = 40;
      const keys = Array.from({ length: N }, (_, i) => `rafaga-${randomBytes(4).toString('hex')}-${i}`);
      const acked = new Map<string, string>();
      let api1 = children.at(-1)!;
      let killed = false;
      const burst = keys.map(async (key) => {
        try {
          const r = await api(base, owner, 'POST', '/api/invoice40', body, { 'idempotency-key': key });
          if (r.status >= 200 && r.status < 300 && !killed) acked.set(key, r.data.uuid as string);
          if (acked.size >= 5 && !killed) {
            killed = true;
            await killHard(api1);
          }
        } catch {
          /* the process died under this request: no answer */
        }
      });
      await Promise.all(burst);
      if (!killed) await killHard(api1);
      console.log(`[faults] ráfaga: API muerta con ${acked.size} de ${N} facturas confirmadas`);
      expect(acked.size).toBeGreaterThanOrEqual(5);
      expect(acked.size).toBeLessThan(N);

      api1 = await start('main');
      const answers = new Map<string, string>();
      for (const key of keys) {
        const r = await api(base, owner, 'POST', '/api/invoice40', body, { 'idempotency-key': key });
        expect(r.status, JSON.stringify(r.data)).toBe(201);
        answers.set(key, r.data.uuid as string);
      }
      for (const [key, uuid] of acked) expect(answers.get(key)).toBe(uuid);
      // Once more: still the same answers.
      for (const key of keys.slice(0, 5)) expect((await api(base, owner, 'POST', '/api/invoice40', body, { 'idempotency-key': key })).data.uuid).toBe(answers.get(key));

      const userId = await userIdOf(owner);
      const rows = (await db.query<{ uuid: string; folio: string }>(`SELECT uuid, folio FROM cfdis WHERE user_id = $1 AND serie = 'KILL'`, [userId])).rows;
      expect(rows).toHaveLength(N);
      expect(new Set(rows.map((r) => r.uuid))).toEqual(new Set(answers.values()));
      expect(rows.map((r) => Number(r.folio)).sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
      const movements = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stamp_movements WHERE user_id = $1 AND delta = -1`, [userId])).rows[0]!.n;
      expect(movements).toBe(N);
    });
  });
});
