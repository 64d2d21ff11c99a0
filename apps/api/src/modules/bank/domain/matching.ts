/**
 * Matching bank movements to open CFDI (issue 27 §2, decision 295). Pure and index-driven so 10,000 movements
 * × 100,000 CFDI match in well under the 5 s budget: every amount is integer cents, open CFDI are indexed by
 * cents (exact same-currency amounts: one Map lookup), by cents sorted (foreign-currency saldos converted at
 * the day's rate: a binary-searched tolerance band), by counterparty RFC, by folio and by UUID prefix. Nothing
 * here scans all CFDI per movement.
 *
 * Rules: deposits pay issued invoices (PUE unpaid, PPD with saldo), withdrawals pay received CFDI; the CFDI is
 * dated on or before the movement and at most `windowDays` before it (a payment before its invoice is an
 * anticipo, not a payment: issue 24). The proposal is the best allocation: one CFDI for the exact amount, the
 * sum of several CFDI of one counterparty (recognised by RFC, name, folio or UUID in the description, or found
 * by amount among its open CFDI), or a partial payment of a CFDI the description names.
 */

export interface MatchMovement {
  id: number;
  fecha: string;
  /** Signed cents: deposits positive, withdrawals negative. */
  cents: number;
  descripcion: string;
  referencia: string | null;
}

export interface OpenCfdi {
  uuid: string;
  direction: 'emitido' | 'recibido';
  /** The counterparty: the receptor of an issued invoice, the emisor of a received one. */
  rfc: string;
  nombre: string | null;
  serie: string | null;
  folio: string | null;
  fecha: string;
  moneda: string;
  /** Open balance in the CFDI's currency, in cents. */
  saldoCents: number;
  metodoPago: string | null;
  /** The CFDI's own TipoCambio: the conversion used when no rate for the day is known. */
  tipoCambio?: number;
}

export interface MatchOptions {
  /** The account's currency: CFDI in another currency are converted with `rate`. */
  moneda: string;
  /**
   * Units of the account's currency per unit of `moneda` on `fecha` (DOF FIX), or null when unknown. Asked for the
   * movement's day: a foreign-currency invoice is paid at the payment day's rate, not its own TipoCambio (which is
   * only the fallback when the day's rate is unknown).
   */
  rate?: (moneda: string, fecha: string) => number | null;
  /** Relative tolerance for converted amounts (default 1 %). */
  fxTolerance?: number;
  /** How far back a CFDI may be dated (default 120 days). */
  windowDays?: number;
}

export interface Allocation {
  uuid: string;
  /** Part of the movement applied to this CFDI, in the movement's currency (cents). */
  cents: number;
  confianza: number;
}

export interface MatchResult {
  movementId: number;
  propuesta: Allocation[];
  /** Other single-CFDI candidates, best first. */
  alternativas: Allocation[];
}

const DAY = 86_400_000;
const dayNum = (iso: string) => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY);
// ASCII (almost every folio, RFC and bank description) skips the costly NFD pass.
const norm = (s: string) => (/^[\x20-\x7E]*$/.test(s) ? s.toUpperCase() : s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase());
const RFC_RE = /\b([A-Z&Ñ]{3,4}\d{6}[A-Z0-9]{3})\b/g;
const STOP = new Set(['SA', 'DE', 'CV', 'S', 'A', 'C', 'V', 'RL', 'SC', 'SAPI', 'THE', 'DEL', 'LA', 'LOS', 'LAS', 'Y', 'SAS', 'SPEI', 'PAGO', 'TRANSFERENCIA']);
const nameWords = (nombre: string | null) => norm(nombre ?? '').split(/[^A-Z0-9Ñ&]+/).filter((w) => w.length > 2 && !STOP.has(w));
const NO_WORDS: string[] = [];

interface Prepared extends OpenCfdi {
  day: number;
  /** Saldo in the account's currency, cents (converted when foreign). */
  localCents: number;
  fx: boolean;
  words: string[];
}

export class Matcher {
  private readonly byCents = new Map<number, Prepared[]>();
  private readonly fxSorted: Prepared[] = [];
  /** Foreign-currency CFDI per currency, by saldo in their own currency: converted at each movement's day rate. */
  private readonly fxByCurrency = new Map<string, Prepared[]>();
  private readonly byRfc = new Map<string, Prepared[]>();
  private readonly byFolio = new Map<string, Prepared[]>();
  private readonly byUuid8 = new Map<string, Prepared>();
  private readonly byUuid = new Map<string, Prepared>();
  private readonly remaining = new Map<string, number>();
  private readonly window: number;
  private readonly tol: number;

  constructor(cfdis: OpenCfdi[], private readonly opts: MatchOptions) {
    this.window = opts.windowDays ?? 120;
    this.tol = opts.fxTolerance ?? 0.01;
    const push = <K>(m: Map<K, Prepared[]>, k: K, p: Prepared) => {
      const list = m.get(k);
      if (list) list.push(p);
      else m.set(k, [p]);
    };
    // A customer's name is shared by all its invoices: split it once.
    const words = new Map<string, string[]>();
    // Invoices share their days: parse each date once.
    const days = new Map<string, number>();
    const dayOf = (fecha: string) => {
      let d = days.get(fecha);
      if (d === undefined) days.set(fecha, (d = dayNum(fecha)));
      return d;
    };
    const wordsOf = (nombre: string | null) => {
      if (!nombre) return NO_WORDS;
      let w = words.get(nombre);
      if (!w) words.set(nombre, (w = nameWords(nombre)));
      return w;
    };
    for (const c of cfdis) {
      if (c.saldoCents <= 0) continue;
      const fx = c.moneda !== opts.moneda;
      const rate = fx ? (c.tipoCambio ?? null) : 1;
      // localCents places a foreign saldo, at its own TipoCambio, in the fallback index (used when the payment
      // day's rate is unknown); what is paid is computed later by the payment service in decimal arithmetic.
      // Written field by field (not spread): one object shape for all 100,000, less for the collector to do.
      const p: Prepared = {
        uuid: c.uuid, direction: c.direction, rfc: c.rfc.toUpperCase(), nombre: c.nombre, serie: c.serie, folio: c.folio, fecha: c.fecha, moneda: c.moneda,
        saldoCents: c.saldoCents, metodoPago: c.metodoPago, tipoCambio: c.tipoCambio,
        day: dayOf(c.fecha), localCents: rate == null ? -1 : Math.round(c.saldoCents * rate), fx, words: wordsOf(c.nombre),
      };
      this.remaining.set(c.uuid, c.saldoCents);
      if (!fx) push(this.byCents, p.localCents, p);
      else {
        push(this.fxByCurrency, c.moneda, p);
        if (p.localCents > 0) this.fxSorted.push(p);
      }
      push(this.byRfc, p.rfc, p);
      if (c.folio) {
        const f = norm(c.folio).replace(/^0+/, '');
        push(this.byFolio, `${norm(c.serie ?? '')}${f}`, p);
        if (c.serie) push(this.byFolio, `${norm(c.serie)}-${f}`, p);
      }
      this.byUuid8.set(c.uuid.slice(0, 8).toUpperCase(), p);
      this.byUuid.set(c.uuid, p);
    }
    this.fxSorted.sort((a, b) => a.localCents - b.localCents);
    for (const list of this.fxByCurrency.values()) list.sort((a, b) => a.saldoCents - b.saldoCents);
  }

  private eligible(p: Prepared, m: MatchMovement, mday: number): boolean {
    if ((m.cents > 0) !== (p.direction === 'emitido')) return false;
    if (p.day > mday || mday - p.day > this.window) return false;
    return (this.remaining.get(p.uuid) ?? 0) > 0;
  }

  /** What the description and reference say: RFCs, folios, UUID prefixes and the CFDI they name. */
  private named(m: MatchMovement): { rfcs: Set<string>; cfdis: Set<Prepared>; text: string } {
    const text = norm(`${m.descripcion} ${m.referencia ?? ''}`);
    const rfcs = new Set<string>();
    for (const r of text.matchAll(RFC_RE)) rfcs.add(r[1]!);
    const cfdis = new Set<Prepared>();
    for (const tok of text.split(/[^A-Z0-9-]+/)) {
      if (!tok) continue;
      const t = tok.replace(/^0+/, '');
      for (const key of [tok, t, tok.replace(/^([A-Z]+)-?0*/, '$1')]) for (const p of this.byFolio.get(key) ?? []) cfdis.add(p);
      if (/^[0-9A-F]{8}/.test(tok)) {
        const p = this.byUuid8.get(tok.slice(0, 8));
        if (p) cfdis.add(p);
      }
      // A bare number is a folio only when it is at least 3 digits (avoids matching "1" of "PAGO 1 DE 3").
      if (/^\d{3,}$/.test(t)) for (const p of this.byFolio.get(t) ?? []) cfdis.add(p);
    }
    return { rfcs, cfdis, text };
  }

  private score(p: Prepared, m: MatchMovement, mday: number, named: ReturnType<Matcher['named']>, exact: boolean): number {
    let s = exact ? (p.fx ? 0.45 : 0.55) : 0.3;
    if (named.rfcs.has(p.rfc.toUpperCase())) s += 0.25;
    if (named.cfdis.has(p)) s += 0.25;
    else if (p.words.length && p.words.filter((w) => named.text.includes(w)).length >= Math.min(2, p.words.length)) s += 0.15;
    // Closer dates weigh a little more (a payment usually follows its invoice within weeks).
    s += 0.05 * Math.max(0, 1 - (mday - p.day) / this.window);
    return Math.min(0.99, s);
  }

  /** Foreign-currency CFDI whose saldo, at the movement day's rate (else their own TipoCambio), is `abs` ± tolerance. */
  private fxCandidates(abs: number, fecha: string): Prepared[] {
    const out: Prepared[] = [];
    let fallback: Set<string> | null = null;
    for (const [moneda, list] of this.fxByCurrency) {
      const rate = this.opts.rate?.(moneda, fecha) ?? null;
      if (rate && rate > 0) band(list, (p) => p.saldoCents, abs / rate / (1 + this.tol), abs / rate / (1 - this.tol), out);
      else (fallback ??= new Set()).add(moneda);
    }
    if (fallback) band(this.fxSorted, (p) => p.localCents, abs * (1 - this.tol), abs * (1 + this.tol), out, fallback);
    return out;
  }

  /** Subsets of one counterparty's open CFDI (at most 4, from its 24 most recent) adding up to `target` cents. */
  private sumOf(list: Prepared[], target: number): Prepared[] | null {
    const pool = list.filter((p) => !p.fx && p.localCents > 0 && p.localCents <= target).sort((a, b) => b.day - a.day).slice(0, 24);
    const pick: Prepared[] = [];
    const dfs = (start: number, left: number): boolean => {
      if (left === 0) return pick.length >= 2;
      if (pick.length === 4) return false;
      for (let i = start; i < pool.length; i++) {
        const c = this.remaining.get(pool[i]!.uuid) ?? 0;
        if (c > left || c <= 0) continue;
        pick.push(pool[i]!);
        if (dfs(i + 1, left - c)) return true;
        pick.pop();
      }
      return false;
    };
    return dfs(0, target) ? [...pick] : null;
  }

  /** The best allocation for one movement; `commit` books it so later movements do not reuse the same saldo. */
  match(m: MatchMovement, commit = true): MatchResult {
    const abs = Math.abs(m.cents);
    const mday = dayNum(m.fecha);
    const named = this.named(m);
    const ok = (p: Prepared) => this.eligible(p, m, mday);
    const singles = new Map<Prepared, number>();
    for (const p of this.byCents.get(abs) ?? []) if (ok(p) && this.remaining.get(p.uuid) === p.saldoCents) singles.set(p, this.score(p, m, mday, named, true));
    for (const p of this.fxCandidates(abs, m.fecha)) if (ok(p) && this.remaining.get(p.uuid) === p.saldoCents) singles.set(p, this.score(p, m, mday, named, true));
    // A CFDI already partly taken by an earlier movement matches on what remains of it.
    for (const p of named.cfdis) if (ok(p) && !p.fx && this.remaining.get(p.uuid) === abs && !singles.has(p)) singles.set(p, this.score(p, m, mday, named, true));
    const ranked = [...singles.entries()].sort((a, b) => b[1] - a[1] || b[0].day - a[0].day);
    let propuesta: Allocation[] = [];
    if (ranked.length) {
      const [best, conf] = ranked[0]!;
      // Several equally good candidates: the proposal stands but its confidence says the choice is a guess.
      const ties = ranked.filter(([, c]) => c === conf).length;
      propuesta = [{ uuid: best.uuid, cents: abs, confianza: roundScore(ties > 1 ? conf / ties : conf) }];
    } else {
      const counterparties = new Set<string>(named.rfcs);
      for (const p of named.cfdis) counterparties.add(p.rfc.toUpperCase());
      for (const rfc of counterparties) {
        const list = (this.byRfc.get(rfc) ?? []).filter(ok);
        const combo = this.sumOf(list, abs);
        if (combo) {
          const conf = roundScore(Math.min(0.95, 0.6 + (named.rfcs.has(rfc) ? 0.2 : 0) + 0.05 * combo.filter((p) => named.cfdis.has(p)).length));
          propuesta = combo.map((p) => ({ uuid: p.uuid, cents: this.remaining.get(p.uuid)!, confianza: conf }));
          break;
        }
      }
      if (!propuesta.length) {
        // A partial payment of a CFDI the description names (PPD parcialidad, or the rest of one).
        const partial = [...named.cfdis].filter((p) => ok(p) && !p.fx && (this.remaining.get(p.uuid) ?? 0) > abs).sort((a, b) => b.day - a.day);
        if (partial.length === 1) propuesta = [{ uuid: partial[0]!.uuid, cents: abs, confianza: roundScore(0.5 + (named.rfcs.has(partial[0]!.rfc) ? 0.15 : 0)) }];
      }
    }
    // A converted (foreign-currency) CFDI is settled whole: its saldo is in another currency than the movement.
    if (commit) for (const a of propuesta) this.remaining.set(a.uuid, this.byUuid.get(a.uuid)!.fx ? 0 : (this.remaining.get(a.uuid) ?? 0) - a.cents);
    const alternativas = ranked.slice(1, 4).map(([p, c]) => ({ uuid: p.uuid, cents: abs, confianza: roundScore(c) }));
    return { movementId: m.id, propuesta, alternativas };
  }

}

/** Appends the entries of `sorted` (ascending by `key`) with lo ≤ key ≤ hi (binary search), of `only` currencies if given. */
function band(sorted: Prepared[], key: (p: Prepared) => number, lo: number, hi: number, out: Prepared[], only?: Set<string>): void {
  let a = 0;
  let b = sorted.length;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (key(sorted[mid]!) < lo) a = mid + 1;
    else b = mid;
  }
  for (let i = a; i < sorted.length && key(sorted[i]!) <= hi; i++) if (!only || only.has(sorted[i]!.moneda)) out.push(sorted[i]!);
}

/** A confidence score (0–1) to two places for display: a score, not money (amounts here are integer cents). */
const roundScore = (n: number) => Math.round(n * 100) / 100;

/**
 * Matches movements in date order (earlier payments settle earlier invoices), the most certain first within
 * a day so an ambiguous one does not take the saldo a certain one needs.
 */
export function matchMovements(movements: MatchMovement[], cfdis: OpenCfdi[], opts: MatchOptions): MatchResult[] {
  const matcher = new Matcher(cfdis, opts);
  const order = [...movements].sort((a, b) => a.fecha.localeCompare(b.fecha) || a.id - b.id);
  const out = new Map<number, MatchResult>();
  for (const m of order) out.set(m.id, matcher.match(m));
  return movements.map((m) => out.get(m.id)!);
}
