import { findEntry } from '../registry';
import { readDataFile } from './data-files';

export interface ClaveNombre {
  clave: string;
  nombre: string;
}

/** A c_CodigoPostal entry with names. municipio/localidad are null where SAT leaves them blank. */
export interface PostalCodeInfo {
  cp: string;
  estado: ClaveNombre;
  municipio: ClaveNombre | null;
  localidad: ClaveNombre | null;
  /** In the región fronteriza norte or sur (IVA 8 % / ISR stimulus). */
  regionFronteriza: boolean;
  zonaFronteriza: 'norte' | 'sur' | null;
}

type Combo = [estado: string, municipio: string | null, localidad: string | null, flag: 0 | 1 | 2];

let slots: Uint16Array | null = null;
let combos: Combo[] = [];

function load(): Uint16Array {
  if (slots) return slots;
  combos = JSON.parse(readDataFile('c_CodigoPostal.combos.json').toString('utf8')) as Combo[];
  const bytes = readDataFile('c_CodigoPostal.bin.gz');
  const table = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < table.length; i++) table[i] = bytes.readUInt16LE(i * 2);
  slots = table;
  return slots;
}

/** Loads c_CodigoPostal now (otherwise done on first use). Returns how many CPs it holds. */
export function loadPostalCodes(): number {
  return load().reduce((n, v) => n + (v ? 1 : 0), 0);
}

function slotOf(cp: string): number {
  if (!/^\d{5}$/.test(cp)) return 0;
  return load()[Number(cp)];
}

/** True when the five-digit CP is in c_CodigoPostal. */
export function postalCodeExists(cp: string): boolean {
  return slotOf(cp.trim()) !== 0;
}

/** Estado, municipio, localidad and border region of a CP, or null when it is not in c_CodigoPostal. */
export function postalCode(cp: string): PostalCodeInfo | null {
  const code = cp.trim();
  const slot = slotOf(code);
  if (slot === 0) return null;
  const [estado, municipio, localidad, flag] = combos[slot - 1];
  const named = (clave: string, nombre: string | undefined): ClaveNombre => ({ clave, nombre: nombre ?? '' });
  return {
    cp: code,
    estado: named(estado, findEntry('c_Estado', estado)?.descripcion),
    municipio: municipio ? named(municipio, findEntry('c_Municipio', municipio, estado)?.descripcion) : null,
    localidad: localidad ? named(localidad, findEntry('c_Localidad', localidad, estado)?.descripcion) : null,
    regionFronteriza: flag !== 0,
    zonaFronteriza: flag === 1 ? 'norte' : flag === 2 ? 'sur' : null,
  };
}
