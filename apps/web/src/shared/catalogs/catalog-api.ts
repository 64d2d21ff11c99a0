import { routes } from '@facturo/contract';
import { call } from '../api/call';

/** Registration catalogs (estados, regímenes, zonas horarias). */
export const getRegistrationCatalogs = (signal?: AbortSignal) => call(routes['auth.catalogs'], { signal });

/** §5: municipalities with no state id are an empty list without a call. */
export async function getMunicipios(stateId: string | null | undefined, signal?: AbortSignal) {
  if (!stateId) return [];
  return (await call(routes['auth.municipalities'], { params: { stateId }, signal })).municipios;
}
