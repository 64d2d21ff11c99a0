import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cloneTemplateDatabase } from '../../../test/server';
import type { Database } from '../../db/client';
import { despachoBoard } from './despacho.service';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Issue 26 §5 over the real SQL: REPs due (PPD incomes paid last month with no complement), server-side sort,
 * filters and paging. "Now" is 2026-03-10 in Mexico City: last month is February, REPs are due 2026-03-05.
 */
const NOW = new Date('2026-03-10T18:00:00Z');
let database: Database;
let drop: () => Promise<void>;
let personId: number;
const ids: Record<string, number> = {};

async function account(rfc: string, name: string): Promise<number> {
  const { rows } = await database.query<{ id: number }>(
    `INSERT INTO users (rfc, email, password_hash, full_name, persona, regimen, is_confirmed, profile_completed)
     VALUES ($1::text, lower($1::text) || '@despacho.test', 'x', $2, 'fisica', '612', true, true) RETURNING id`, [rfc, name]);
  return rows[0]!.id;
}

async function income(userId: number, uuid: string, metodo: string, fechaPago: string | null, estado = 'vigente') {
  await database.query(
    `INSERT INTO cfdis (user_id, uuid, direction, version, tipo, fecha, rfc_emisor, rfc_receptor, metodo_pago, fecha_pago, estado, xml_key, xml_sha256)
     VALUES ($1, $2, 'emitido', '4.0', 'I', '2026-01-15T10:00:00', 'AAA010101AAA', 'XAXX010101000', $3, $4, $5, 'k', 'h')`,
    [userId, uuid, metodo, fechaPago, estado]);
}

beforeAll(async () => {
  ({ database, drop } = await cloneTemplateDatabase());
  ids.a = await account('AAA010101AA1', 'Zapatería Alfa');
  ids.b = await account('BBB010101BB2', 'Abarrotes Beta');
  ids.c = await account('CCC010101CC3', 'Consultores Gamma');
  personId = (await database.query<{ id: number }>('SELECT id FROM persons WHERE login_account_id = $1', [ids.a])).rows[0]!.id;
  await database.query(`INSERT INTO memberships (user_id, person_id, rol) VALUES ($1, $3, 'contador'), ($2, $3, 'capturista')`, [ids.b, ids.c, personId]);
  // B: two PPD paid in February without complement (due), one with its complement, one paid in March, one
  // PUE, one cancelled: only the first two count.
  const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  await income(ids.b, u(1), 'PPD', '2026-02-03');
  await income(ids.b, u(2), 'PPD', '2026-02-28');
  await income(ids.b, u(3), 'PPD', '2026-02-10');
  await database.query(
    `INSERT INTO cfdi_payments (user_id, pago_uuid, doc_uuid, direction, fecha_pago, moneda_p, moneda_dr, num_parcialidad, imp_saldo_ant, imp_pagado, imp_saldo_insoluto)
     VALUES ($1, $2, $3, 'emitido', '2026-02-10T12:00:00', 'MXN', 'MXN', 1, 100, 100, 0)`, [ids.b, u(90), u(3)]);
  await income(ids.b, u(4), 'PPD', '2026-03-02');
  await income(ids.b, u(5), 'PUE', '2026-02-05');
  await income(ids.b, u(6), 'PPD', '2026-02-06', 'cancelada');
  // C: one due.
  await income(ids.c, u(7), 'PPD', '2026-02-20');
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe('the board query', () => {
  it('counts the REPs due: PPD incomes paid last month without a complement, due on the 5th', async () => {
    const board = await despachoBoard(database, personId, {}, NOW);
    expect(board.periodo).toEqual({ year: 2026, month: 3 });
    const by = Object.fromEntries(board.data.map((r) => [r.rfc, r]));
    expect(by['BBB010101BB2']).toMatchObject({ repsPendientes: 2, repsVence: '2026-03-05', rol: 'contador' });
    expect(by['CCC010101CC3']!.repsPendientes).toBe(1);
    expect(by['AAA010101AA1']!.repsPendientes).toBe(0);
  });

  it('sorts on the server over every account before paging, and filters by text, role and pending work', async () => {
    const byReps = await despachoBoard(database, personId, { sort: 'reps', dir: 'desc', perPage: 2 }, NOW);
    expect(byReps.total).toBe(3);
    expect(byReps.data.map((r) => r.rfc)).toEqual(['BBB010101BB2', 'CCC010101CC3']);
    const page2 = await despachoBoard(database, personId, { sort: 'reps', dir: 'desc', perPage: 2, page: 2 }, NOW);
    expect(page2.data.map((r) => r.rfc)).toEqual(['AAA010101AA1']);
    const byName = await despachoBoard(database, personId, { sort: 'nombre' }, NOW);
    expect(byName.data.map((r) => r.nombre)).toEqual(['Abarrotes Beta', 'Consultores Gamma', 'Zapatería Alfa']);
    expect((await despachoBoard(database, personId, { q: 'gamma' }, NOW)).data.map((r) => r.rfc)).toEqual(['CCC010101CC3']);
    expect((await despachoBoard(database, personId, { rol: 'duenio' }, NOW)).data.map((r) => r.rfc)).toEqual(['AAA010101AA1']);
    // Every account has last month's declaration pending, so all three are "pending"; past the end: empty, total kept.
    expect((await despachoBoard(database, personId, { pendientes: true }, NOW)).total).toBe(3);
    const beyond = await despachoBoard(database, personId, { page: 5, perPage: 2 }, NOW);
    expect(beyond).toMatchObject({ total: 3, data: [] });
  });
});

describe('REPs due from the bank (issue 27 §3)', () => {
  it('a PPD invoice paid last month by an accepted deposit without its complement counts; once stamped it does not', async () => {
    const uuid = '00000000-0000-4000-8000-000000000071';
    await income(ids.c, uuid, 'PPD', null);
    const alloc = JSON.stringify([{ uuid, importe: '116.00', confianza: 1, direction: 'emitido', metodoPago: 'PPD' }]);
    const { rows } = await database.query<{ id: number }>(
      `INSERT INTO bank_movements (user_id, account_id, fecha, importe, descripcion, fingerprint, estado, conciliacion)
       VALUES ($1, 1, '2026-02-25', 116, 'SPEI RECIBIDO', 'fp-despacho', 'conciliado', $2::jsonb) RETURNING id`, [ids.c, alloc]);
    const by = async () => Object.fromEntries((await despachoBoard(database, personId, {}, NOW)).data.map((r) => [r.rfc, r.repsPendientes]));
    expect((await by())['CCC010101CC3']).toBe(2);
    await database.query(`UPDATE bank_movements SET complemento_uuid = 'x' WHERE id = $1`, [rows[0]!.id]);
    expect((await by())['CCC010101CC3']).toBe(1);
  });
});
