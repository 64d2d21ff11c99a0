/**
 * Issue 28 benchmark: the pólizas of a month with 10,000 CFDIs (6,000 received from 1,000 suppliers — PUE,
 * PPD paid by complements in the month, credit notes — and 4,000 issued PUE invoices to 500 customers), its
 * balanza and the streamed PolizasPeriodo XML, on embedded PGlite, calling the services directly.
 * Run: npx tsx bench/accounting.bench.ts
 */
import { generateMonth, monthTotals } from '../apps/api/src/modules/accounting/generate.service';
import { getBalanza, xmlFile } from '../apps/api/src/modules/accounting/accounting.service';
import { machineLoad } from './support';
import { pgliteAccount } from './pglite-account';

const RECEIVED = 6_000;
const ISSUED = 4_000;
const { database, uid, rfc, uuid } = await pgliteAccount('moral', '601');
let t = performance.now();
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, nombre_emisor, rfc_receptor, moneda, tipo_cambio,
    subtotal, total, iva_trasladado, metodo_pago, estado, saldo, deducible, claves_prod_serv, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0001')}, 'recibido', 'import', '4.0', CASE WHEN g % 100 >= 95 THEN 'E' ELSE 'I' END,
    timestamp '2026-03-01 08:00' + (g % 30) * interval '1 day', 'SUP' || lpad((g % 1000)::text, 6, '0') || 'AB1', 'Proveedor ' || (g % 1000),
    $2::text, 'MXN', 1, a.sub, a.sub * 1.16, a.sub * 0.16, CASE WHEN g % 100 BETWEEN 80 AND 94 THEN 'PPD' ELSE 'PUE' END, 'vigente', 0, g % 13 <> 0,
    CASE WHEN g % 3 = 0 THEN '15101514' ELSE '80131500' END, 'x', repeat('0', 64)
  FROM generate_series(1, ${RECEIVED}) g CROSS JOIN LATERAL (SELECT round((100 + (g * 37) % 20000)::numeric, 2) AS sub) a`, [uid, rfc]);
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, rfc_receptor, total, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0002')}, 'recibido', 'import', '4.0', 'P', timestamp '2026-03-25 08:00', 'SUP' || lpad((g % 1000)::text, 6, '0') || 'AB1', $2::text, 0, 'x', repeat('0', 64)
  FROM generate_series(1, ${RECEIVED}) g WHERE g % 100 BETWEEN 80 AND 94`, [uid, rfc]);
await database.query(`
  INSERT INTO cfdi_payments (user_id, pago_uuid, doc_uuid, direction, fecha_pago, moneda_p, moneda_dr, num_parcialidad, imp_saldo_ant, imp_pagado, imp_saldo_insoluto, base_mxn, iva_mxn)
  SELECT $1::int, ${uuid('g', '0002')}, ${uuid('g', '0001')}, 'recibido', timestamp '2026-03-25 12:00', 'MXN', 'MXN', 1, c.total, c.total, 0, c.subtotal, c.iva_trasladado
  FROM generate_series(1, ${RECEIVED}) g JOIN cfdis c ON c.user_id = $1 AND c.uuid = ${uuid('g', '0001')} WHERE g % 100 BETWEEN 80 AND 94`, [uid]);
await database.query(`
  INSERT INTO cfdis (user_id, uuid, direction, source, version, tipo, fecha, rfc_emisor, rfc_receptor, nombre_receptor, moneda, subtotal, total, iva_trasladado, metodo_pago, xml_key, xml_sha256)
  SELECT $1::int, ${uuid('g', '0003')}, 'emitido', 'app', '4.0', 'I', timestamp '2026-03-01 09:00' + (g % 30) * interval '1 day', $2::text,
    'CLI' || lpad((g % 500)::text, 6, '0') || 'AB1', 'Cliente ' || (g % 500), 'MXN', 5000, 5800, 800, 'PUE', 'x', repeat('0', 64)
  FROM generate_series(1, ${ISSUED}) g`, [uid, rfc]);
await database.exec('ANALYZE');
console.log(`seed: ${(performance.now() - t).toFixed(0)} ms; ${await machineLoad()}`);

for (const run of [1, 2]) {
  t = performance.now();
  const r = await generateMonth(database.db, uid, 2026, 3);
  const tg = performance.now() - t;
  const totals = await monthTotals(database.db, uid, 2026, 3);
  t = performance.now();
  const b = await getBalanza(database.db, uid, 2026, 3);
  const tb = performance.now() - t;
  t = performance.now();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  let bytes = 0;
  const f = await xmlFile(database.db, { id: uid, rfc }, 'polizas', 2026, 3, { tipoSolicitud: 'AF', numOrden: 'ABC1234567/26' });
  for await (const chunk of f.body) {
    bytes += Buffer.byteLength(chunk as string);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const tx = performance.now() - t;
  console.log(`run ${run}: pólizas ${tg.toFixed(0)} ms (${r.polizas} pólizas, ${r.omitidas.length} omitidas, cargos ${totals.debe} = abonos ${totals.haber}); ` +
    `balanza ${tb.toFixed(0)} ms (${b.rows.length} cuentas); PolizasPeriodo XML streamed ${(bytes / 1e6).toFixed(1)} MB in ${tx.toFixed(0)} ms, heap peak +${((peak - before) / 1e6).toFixed(1)} MB`);
}
await database.close();
