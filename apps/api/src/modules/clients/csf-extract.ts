import { getCatalog } from '@facturo/cfdi/catalogs';
import { personaFromRfc, rfcProblem, type Persona } from '@facturo/contract';

/**
 * Reads the customer data a Constancia de Situación Fiscal (SAT's CSF / Cédula de Identificación
 * Fiscal) prints, from the PDF's text: RFC, nombre or denominación/razón social, código postal of
 * the domicilio fiscal, idCIF and the régimenes section matched against c_RegimenFiscal.
 * The text layout varies with the PDF reader, so every field is found by its label, not by position.
 */
export interface CsfData {
  rfc: string;
  rSocial: string;
  persona: Persona;
  cp: string | null;
  idCIF: string | null;
  /** c_RegimenFiscal claves in the order the constancia lists them. */
  regimenes: string[];
}

/** Why a text is not a usable constancia. */
export class NotACsfError extends Error {}

/** Lower case, accents folded, anything but letters and digits as single spaces (for matching only). */
const fold = (text: string) =>
  text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9&]+/g, ' ').trim();

// SAT writes labels in title case ("Régimen Capital:") and values in capitals, which tells them apart.
const LABEL_STOP = String.raw`(?=\s+(?:[A-ZÁÉÍÓÚÑ][a-záéíóúñ][A-Za-zÁÉÍÓÚÑáéíóúñ ()/]{1,40}:)|$)`;
const NAME_LABELS = {
  razonSocial: /Denominaci[oó]n\s*\/\s*Raz[oó]n\s+Social\s*:\s*/i,
  nombre: /Nombre\s*\(s\)\s*:\s*/i,
  primer: /Primer\s+Apellido\s*:\s*/i,
  segundo: /Segundo\s+Apellido\s*:\s*/i,
};

/**
 * The value printed after a label, up to the next "Label:" or the end of the line. PDF readers
 * sometimes put the value on the next line (label and value are separate text runs): then that
 * line is taken, unless it is itself a label.
 */
function valueAfter(text: string, label: RegExp): string | null {
  const m = label.exec(text);
  if (!m) return null;
  const lines = text.slice(m.index + m[0].length).split('\n');
  let line = (lines[0] ?? '').trim();
  if (!line && lines[1] && !/^[^:]{2,40}:/.test(lines[1].trim())) line = lines[1].trim();
  const stop = new RegExp(`^(.*?)${LABEL_STOP}`).exec(line);
  const value = (stop ? stop[1] : line)!.replace(/\s+/g, ' ').trim();
  return value || null;
}

/** c_RegimenFiscal claves named in the régimenes section, in order; a name inside a longer match is not counted. */
export function regimenesIn(section: string): string[] {
  const text = fold(section);
  const hits: { clave: string; start: number; end: number }[] = [];
  for (const r of getCatalog('c_RegimenFiscal')) {
    const key = fold(r.descripcion).replace(/^regimen (de (las |los )?)?/, '');
    for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + key.length)) {
      hits.push({ clave: r.clave, start: at, end: at + key.length });
    }
  }
  const kept = hits.filter((h) => !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start));
  kept.sort((a, b) => a.start - b.start);
  return [...new Set(kept.map((h) => h.clave))];
}

/**
 * Extracts the constancia's data from its text.
 * @throws NotACsfError (Spanish message) when the text is not a CSF or lacks a valid RFC or name.
 */
export function extractCsf(rawText: string): CsfData {
  const text = rawText.replace(/\r/g, '').replace(/[ \t\u00a0]+/g, ' ');
  const folded = fold(text);
  if (!folded.includes('constancia de situacion fiscal') && !folded.includes('cedula de identificacion fiscal')) {
    throw new NotACsfError('El archivo no es una Constancia de Situación Fiscal del SAT');
  }
  const rfcMatch = /\bRFC\s*:\s*([A-ZÑ&]{3,4}\d{6}[A-Z\d]{3})\b/.exec(text);
  if (!rfcMatch || rfcProblem(rfcMatch[1]!)) throw new NotACsfError('No se encontró un RFC válido en la constancia');
  const rfc = rfcMatch[1]!;
  const persona = personaFromRfc(rfc);

  let rSocial = persona === 'moral' ? valueAfter(text, NAME_LABELS.razonSocial) : null;
  if (!rSocial) {
    rSocial = [valueAfter(text, NAME_LABELS.nombre), valueAfter(text, NAME_LABELS.primer), valueAfter(text, NAME_LABELS.segundo)]
      .filter(Boolean).join(' ') || valueAfter(text, NAME_LABELS.razonSocial);
  }
  if (!rSocial) throw new NotACsfError('No se encontró el nombre o la razón social en la constancia');

  const cp = /C[oó]digo\s+Postal\s*:\s*(\d{5})\b/i.exec(text)?.[1] ?? null;
  const idCIF = /idCIF\s*:\s*(\d{6,})/i.exec(text)?.[1] ?? null;
  const start = text.search(/Reg[ií]menes\s*:/i);
  const end = start >= 0 ? text.slice(start).search(/Obligaciones\s*:/i) : -1;
  const section = start >= 0 ? text.slice(start, end > 0 ? start + end : undefined) : '';
  return { rfc, rSocial, persona, cp, idCIF, regimenes: regimenesIn(section) };
}
