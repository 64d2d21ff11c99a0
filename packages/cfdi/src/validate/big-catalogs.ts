/**
 * Membership checks against the two huge SAT catalogs (c_CodigoPostal, c_ClaveProdServ), which the
 * generated catCFDI.xsd only checks by pattern. They live server-side in src/catalogs/server.
 * `undefined` means "could not be checked" (catalog not available), never "invalid".
 */

type Lookup = (clave: string) => boolean;

let postalLookup: Lookup | undefined;
let productLookup: Lookup | undefined;

/** Plugs in the big-catalog lookups (the server wires src/catalogs/server here at start-up). */
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
