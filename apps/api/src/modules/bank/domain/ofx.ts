import { Decimal } from '@facturo/cfdi/money';
import { isoDay, StatementFormatError, type ParsedFile, type ParsedMovement, type ParsedStatement, type StatementRejection } from './statement';

/**
 * OFX 1.x (SGML: leaf elements are not closed) and 2.x (XML). No maintained OFX library exists on npm for Node
 * (the known ones are unmaintained since 2017-2019, see decision 295), and both versions share one shape:
 * a tokenizer that treats `<TAG>value` without a closing tag as a leaf reads both.
 */
interface Node {
  name: string;
  value: string | null;
  children: Node[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) => s.replace(/&(#\d+|#x[0-9a-f]+|\w+);/gi, (m, e: string) =>
  e[0] === '#' ? String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)) : (ENTITIES[e.toLowerCase()] ?? m));

function tree(body: string): Node {
  const root: Node = { name: '#root', value: null, children: [] };
  const stack: Node[] = [root];
  const re = /<(\/?)([A-Za-z0-9._]+)[^>]*>([^<]*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    const [, close, rawName, rawText] = m;
    const name = rawName!.toUpperCase();
    if (close) {
      // Closing an aggregate: pop up to it (a closed leaf of OFX 2.x has already been consumed below).
      const at = stack.map((n) => n.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const value = rawText!.trim();
    const parent = stack[stack.length - 1]!;
    if (value) {
      parent.children.push({ name, value: decode(value), children: [] });
      // OFX 2.x closes its leaves: skip the closing tag right after.
      const next = new RegExp(`^</${rawName}>`, 'i').exec(body.slice(re.lastIndex));
      if (next) re.lastIndex += next[0].length;
    } else {
      const node: Node = { name, value: null, children: [] };
      parent.children.push(node);
      stack.push(node);
    }
  }
  return root;
}

const find = (n: Node | undefined, name: string): Node | undefined => n?.children.find((c) => c.name === name);
const all = (n: Node | undefined, name: string, out: Node[] = []): Node[] => {
  for (const c of n?.children ?? []) {
    if (c.name === name) out.push(c);
    else all(c, name, out);
  }
  return out;
};
const val = (n: Node | undefined, name: string): string | null => find(n, name)?.value ?? null;

/** OFX date: YYYYMMDD[HHMMSS[.XXX]][[±hh:TZ]] → the day as written (the bank's own calendar day). */
function ofxDay(raw: string | null): string | null {
  const m = raw ? /^(\d{4})(\d{2})(\d{2})/.exec(raw) : null;
  return m ? isoDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function amount(raw: string | null): string | null {
  if (!raw) return null;
  const s = raw.trim().replace(',', '.');
  return /^[+-]?\d+(\.\d+)?$/.test(s) ? new Decimal(s).toFixed(2) : null;
}

export function parseOfx(bytes: Uint8Array | string): ParsedFile {
  const raw = typeof bytes === 'string' ? bytes : new TextDecoder('latin1').decode(bytes);
  const text = /ENCODING:\s*UTF-8|encoding="utf-8"/i.test(raw) && typeof bytes !== 'string' ? new TextDecoder('utf-8').decode(bytes) : raw;
  const start = text.search(/<OFX>/i);
  if (start < 0) throw new StatementFormatError('El archivo no es un OFX: no contiene el elemento <OFX>');
  const root = tree(text.slice(start));
  const stmts = [...all(root, 'STMTRS'), ...all(root, 'CCSTMTRS')];
  if (!stmts.length) throw new StatementFormatError('El OFX no contiene ningún estado de cuenta (STMTRS o CCSTMTRS)');
  const statements: ParsedStatement[] = [];
  const rechazados: StatementRejection[] = [];
  for (const st of stmts) {
    const acct = find(st, 'BANKACCTFROM') ?? find(st, 'CCACCTFROM');
    const cuenta = val(acct, 'ACCTID');
    const movimientos: ParsedMovement[] = [];
    all(st, 'BANKTRANLIST').flatMap((l) => all(l, 'STMTTRN')).forEach((t, i) => {
      const where = `movimiento ${i + 1} de la cuenta ${cuenta ?? '?'}`;
      const importe = amount(val(t, 'TRNAMT'));
      if (!importe) return void rechazados.push({ linea: where, motivo: 'El importe (TRNAMT) falta o no es un número' });
      const fecha = ofxDay(val(t, 'DTPOSTED')) ?? ofxDay(val(t, 'DTUSER'));
      if (!fecha) return void rechazados.push({ linea: where, motivo: 'La fecha (DTPOSTED) falta o no es válida' });
      const name = val(t, 'NAME') ?? find(t, 'PAYEE')?.children.find((c) => c.name === 'NAME')?.value ?? null;
      const memo = val(t, 'MEMO');
      movimientos.push({
        fecha, importe,
        descripcion: [name, memo].filter((x, j, arr) => x && arr.indexOf(x) === j).join(' · ') || (val(t, 'TRNTYPE') ?? 'Movimiento'),
        referencia: val(t, 'REFNUM') ?? val(t, 'CHECKNUM'),
        saldo: null, bankId: val(t, 'FITID'), contraparte: name,
      });
    });
    const cierre = amount(val(find(st, 'LEDGERBAL'), 'BALAMT'));
    statements.push({ cuenta, moneda: val(st, 'CURDEF'), apertura: null, cierre, movimientos });
  }
  return { formato: 'OFX', statements, rechazados };
}
