import {
  satDownloadListSchema, satDownloadParamsSchema, satDownloadSettingsSchema, satDownloadSettingsUpdateSchema, satDownloadSchema, satDownloadStartSchema, satDownloadStartedSchema,
} from '../sat-downloads';
import { route } from '../route';

/** Any paid account downloads its CFDI from SAT (it feeds incomes, outcomes and the dashboard, like the import). */
const access = {} as const;

/** Issue 15 §1: SAT bulk download (descarga masiva) as a background process. */
export const satDownloadsRoutes = {
  'satDownloads.start': route({
    method: 'POST', path: '/api/sat/descargas', body: satDownloadStartSchema, status: 202, response: satDownloadStartedSchema, access,
    summary: 'Pide al SAT los CFDI emitidos o recibidos de un mes con la e.firma del contribuyente; responde el id de la descarga',
  }),
  'satDownloads.list': route({ method: 'GET', path: '/api/sat/descargas', response: satDownloadListSchema, access }),
  // Before ':id' in reading order; the router matches the static segment first either way.
  'satDownloads.settings': route({
    method: 'GET', path: '/api/sat/descargas/ajustes', response: satDownloadSettingsSchema, access,
    summary: 'La descarga automática diaria de la cuenta: si está activada, cuántos días atrás cubre y su última ejecución',
  }),
  'satDownloads.updateSettings': route({
    method: 'PUT', path: '/api/sat/descargas/ajustes', body: satDownloadSettingsUpdateSchema, response: satDownloadSettingsSchema, access,
    summary: 'Activa o desactiva la descarga automática diaria de los últimos días (1 a 10)',
  }),
  'satDownloads.show': route({ method: 'GET', path: '/api/sat/descargas/:id', params: satDownloadParamsSchema, response: satDownloadSchema, access }),
};
