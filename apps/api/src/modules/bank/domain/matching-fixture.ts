import type { MatchMovement, OpenCfdi } from './matching';

/**
 * A generated month for the matching tests and bench: issued invoices (PUE and PPD, MXN and USD) and the bank
 * statement that pays them — full payments, PPD partial payments, one deposit paying three invoices of one
 * customer — plus withdrawals paying received CFDI. Deterministic (a seeded generator), so the expected
 * allocation of every movement is known.
 */
export interface GeneratedMonth {
  cfdis: OpenCfdi[];
  movements: MatchMovement[];
  /** Movement id → the uuids it pays (what a correct proposal names). */
  expected: Map<number, string[]>;
  usdRate: number;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const NAMES = ['COMERCIALIZADORA', 'DISTRIBUIDORA', 'SERVICIOS', 'GRUPO', 'CONSTRUCTORA', 'ALIMENTOS', 'TRANSPORTES', 'FERRETERA', 'TEXTILES', 'LOGISTICA'];
const PLACES = ['DEL NORTE', 'DEL BAJIO', 'AZTECA', 'PACIFICO', 'MAYA', 'OLMECA', 'SIERRA', 'LAGUNA', 'OCCIDENTE', 'GOLFO'];

const uuidOf = (r: () => number) => {
  const h = () => Math.floor(r() * 16).toString(16).toUpperCase();
  const part = (n: number) => Array.from({ length: n }, h).join('');
  return `${part(8)}-${part(4)}-4${part(3)}-A${part(3)}-${part(12)}`;
};

export function generateMonth(opts: { invoices: number; customers?: number; seed?: number; year?: number; month?: number }): GeneratedMonth {
  const r = rng(opts.seed ?? 27);
  const year = opts.year ?? 2026;
  const month = opts.month ?? 3;
  const day = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(Math.min(28, Math.max(1, d))).padStart(2, '0')}`;
  const nCustomers = opts.customers ?? Math.max(10, Math.floor(opts.invoices / 5));
  const customers = Array.from({ length: nCustomers }, (_, i) => ({
    rfc: `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i / 26) | 0) % 26)}${String.fromCharCode(65 + ((i / 676) | 0) % 26)}${String(100101 + (i % 8000)).padStart(6, '0')}${(i % 10)}A${i % 10}`,
    nombre: `${NAMES[i % NAMES.length]} ${PLACES[((i / NAMES.length) | 0) % PLACES.length]} ${i} SA DE CV`,
  }));
  const usdRate = 17.25;
  const cfdis: OpenCfdi[] = [];
  const movements: MatchMovement[] = [];
  const expected = new Map<number, string[]>();
  let mid = 1;
  const deposit = (fecha: string, cents: number, descripcion: string, referencia: string | null, uuids: string[]) => {
    movements.push({ id: mid, fecha, cents, descripcion, referencia });
    expected.set(mid++, uuids);
  };
  for (let i = 0; i < opts.invoices; i++) {
    const c = customers[Math.floor(r() * nCustomers)]!;
    const usd = r() < 0.1;
    const ppd = r() < 0.4;
    const cents = 10_000 + Math.floor(r() * 5_000_000);
    const invDay = 1 + Math.floor(r() * 20);
    const inv: OpenCfdi = {
      uuid: uuidOf(r), direction: 'emitido', rfc: c.rfc, nombre: c.nombre, serie: 'A', folio: String(1000 + i), fecha: day(invDay),
      moneda: usd ? 'USD' : 'MXN', saldoCents: cents, metodoPago: ppd ? 'PPD' : 'PUE',
    };
    cfdis.push(inv);
    const payDay = day(invDay + 1 + Math.floor(r() * 7));
    const style = r();
    const desc = style < 0.4 ? `SPEI RECIBIDO ${c.nombre} FACTURA A${inv.folio}` : style < 0.7 ? `DEPOSITO ${c.rfc}` : style < 0.9 ? `TRANSF ${c.nombre}` : 'DEPOSITO EN EFECTIVO';
    if (usd) {
      // Paid in pesos at a rate within 0.5 % of the day's FIX.
      deposit(payDay, Math.round(cents * usdRate * (1 + (r() - 0.5) * 0.01)), `${desc}`, null, [inv.uuid]);
    } else if (ppd && r() < 0.3) {
      // Two parcialidades naming the folio.
      const first = Math.floor(cents / 2);
      deposit(payDay, first, `SPEI ${c.nombre} PARCIALIDAD FACT A${inv.folio}`, null, [inv.uuid]);
      deposit(day(invDay + 9), cents - first, `SPEI ${c.nombre} RESTO FACT A${inv.folio}`, null, [inv.uuid]);
    } else deposit(payDay, cents, desc, `REF${i}`, [inv.uuid]);
  }
  // One deposit paying three invoices of one customer (named by its RFC).
  const c = customers[0]!;
  const three = [1, 2, 3].map((k) => {
    const inv: OpenCfdi = { uuid: uuidOf(r), direction: 'emitido', rfc: c.rfc, nombre: c.nombre, serie: 'B', folio: String(k), fecha: day(3 + k), moneda: 'MXN', saldoCents: 123_456 * k + 7, metodoPago: 'PPD' };
    cfdis.push(inv);
    return inv;
  });
  deposit(day(15), three.reduce((a, x) => a + x.saldoCents, 0), `PAGO FACTURAS ${c.rfc}`, null, three.map((x) => x.uuid));
  // Withdrawals paying received CFDI.
  for (let i = 0; i < Math.max(5, opts.invoices / 10); i++) {
    const cents = 5_000 + Math.floor(r() * 900_000);
    const rec: OpenCfdi = { uuid: uuidOf(r), direction: 'recibido', rfc: `PRO${String(100101 + i).padStart(6, '0')}AB${i % 10}`, nombre: `PROVEEDOR ${i} SA DE CV`, serie: null, folio: `F${i}`, fecha: day(2 + (i % 10)), moneda: 'MXN', saldoCents: cents, metodoPago: 'PUE' };
    cfdis.push(rec);
    deposit(day(12 + (i % 10)), -cents, `PAGO PROVEEDOR ${i}`, null, [rec.uuid]);
  }
  return { cfdis, movements, expected, usdRate };
}
