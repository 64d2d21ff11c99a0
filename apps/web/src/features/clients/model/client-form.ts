import { personaFromRfc, RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, type Client, type ClientInput } from '@facturo/contract';

/** The form's values: the API body with every optional text as a string, as inputs hold them. */
export interface ClientFormValues {
  rfc: string;
  r_social: string;
  email: string[];
  regimen: string;
  uso_cfdi: string;
  domicilio: { cp: string };
  state: string;
  municipality: string;
  pais: string;
  num_reg_id_trib: string;
}

export const emptyClientForm = (): ClientFormValues => ({
  rfc: '', r_social: '', email: [], regimen: '', uso_cfdi: '', domicilio: { cp: '' }, state: '', municipality: '', pais: '', num_reg_id_trib: '',
});

/** Values of a stored customer for the edit panel. */
export function clientToForm(c: Client): ClientFormValues {
  return {
    rfc: c.rfc, r_social: c.r_social, email: c.email, regimen: c.regimen, uso_cfdi: c.uso_cfdi, domicilio: { cp: c.domicilio.cp ?? '' },
    state: c.state ?? '', municipality: c.municipality ?? '', pais: c.pais === 'MEX' ? '' : (c.pais ?? ''), num_reg_id_trib: c.num_reg_id_trib ?? '',
  };
}

/** The API body: blanks become null, and a generic RFC drops what does not apply to it. */
export function formToInput(v: ClientFormValues): ClientInput {
  const rfc = v.rfc.trim().toUpperCase();
  const foreign = rfc === RFC_EXTRANJERO;
  const blank = (s: string) => (s.trim() ? s.trim() : null);
  return {
    rfc, r_social: v.r_social, email: v.email, regimen: v.regimen, uso_cfdi: v.uso_cfdi,
    domicilio: { cp: foreign ? null : blank(v.domicilio.cp) },
    state: foreign ? null : blank(v.state), municipality: foreign ? null : blank(v.municipality),
    pais: foreign ? blank(v.pais) : null, num_reg_id_trib: foreign ? blank(v.num_reg_id_trib) : null,
  };
}

export type RfcKind = 'fisica' | 'moral' | 'publico' | 'extranjero' | null;

/** What the RFC typed so far says about the customer (drives which fields and régimenes the form shows). */
export function rfcKind(raw: string): RfcKind {
  const rfc = raw.trim().toUpperCase();
  if (rfc === RFC_PUBLICO_GENERAL) return 'publico';
  if (rfc === RFC_EXTRANJERO) return 'extranjero';
  if (rfc.length === 12 || rfc.length === 13) return personaFromRfc(rfc);
  return null;
}

export const CLIENT_FIELDS = ['rfc', 'r_social', 'email', 'regimen', 'uso_cfdi', 'domicilio.cp', 'state', 'municipality', 'pais', 'num_reg_id_trib'] as const;
