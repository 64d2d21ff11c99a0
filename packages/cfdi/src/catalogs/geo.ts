import { getCatalog } from './registry';

/** A clave with its display name, for selects. */
export interface ClaveNombre {
  clave: string;
  nombre: string;
}

/** The 32 Mexican estados of c_Estado (c_Pais MEX), in SAT's order. */
export function estados(): ClaveNombre[] {
  return getCatalog('c_Estado')
    .filter((e) => e.pais === 'MEX')
    .map((e) => ({ clave: e.clave, nombre: e.descripcion }));
}

/** Municipios of an estado (c_Estado clave such as "JAL"), sorted by clave; empty for unknown estados. */
export function municipios(estado: string): ClaveNombre[] {
  return getCatalog('c_Municipio')
    .filter((m) => m.estado === estado)
    .map((m) => ({ clave: m.clave, nombre: m.descripcion }))
    .sort((a, b) => a.clave.localeCompare(b.clave));
}

/** Localidades of an estado (c_Localidad is keyed by estado, not by municipio). */
export function localidades(estado: string): ClaveNombre[] {
  return getCatalog('c_Localidad')
    .filter((l) => l.estado === estado)
    .map((l) => ({ clave: l.clave, nombre: l.descripcion }))
    .sort((a, b) => a.clave.localeCompare(b.clave));
}
