/**
 * CFDI dates carry no offset: SAT reads Fecha and FechaTimbrado as local time of central Mexico.
 * These helpers convert between instants and that wall-clock form through the IANA zone, so
 * historical daylight saving (abolished in 2022) is handled by the runtime's tz database.
 */

import { formatFecha } from '../model/fecha';

/** Formats an instant as Mexico City wall-clock time: `YYYY-MM-DDTHH:mm:ss`. */
export function toMexicoCityLocal(instant: Date): string {
  return formatFecha(instant);
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * Reads a CFDI date (`YYYY-MM-DDTHH:mm:ss`, Mexico City time) as an instant.
 * Returns undefined when the text does not follow the pattern.
 */
export function fromMexicoCityLocal(local: string): Date | undefined {
  const m = LOCAL_PATTERN.exec(local);
  if (!m) return undefined;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  if (Number.isNaN(asUtc)) return undefined;
  // Guess the offset at that wall time, then correct once more in case the guess crossed a DST change.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) {
    const shown = Date.parse(`${toMexicoCityLocal(new Date(instant))}Z`);
    instant += asUtc - shown;
  }
  return new Date(instant);
}
