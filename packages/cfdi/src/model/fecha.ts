const FECHA = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/**
 * Checks and returns a CFDI Fecha ("YYYY-MM-DDTHH:mm:ss", local time of LugarExpedicion, no zone).
 * @throws Error (Spanish) on any other shape.
 */
export function checkFecha(fecha: string, campo = 'Fecha'): string {
  if (!FECHA.test(fecha)) throw new Error(`${campo} debe tener el formato AAAA-MM-DDThh:mm:ss (se recibió "${fecha}")`);
  return fecha;
}

/** SAT reads an offset-less Fecha as central Mexico time unless the place of issue says otherwise. */
const MEXICO_CITY_ZONE = 'America/Mexico_City';

// Building an Intl.DateTimeFormat is costly next to using one; stamping formats on every call.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Formats an instant as a CFDI Fecha in a time zone (default Mexico City), using Intl so it also
 * runs in the browser. SAT wants the local time of the place of issue, without offset.
 */
export function formatFecha(date: Date, timeZone = MEXICO_CITY_ZONE): string {
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Today's date on central Mexico's clock, `YYYY-MM-DD`: the day of dates without a time (payroll, schedules, tickets). */
export function mexicoToday(now = new Date()): string {
  return formatFecha(now).slice(0, 10);
}

/** The year and month (1–12) on central Mexico's clock: the period a screen or a job means by "this month". */
export function mexicoMonth(now = new Date()): { year: number; month: number } {
  const day = mexicoToday(now);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}
