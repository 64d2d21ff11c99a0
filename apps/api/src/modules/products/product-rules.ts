import { findEntry, tasaOCuotaAllowed } from '@facturo/cfdi/catalogs';
import { findProductService } from '@facturo/cfdi/catalogs/server';
import { formatTasaOCuota, objetoImpTaxes } from '@facturo/cfdi/money';
import type { ProductTax, ProductValues } from '@facturo/contract';
import { unitExists } from '../catalogs/catalogs.service';

const IMPUESTO_NOMBRE: Record<string, string> = { '001': 'ISR', '002': 'IVA', '003': 'IEPS' };

/** The product's taxes with TasaOCuota written as SAT writes it (6 decimals). */
export function normalizedTaxes(v: ProductValues): { traslados: ProductTax[]; retenciones: ProductTax[] } {
  const norm = (t: ProductTax): ProductTax => ({ ...t, tasaOCuota: t.tasaOCuota ? formatTasaOCuota(t.tasaOCuota) : null });
  return { traslados: v.impuestos.traslados.map(norm), retenciones: v.impuestos.retenciones.map(norm) };
}

/**
 * Checks a product against the SAT catalogs: c_ClaveProdServ, c_ClaveUnidad, c_ObjetoImp, and each
 * default tax against c_TasaOCuota (ISR is never a traslado, Exento never a retención) and against
 * what the ObjetoImp allows. Returns field → messages (empty when valid).
 */
export function checkProduct(v: ProductValues): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const service = findProductService(v.claveProducto);
  if (!service) add('claveProducto', `La clave ${v.claveProducto} no existe en el catálogo c_ClaveProdServ del SAT`);
  else if (service.vigenciaHasta && service.vigenciaHasta < new Date().toISOString().slice(0, 10)) {
    add('claveProducto', `La clave ${v.claveProducto} ya no está vigente en el catálogo del SAT`);
  }
  if (!unitExists(v.claveUnidad)) add('claveUnidad', `La clave de unidad ${v.claveUnidad} no existe en el catálogo c_ClaveUnidad del SAT`);
  if (!findEntry('c_ObjetoImp', v.objetoImp)) add('objetoImp', `El objeto de impuesto ${v.objetoImp} no existe en el catálogo c_ObjetoImp`);

  const taxes = normalizedTaxes(v);
  const all = [...taxes.traslados.map((t) => ({ t, tipo: 'traslado' as const })), ...taxes.retenciones.map((t) => ({ t, tipo: 'retencion' as const }))];
  const rule = objetoImpTaxes(v.objetoImp);
  if (rule === 'required' && all.length === 0) add('impuestos', `Con objeto de impuesto ${v.objetoImp} el producto debe llevar al menos un impuesto`);
  if (rule === 'forbidden' && all.length > 0) add('impuestos', `Con objeto de impuesto ${v.objetoImp} el producto no lleva impuestos`);
  if (['06', '07', '08'].includes(v.objetoImp) && taxes.traslados.some((t) => t.impuesto === '002')) {
    add('impuestos', `Con objeto de impuesto ${v.objetoImp} no se traslada IVA`);
  }

  const seen = new Set<string>();
  all.forEach(({ t, tipo }, i) => {
    const field = `impuestos.${tipo === 'traslado' ? 'traslados' : 'retenciones'}.${tipo === 'traslado' ? i : i - taxes.traslados.length}`;
    const name = IMPUESTO_NOMBRE[t.impuesto] ?? t.impuesto;
    const key = `${tipo}:${t.impuesto}`;
    if (seen.has(key)) add(field, `El ${name} ya está entre los ${tipo === 'traslado' ? 'traslados' : 'retenciones'} del producto`);
    seen.add(key);
    const ok = tasaOCuotaAllowed({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, valor: t.tasaOCuota ?? undefined, tipo });
    if (!ok) {
      const what = t.tipoFactor === 'Exento' ? 'exento' : `${t.tipoFactor.toLowerCase()} ${t.tasaOCuota}`;
      add(field, `El SAT no permite ${name} ${what} como ${tipo === 'traslado' ? 'traslado' : 'retención'} (c_TasaOCuota)`);
    }
  });
  return errors;
}
