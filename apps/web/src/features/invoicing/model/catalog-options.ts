import type { z } from 'zod';
import type { invoicingCatalogsSchema } from '@facturo/contract';

export type InvoicingCatalogs = z.infer<typeof invoicingCatalogsSchema>;

/** "clave - descripción" options of a Select, as SAT prints catalog values. */
export const options = (items: { clave: string; descripcion: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.clave, label: i.descripcion ? `${i.clave} - ${i.descripcion}` : i.clave }));
