// The entry (login, guard, session) imports its area's entries, not the whole table: /login stays small (issue 19).
import { authRoutes } from '@facturo/contract/routes/auth';
import { call } from '../api/call';

/** Registration catalogs (estados, regímenes, zonas horarias). */
export const getRegistrationCatalogs = (signal?: AbortSignal) => call(authRoutes['auth.catalogs'], { signal });

/** §5: municipalities with no state id are an empty list without a call. */
export async function getMunicipios(stateId: string | null | undefined, signal?: AbortSignal) {
  if (!stateId) return [];
  return (await call(authRoutes['auth.municipalities'], { params: { stateId }, signal })).municipios;
}
