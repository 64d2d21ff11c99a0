import { Decimal } from '@facturo/cfdi/money';

/**
 * The DIOT tipo de operación of a national supplier inferred from its CFDIs of the month (issue 24 item 13,
 * decision 272), instead of 85 "otros" for everyone. The user's choice in the DIOT supplier catalog still wins
 * (applyCatalog runs after) and sticks for later months.
 *  - 06 uso o goce temporal de bienes (rent): the supplier's régimen is 606 (arrendamiento) or a concept is
 *    c_ClaveProdServ 8013xxxx (servicios inmobiliarios: alquiler y arrendamiento);
 *  - 03 prestación de servicios profesionales: ISR was withheld on its CFDIs (honorarios), or it is a persona física
 *    (13-character RFC) in régimen 612 billing services (c_ClaveProdServ segments 70-94);
 *  - 02 enajenación de bienes: every concept is a good (segments 10-60 and 95; 01010101 "no existe en el catálogo"
 *    says nothing);
 *  - 85 otros, otherwise (mixed goods and services, services of a persona moral without ISR withheld, no claves).
 */
export type TipoOperacionInferido = '02' | '03' | '06' | '85';

/** What the month's CFDIs of one supplier say about it. */
export interface SupplierFacts {
  rfc: string;
  regimenes: Set<string>;
  claves: Set<string>;
  isrRetenido: Decimal;
}

export const emptyFacts = (rfc: string): SupplierFacts => ({ rfc, regimenes: new Set(), claves: new Set(), isrRetenido: new Decimal(0) });

/** Adds one grouped SQL row (regimenes / claves space-separated, isr withheld) to a supplier's facts. */
export function addFacts(f: SupplierFacts, r: { regimenes?: unknown; claves?: unknown; isrret?: unknown }): void {
  for (const v of String(r.regimenes ?? '').split(/\s+/)) if (v) f.regimenes.add(v);
  for (const v of String(r.claves ?? '').split(/\s+/)) if (/^\d{8}$/.test(v)) f.claves.add(v);
  if (r.isrret !== null && r.isrret !== undefined && /^-?\d+(\.\d+)?$/.test(String(r.isrret))) f.isrRetenido = f.isrRetenido.plus(String(r.isrret));
}

const segment = (clave: string) => Number(clave.slice(0, 2));
const isService = (clave: string) => segment(clave) >= 70 && segment(clave) <= 94;
const isGood = (clave: string) => (segment(clave) >= 10 && segment(clave) <= 60) || segment(clave) === 95;
export const isRent = (clave: string) => clave.startsWith('8013');

export function inferTipoOperacion(f: SupplierFacts): TipoOperacionInferido {
  const claves = [...f.claves].filter((c) => c !== '01010101');
  if (f.regimenes.has('606') || claves.some(isRent)) return '06';
  if (f.isrRetenido.gt(0)) return '03';
  const services = claves.some(isService);
  if (f.rfc.length === 13 && f.regimenes.has('612') && services) return '03';
  if (claves.length > 0 && claves.every(isGood)) return '02';
  return '85';
}
