import type { ProductInput, UserProduct } from '@facturo/contract';

/** A tax row as the inputs hold it (tasa as typed text). */
export interface TaxRow {
  impuesto: '001' | '002' | '003';
  tipoFactor: 'Tasa' | 'Cuota' | 'Exento';
  tasaOCuota: string;
}

/** Form values, named as the API (§3) so server errors land on the same paths. */
export interface ProductFormValues {
  claveProducto: string;
  claveUnidad: string;
  descripcionUnidad: string;
  descripcionProducto: string;
  valorUnitario: string;
  objetoImp: string;
  impuestos: { traslados: TaxRow[]; retenciones: TaxRow[] };
  cadastral: boolean;
  cve_catastral: string;
}

export const emptyProductForm = (): ProductFormValues => ({
  claveProducto: '', claveUnidad: '', descripcionUnidad: '', descripcionProducto: '', valorUnitario: '', objetoImp: '02',
  impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }], retenciones: [] }, cadastral: false, cve_catastral: '',
});

export function productToForm(p: UserProduct): ProductFormValues {
  const row = (t: UserProduct['impuestos']['traslados'][number]): TaxRow => ({
    impuesto: t.impuesto as TaxRow['impuesto'], tipoFactor: t.tipoFactor, tasaOCuota: t.tasaOCuota ?? '',
  });
  return {
    claveProducto: p.claveProducto, claveUnidad: p.claveUnidad, descripcionUnidad: p.descripcionUnidad ?? '', descripcionProducto: p.descripcionProducto,
    valorUnitario: p.valorUnitario, objetoImp: p.objetoImp,
    impuestos: { traslados: p.impuestos.traslados.map(row), retenciones: p.impuestos.retenciones.map(row) },
    cadastral: p.cadastral, cve_catastral: p.cve_catastral ?? '',
  };
}

/**
 * The API body. Spec §5: the cadastral key travels only when the cadastral option is on, and the
 * request carries the add flag (true when creating).
 */
export function formToInput(v: ProductFormValues, add: boolean): ProductInput {
  const tax = (t: TaxRow) => ({ impuesto: t.impuesto, tipoFactor: t.tipoFactor, tasaOCuota: t.tipoFactor === 'Exento' ? null : t.tasaOCuota.trim() || null });
  return {
    claveProducto: v.claveProducto, claveUnidad: v.claveUnidad, descripcionUnidad: v.descripcionUnidad.trim() || null,
    descripcionProducto: v.descripcionProducto, valorUnitario: v.valorUnitario.trim(), objetoImp: v.objetoImp,
    impuestos: { traslados: v.impuestos.traslados.map(tax), retenciones: v.impuestos.retenciones.map(tax) },
    cadastral: v.cadastral, ...(v.cadastral ? { cve_catastral: v.cve_catastral.trim() } : {}), add,
  };
}

/** Quick picks for the taxes section (rates as SAT writes them). */
export const TAX_PRESETS: { key: string; kind: 'traslados' | 'retenciones'; row: TaxRow }[] = [
  { key: 'iva16', kind: 'traslados', row: { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' } },
  { key: 'iva8', kind: 'traslados', row: { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.080000' } },
  { key: 'iva0', kind: 'traslados', row: { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.000000' } },
  { key: 'ivaExento', kind: 'traslados', row: { impuesto: '002', tipoFactor: 'Exento', tasaOCuota: '' } },
  { key: 'ieps8', kind: 'traslados', row: { impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.080000' } },
  { key: 'isrRet10', kind: 'retenciones', row: { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.100000' } },
  { key: 'isrRet125', kind: 'retenciones', row: { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.012500' } },
  { key: 'ivaRet', kind: 'retenciones', row: { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' } },
];

export const PRODUCT_FIELDS = [
  'claveProducto', 'claveUnidad', 'descripcionUnidad', 'descripcionProducto', 'valorUnitario', 'objetoImp', 'impuestos', 'cve_catastral', 'cadastral',
] as const;
