import { postalCode, postalCodeExists, productServiceExists } from '../catalogs/server';

/**
 * Membership checks against the two huge SAT catalogs (c_CodigoPostal, c_ClaveProdServ), which the
 * generated catCFDI.xsd only checks by pattern. They come from src/catalogs/server, loaded on first
 * use (call its preloadCatalogs() at start-up to pay that before the first request).
 * `undefined` means "could not be checked", never "invalid".
 */

type Lookup = (clave: string) => boolean;

let postalLookup: Lookup | undefined = postalCodeExists;
let productLookup: Lookup | undefined = productServiceExists;
let borderLookup: ((cp: string) => boolean | undefined) | undefined = (cp) => {
  const info = postalCode(cp);
  return info ? info.regionFronteriza : undefined;
};

/** Replaces the big-catalog lookups (e.g. a newer SAT release held elsewhere). */
export function setBigCatalogLookups(lookups: { postalCode?: Lookup; productService?: Lookup; regionFronteriza?: (cp: string) => boolean | undefined }): void {
  postalLookup = lookups.postalCode ?? postalLookup;
  productLookup = lookups.productService ?? productLookup;
  borderLookup = lookups.regionFronteriza ?? borderLookup;
}

/** True/false when c_CodigoPostal is loaded; undefined when it is not available. */
export function postalCodeKnown(cp: string): boolean | undefined {
  return postalLookup?.(cp);
}

/** True/false when c_ClaveProdServ is loaded; undefined when it is not available. */
export function productServiceKnown(clave: string): boolean | undefined {
  return productLookup?.(clave);
}

/**
 * True when c_CodigoPostal marks the CP with SAT's border-stimulus flag (región fronteriza norte or sur), false
 * when it does not; undefined when the CP is unknown or the catalog is not available.
 */
export function postalCodeBorder(cp: string): boolean | undefined {
  return borderLookup?.(cp);
}
