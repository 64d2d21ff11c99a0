import { postalCodeExists, productServiceExists } from '../catalogs/server';

/**
 * Membership checks against the two huge SAT catalogs (c_CodigoPostal, c_ClaveProdServ), which the
 * generated catCFDI.xsd only checks by pattern. They come from src/catalogs/server, loaded on first
 * use (call its preloadCatalogs() at start-up to pay that before the first request).
 * `undefined` means "could not be checked", never "invalid".
 */

type Lookup = (clave: string) => boolean;

let postalLookup: Lookup | undefined = postalCodeExists;
let productLookup: Lookup | undefined = productServiceExists;

/** Replaces the big-catalog lookups (e.g. a newer SAT release held elsewhere). */
export function setBigCatalogLookups(lookups: { postalCode?: Lookup; productService?: Lookup }): void {
  postalLookup = lookups.postalCode ?? postalLookup;
  productLookup = lookups.productService ?? productLookup;
}

/** True/false when c_CodigoPostal is loaded; undefined when it is not available. */
export function postalCodeKnown(cp: string): boolean | undefined {
  return postalLookup?.(cp);
}

/** True/false when c_ClaveProdServ is loaded; undefined when it is not available. */
export function productServiceKnown(clave: string): boolean | undefined {
  return productLookup?.(clave);
}
