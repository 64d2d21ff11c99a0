import type { RegistrationCatalogs } from '@facturo/contract';
import { apiGet } from '../api/api-client';

/** `GET /api/crear-cuenta/catalogs`. */
export const getRegistrationCatalogs = (signal?: AbortSignal) =>
  apiGet<RegistrationCatalogs>('/api/crear-cuenta/catalogs', { signal });

/** §5: municipalities with no state id are an empty list without a call. */
export async function getMunicipios(stateId: string | null | undefined, signal?: AbortSignal) {
  if (!stateId) return [];
  const res = await apiGet<{ municipios: { clave: string; nombre: string }[] }>(
    `/api/crear-cuenta/municipios/${encodeURIComponent(stateId)}`,
    { signal },
  );
  return res.municipios;
}
