/**
 * Issue 11 benchmark: the statement and the DIOT of a month with 20,000 received CFDIs from 2,000 suppliers
 * (80 % PUE, 15 % PPD paid by complements in the month, 5 % credit notes; 1,000 issued invoices too), on embedded
 * PGlite, calling the services directly (the HTTP layer is not the subject). Prints wall time and memory.
 * Run: npx tsx bench/statements.bench.ts
 */
import type { Account } from '../apps/api/src/http/context';
import { createDiot } from '../apps/api/src/modules/statements/diot.service';
import { startStatement, yearCash } from '../apps/api/src/modules/statements/statements.service';
import { checkLine } from '../apps/api/src/modules/statements/diot-file';
import { pgliteAccount } from './pglite-account';

const N = 20_000;
const SUPPLIERS = 2_000;
const { database, uid, rfc, uuid } = await pgliteAccount('fisica', '612');
let t = performance.now();
// Received: supplier g % 2000; g % 100 < 80 PUE I, < 95 PPD I, else E (credit note); dated March 2026.
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, nombre_emisor, rfc_receptor, moneda, tipo_cambio,
    subtotal, total, iva_trasladado, iva_retenido, base_iva16, base_iva0, metodo_pago, estado, saldo, deducible, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0001')}, 'recibido', 'import', '4.0', CASE WHEN g % 100 >= 95 THEN 'E' ELSE 'I' END,
    timestamp '2026-03-01 08:00' + (g % 30) * interval '1 day', 'SUP' || lpad((g % ${SUPPLIERS})::text, 6, '0') || 'AB1', 'Proveedor ' || (g % ${SUPPLIERS}),
    $2::text, 'MXN', 1, a.sub, a.sub * 1.16, a.sub * 0.16, CASE WHEN g % 7 = 0 THEN a.sub * 0.106667 ELSE 0 END,
    a.sub * CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END, a.sub * CASE WHEN g % 10 = 0 THEN 1 ELSE 0 END,
    CASE WHEN g % 100 BETWEEN 80 AND 94 THEN 'PPD' ELSE 'PUE' END, 'vigente', 0, g % 13 <> 0, 'x', repeat('0', 64)
  FROM generate_series(1, ${N}) g CROSS JOIN LATERAL (SELECT round((100 + (g * 37) % 20000)::numeric, 2) AS sub) a`, [uid, rfc]);
// One payment complement per PPD, paying it whole in March.
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, rfc_receptor, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0002')}, 'recibido', 'import', '4.0', 'P', timestamp '2026-03-25 08:00', 'SUP' || lpad((g % ${SUPPLIERS})::text, 6, '0') || 'AB1', $2::text, 'x', repeat('0', 64)
  FROM generate_series(1, ${N}) g WHERE g % 100 BETWEEN 80 AND 94`, [uid, rfc]);
await database.query(`
  INSERT INTO cfdi_payments (user_id, pago_uuid, doc_uuid, direction, fecha_pago, moneda_p, moneda_dr, num_parcialidad, imp_saldo_ant, imp_pagado, imp_saldo_insoluto, base_mxn, iva_mxn)
  SELECT $1::int, ${uuid('g', '0002')}, ${uuid('g', '0001')}, 'recibido', timestamp '2026-03-25 12:00', 'MXN', 'MXN', 1, c.total, c.total, 0, c.subtotal, c.iva_trasladado
  FROM generate_series(1, ${N}) g JOIN cfdis c ON c.user_id = $1 AND c.uuid = ${uuid('g', '0001')} WHERE g % 100 BETWEEN 80 AND 94`, [uid]);
// 1,000 issued PUE invoices (income side of the statement).
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, rfc_receptor, moneda, subtotal, total, iva_trasladado, base_iva16, metodo_pago, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0003')}, 'emitido', 'app', '4.0', 'I', timestamp '2026-03-01 09:00' + (g % 30) * interval '1 day', $2::text, 'CLI010101AB1', 'MXN', 5000, 5800, 800, 5000, 'PUE', 'x', repeat('0', 64)
  FROM generate_series(1, 1000) g`, [uid, rfc]);
await database.exec('ANALYZE');
console.log(`seed: ${(performance.now() - t).toFixed(0)} ms`);

const account: Account = { id: uid, rfc, email: 'b@bench.mx', rolId: 11, planId: 2, regimen: '612', persona: 'fisica', isConfirmed: true, profileCompleted: true };
const mem = () => process.memoryUsage();
t = performance.now();
await yearCash(database.db, { id: uid, rfc, email: '', rolId: 11, planId: 2, regimen: '612', persona: 'fisica', isConfirmed: true, profileCompleted: true }, 2026, 3);
console.log(`cash basis of January–March alone: ${(performance.now() - t).toFixed(0)} ms`);
for (const run of [1, 2, 3]) {
  global.gc?.();
  const before = mem();
  t = performance.now();
  const s = await startStatement(database.db, account, 3, 2026);
  const ts = performance.now() - t;
  const mid = mem();
  t = performance.now();
  const d = await createDiot(database.db, account, { month: 3, year: 2026, agruparGlobal: true, operaciones: {}, extranjeros: [] });
  const td = performance.now() - t;
  const after = mem();
  const file = (await database.query<{ file: string }>('SELECT file FROM diots WHERE user_id = $1 AND folio = $2', [uid, d.folio])).rows[0]!.file;
  const lines = file.split('\r\n').filter(Boolean);
  const bad = lines.filter((l) => checkLine(l).length > 0).length;
  console.log(`run ${run}: statement ${ts.toFixed(0)} ms (${s.documentos.length} CFDI, ISR ${s.isr_a_pagar}, IVA ${s.iva_a_pagar}/${s.iva_saldo_a_favor} a favor), ` +
    `heap +${((mid.heapUsed - before.heapUsed) / 1e6).toFixed(1)} MB; DIOT ${td.toFixed(0)} ms (${d.rows.length} rows, ${lines.length} lines, ${bad} invalid, ${d.datos.cfdis} CFDI), ` +
    `heap +${((after.heapUsed - mid.heapUsed) / 1e6).toFixed(1)} MB; rss ${(after.rss / 1e6).toFixed(0)} MB`);
}
await database.close();
