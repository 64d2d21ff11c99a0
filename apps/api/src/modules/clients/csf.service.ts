import type { CsfExtract } from '@facturo/contract';
import { postalCode } from '@facturo/cfdi/catalogs/server';
import { regimenAllowed } from '@facturo/cfdi/catalogs';
import { readCsfPdf } from './csf-pdf';

/**
 * What the customer form prefills from an uploaded constancia: the extracted data, estado and
 * municipio from the CP, and the régimenes that apply to the RFC's persona type (the first one
 * proposed). Nothing is stored: the user reviews and saves the form.
 */
export async function csfPrefill(pdf: Buffer): Promise<CsfExtract> {
  const csf = await readCsfPdf(pdf);
  const place = csf.cp ? postalCode(csf.cp) : null;
  const regimenes = csf.regimenes.filter((r) => regimenAllowed(r, csf.persona));
  return {
    rfc: csf.rfc,
    r_social: csf.rSocial,
    persona: csf.persona,
    cp: place ? csf.cp : null,
    state: place?.estado.clave ?? null,
    municipality: place?.municipio?.clave ?? null,
    regimenes,
    regimen: regimenes[0] ?? null,
    idCIF: csf.idCIF,
  };
}
