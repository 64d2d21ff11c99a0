import { RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, type Client, type ClientV4Input } from '@facturo/contract';

/** The "Completar datos CFDI 4.0" form: the four receptor fields `PATCH /api/clients/{id}/v4` takes. */
export interface ClientV4Form {
  r_social: string;
  regimen: string;
  cp: string;
  uso_cfdi: string;
}

/** Starting values: the stored data, with the name the API suggests (without the régimen capital) when it has one. */
export function v4FormValues(c: Client | null): ClientV4Form {
  if (!c) return { r_social: '', regimen: '', cp: '', uso_cfdi: '' };
  const bad = (field: string) => c.v4_missing.some((g) => g.field === field);
  const suggested = c.v4_missing.find((g) => g.field === 'r_social' && g.suggestion)?.suggestion;
  return {
    r_social: suggested ?? c.r_social,
    // A régimen or uso the catalogs refuse is not proposed again: the user picks one from the list.
    regimen: bad('regimen') ? '' : c.regimen,
    cp: c.domicilio.cp ?? '',
    uso_cfdi: bad('uso_cfdi') || bad('regimen') ? '' : c.uso_cfdi,
  };
}

/**
 * The PATCH body: every field the form holds (the API judges the receptor as a whole, so an unchanged but
 * wrong uso would refuse a new name); blanks are sent as typed so the API names them on their fields. A
 * generic RFC has no CP of its own (the Receptor takes the issuer's), so none is sent for it.
 */
export function v4FormToBody(v: ClientV4Form, c: Pick<Client, 'rfc'>): ClientV4Input {
  const generic = c.rfc === RFC_PUBLICO_GENERAL || c.rfc === RFC_EXTRANJERO;
  return { r_social: v.r_social, regimen: v.regimen, uso_cfdi: v.uso_cfdi, ...(generic ? {} : { cp: v.cp.trim() }) };
}
