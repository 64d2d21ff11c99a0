import { findEntry, getCatalog, isVigente, usoCfdiAllowed, type Persona } from '@facturo/cfdi/catalogs';
import type { CatalogHit, UsoCfdiItem } from '@facturo/contract';

/** Small SAT catalogs as the forms show them: current entries only, clave + description. */

const today = () => new Date().toISOString().slice(0, 10);
const current = <T extends { vigenciaDesde?: string; vigenciaHasta?: string }>(rows: readonly T[]) =>
  rows.filter((r) => isVigente(r as never, today()));

/** The 32 Mexican estados of c_Estado. */
export function estadosMx(): { clave: string; nombre: string }[] {
  return getCatalog('c_Estado').filter((e) => e.pais === 'MEX').map((e) => ({ clave: e.clave, nombre: e.descripcion }));
}

/** c_RegimenFiscal with the persona types each applies to. */
export function regimenes(): { clave: string; descripcion: string; fisica: boolean; moral: boolean }[] {
  return current(getCatalog('c_RegimenFiscal')).map((r) => ({ clave: r.clave, descripcion: r.descripcion, fisica: r.fisica, moral: r.moral }));
}

/** c_UsoCFDI; with régimen and persona, only the usos SAT allows that receptor. */
export function usosCfdi(regimen?: string, persona?: Persona): UsoCfdiItem[] {
  return current(getCatalog('c_UsoCFDI'))
    .filter((u) => (persona ? u[persona] : true))
    .filter((u) => (regimen && persona ? usoCfdiAllowed(u.clave, regimen, persona) : regimen ? u.regimenesReceptor.includes(regimen) : true))
    .map((u) => ({ clave: u.clave, descripcion: u.descripcion, fisica: u.fisica, moral: u.moral }));
}

/** c_ObjetoImp. */
export function objetosImpuesto(): CatalogHit[] {
  return current(getCatalog('c_ObjetoImp')).map((o) => ({ clave: o.clave, descripcion: o.descripcion }));
}

/** c_Pais without México (for foreign customers). */
export function paisesExtranjeros(): CatalogHit[] {
  return current(getCatalog('c_Pais')).filter((p) => p.clave !== 'MEX').map((p) => ({ clave: p.clave, descripcion: p.descripcion }));
}

/** True when the clave is a current c_ClaveUnidad entry. */
export function unitExists(clave: string): boolean {
  const entry = findEntry('c_ClaveUnidad', clave);
  return Boolean(entry && isVigente(entry, today()));
}
