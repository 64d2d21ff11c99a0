import type { FastifyRequest } from 'fastify';
import { inArray, and, eq } from 'drizzle-orm';
import { PORTAL_IMPORT_COLUMNS, portalTicketCreateSchema, type PortalTicketCreate } from '@facturo/contract';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../http/errors';
import { parseTable, receiveFile } from '../bulk/bulk.service';
import { portalTickets } from './portal.schema';
import { ticketProblems } from './portal-tickets';

/**
 * Tickets from a spreadsheet (decision 310), read with the bulk module's one CSV/XLSX reader: one row per concept,
 * rows with the same folio make one ticket (its fecha, total and forma de pago from its first row). `tasaIva` is the
 * IVA rate of the concept ("0.16", "0" or "exento"; empty: no taxes, objeto 01). Errors by row (header = row 1).
 */

type RowError = { fila: number; columna: string; mensaje: string };

function conceptTaxes(tasa: string): Pick<PortalTicketCreate['conceptos'][number], 'traslados'> {
  const t = tasa.trim().toLowerCase();
  if (!t) return {};
  if (t === 'exento') return { traslados: [{ impuesto: '002', tipoFactor: 'Exento' }] };
  return { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: Number.isNaN(Number(t)) ? t : Number(t).toFixed(6) }] };
}

export async function importTickets(db: Db, userId: number, req: FastifyRequest, confirmar: boolean) {
  const table = await parseTable(await receiveFile(req));
  if (table.length < 2) throw fieldError('file', 'El archivo no tiene filas: la primera fila lleva los encabezados ' + PORTAL_IMPORT_COLUMNS.join(', '));
  const header = table[0]!.map((h) => h.trim());
  const missing = PORTAL_IMPORT_COLUMNS.filter((c) => c !== 'formaPago' && c !== 'tasaIva' && !header.includes(c));
  if (missing.length) throw fieldError('file', `Faltan las columnas: ${missing.join(', ')}`);
  const col = (row: string[], name: string) => (header.indexOf(name) >= 0 ? row[header.indexOf(name)] ?? '' : '').trim();

  const groups = new Map<string, { filas: number[]; body: PortalTicketCreate }>();
  table.slice(1).forEach((row, i) => {
    if (row.every((c) => !c.trim())) return;
    const folio = col(row, 'folio');
    const concept = {
      claveProdServ: col(row, 'claveProdServ'), claveUnidad: col(row, 'claveUnidad'), descripcion: col(row, 'descripcion'),
      cantidad: col(row, 'cantidad'), valorUnitario: col(row, 'valorUnitario'), objetoImp: col(row, 'objetoImp') || (col(row, 'tasaIva') ? '02' : '01'),
      ...conceptTaxes(col(row, 'tasaIva')),
    };
    const g = groups.get(folio);
    if (g) {
      g.filas.push(i + 2);
      g.body.conceptos.push(concept);
    } else {
      const formaPago = col(row, 'formaPago');
      groups.set(folio, { filas: [i + 2], body: { folio, fecha: col(row, 'fecha'), total: col(row, 'total'), ...(formaPago ? { formaPago } : {}), conceptos: [concept] } });
    }
  });

  const errores: RowError[] = [];
  const valid: { folio: string; values: ReturnType<typeof portalTicketCreateSchema.parse> }[] = [];
  const existing = new Set((await db.select({ folio: portalTickets.folio }).from(portalTickets)
    .where(and(eq(portalTickets.userId, userId), inArray(portalTickets.folio, [...groups.keys()].filter(Boolean))))).map((r) => r.folio));
  for (const [folio, g] of groups) {
    const parsed = portalTicketCreateSchema.safeParse(g.body);
    const problems: Record<string, string[]> = parsed.success ? ticketProblems(parsed.data) : {};
    if (!parsed.success) for (const issue of parsed.error.issues) (problems[issue.path.join('.')] ??= []).push(issue.message);
    if (existing.has(folio)) (problems.folio ??= []).push(`Ya registraste un ticket con el folio ${folio}`);
    for (const [path, messages] of Object.entries(problems)) {
      const m = /^conceptos\.(\d+)\.?(.*)$/.exec(path);
      const fila = m ? g.filas[Number(m[1])] ?? g.filas[0]! : g.filas[0]!;
      const columna = m ? (m[2]?.split('.')[0] === 'traslados' ? 'tasaIva' : m[2]?.split('.')[0] || 'conceptos') : path;
      for (const mensaje of messages) errores.push({ fila, columna, mensaje });
    }
    if (!Object.keys(problems).length && parsed.success) valid.push({ folio, values: parsed.data });
  }
  errores.sort((a, b) => a.fila - b.fila);
  if (!confirmar) return { validos: valid.length, importados: 0, errores };
  if (!valid.length) throw new AppError(422, 'No hay tickets válidos para importar: corrige los errores del archivo', { file: ['No hay filas válidas'] });
  // One transaction: the valid tickets all go in, or none (a folio taken meanwhile fails the batch, retry re-judges).
  await db.transaction(async (tx) => {
    await tx.insert(portalTickets).values(valid.map(({ values: v }) => ({
      userId, folio: v.folio, fecha: v.fecha, total: v.total, formaPago: v.formaPago ?? null, conceptos: v.conceptos,
    })));
  });
  return { validos: valid.length, importados: valid.length, errores };
}
