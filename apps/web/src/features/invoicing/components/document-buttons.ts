import { confirmExternalLink } from '../../../shared/ui/confirm';
import { fetchCancelAcuse, fetchPdf, fetchXml, saveBlob } from '../api/documents-api';

/**
 * The viewer links of §3/§7.17: the document is fetched with the session's token and opened as a blob
 * URL in a new tab, behind the §8 link confirm (the tab leaves the app). The download stays in the app.
 */
export async function viewPdf(uuid: string): Promise<void> {
  const blob = await fetchPdf(uuid);
  confirmExternalLink(URL.createObjectURL(blob));
}

export async function viewXml(uuid: string): Promise<void> {
  const blob = await fetchXml(uuid);
  confirmExternalLink(URL.createObjectURL(new Blob([blob], { type: 'text/xml' })));
}

export async function downloadXml(uuid: string, name?: string): Promise<void> {
  saveBlob(await fetchXml(uuid), `${name ?? uuid}.xml`);
}

export async function downloadPdf(uuid: string, name?: string): Promise<void> {
  saveBlob(await fetchPdf(uuid), `${name ?? uuid}.pdf`);
}

/** "Descargar acuse de cancelación": the PAC's acuse of the cancellation request (issue 24 §10). */
export async function downloadCancelAcuse(uuid: string): Promise<void> {
  saveBlob(new Blob([await fetchCancelAcuse(uuid)], { type: 'application/xml' }), `acuse-cancelacion-${uuid}.xml`);
}
