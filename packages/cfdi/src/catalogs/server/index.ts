/**
 * Server-only side of the SAT catalogs: the big ones, read from compressed files on first use.
 * Call `preloadCatalogs()` at start-up to build them in the background instead.
 */
import { loadPostalCodes } from './postal-codes';
import { findProductService, loadProductServices } from './prod-serv';

export { findProductService, loadProductServices, productServiceExists, searchProductService, type ProductServiceEntry } from './prod-serv';
export { searchUnit } from './units';
export { loadPostalCodes, postalCode, postalCodeExists, type PostalCodeInfo } from './postal-codes';
export type { SearchHit } from '../search-index';

/**
 * Loads the big catalogs after the current turn of the event loop, one per turn, so a server can
 * start listening first. Resolves when both are ready.
 */
export function preloadCatalogs(): Promise<void> {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return nextTurn()
    .then(() => loadPostalCodes())
    .then(nextTurn)
    .then(() => findProductService('01010101')) // rows only (~0.2 s)
    .then(nextTurn)
    .then(() => {
      loadProductServices(); // word index (~0.45 s)
    });
}
