const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const HOUR_MS = 3_600_000;

/** The UTC instants a document date can stand for. */
export interface InstantRange {
  earliest: Date;
  latest: Date;
}

/**
 * A CFDI Fecha has no offset: it is local time at LugarExpedicion, and Mexico spans UTC−5
 * (Quintana Roo) to UTC−8 (Baja California). So a bare date maps to a range of instants, and a
 * certificate check only fails when every instant in it lies outside the certificate's validity.
 * Dates with an explicit offset map to one instant. Returns undefined for an unreadable date.
 */
export function fechaInstantRange(fecha: string): InstantRange | undefined {
  const m = LOCAL_RE.exec(fecha.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, offset] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(asUtc)) return undefined;
  if (offset) {
    const sign = offset === 'Z' ? 0 : offset.startsWith('-') ? -1 : 1;
    const mins = offset === 'Z' ? 0 : Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6));
    const t = new Date(asUtc - sign * mins * 60_000);
    return { earliest: t, latest: t };
  }
  return { earliest: new Date(asUtc + 5 * HOUR_MS), latest: new Date(asUtc + 8 * HOUR_MS) };
}

/** 'ok' when the date can lie within [from, to], 'before'/'after' when it certainly lies outside. */
export function rangeWithin(range: InstantRange, from: Date, to: Date): 'ok' | 'before' | 'after' {
  if (range.latest < from) return 'before';
  if (range.earliest > to) return 'after';
  return 'ok';
}
