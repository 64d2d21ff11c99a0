import { Decimal, fixed, roundTo } from '@facturo/cfdi/money';
import { DIOT_OPERACIONES_POR_TERCERO, type DiotRow } from '@facturo/contract';

/**
 * The DIOT (LIVA art. 32 fr. VIII, forma A-29) of a month, pure: per-supplier totals of what was actually paid
 * in the month → rows, the SAT 2025 batch file (54 pipe-separated fields, UTF-8) and the diff against an
 * earlier DIOT. Field mapping and every choice on the open doubts: docs/diot.md.
 */

export const DIOT_FIELDS = 54;
export const GLOBAL_RFC = 'XAXX010101000';
export const FOREIGN_GENERIC_RFC = 'XEXX010101000';
/** Proveedor global facility (instructivo DIOT): each grouped supplier ≤ $50,000 paid, the group ≤ 10 % of the month's payments. */
export const GLOBAL_MAX_PER_SUPPLIER = '50000';
export const GLOBAL_MAX_SHARE = '0.10';
/** Line terminator: CRLF after every line, the last one too (docs/diot.md, doubt 3). */
export const EOL = '\r\n';

/** What a supplier was paid in the month, in MXN (exact sums, not rounded). */
export interface SupplierTotals {
  rfc: string;
  nombre: string;
  tipoTercero: '04' | '05' | '15';
  tipoOperacion: string;
  idFiscal: string;
  pais: string;
  jurisdiccion: string;
  /** Paid bases of invoices (tipo I) by rate, and credit notes (tipo E) as devoluciones. */
  base16: Decimal;
  dev16: Decimal;
  base8: Decimal;
  dev8: Decimal;
  base0: Decimal;
  exento: Decimal;
  noObjeto: Decimal;
  /** Net 16 % / 8 % base of the part that is not deductible (its IVA is not creditable). */
  noDeducible16: Decimal;
  noDeducible8: Decimal;
  ivaRetenido: Decimal;
  importacion16: Decimal;
  importacionExento: Decimal;
  /**
   * Issue 24 §7 (LIVA art. 5 fr. V): net 16 % / 8 % base of the deductible part the user marked as used only in
   * taxed ('gravadas') or only in exempt ('exentas') activities; the rest is used in both.
   */
  gravadas16: Decimal;
  gravadas8: Decimal;
  exentas16: Decimal;
  exentas8: Decimal;
  /** The month's proporción (LIVA art. 5 fr. V d), 1 without exempt activities; set by the caller. */
  factor: Decimal;
  cfdis: number;
}

export const emptyTotals = (rfc: string, nombre: string): SupplierTotals => ({
  rfc, nombre, tipoTercero: '04', tipoOperacion: '85', idFiscal: '', pais: '', jurisdiccion: '',
  base16: new Decimal(0), dev16: new Decimal(0), base8: new Decimal(0), dev8: new Decimal(0), base0: new Decimal(0),
  exento: new Decimal(0), noObjeto: new Decimal(0), noDeducible16: new Decimal(0), noDeducible8: new Decimal(0),
  ivaRetenido: new Decimal(0), importacion16: new Decimal(0), importacionExento: new Decimal(0),
  gravadas16: new Decimal(0), gravadas8: new Decimal(0), exentas16: new Decimal(0), exentas8: new Decimal(0), factor: new Decimal(1), cfdis: 0,
});

const NUMERIC_KEYS = [
  'base16', 'dev16', 'base8', 'dev8', 'base0', 'exento', 'noObjeto', 'noDeducible16', 'noDeducible8', 'ivaRetenido', 'importacion16', 'importacionExento',
  'gravadas16', 'gravadas8', 'exentas16', 'exentas8',
] as const;

export function mergeInto(target: SupplierTotals, src: SupplierTotals): void {
  for (const k of NUMERIC_KEYS) target[k] = target[k].plus(src[k]);
  target.cfdis += src.cfdis;
}

const pos = (v: Decimal) => (v.isNegative() ? new Decimal(0) : v);
/** Whole pesos, half up (docs/diot.md: SAT rounds "aritméticamente"); empty when zero (doubt 4); never negative (doubt 5). */
export const pesos = (v: Decimal): string => {
  const r = roundTo(pos(v), 0);
  return r.isZero() ? '' : r.toFixed(0);
};

/** IVA derived from a base (siie / satcfdi: base × rate), exact until the file rounds it. */
function ivaOf(t: SupplierTotals) {
  const net16 = pos(t.base16.minus(t.dev16));
  const net8 = pos(t.base8.minus(t.dev8));
  const noDed16 = Decimal.min(pos(t.noDeducible16), net16);
  const noDed8 = Decimal.min(pos(t.noDeducible8), net8);
  // Issue 24 §7: the deductible IVA splits into exclusively taxed (fields 18/22), prorated (19/23 creditable, 28/36 not)
  // and exclusively exempt (30/38, not creditable). Without exempt activities and marks it all stays in 18/22.
  const split = (ded: Decimal, gravadas: Decimal, exentas: Decimal, rate: string) => {
    const g = Decimal.min(pos(gravadas), ded);
    const e = Decimal.min(pos(exentas), ded.minus(g));
    const mixto = ded.minus(g).minus(e);
    const prorated = !t.factor.eq(1);
    return {
      exclusivo: (prorated ? g : g.plus(mixto)).times(rate),
      proporcion: prorated ? mixto.times(rate).times(t.factor) : new Decimal(0),
      noProporcion: prorated ? mixto.times(rate).times(new Decimal(1).minus(t.factor)) : new Decimal(0),
      exentas: e.times(rate),
    };
  };
  const s16 = split(net16.minus(noDed16), t.gravadas16, t.exentas16, '0.16');
  const s8 = split(net8.minus(noDed8), t.gravadas8, t.exentas8, '0.08');
  return {
    acreditable16: s16.exclusivo,
    acreditable8: s8.exclusivo,
    proporcion16: s16.proporcion,
    proporcion8: s8.proporcion,
    noProporcion16: s16.noProporcion,
    noProporcion8: s8.noProporcion,
    exentas16: s16.exentas,
    exentas8: s8.exentas,
    noAcreditable16: noDed16.times('0.16'),
    noAcreditable8: noDed8.times('0.08'),
    importacion16: pos(t.importacion16).times('0.16'),
  };
}

/** The 54 fields of one line (SAT 2025 layout; numbering as docs/diot.md and diot-facts.md §3). */
export function diotFields(t: SupplierTotals): string[] {
  const f: string[] = new Array<string>(DIOT_FIELDS).fill('');
  const iva = ivaOf(t);
  f[0] = t.tipoTercero;
  f[1] = t.tipoOperacion;
  f[2] = t.tipoTercero === '05' ? '' : t.rfc;
  f[3] = t.tipoTercero === '05' ? t.idFiscal : '';
  f[4] = t.tipoTercero === '05' ? t.nombre : '';
  f[5] = t.tipoTercero === '05' ? t.pais : '';
  f[6] = t.tipoTercero === '05' && t.pais === 'ZZZ' ? t.jurisdiccion : '';
  f[7] = pesos(t.base8); // 8 valor pagado RFN (8 %)
  f[8] = pesos(t.dev8); // 9 devoluciones RFN
  f[11] = pesos(t.base16); // 12 valor pagado 16 %
  f[12] = pesos(t.dev16); // 13 devoluciones 16 %
  f[13] = pesos(t.importacion16); // 14 importación bienes tangibles 16 %
  f[17] = pesos(iva.acreditable8); // 18 IVA acreditable exclusivamente gravadas RFN
  f[18] = pesos(iva.proporcion8); // 19 IVA acreditable asociado a actividades con proporción RFN
  f[21] = pesos(iva.acreditable16); // 22 IVA acreditable exclusivamente gravadas 16 %
  f[22] = pesos(iva.proporcion16); // 23 IVA acreditable asociado a actividades con proporción 16 %
  f[23] = pesos(iva.importacion16); // 24 IVA acreditable importación tangibles
  f[27] = pesos(iva.noProporcion8); // 28 no acreditable por la proporción RFN
  f[28] = pesos(iva.noAcreditable8); // 29 no acreditable, no cumple requisitos RFN
  f[29] = pesos(iva.exentas8); // 30 no acreditable, actividades exentas RFN
  f[35] = pesos(iva.noProporcion16); // 36 no acreditable por la proporción 16 %
  f[36] = pesos(iva.noAcreditable16); // 37 no acreditable, no cumple requisitos 16 %
  f[37] = pesos(iva.exentas16); // 38 no acreditable, actividades exentas 16 %
  f[47] = pesos(t.ivaRetenido); // 48 IVA retenido por el contribuyente
  f[48] = pesos(t.importacionExento); // 49 importación exenta
  f[49] = pesos(t.exento); // 50 exentos
  f[50] = pesos(t.base0); // 51 tasa 0 %
  f[51] = pesos(t.noObjeto); // 52 no objeto, territorio nacional
  f[53] = '01'; // 54 se dio efectos fiscales a los comprobantes
  return f;
}

/** Pipes and line breaks cannot travel inside a field; names keep their spaces (docs/diot.md, doubt on blanks). */
const clean = (s: string) => s.replace(/[|\r\n]+/g, ' ').trim();

export function diotLine(t: SupplierTotals): string {
  return diotFields({ ...t, nombre: clean(t.nombre), jurisdiccion: clean(t.jurisdiccion), idFiscal: clean(t.idFiscal) }).join('|');
}

/** Order of the file: nationals by RFC, foreigners by tax id, the global row last. */
export function sortSuppliers(list: SupplierTotals[]): SupplierTotals[] {
  const rank = (t: SupplierTotals) => (t.tipoTercero === '04' ? 0 : t.tipoTercero === '05' ? 1 : 2);
  return [...list].sort((a, b) => rank(a) - rank(b) || (a.rfc || a.idFiscal).localeCompare(b.rfc || b.idFiscal));
}

export function diotFile(list: SupplierTotals[]): string {
  return sortSuppliers(list).map((t) => diotLine(t) + EOL).join('');
}

/** Checks one line against the layout: 54 fields, the catalogs and the amount format. Returns the problems. */
export function checkLine(line: string): string[] {
  const f = line.split('|');
  const errors: string[] = [];
  if (f.length !== DIOT_FIELDS) errors.push(`la línea tiene ${f.length} campos, no ${DIOT_FIELDS}`);
  const ops = DIOT_OPERACIONES_POR_TERCERO[f[0] ?? ''];
  if (!ops) errors.push(`tipo de tercero ${f[0]} fuera del catálogo`);
  else if (!ops.includes(f[1] ?? '')) errors.push(`tipo de operación ${f[1]} no válido para el tercero ${f[0]}`);
  if (f[0] === '04' && !/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/.test(f[2] ?? '')) errors.push(`RFC ${f[2]} no válido`);
  if (f[0] === '05' && (!f[3] || !/^[A-Z]{3}$/.test(f[5] ?? ''))) errors.push('extranjero sin número fiscal o país');
  for (let i = 7; i < 53; i++) if (f[i] !== '' && !/^\d{1,14}$/.test(f[i] ?? '')) errors.push(`campo ${i + 1} no es un entero positivo: ${f[i]}`);
  if (f[53] !== '01' && f[53] !== '02') errors.push('campo 54 debe ser 01 o 02');
  return errors;
}

/** What was paid to a supplier in the month (base + IVA), to rank it for the proveedor global. */
export function paidAmount(t: SupplierTotals): Decimal {
  const base = t.base16.minus(t.dev16).plus(t.base8).minus(t.dev8).plus(t.base0).plus(t.exento).plus(t.noObjeto);
  return base.plus(t.base16.minus(t.dev16).times('0.16')).plus(t.base8.minus(t.dev8).times('0.08'));
}

/**
 * Groups the smallest national suppliers (each ≤ $50,000 paid) into one 15/87 row while the group stays
 * ≤ 10 % of everything paid in the month. Suppliers that must go there anyway (generic RFC) are `forced`.
 */
export function groupGlobal(list: SupplierTotals[], enabled: boolean, forced: SupplierTotals[] = []): { rows: SupplierTotals[]; grouped: string[] } {
  const total = [...list, ...forced].reduce((s, t) => s.plus(paidAmount(t)), new Decimal(0));
  const limit = total.times(GLOBAL_MAX_SHARE);
  const global = emptyTotals(GLOBAL_RFC, 'Proveedor global');
  global.tipoTercero = '15';
  global.tipoOperacion = '87';
  let used = new Decimal(0);
  for (const f of forced) { mergeInto(global, f); used = used.plus(paidAmount(f)); }
  const grouped: string[] = [];
  const keep: SupplierTotals[] = [];
  const candidates = enabled
    ? [...list].filter((t) => t.tipoTercero === '04' && paidAmount(t).lte(GLOBAL_MAX_PER_SUPPLIER)).sort((a, b) => paidAmount(a).cmp(paidAmount(b)) || a.rfc.localeCompare(b.rfc))
    : [];
  const chosen = new Set<SupplierTotals>();
  for (const c of candidates) {
    const next = used.plus(paidAmount(c));
    if (next.gt(limit)) break;
    used = next;
    chosen.add(c);
  }
  for (const t of list) {
    if (chosen.has(t)) { mergeInto(global, t); grouped.push(t.rfc); } else keep.push(t);
  }
  if (global.cfdis > 0 || chosen.size > 0) keep.push(global);
  return { rows: keep, grouped };
}

const cents = (v: Decimal) => fixed(roundTo(v, 2), 2);

/** A row as the API shows it (2 decimals; §3 rfc, stotal, stiva16, stiva0, stivaex). */
export function toRow(t: SupplierTotals): DiotRow {
  const iva = ivaOf(t);
  const stotal = t.base16.minus(t.dev16).plus(t.base8).minus(t.dev8).plus(t.base0).plus(t.exento).plus(t.noObjeto).plus(t.importacion16).plus(t.importacionExento);
  return {
    rfc: t.tipoTercero === '05' ? '' : t.rfc, nombre: t.nombre, tipoTercero: t.tipoTercero, tipoOperacion: t.tipoOperacion, idFiscal: t.idFiscal, pais: t.pais,
    stotal: cents(stotal), stiva16: cents(t.base16.minus(t.dev16)), stiva8: cents(t.base8.minus(t.dev8)), stiva0: cents(t.base0), stivaex: cents(t.exento),
    stnoobjeto: cents(t.noObjeto), devoluciones16: cents(t.dev16), devoluciones8: cents(t.dev8),
    iva16: cents(iva.acreditable16.plus(iva.proporcion16)), iva8: cents(iva.acreditable8.plus(iva.proporcion8)),
    ivaNoAcreditable: cents(iva.noAcreditable16.plus(iva.noAcreditable8).plus(iva.noProporcion16).plus(iva.noProporcion8).plus(iva.exentas16).plus(iva.exentas8)), ivaRetenido: cents(t.ivaRetenido),
    importacion16: cents(t.importacion16), importacionExento: cents(t.importacionExento), cfdis: t.cfdis,
  };
}

export interface DiotChange {
  rfc: string;
  nombre: string;
  cambio: 'agregado' | 'eliminado' | 'modificado';
  campos: { campo: string; antes: string; despues: string }[];
}

const DIFF_KEYS = ['tipoOperacion', 'stotal', 'stiva16', 'stiva8', 'stiva0', 'stivaex', 'stnoobjeto', 'devoluciones16', 'devoluciones8', 'iva16', 'iva8', 'ivaNoAcreditable', 'ivaRetenido', 'importacion16', 'importacionExento'] as const;
const keyOf = (r: DiotRow) => `${r.tipoTercero}:${r.rfc || r.idFiscal}`;

/** Per supplier: added, removed or changed (which fields, before and after), for a complementary filing. */
export function diffDiot(before: DiotRow[], after: DiotRow[]): DiotChange[] {
  const old = new Map(before.map((r) => [keyOf(r), r]));
  const now = new Map(after.map((r) => [keyOf(r), r]));
  const out: DiotChange[] = [];
  for (const [k, r] of now) {
    const o = old.get(k);
    if (!o) { out.push({ rfc: r.rfc || r.idFiscal, nombre: r.nombre, cambio: 'agregado', campos: DIFF_KEYS.filter((f) => r[f] !== '0.00' && r[f] !== '').map((f) => ({ campo: f, antes: '', despues: r[f] })) }); continue; }
    const campos = DIFF_KEYS.filter((f) => o[f] !== r[f]).map((f) => ({ campo: f, antes: o[f], despues: r[f] }));
    if (campos.length) out.push({ rfc: r.rfc || r.idFiscal, nombre: r.nombre, cambio: 'modificado', campos });
  }
  for (const [k, o] of old) if (!now.has(k)) out.push({ rfc: o.rfc || o.idFiscal, nombre: o.nombre, cambio: 'eliminado', campos: DIFF_KEYS.filter((f) => o[f] !== '0.00' && o[f] !== '').map((f) => ({ campo: f, antes: o[f], despues: '' })) });
  return out.sort((a, b) => a.rfc.localeCompare(b.rfc));
}

