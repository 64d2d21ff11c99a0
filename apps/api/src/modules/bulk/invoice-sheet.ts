import { INVOICE_SHEET_COLUMNS, invoiceBodySchema, normalizeHeader, type BulkRowError, type InvoiceBody, type InvoiceValues } from '@facturo/contract';
import { taxOf } from './bulk-rows';
import { columnLetter, type Table } from './sheet-io';

/**
 * Issue 29 §2, pure: a sheet of concepts grouped into invoice bodies by its "Factura" column. The invoice's own
 * fields (cliente, uso, forma and método de pago, serie) come from the group's first row and must repeat equal on
 * the others; each body is then judged by the stamping request's schema, each problem placed on its row and column.
 */

export interface SheetGroup {
  grupo: string;
  filas: number[];
  cliente: string;
  body: InvoiceValues | null;
  error: string | null;
}

const HEAD_FIELDS = ['rfc', 'usoCFDI', 'formaPago', 'metodoPago', 'serie'] as const;

export function groupInvoiceRows(table: Table, customers: ReadonlyMap<string, { id: number; nombre: string }>): { groups: SheetGroup[]; errors: BulkRowError[] } {
  const header = (table[0] ?? []).map(normalizeHeader);
  const position = new Map<string, number>();
  const errors: BulkRowError[] = [];
  for (const c of INVOICE_SHEET_COLUMNS) {
    const i = header.indexOf(normalizeHeader(c.header));
    if (i >= 0) position.set(c.key, i);
    else if (c.required) errors.push({ fila: 1, columna: c.header, letra: null, mensaje: `Falta la columna "${c.header}": descarga la plantilla para ver las columnas` });
  }
  if (errors.length) return { groups: [], errors };
  const place = (key: string) => {
    const c = INVOICE_SHEET_COLUMNS.find((x) => x.key === key);
    const i = position.get(key);
    return { columna: c?.header ?? key, letra: i === undefined ? null : columnLetter(i) };
  };
  const add = (fila: number, key: string, mensaje: string) => errors.push({ fila, ...place(key), mensaje });

  const byGroup = new Map<string, { filas: number[]; cells: Record<string, string>[] }>();
  table.slice(1).forEach((cells, i) => {
    if (!cells.some((v) => v !== '')) return;
    const fila = i + 2;
    const values: Record<string, string> = {};
    for (const [key, at] of position) values[key] = (cells[at] ?? '').trim();
    if (!values.grupo) return add(fila, 'grupo', 'Indica a qué factura pertenece el concepto');
    const g = byGroup.get(values.grupo) ?? { filas: [], cells: [] };
    g.filas.push(fila);
    g.cells.push(values);
    byGroup.set(values.grupo, g);
  });

  const groups: SheetGroup[] = [];
  for (const [grupo, g] of byGroup) {
    const first = g.cells[0]!;
    const before = errors.length;
    g.cells.slice(1).forEach((c, i) => {
      for (const f of HEAD_FIELDS) {
        if ((c[f] ?? '') !== (first[f] ?? '') && (c[f] ?? '') !== '') add(g.filas[i + 1]!, f, `Debe ser igual que en la fila ${g.filas[0]} (misma factura ${grupo})`);
      }
    });
    const rfc = (first.rfc ?? '').toUpperCase();
    const customer = customers.get(rfc);
    if (!customer) add(g.filas[0]!, 'rfc', rfc ? `El cliente ${rfc} no está en tu catálogo: agrégalo o impórtalo primero` : 'El RFC del cliente es obligatorio');
    const body: InvoiceBody = {
      clientId: customer?.id ?? 1,
      usoCFDI: first.usoCFDI ?? '', formaPago: /^\d$/.test(first.formaPago ?? '') ? `0${first.formaPago}` : first.formaPago ?? '',
      metodoPago: (first.metodoPago ?? '').toUpperCase() as 'PUE' | 'PPD',
      ...(first.serie ? { serie: first.serie } : {}),
      conceptos: g.cells.map((c) => {
        const iva = taxOf('002', c.iva);
        const retenciones = [taxOf('001', c.isr_ret), taxOf('002', c.iva_ret)].filter((t) => t !== null);
        return {
          claveProdServ: c.claveProdServ ?? '', cantidad: c.cantidad ?? '', claveUnidad: c.claveUnidad ?? '', descripcion: c.descripcion ?? '',
          valorUnitario: (c.valorUnitario ?? '').replace(/^\$/, '').replace(/,/g, ''), objetoImp: /^\d$/.test(c.objetoImp ?? '') ? `0${c.objetoImp}` : c.objetoImp ?? '',
          ...(c.unidad ? { unidad: c.unidad } : {}), ...(c.descuento ? { descuento: c.descuento } : {}),
          ...(iva ? { traslados: [{ ...iva, tasaOCuota: iva.tasaOCuota ?? undefined } as never] } : {}),
          ...(retenciones.length ? { retenciones: retenciones.map((t) => ({ ...t, tasaOCuota: t.tasaOCuota ?? '' }) as never) } : {}),
        };
      }),
    };
    const parsed = invoiceBodySchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index, field, sub] = issue.path.map(String);
        if (head === 'conceptos' && index !== undefined) {
          const key = field === 'traslados' ? 'iva' : field === 'retenciones' ? (sub === '0' ? 'isr_ret' : 'iva_ret') : field ?? 'descripcion';
          add(g.filas[Number(index)] ?? g.filas[0]!, key, issue.message);
        } else add(g.filas[0]!, head ?? 'grupo', issue.message);
      }
    }
    const ok = parsed.success && errors.length === before;
    groups.push({
      grupo, filas: g.filas, cliente: customer ? `${rfc} - ${customer.nombre}` : rfc,
      body: ok ? parsed.data : null, error: ok ? null : errors.slice(before).map((e) => `Fila ${e.fila}, ${e.columna}: ${e.mensaje}`)[0] ?? 'Revisa sus filas',
    });
  }
  return { groups, errors };
}
