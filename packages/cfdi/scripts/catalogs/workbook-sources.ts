import type { CpRow } from './border-region';
import type { ProdServRow } from './write-big';
import type { SmallSource } from './write-small';

export interface WorkbookPaths {
  cfdi?: string;
  nomina?: string;
  retenciones?: string;
  pagos?: string;
}

export interface WorkbookSources {
  small: SmallSource;
  prodServ: () => ProdServRow[] | null;
  postalCodes: () => CpRow[] | null;
}

/** Placeholder until the workbook reader lands: no workbooks means fixtures only. */
export function loadWorkbookSources(paths: WorkbookPaths): WorkbookSources | null {
  if (Object.values(paths).some(Boolean)) throw new Error('Lectura de libros del SAT aún no disponible');
  return null;
}
