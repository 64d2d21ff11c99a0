import { queryOptions } from '@tanstack/react-query';
import { getMunicipios, getRegistrationCatalogs } from './catalog-api';

/** Registration catalogues (estados, régimen, zonas horarias); rarely change. */
export const registrationCatalogsQuery = () =>
  queryOptions({
    queryKey: ['auth', 'public', 'catalogs'],
    queryFn: ({ signal }) => getRegistrationCatalogs(signal),
    staleTime: 60 * 60 * 1000,
  });

/** Municipalities of a state. */
export const municipiosQuery = (stateId: string | null) =>
  queryOptions({
    queryKey: ['auth', 'public', 'municipios', stateId ?? ''],
    queryFn: ({ signal }) => getMunicipios(stateId, signal),
    staleTime: 60 * 60 * 1000,
  });
