import { isElement, type XmlElement } from '@facturo/cfdi/xml';
import type { InvoiceBody, RecurringFrequency } from '@facturo/contract';

/**
 * Issue 29 §3, pure rules of a recurring invoice: the calendar of its runs, the period text a run may add to the
 * description, and the stamping body rebuilt from the invoice it repeats.
 */

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

const parse = (d: string) => new Date(`${d}T00:00:00Z`);
const fmt = (d: Date) => d.toISOString().slice(0, 10);
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

export function addDays(day: string, n: number): string {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fmt(d);
}

/**
 * The run after `day`: `every` months later on the anchor day (31 falls on the month's last day, so a schedule
 * started on 31 January runs 28/29 February and 31 March), or `every` weeks / days later.
 */
export function nextRunAfter(day: string, frequency: RecurringFrequency, every: number, anchorDay: number): string {
  if (frequency === 'semana') return addDays(day, 7 * every);
  if (frequency === 'dias') return addDays(day, every);
  const d = parse(day);
  const total = d.getUTCFullYear() * 12 + d.getUTCMonth() + every;
  const y = Math.floor(total / 12);
  const m = total % 12;
  return fmt(new Date(Date.UTC(y, m, Math.min(anchorDay, lastDay(y, m)))));
}

/** The period a run invoices, as its description says it: "noviembre de 2026", or "del 2026-11-23 al 2026-11-29". */
export function periodText(day: string, frequency: RecurringFrequency, every: number, anchorDay: number): string {
  if (frequency === 'mes' && every === 1) {
    const d = parse(day);
    return `${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
  }
  const end = addDays(nextRunAfter(day, frequency, every, anchorDay), -1);
  return `del ${day} al ${end}`;
}


/** Whether a schedule has run its course after `runs` invoices, with its next period at `next`. */
export function finished(s: { runs: number; maxRuns: number | null; endDate: string | null }, next: string): boolean {
  return (s.maxRuns !== null && s.runs >= s.maxRuns) || (s.endDate !== null && next > s.endDate);
}

const child = (el: XmlElement, local: string) => el.children.find((c): c is XmlElement => isElement(c) && c.local === local);
const children = (el: XmlElement | undefined, local: string) => (el ? el.children.filter((c): c is XmlElement => isElement(c) && c.local === local) : []);
const attr = (el: XmlElement, name: string) => el.attrs.get(name);
const opt = <K extends string>(key: K, v: string | undefined): Partial<Record<K, string>> => (v === undefined ? {} : ({ [key]: v } as Record<K, string>));

/**
 * The stamping request that produces an invoice like `root` (a stamped CFDI 4.0 de ingreso) for `clientId`: the
 * same forma, método, moneda, serie, uso and concepts with their taxes. Folio, fecha, sello and the timbre are
 * the new run's own; related CFDI are not repeated.
 */
export function bodyFromCfdi(root: XmlElement, clientId: number): InvoiceBody {
  const receptor = child(root, 'Receptor');
  const conceptos = children(child(root, 'Conceptos'), 'Concepto').map((c) => {
    const impuestos = child(c, 'Impuestos');
    const traslados = children(impuestos && child(impuestos, 'Traslados'), 'Traslado').map((t) => ({
      impuesto: attr(t, 'Impuesto') as '002' | '003', tipoFactor: attr(t, 'TipoFactor') as 'Tasa' | 'Cuota' | 'Exento', ...opt('tasaOCuota', attr(t, 'TasaOCuota')),
    }));
    const retenciones = children(impuestos && child(impuestos, 'Retenciones'), 'Retencion').map((r) => ({
      impuesto: attr(r, 'Impuesto') as '001' | '002' | '003', tipoFactor: attr(r, 'TipoFactor') as 'Tasa' | 'Cuota', tasaOCuota: attr(r, 'TasaOCuota') ?? '',
    }));
    const predial = child(c, 'CuentaPredial');
    return {
      claveProdServ: attr(c, 'ClaveProdServ') ?? '', cantidad: attr(c, 'Cantidad') ?? '', claveUnidad: attr(c, 'ClaveUnidad') ?? '',
      descripcion: attr(c, 'Descripcion') ?? '', valorUnitario: attr(c, 'ValorUnitario') ?? '', objetoImp: attr(c, 'ObjetoImp') ?? '01',
      ...opt('noIdentificacion', attr(c, 'NoIdentificacion')), ...opt('unidad', attr(c, 'Unidad')), ...opt('descuento', attr(c, 'Descuento')),
      ...(traslados.length ? { traslados } : {}), ...(retenciones.length ? { retenciones } : {}),
      ...(predial ? opt('cuentaPredial', attr(predial, 'Numero')) : {}),
    };
  });
  const moneda = attr(root, 'Moneda') ?? 'MXN';
  return {
    clientId,
    usoCFDI: receptor ? attr(receptor, 'UsoCFDI') ?? 'G03' : 'G03',
    formaPago: attr(root, 'FormaPago') ?? '99',
    metodoPago: (attr(root, 'MetodoPago') ?? 'PUE') as 'PUE' | 'PPD',
    moneda,
    ...(moneda !== 'MXN' ? opt('tipoCambio', attr(root, 'TipoCambio')) : {}),
    ...opt('serie', attr(root, 'Serie')),
    tipoDeComprobante: 'I',
    ...opt('exportacion', attr(root, 'Exportacion')),
    conceptos,
  };
}

/** The body of one run: the period appended to the first concept's description when the schedule asks for it. */
export function bodyForRun<T extends { conceptos: { descripcion: string }[] }>(body: T, period: string | null): T {
  if (!period || !body.conceptos.length) return body;
  const [first, ...rest] = body.conceptos;
  const descripcion = `${first!.descripcion} (Periodo: ${period})`.slice(0, 1000);
  return { ...body, conceptos: [{ ...first!, descripcion }, ...rest] };
}
