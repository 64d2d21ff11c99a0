import { postalCode, type PostalCodeInfo } from '@facturo/cfdi/catalogs/server';

/** c_CodigoPostal lookup (estado, municipio, localidad, región fronteriza); null when SAT has no such CP. */
export async function lookupPostalCode(cp: string): Promise<PostalCodeInfo | null> {
  return (await postalCode(cp)) ?? null;
}
