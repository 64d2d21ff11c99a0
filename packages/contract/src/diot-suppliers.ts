import { z } from 'zod';
import { DIOT_OPERACIONES_POR_TERCERO, statementPeriodBodySchema } from './statements';
import { idParam } from './input-rules';

/**
 * The DIOT supplier catalog (issue 11 leftover, decision 250): per supplier, the tipo de operación the DIOT uses
 * (kept for every later month) and, for suppliers that invoice with the generic foreign RFC XEXX010101000, the data
 * of a tipo 05 line — país de residencia, número de identificación fiscal, nacionalidad (and the jurisdicción the
 * 2025 layout asks for with país ZZZ). A generic-RFC supplier is told apart by the name on its CFDIs.
 */
export const DIOT_FOREIGN_GENERIC_RFC = 'XEXX010101000';

const rfc = z.string({ error: 'El RFC del proveedor es obligatorio' }).trim().toUpperCase()
  .regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, 'El RFC del proveedor no tiene un formato válido');
const opt = (max: number, msg: string) => z.string().trim().max(max, msg).optional();

export const diotSupplierBodySchema = z.object({
  rfc,
  /** The issuer name on its CFDIs; required (it is the key) with XEXX010101000. */
  nombre: opt(300, 'El nombre admite hasta 300 caracteres'),
  tipoOperacion: z.enum(['02', '03', '06', '07', '08', '85'], { error: 'El tipo de operación debe ser 02, 03, 06, 07, 08 u 85' }).optional(),
  pais: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'El país de residencia debe ser un código de 3 letras (ISO 3166, ZZZ = otro)').optional(),
  idFiscal: opt(40, 'El número de identificación fiscal admite hasta 40 caracteres'),
  nacionalidad: opt(100, 'La nacionalidad admite hasta 100 caracteres'),
  jurisdiccion: opt(300, 'El lugar de jurisdicción fiscal admite hasta 300 caracteres'),
}).superRefine((v, ctx) => {
  if (v.rfc === DIOT_FOREIGN_GENERIC_RFC) {
    if (!v.nombre) ctx.addIssue({ code: 'custom', path: ['nombre'], message: 'Con el RFC genérico XEXX010101000 indica el nombre del proveedor como viene en sus CFDI' });
    if (!v.idFiscal) ctx.addIssue({ code: 'custom', path: ['idFiscal'], message: 'Escribe el número de identificación fiscal del proveedor extranjero' });
    if (!v.pais) ctx.addIssue({ code: 'custom', path: ['pais'], message: 'Escribe el país de residencia para efectos fiscales (3 letras)' });
    if (v.pais === 'ZZZ' && !v.jurisdiccion) ctx.addIssue({ code: 'custom', path: ['jurisdiccion'], message: 'Con país ZZZ (otro) escribe el lugar de jurisdicción fiscal' });
    if (v.tipoOperacion && !DIOT_OPERACIONES_POR_TERCERO['05']!.includes(v.tipoOperacion)) {
      ctx.addIssue({ code: 'custom', path: ['tipoOperacion'], message: 'Un proveedor extranjero solo admite 02, 03 o 07' });
    }
  } else if (v.tipoOperacion && !DIOT_OPERACIONES_POR_TERCERO['04']!.includes(v.tipoOperacion)) {
    ctx.addIssue({ code: 'custom', path: ['tipoOperacion'], message: 'Un proveedor nacional admite 02, 03, 06, 08 u 85' });
  }
});
export type DiotSupplierBody = z.infer<typeof diotSupplierBodySchema>;
export type DiotSupplierBodyIn = z.input<typeof diotSupplierBodySchema>;

export const diotSupplierSchema = z.object({
  /** The catalog entry, null while the supplier only has payments (nothing saved yet). */
  id: z.number().int().nullable(),
  rfc: z.string(),
  nombre: z.string(),
  extranjero: z.boolean(),
  /** What the DIOT writes: the saved one, else the default (85 national, 03 foreign). */
  tipoOperacion: z.string(),
  guardado: z.boolean(),
  pais: z.string(),
  idFiscal: z.string(),
  nacionalidad: z.string(),
  jurisdiccion: z.string(),
  /** Paid in the month asked (base, MXN, 2 decimals) and how many CFDIs; "0.00" / 0 for catalog-only entries. */
  pagado: z.string(),
  cfdis: z.number().int(),
});
export type DiotSupplier = z.infer<typeof diotSupplierSchema>;
export const diotSupplierListSchema = z.object({ data: z.array(diotSupplierSchema) });
export const diotSupplierQuerySchema = statementPeriodBodySchema.partial().extend({
  month: z.coerce.number().int().min(1).max(12).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const diotSupplierIdParamsSchema = z.object({ id: idParam('El proveedor no existe') });
