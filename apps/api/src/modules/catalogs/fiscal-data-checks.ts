import { MX_TIME_ZONES, personaFromRfc } from '@facturo/contract';
import { findEntry, municipios, regimenAllowed } from '@facturo/cfdi/catalogs';
import { estadosMx } from './catalogs.service';
import { lookupPostalCode } from './postal-codes';

/** The tenant's fiscal data a user types in (account completion and profile edit). */
export interface FiscalDataValues {
  regimen: string;
  cp: string;
  estado: string;
  municipio: string;
  timeZone: string;
}

/**
 * Checks fiscal data against the SAT catalogs: régimen for the RFC's persona, CP ↔ estado ↔
 * municipio, and a time zone from the list. Returns every error by field (Spanish), empty when valid,
 * so forms can mark all wrong fields at once.
 */
export async function fiscalDataErrors(rfc: string, input: FiscalDataValues): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const persona = personaFromRfc(rfc);
  if (!findEntry('c_RegimenFiscal', input.regimen)) errors.regimen = ['El régimen fiscal no existe en el catálogo del SAT'];
  else if (!regimenAllowed(input.regimen, persona)) {
    errors.regimen = [`El régimen ${input.regimen} no aplica a una persona ${persona === 'fisica' ? 'física' : 'moral'}`];
  }
  if (!estadosMx().some((e) => e.clave === input.estado)) errors.estado = ['El estado no existe en el catálogo'];
  else if (!municipios(input.estado).some((m) => m.clave === input.municipio)) errors.municipio = ['El municipio no pertenece al estado seleccionado'];
  const cp = await lookupPostalCode(input.cp);
  if (!cp) errors.cp = ['El código postal no existe en el catálogo del SAT'];
  else if (cp.estado.clave !== input.estado) errors.cp = [`El código postal ${input.cp} pertenece a ${cp.estado.nombre}, no al estado seleccionado`];
  else if (cp.municipio && cp.municipio.clave !== input.municipio && !errors.municipio) {
    errors.municipio = [`El código postal ${input.cp} pertenece al municipio ${cp.municipio.nombre}`];
  }
  if (!MX_TIME_ZONES.some((z) => z.value === input.timeZone)) errors.timeZone = ['Selecciona una zona horaria de la lista'];
  return errors;
}
