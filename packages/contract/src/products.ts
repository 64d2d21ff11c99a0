import { z } from 'zod';
import { idParam } from './input-rules';
import { pageOf } from './pagination';

/**
 * Products (spec §3 Product, §5, §7.8). API fields are the §3 names; amounts and rates are decimal
 * strings, never JSON numbers (a number near money has already been through a float).
 */

export const UNIT_DESCRIPTION_MAX = 20;
export const PRODUCT_DESCRIPTION_MAX = 1000;
export const UNIT_VALUE_DECIMALS = 6;

/** Up to 18 integer digits and 6 decimals, as CFDI 4.0 t_Importe-like ValorUnitario. */
const UNIT_VALUE_RE = /^\d{1,18}(\.\d{1,6})?$/;
const TASA_RE = /^\d{1,3}(\.\d{1,6})?$/;

export const valorUnitarioSchema = z
  .string({ error: 'El valor unitario debe ser un número decimal escrito como texto, por ejemplo "1500.50"' })
  .trim()
  .regex(UNIT_VALUE_RE, `El valor unitario debe ser un número positivo con máximo ${UNIT_VALUE_DECIMALS} decimales`)
  .refine((v) => /[1-9]/.test(v), 'El valor unitario debe ser mayor que cero');

const tasaSchema = z
  .string({ error: 'La tasa o cuota debe escribirse como texto decimal, por ejemplo "0.160000"' })
  .trim()
  .regex(TASA_RE, 'La tasa o cuota debe ser un número decimal con máximo 6 decimales');

/** A default tax of the product: a traslado (IVA, IEPS) or a retención (ISR, IVA). */
export const productTaxSchema = z
  .object({
    impuesto: z.enum(['001', '002', '003'], { error: 'Selecciona un impuesto: ISR (001), IVA (002) o IEPS (003)' }),
    tipoFactor: z.enum(['Tasa', 'Cuota', 'Exento'], { error: 'El tipo factor debe ser Tasa, Cuota o Exento' }),
    tasaOCuota: tasaSchema.optional().nullable().transform((v) => v || null),
  })
  .superRefine((t, ctx) => {
    if (t.tipoFactor === 'Exento' && t.tasaOCuota) {
      ctx.addIssue({ code: 'custom', path: ['tasaOCuota'], message: 'Un impuesto exento no lleva tasa o cuota' });
    }
    if (t.tipoFactor !== 'Exento' && !t.tasaOCuota) {
      ctx.addIssue({ code: 'custom', path: ['tasaOCuota'], message: 'La tasa o cuota es obligatoria' });
    }
  });
export type ProductTax = z.output<typeof productTaxSchema>;

export const productTaxesSchema = z
  .object({
    traslados: z.array(productTaxSchema).max(4, 'Registra como máximo 4 traslados').default([]),
    retenciones: z.array(productTaxSchema).max(4, 'Registra como máximo 4 retenciones').default([]),
  })
  .default({ traslados: [], retenciones: [] });

export const productInputSchema = z
  .object({
    claveProducto: z
      .string({ error: 'La clave de producto o servicio es obligatoria' })
      .trim()
      .min(1, 'Busca y elige la clave de producto o servicio del SAT')
      .regex(/^\d{8}$/, 'La clave de producto o servicio debe tener 8 dígitos del catálogo c_ClaveProdServ'),
    claveUnidad: z
      .string({ error: 'La clave de unidad es obligatoria' })
      .trim()
      .toUpperCase()
      .min(1, 'Busca y elige la clave de unidad del SAT')
      .regex(/^[A-Z0-9]{1,3}$/, 'Selecciona una clave de unidad del catálogo c_ClaveUnidad'),
    descripcionUnidad: z
      .string()
      .trim()
      .max(UNIT_DESCRIPTION_MAX, `La descripción de la unidad no puede exceder ${UNIT_DESCRIPTION_MAX} caracteres`)
      .optional()
      .nullable()
      .transform((v) => v || null),
    descripcionProducto: z
      .string({ error: 'La descripción del producto es obligatoria' })
      .trim()
      .min(1, 'La descripción del producto es obligatoria')
      .max(PRODUCT_DESCRIPTION_MAX, `La descripción del producto no puede exceder ${PRODUCT_DESCRIPTION_MAX} caracteres`),
    valorUnitario: valorUnitarioSchema,
    objetoImp: z
      .string({ error: 'El objeto de impuesto es obligatorio' })
      .trim()
      .regex(/^0[1-8]$/, 'Selecciona un objeto de impuesto del catálogo c_ObjetoImp'),
    impuestos: productTaxesSchema,
    /** Spec §5: the cadastral key travels only when the cadastral option is on. */
    cadastral: z.boolean({ error: 'La opción de cuenta predial debe ser verdadero o falso' }).default(false),
    cve_catastral: z
      .string()
      .trim()
      .regex(/^[0-9a-zA-Z]{1,150}$/, 'La cuenta predial solo admite letras y números (máximo 150)')
      .optional()
      .nullable()
      .transform((v) => v || null),
    /** Spec §5 "add" flag: true when the request creates the product (POST), false when it edits (PUT). */
    add: z.boolean({ error: 'La bandera add debe ser verdadero o falso' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.cve_catastral && !v.cadastral) {
      ctx.addIssue({ code: 'custom', path: ['cve_catastral'], message: 'La cuenta predial solo se envía con la opción de cuenta predial activa' });
    }
    if (v.cadastral && !v.cve_catastral) {
      ctx.addIssue({ code: 'custom', path: ['cve_catastral'], message: 'La cuenta predial es obligatoria con la opción de cuenta predial activa' });
    }
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductValues = z.output<typeof productInputSchema>;

/** A stored tax (response side: no transforms, so the serializer can encode it). */
const storedTaxSchema = z.object({
  impuesto: z.string(),
  tipoFactor: z.enum(['Tasa', 'Cuota', 'Exento']),
  tasaOCuota: z.string().nullable(),
});

/** A product of the user's own catalogue (named apart from the plan product of ./plans). */
export const userProductSchema = z.object({
  id: z.number().int(),
  claveProducto: z.string(),
  claveProductoDescripcion: z.string(),
  claveUnidad: z.string(),
  claveUnidadDescripcion: z.string(),
  descripcionUnidad: z.string().nullable(),
  descripcionProducto: z.string(),
  valorUnitario: z.string(),
  objetoImp: z.string(),
  objetoImpDescripcion: z.string(),
  impuestos: z.object({ traslados: z.array(storedTaxSchema), retenciones: z.array(storedTaxSchema) }),
  cadastral: z.boolean(),
  cve_catastral: z.string().nullable(),
  /** The account's own key (issue 29: spreadsheet re-imports match on it). */
  sku: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type UserProduct = z.infer<typeof userProductSchema>;
export const productPageSchema = pageOf(userProductSchema);
export const productIdParamsSchema = z.object({ id: idParam('Producto no encontrado') });
