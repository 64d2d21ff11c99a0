import { queryOptions } from '@tanstack/react-query';
import { routes, type SatDownloadSettings, type SatDownloadSettingsUpdate, type SatDownloadStart } from '@facturo/contract';
import { call } from '../../../shared/api/call';

/** `POST /api/sat/descargas`: answers 202 {id}; the id is also the background process's (the live messages' jobId). */
export function startSatDownload(body: SatDownloadStart): Promise<{ id: string }> {
  return call(routes['satDownloads.start'], { body });
}

/**
 * `GET /api/sat/descargas/{id}`: counts, rejections and SAT's warning. Polled every second while it runs:
 * the bar shows the live progress, this gives the final result even if a socket message was missed.
 */
export const satDownloadQuery = (rfc: string, id: string) =>
  queryOptions({
    queryKey: ['sat-download', rfc, id],
    queryFn: ({ signal }) => call(routes['satDownloads.show'], { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000),
  });

/** `GET /api/sat/descargas/ajustes`: the daily automatic download (on/off, days back, last run). */
export const satAutoSyncQuery = (rfc: string) =>
  queryOptions({
    queryKey: ['sat-download-settings', rfc],
    queryFn: ({ signal }) => call(routes['satDownloads.settings'], { signal }),
  });

/** `PUT /api/sat/descargas/ajustes`: 422 names the field (`dias` 1–10). */
export function saveSatAutoSync(body: SatDownloadSettingsUpdate): Promise<SatDownloadSettings> {
  return call(routes['satDownloads.updateSettings'], { body });
}
