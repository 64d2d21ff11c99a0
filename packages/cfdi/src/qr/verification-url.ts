import { Decimal, toDecimal } from '../money';

/** SAT's public verification page that the printed QR points to. */
export const SAT_VERIFICATION_BASE = 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx';

export interface VerificationUrlInput {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** The Total attribute as written in the XML. */
  total: string;
  /** The Sello attribute (base64); only its last 8 characters go into the URL. */
  sello: string;
}

export interface VerificationUrlOptions {
  /**
   * Expression standard: '2017' (CFDI 3.3 and 4.0, both use the one published with 3.3 on 2017-07-01)
   * or '3.2' (the older re/rr/tt/id form with a zero-padded total and no sello).
   */
  standard?: '2017' | '3.2';
  /** Overrides the SAT page, e.g. for a sandbox viewer. */
  baseUrl?: string;
}

/**
 * The QR text of the printed representation (Anexo 20, "código de barras bidimensional"):
 * `…default.aspx?id=UUID&re=RFC&rr=RFC&tt=TOTAL&fe=LAST8`.
 * tt carries the total with up to 6 decimals, trailing zeros dropped but at least one decimal kept.
 * RFCs are XML-escaped as SAT prints them (an RFC may contain `&`).
 */
export function verificationUrl(input: VerificationUrlInput, opts: VerificationUrlOptions = {}): string {
  const base = opts.baseUrl ?? SAT_VERIFICATION_BASE;
  if (opts.standard === '3.2') {
    return `${base}?re=${escapeRfc(input.rfcEmisor)}&rr=${escapeRfc(input.rfcReceptor)}&tt=${formatTotal10x6(input.total)}&id=${input.uuid}`;
  }
  return (
    `${base}?id=${input.uuid}` +
    `&re=${escapeRfc(input.rfcEmisor)}` +
    `&rr=${escapeRfc(input.rfcReceptor)}` +
    `&tt=${formatTotal18x6(input.total)}` +
    `&fe=${input.sello.slice(-8)}`
  );
}

/**
 * The Total as a decimal. `new Decimal()` would also take "1e3" or "Infinity" and put a number
 * the XML does not hold into the QR; a total that is not a plain decimal is refused.
 * @throws Error (Spanish) for such a total.
 */
const totalOf = (total: string): Decimal => toDecimal(total.trim() || '0');

/**
 * Total with at most 6 decimals, trailing zeros removed, keeping one decimal: 1160.00 → 1160.0.
 * @throws Error (Spanish) when the total is not a plain decimal.
 */
export function formatTotal18x6(total: string): string {
  const fixed = totalOf(total).toFixed(6, Decimal.ROUND_HALF_UP);
  const trimmed = fixed.replace(/0+$/, '');
  return trimmed.endsWith('.') ? `${trimmed}0` : trimmed;
}

/**
 * CFDI 3.2 form: 10 integer digits zero-padded, a dot and 6 decimals (0000001160.000000).
 * @throws Error (Spanish) when the total is not a plain decimal.
 */
export function formatTotal10x6(total: string): string {
  const [int, dec] = totalOf(total).toFixed(6, Decimal.ROUND_HALF_UP).split('.');
  return `${int.padStart(10, '0')}.${dec}`;
}

const escapeRfc = (rfc: string): string =>
  rfc.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
