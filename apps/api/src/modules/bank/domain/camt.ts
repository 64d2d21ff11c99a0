import { parseXml, isElement, type XmlElement } from '@facturo/cfdi/xml';
import { Decimal } from '@facturo/cfdi/money';
import { StatementFormatError, type ParsedFile, type ParsedMovement, type ParsedStatement, type StatementRejection } from './statement';

/**
 * ISO 20022 CAMT.053 (bank-to-customer statement), versions 001.02 to 001.08. Elements are found by local name
 * only: the versions differ in their namespace URI, and the parts read here (Stmt, Bal, Ntry, TxDtls) kept
 * their names and places across them (001.08 only wrapped Sts in a Cd).
 */
const kids = (e: XmlElement | undefined, local: string): XmlElement[] =>
  e ? e.children.filter((c): c is XmlElement => isElement(c) && c.local === local) : [];
const kid = (e: XmlElement | undefined, local: string): XmlElement | undefined => kids(e, local)[0];
const path = (e: XmlElement | undefined, ...locals: string[]): XmlElement | undefined => locals.reduce<XmlElement | undefined>((cur, l) => kid(cur, l), e);
const text = (e: XmlElement | undefined): string | null => {
  if (!e) return null;
  const t = e.children.filter((c) => !isElement(c)).map((c) => (c as { text: string }).text).join('').trim();
  return t || null;
};

function signed(amt: XmlElement | undefined, ind: string | null): string | null {
  const v = text(amt);
  if (!v || !/^\d+(\.\d+)?$/.test(v)) return null;
  const d = new Decimal(v);
  return (ind === 'DBIT' ? d.negated() : d).toFixed(2);
}

function balance(stmt: XmlElement, codes: string[]): string | null {
  for (const code of codes) {
    for (const bal of kids(stmt, 'Bal')) {
      const cd = text(path(bal, 'Tp', 'CdOrPrtry', 'Cd')) ?? text(path(bal, 'Tp', 'CdOrPrtry', 'Prtry'));
      if (cd === code) return signed(kid(bal, 'Amt'), text(kid(bal, 'CdtDbtInd')));
    }
  }
  return null;
}

const day = (e: XmlElement | undefined): string | null => {
  const v = text(kid(e, 'Dt')) ?? text(kid(e, 'DtTm'));
  return v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
};

function entry(ntry: XmlElement): { movement?: ParsedMovement; reason?: string } {
  const ind = text(kid(ntry, 'CdtDbtInd'));
  if (ind !== 'CRDT' && ind !== 'DBIT') return { reason: 'no indica si es abono o cargo (CdtDbtInd)' };
  const importe = signed(kid(ntry, 'Amt'), ind);
  if (!importe) return { reason: 'el importe (Amt) falta o no es un número' };
  const fecha = day(kid(ntry, 'BookgDt')) ?? day(kid(ntry, 'ValDt'));
  if (!fecha) return { reason: 'no tiene fecha de registro (BookgDt) ni valor (ValDt)' };
  const txs = kids(kid(ntry, 'NtryDtls'), 'TxDtls');
  const parts: string[] = [];
  const add = (v: string | null) => { if (v && !parts.includes(v)) parts.push(v); };
  add(text(kid(ntry, 'AddtlNtryInf')));
  let contraparte: string | null = null;
  let referencia: string | null = text(kid(ntry, 'NtryRef'));
  for (const tx of txs) {
    for (const u of kids(kid(tx, 'RmtInf'), 'Ustrd')) add(text(u));
    for (const s of kids(kid(tx, 'RmtInf'), 'Strd')) add(text(path(s, 'CdtrRefInf', 'Ref')));
    add(text(kid(tx, 'AddtlTxInf')));
    const party = ind === 'CRDT' ? path(tx, 'RltdPties', 'Dbtr') : path(tx, 'RltdPties', 'Cdtr');
    const nm = text(kid(party, 'Nm')) ?? text(path(party, 'Pty', 'Nm'));
    if (nm) { contraparte ??= nm; add(nm); }
    const e2e = text(path(tx, 'Refs', 'EndToEndId'));
    if (!referencia && e2e && e2e !== 'NOTPROVIDED') referencia = e2e;
  }
  return {
    movement: {
      fecha, importe, descripcion: parts.join(' · ') || (ind === 'CRDT' ? 'Abono' : 'Cargo'), referencia,
      saldo: null, bankId: text(kid(ntry, 'AcctSvcrRef')), contraparte,
    },
  };
}

export function parseCamt053(bytes: Uint8Array | string): ParsedFile {
  let root: XmlElement;
  try {
    root = parseXml(bytes, { maxBytes: 100 * 1024 * 1024 });
  } catch (e) {
    throw new StatementFormatError(`El archivo CAMT.053 no es un XML válido: ${(e as Error).message}`);
  }
  const report = kid(root, 'BkToCstmrStmt');
  if (root.local !== 'Document' || !report) throw new StatementFormatError('El XML no es un estado de cuenta CAMT.053 (falta BkToCstmrStmt)');
  const statements: ParsedStatement[] = [];
  const rechazados: StatementRejection[] = [];
  for (const stmt of kids(report, 'Stmt')) {
    const acct = kid(stmt, 'Acct');
    const cuenta = text(path(acct, 'Id', 'IBAN')) ?? text(path(acct, 'Id', 'Othr', 'Id')) ?? text(kid(stmt, 'Id'));
    const movimientos: ParsedMovement[] = [];
    kids(stmt, 'Ntry').forEach((ntry, i) => {
      const r = entry(ntry);
      if (r.movement) movimientos.push(r.movement);
      else rechazados.push({ linea: `movimiento ${i + 1} del estado ${cuenta ?? statements.length + 1}`, motivo: `El movimiento ${r.reason}` });
    });
    statements.push({
      cuenta,
      moneda: text(kid(acct, 'Ccy')) ?? kid(kid(stmt, 'Bal'), 'Amt')?.attrs.get('Ccy') ?? null,
      apertura: balance(stmt, ['OPBD', 'PRCD']),
      cierre: balance(stmt, ['CLBD']),
      movimientos,
    });
  }
  if (!statements.length) throw new StatementFormatError('El CAMT.053 no contiene ningún estado de cuenta (Stmt)');
  return { formato: 'CAMT.053', statements, rechazados };
}
