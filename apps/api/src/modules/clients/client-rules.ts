import { findEntry, regimenAllowed, usoCfdiAllowed } from '@facturo/cfdi/catalogs';
import { postalCode } from '@facturo/cfdi/catalogs/server';
import {
  personaFromRfc, REGIMEN_SIN_OBLIGACIONES, RFC_EXTRANJERO, RFC_PUBLICO_GENERAL, splitRegimenCapital, USO_SIN_EFECTOS,
  type ClientV4Field, type ClientV4Gap, type ClientValues, type Persona,
} from '@facturo/contract';

const PERSONA_TEXT: Record<Persona, string> = { fisica: 'persona física', moral: 'persona moral' };

/** The receptor fields the catalogs judge; cp/state/municipality come from the domicilio fiscal. */
export interface ReceptorFields {
  rfc: string;
  regimen: string;
  uso_cfdi: string;
  cp: string | null;
  state: string | null;
  municipality: string | null;
  pais: string | null;
  num_reg_id_trib: string | null;
}

/** Where the CP lookup put the customer: filled in when the form left estado/municipio blank. */
export interface ResolvedAddress {
  state: string | null;
  municipality: string | null;
}

/**
 * Checks a customer against the SAT catalogs (régimen for the persona, uso CFDI for régimen +
 * persona, CP in c_CodigoPostal and inside the chosen estado/municipio, país and NumRegIdTrib format).
 * Returns the field → messages map (empty when valid) and the address the CP resolves to.
 */
export function checkReceptor(v: ReceptorFields): { errors: Record<string, string[]>; address: ResolvedAddress } {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const persona = personaFromRfc(v.rfc);
  const generic = v.rfc === RFC_PUBLICO_GENERAL || v.rfc === RFC_EXTRANJERO;

  if (!findEntry('c_RegimenFiscal', v.regimen)) add('regimen', `El régimen fiscal ${v.regimen} no existe en el catálogo del SAT`);
  else if (!regimenAllowed(v.regimen, persona)) add('regimen', `El régimen ${v.regimen} no aplica a una ${PERSONA_TEXT[persona]}`);

  if (!findEntry('c_UsoCFDI', v.uso_cfdi)) add('uso_cfdi', `El uso del CFDI ${v.uso_cfdi} no existe en el catálogo del SAT`);
  else if (!errors.regimen && !usoCfdiAllowed(v.uso_cfdi, v.regimen, persona)) {
    add('uso_cfdi', `El uso del CFDI ${v.uso_cfdi} no es compatible con el régimen ${v.regimen} de una ${PERSONA_TEXT[persona]}`);
  }

  const address: ResolvedAddress = { state: v.state, municipality: v.municipality };
  if (v.cp) {
    const info = postalCode(v.cp);
    if (!info) add('domicilio.cp', `El código postal ${v.cp} no existe en el catálogo del SAT`);
    else if (!generic) {
      if (v.state && info.estado.clave !== v.state) {
        add('domicilio.cp', `El código postal ${v.cp} pertenece a ${info.estado.nombre}, no al estado seleccionado`);
      } else if (v.municipality && info.municipio && info.municipio.clave !== v.municipality) {
        add('municipality', `El código postal ${v.cp} pertenece al municipio ${info.municipio.nombre}`);
      }
      address.state = info.estado.clave;
      address.municipality = v.municipality ?? info.municipio?.clave ?? null;
    }
  }
  if (v.state && !generic && !findEntry('c_Estado', v.state)) add('state', 'El estado no existe en el catálogo del SAT');
  if (v.municipality && address.state && !findEntry('c_Municipio', v.municipality, address.state)) {
    add('municipality', 'El municipio no pertenece al estado seleccionado');
  }

  if (v.rfc === RFC_EXTRANJERO && v.pais) {
    const pais = findEntry('c_Pais', v.pais);
    if (!pais) add('pais', `El país ${v.pais} no existe en el catálogo del SAT`);
    else if (v.num_reg_id_trib && pais.formatoRegistroIdentidadTributaria
      && !new RegExp(`^(?:${pais.formatoRegistroIdentidadTributaria})$`).test(v.num_reg_id_trib)) {
      add('num_reg_id_trib', `El número de registro tributario no tiene el formato que el SAT pide para ${pais.descripcion}`);
    }
  }
  return { errors, address };
}

/** Receptor fields of a parsed create/update body. */
export function receptorOf(v: ClientValues): ReceptorFields {
  return {
    rfc: v.rfc, regimen: v.regimen, uso_cfdi: v.uso_cfdi, cp: v.domicilio.cp, state: v.state ? v.state.toUpperCase() : null,
    municipality: v.municipality, pais: v.rfc === RFC_EXTRANJERO ? v.pais : null, num_reg_id_trib: v.num_reg_id_trib,
  };
}

/** Catalog descriptions shown beside the claves. */
export const regimenText = (clave: string) => findEntry('c_RegimenFiscal', clave)?.descripcion ?? '';
export const usoText = (clave: string) => findEntry('c_UsoCFDI', clave)?.descripcion ?? '';
export const stateText = (clave: string | null) => (clave ? findEntry('c_Estado', clave)?.descripcion ?? null : null);
export const municipalityText = (clave: string | null, state: string | null) =>
  clave && state ? findEntry('c_Municipio', clave, state)?.descripcion ?? null : null;

const GAP_FIELD: Record<string, ClientV4Field> = { regimen: 'regimen', uso_cfdi: 'uso_cfdi', 'domicilio.cp': 'cp' };

/**
 * What a stored customer lacks to be the Receptor of a CFDI 4.0 (empty when complete): the catalogs' judgement
 * of régimen, uso and CP (catalogs change after a customer is saved), the CP of a Mexican customer's
 * domicilio fiscal, and a persona moral's name without its régimen capital. `PATCH /api/clients/{id}/v4` fixes them.
 */
export function v4Gaps(c: { rfc: string; rSocial: string; persona: Persona; regimen: string; usoCfdi: string; cp: string | null; pais: string | null; numRegIdTrib: string | null }): ClientV4Gap[] {
  const gaps: ClientV4Gap[] = [];
  if (!c.rSocial.trim()) gaps.push({ field: 'r_social', message: 'Falta la razón social: escríbela como en su constancia de situación fiscal' });
  else if (c.persona === 'moral') {
    const split = splitRegimenCapital(c.rSocial);
    if (split) {
      gaps.push({
        field: 'r_social', suggestion: split.nombre,
        message: `En CFDI 4.0 la razón social va sin el régimen capital (${split.capital}), como en su constancia: ${split.nombre}`,
      });
    }
  }
  const generic = c.rfc === RFC_PUBLICO_GENERAL || c.rfc === RFC_EXTRANJERO;
  // Estado and municipio are not CFDI data: only the CP, régimen and uso are judged here.
  const { errors } = checkReceptor({
    rfc: c.rfc, regimen: c.regimen, uso_cfdi: c.usoCfdi, cp: c.cp, state: null, municipality: null, pais: c.pais, num_reg_id_trib: c.numRegIdTrib,
  });
  if (generic && c.regimen !== REGIMEN_SIN_OBLIGACIONES) {
    (errors.regimen ??= []).push(`Con el RFC genérico ${c.rfc} el régimen fiscal debe ser 616 Sin obligaciones fiscales`);
  }
  if (c.rfc === RFC_PUBLICO_GENERAL && c.usoCfdi !== USO_SIN_EFECTOS) {
    (errors.uso_cfdi ??= []).push('Con el RFC de público en general el uso del CFDI debe ser S01 Sin efectos fiscales');
  }
  if (!generic && !c.cp) gaps.push({ field: 'cp', message: 'Falta el código postal de su domicilio fiscal, como en su constancia' });
  for (const [key, messages] of Object.entries(errors)) {
    const field = GAP_FIELD[key];
    if (field && messages[0]) gaps.push({ field, message: messages[0] });
  }
  return gaps;
}
