import { extractText, getDocumentProxy } from 'unpdf';
import { MONTHS } from '@facturo/contract';
import { fieldError } from '../../http/errors';

/** An acuse is one or two pages; anything much longer is not one and is not read further. */
const MAX_PAGES = 10;

/** Accents, case and spacing aside: "Declaración  informativa" reads as "DECLARACION INFORMATIVA". */
export const normalizeText = (s: string): string =>
  s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ');

/** What follows each occurrence of `label` (up to `span` characters), where a value like "Periodo: Marzo" sits. */
const after = (text: string, label: string, span: number): string[] => {
  const out: string[] = [];
  for (let at = text.indexOf(label); at >= 0; at = text.indexOf(label, at + 1)) out.push(text.slice(at + label.length, at + label.length + span));
  return out;
};

/**
 * Issue 25 §10: the uploaded PDF must be SAT's acuse of the DIOT for this RFC and period — its text reads
 * "Acuse de recibo" and "Declaración Informativa de Operaciones con Terceros" and names the RFC, the ejercicio
 * and the periodo (the month by name or number, as SAT writes "Periodo: Marzo" or "Periodo: 03").
 * @throws AppError 422 naming the `field` when it is not readable, not an acuse, or of another RFC or period.
 */
export async function checkDiotAcuse(pdf: Buffer, expected: { rfc: string; year: number; month: number }, field: string): Promise<void> {
  let raw: string;
  try {
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    if (doc.numPages > MAX_PAGES) throw new Error('too long');
    raw = (await extractText(doc, { mergePages: true })).text;
  } catch {
    throw fieldError(field, 'No se pudo leer el PDF del acuse; verifica que no esté dañado ni protegido');
  }
  const text = normalizeText(raw);
  if (!text.includes('ACUSE DE RECIBO') || !text.includes('DECLARACION INFORMATIVA DE OPERACIONES CON TERCEROS')) {
    throw fieldError(field, 'El archivo no es un acuse de recibo de la DIOT del SAT: debe decir «Acuse de recibo» y «Declaración Informativa de Operaciones con Terceros»');
  }
  if (!new RegExp(`(^|[^A-Z0-9&Ñ])${expected.rfc.replace(/&/g, '\\&')}([^A-Z0-9]|$)`).test(text)) {
    throw fieldError(field, `El acuse no es del RFC ${expected.rfc}: sube el acuse de la DIOT de tu cuenta`);
  }
  const monthName = normalizeText(MONTHS[expected.month - 1]!);
  const period = `${MONTHS[expected.month - 1]} de ${expected.year}`;
  const yearRe = new RegExp(`^[^0-9]{0,5}${expected.year}(?![0-9])`);
  if (!after(text, 'EJERCICIO', 30).some((s) => yearRe.test(s))) {
    throw fieldError(field, `El acuse no es del ejercicio ${expected.year}: la DIOT es de ${period}`);
  }
  const monthRe = new RegExp(`^[^0-9A-Z]{0,5}(${monthName}(?![A-Z])|0?${expected.month}(?![0-9]))`);
  if (!after(text, 'PERIODO', 30).some((s) => monthRe.test(s))) {
    throw fieldError(field, `El acuse no es del periodo de la DIOT (${period})`);
  }
}
