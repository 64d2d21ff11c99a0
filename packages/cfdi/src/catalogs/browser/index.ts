/**
 * Browser entry of the SAT catalogs (`@facturo/cfdi/catalogs/browser`): the same browser-safe API as
 * `@facturo/cfdi/catalogs`, under a sub-path the web's lint rule accepts.
 */
export * from '../index';
