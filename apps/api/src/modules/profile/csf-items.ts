/**
 * Fiscal obligations and economic activities as a Constancia de Situación Fiscal prints them, read
 * from the PDF's text. SAT lays each section out as a table whose rows end in dates (dd/mm/aaaa);
 * PDF readers may wrap long cells over several lines, so a section is read as one run of text and
 * split at the dates, not line by line.
 */

export interface CsfObligation {
  descripcion: string;
  vencimiento: string;
  init_date: string | null;
  end_date: string | null;
}

export interface CsfActivity {
  name: string;
  percentage: number;
  init_date: string;
  end_date: string | null;
}

const DATE = String.raw`(\d{2})\/(\d{2})\/(\d{4})`;
const toIso = (d: string, m: string, y: string) => `${y}-${m}-${d}`;

/** Text between a section's "Title:" and the next known section title (or the end). */
function section(text: string, title: RegExp, next: RegExp[]): string {
  const start = text.search(title);
  if (start < 0) return '';
  const rest = text.slice(start).replace(title, '');
  const ends = next.map((n) => rest.search(n)).filter((i) => i >= 0);
  return rest.slice(0, ends.length ? Math.min(...ends) : undefined);
}

const SECTIONS = {
  activities: /Actividades\s+Econ[oó]micas\s*:/i,
  regimes: /Reg[ií]menes\s*:/i,
  obligations: /Obligaciones\s*:/i,
  // Footer text SAT prints after the tables (and page furniture) ends the last section.
  footer: /Sus datos personales|Cadena Original Sello|Sello Digital|P[aá]gina\s*\[?\d/i,
};

/** Removes a table's header row (the column titles) from a section's text. */
const withoutHeader = (text: string, header: RegExp) => text.replace(header, ' ').replace(/\s+/g, ' ').trim();

/** Rows "orden actividad porcentaje inicio [fin]". */
export function activitiesIn(text: string): CsfActivity[] {
  const body = withoutHeader(
    section(text, SECTIONS.activities, [SECTIONS.regimes, SECTIONS.obligations, SECTIONS.footer]),
    /Orden\s+Actividad\s+Econ[oó]mica\s+Porcentaje\s+Fecha\s+Inicio\s+Fecha\s+Fin/i,
  );
  const row = new RegExp(String.raw`(?:^|\s)(\d{1,2})\s+(.+?)\s+(\d{1,3})\s+${DATE}(?:\s+${DATE})?(?=\s|$)`, 'g');
  const out: CsfActivity[] = [];
  for (const m of body.matchAll(row)) {
    const percentage = Number(m[3]);
    if (percentage > 100) continue;
    out.push({
      name: m[2]!.trim(), percentage, init_date: toIso(m[4]!, m[5]!, m[6]!),
      end_date: m[7] ? toIso(m[7], m[8]!, m[9]!) : null,
    });
  }
  return out;
}

/** Where the due-date text starts inside an obligation row (SAT's wordings). */
const VENCIMIENTO_START = /\s(?=(?:A\s+m[aá]s\s+tardar|Dentro\s+de|Conjuntamente|A\s+partir|Se\s+presenta|Al\s+momento|Durante\s+el)\b)/;

/** Rows "descripción vencimiento inicio [fin]"; the description and due date are told apart by wording. */
export function obligationsIn(text: string): CsfObligation[] {
  const body = withoutHeader(
    section(text, SECTIONS.obligations, [SECTIONS.activities, SECTIONS.regimes, SECTIONS.footer]),
    /Descripci[oó]n\s+de\s+la\s+Obligaci[oó]n\s+Descripci[oó]n\s+Vencimiento\s+Fecha\s+Inicio\s+Fecha\s+Fin/i,
  );
  const row = new RegExp(String.raw`(.+?)\s+${DATE}(?:\s+${DATE})?(?=\s|$)`, 'g');
  const out: CsfObligation[] = [];
  for (const m of body.matchAll(row)) {
    const cell = m[1]!.trim();
    if (cell.length < 3) continue;
    const at = cell.search(VENCIMIENTO_START);
    const [descripcion, vencimiento] = at > 0 ? [cell.slice(0, at).trim(), cell.slice(at).trim()] : [cell, 'Sin vencimiento indicado en la constancia'];
    out.push({
      descripcion: descripcion.slice(0, 500), vencimiento: vencimiento.slice(0, 300),
      init_date: toIso(m[2]!, m[3]!, m[4]!), end_date: m[5] ? toIso(m[5], m[6]!, m[7]!) : null,
    });
  }
  return out;
}
