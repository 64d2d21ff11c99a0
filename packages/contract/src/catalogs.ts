import { z } from 'zod';
import { catalogItemSchema, regimenItemSchema } from './auth';

/**
 * SAT catalog reads the customer and product forms need (spec §7.4, §7.8, §7.9): search results,
 * "address by postal code" and the small selects.
 */

/** One search hit of c_ClaveProdServ or c_ClaveUnidad, best match first. */
export const catalogHitSchema = z.object({ clave: z.string(), descripcion: z.string() });
export type CatalogHit = z.infer<typeof catalogHitSchema>;
export const catalogHitListSchema = z.array(catalogHitSchema);

/** `?search=`: a clave or words; accents and case do not matter. */
export const catalogSearchQuerySchema = z.object({
  search: z
    .string({ error: 'Escribe una clave o una descripción para buscar' })
    .trim()
    .min(1, 'Escribe una clave o una descripción para buscar')
    .max(100, 'La búsqueda es demasiado larga'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const postalCodeParamsSchema = z.object({
  cp: z.string().trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos'),
});

/** `GET /api/catalogs/postal-codes/{cp}`. municipio/localidad are null where SAT leaves them blank. */
export const postalCodeInfoSchema = z.object({
  cp: z.string(),
  estado: catalogItemSchema,
  municipio: catalogItemSchema.nullable(),
  localidad: catalogItemSchema.nullable(),
  /** In the región fronteriza norte or sur: IVA 8 % applies with the decree's stimulus. */
  regionFronteriza: z.boolean(),
  zonaFronteriza: z.enum(['norte', 'sur']).nullable(),
});
export type PostalCodeInfo = z.infer<typeof postalCodeInfoSchema>;

/** c_UsoCFDI entry with the persona types it applies to. */
export const usoCfdiItemSchema = z.object({ clave: z.string(), descripcion: z.string(), fisica: z.boolean(), moral: z.boolean() });
export type UsoCfdiItem = z.infer<typeof usoCfdiItemSchema>;

export const personaSchema = z.enum(['fisica', 'moral'], { error: 'El tipo de persona debe ser física o moral' });

/** `GET /api/catalogs/usos-cfdi?regimen=&persona=`: filtered when both are given. */
export const usosCfdiQuerySchema = z.object({
  regimen: z.string().trim().regex(/^\d{3}$/, 'Selecciona un régimen fiscal del catálogo').optional(),
  persona: personaSchema.optional(),
});

export const estadosResponseSchema = z.object({ estados: z.array(catalogItemSchema) });
export const regimenesResponseSchema = z.object({ regimen: z.array(regimenItemSchema) });
export const usosCfdiResponseSchema = z.object({ usos: z.array(usoCfdiItemSchema) });
export const simpleCatalogResponseSchema = z.object({ data: z.array(catalogHitSchema) });
export const stateParamsSchema = z.object({ stateId: z.string().trim().toUpperCase().max(3, 'El estado no existe en el catálogo') });

/** c_Impuesto claves a product's default taxes may use. */
export const IMPUESTOS = { ISR: '001', IVA: '002', IEPS: '003' } as const;
