import { z } from 'zod';
import { idParam } from './input-rules';
import { catalogItemSchema, emailSchema, regimenItemSchema, rfcSchema } from './auth';
import { RFC_EXTRANJERO, RFC_PUBLICO_GENERAL } from './rfc';
import { pageOf } from './pagination';

/**
 * Customers (spec §3 Customer, §7.9): the receptor data CFDI 4.0 needs. The generic RFCs follow SAT's
 * rules: público en general (XAXX010101000) uses régimen 616 and uso S01; a foreign customer
 * (XEXX010101000) uses régimen 616 and carries its país and NumRegIdTrib instead of a Mexican address.
 */

export const REGIMEN_SIN_OBLIGACIONES = '616';
export const USO_SIN_EFECTOS = 'S01';
export const MAX_CLIENT_EMAILS = 10;

const regimenField = z
  .string({ error: 'El régimen fiscal es obligatorio' })
  .trim()
  .regex(/^\d{3}$/, 'Selecciona un régimen fiscal del catálogo');
const usoField = z
  .string({ error: 'El uso del CFDI es obligatorio' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{1,2}\d{2}$/, 'Selecciona un uso del CFDI del catálogo');
const rSocialField = z
  .string({ error: 'La razón social es obligatoria' })
  .trim()
  .min(1, 'La razón social es obligatoria')
  .max(300, 'La razón social no puede exceder 300 caracteres');
const cpField = z.string().trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos');
const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).optional().nullable().transform((v) => v || null);

export const clientInputSchema = z
  .object({
    rfc: rfcSchema,
    /** Exactly as on the Constancia de Situación Fiscal (CFDI 4.0 Nombre), without the capital regime. */
    r_social: rSocialField,
    email: z
      .array(emailSchema, { error: 'Los correos deben ser una lista' })
      .max(MAX_CLIENT_EMAILS, `Registra como máximo ${MAX_CLIENT_EMAILS} correos`)
      .default([])
      .refine((list) => new Set(list).size === list.length, 'Hay correos repetidos'),
    regimen: regimenField,
    /** Default uso CFDI proposed when invoicing this customer. */
    uso_cfdi: usoField,
    domicilio: z.object({ cp: cpField.optional().nullable().transform((v) => v || null) }).default({ cp: null }),
    state: optionalText(3, 'Selecciona un estado del catálogo'),
    municipality: optionalText(3, 'Selecciona un municipio del catálogo'),
    /** c_Pais of a foreign customer (not MEX). */
    pais: optionalText(3, 'Selecciona un país del catálogo').transform((v) => (v ? v.toUpperCase() : null)),
    /** Foreign tax id (NumRegIdTrib), 1-40 characters. */
    num_reg_id_trib: optionalText(40, 'El número de registro tributario no puede exceder 40 caracteres'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const generic = v.rfc === RFC_PUBLICO_GENERAL || v.rfc === RFC_EXTRANJERO;
    if (generic && v.regimen !== REGIMEN_SIN_OBLIGACIONES) {
      issue(['regimen'], `Con el RFC genérico ${v.rfc} el régimen fiscal debe ser 616 Sin obligaciones fiscales`);
    }
    if (v.rfc === RFC_PUBLICO_GENERAL && v.uso_cfdi !== USO_SIN_EFECTOS) {
      issue(['uso_cfdi'], 'Con el RFC de público en general el uso del CFDI debe ser S01 Sin efectos fiscales');
    }
    if (v.rfc === RFC_EXTRANJERO) {
      if (!v.pais) issue(['pais'], 'El país es obligatorio para un cliente extranjero');
      else if (v.pais === 'MEX') issue(['pais'], 'Un cliente extranjero no puede tener país México');
      if (!v.num_reg_id_trib) issue(['num_reg_id_trib'], 'El número de registro tributario es obligatorio para un cliente extranjero');
    } else {
      if (v.num_reg_id_trib) issue(['num_reg_id_trib'], 'El número de registro tributario solo aplica a clientes extranjeros (XEXX010101000)');
      if (v.pais && v.pais !== 'MEX') issue(['pais'], 'Un cliente con RFC mexicano debe tener país México');
    }
    if (!generic) {
      // Estado and municipio may be left out: the API takes them from the CP.
      if (!v.domicilio.cp) issue(['domicilio', 'cp'], 'El código postal del domicilio fiscal es obligatorio');
    }
  });
export type ClientInput = z.input<typeof clientInputSchema>;
export type ClientValues = z.output<typeof clientInputSchema>;

/** `PATCH /api/clients/{id}/v4`: the CFDI 4.0 receptor data, each optional. */
export const clientV4InputSchema = z
  .object({
    r_social: rSocialField.optional(),
    regimen: regimenField.optional(),
    cp: cpField.optional(),
    uso_cfdi: usoField.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Envía al menos un dato a actualizar', path: ['body'] });
export type ClientV4Input = z.input<typeof clientV4InputSchema>;

/** The receptor data `PATCH /api/clients/{id}/v4` completes. */
export const clientV4FieldSchema = z.enum(['r_social', 'regimen', 'cp', 'uso_cfdi']);
export type ClientV4Field = z.infer<typeof clientV4FieldSchema>;

/** One thing a customer lacks for a CFDI 4.0 receptor, with what to do; `suggestion` is a value to propose. */
export const clientV4GapSchema = z.object({ field: clientV4FieldSchema, message: z.string(), suggestion: z.string().optional() });
export type ClientV4Gap = z.infer<typeof clientV4GapSchema>;

// SAT's "Régimen capital" endings as people type them (dots, commas and spaces vary): S.A. DE C.V., SAPI DE CV,
// S. DE R.L. DE C.V., S.C., A.C., S.A.S., SOFOM ENR... CFDI 4.0 Nombre carries the name without them.
const CAPITAL_TAIL = new RegExp(
  '[\\s,]+(?:SOCIEDAD ANONIMA(?: PROMOTORA DE INVERSION| BURSATIL)?(?: DE CAPITAL VARIABLE)?|SOCIEDAD CIVIL|ASOCIACION CIVIL'
  + '|S\\.? ?A\\.? ?P\\.? ?I\\.?|S\\.? ?A\\.? ?B\\.?|S\\.? ?A\\.? ?S\\.?|S\\.? ?A\\.?|S\\.? ?DE ?R\\.? ?L\\.?(?: ?M\\.?| ?MI\\.?)?'
  + '|S\\.? ?C\\.? ?(?:P|L|S)?\\.?|A\\.? ?C\\.?|S\\.? ?P\\.? ?R\\.?|S\\.? ?EN ?(?:N\\.? ?)?C\\.?(?: ?POR ?A\\.?)?|I\\.? ?A\\.? ?P\\.?)'
  + '(?:[\\s,]+DE[\\s,]+(?:C\\.? ?V\\.?|R\\.? ?L\\.?(?:[\\s,]+DE[\\s,]+C\\.? ?V\\.?)?|R\\.? ?S\\.?|R\\.? ?I\\.?|CAPITAL VARIABLE))?'
  + '(?:[\\s,]+SOFOM(?:[\\s,]+E\\.? ?N\\.? ?R\\.?|[\\s,]+E\\.? ?R\\.?)?)?[\\s.,]*$',
  'i',
);

/**
 * The régimen capital a persona moral's name ends with ("ESCUELA KEMPER URGATE SA DE CV" → "SA DE CV") and the
 * name without it, or null. SAT's constancia keeps them apart and CFDI 4.0 Nombre must be the name alone
 * (CFDI40145: the PAC compares it with SAT's list of RFCs).
 */
export function splitRegimenCapital(name: string): { nombre: string; capital: string } | null {
  // Accents dropped letter for letter, so an index in `text` is one in `name` ("ANÓNIMA" → "ANONIMA").
  const text = name.replace(/[\u00C0-\u017F]/g, (ch) => ch.normalize('NFD')[0] ?? ch);
  const m = CAPITAL_TAIL.exec(text);
  if (!m || m.index === 0) return null;
  const nombre = name.slice(0, m.index).trim();
  if (!nombre) return null;
  return { nombre, capital: name.slice(m.index).replace(/^[\s,]+/, '').trim() };
}

export const clientSchema = z.object({
  id: z.number().int(),
  rfc: z.string(),
  r_social: z.string(),
  email: z.array(z.string()),
  persona: z.enum(['fisica', 'moral']),
  regimen: z.string(),
  regimen_descripcion: z.string(),
  uso_cfdi: z.string(),
  uso_cfdi_descripcion: z.string(),
  domicilio: z.object({ cp: z.string().nullable() }),
  state: z.string().nullable(),
  state_name: z.string().nullable(),
  municipality: z.string().nullable(),
  municipality_name: z.string().nullable(),
  pais: z.string().nullable(),
  num_reg_id_trib: z.string().nullable(),
  /** What the customer still lacks to receive a CFDI 4.0 (empty when complete); `PATCH .../v4` completes it. */
  v4_missing: z.array(clientV4GapSchema),
  /** "rfc - r_social", as spec §3 displays a customer. */
  display: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Client = z.infer<typeof clientSchema>;
export const clientPageSchema = pageOf(clientSchema);
export const clientIdParamsSchema = z.object({ id: idParam('Cliente no encontrado') });

/** `POST /api/clients/upload-csf`: what the Constancia de Situación Fiscal says, to prefill the form. */
export const csfExtractSchema = z.object({
  rfc: z.string(),
  r_social: z.string(),
  persona: z.enum(['fisica', 'moral']),
  cp: z.string().nullable(),
  state: z.string().nullable(),
  municipality: z.string().nullable(),
  /** c_RegimenFiscal claves found in the "Regímenes" section, in document order. */
  regimenes: z.array(z.string()),
  regimen: z.string().nullable(),
  idCIF: z.string().nullable(),
});
export type CsfExtract = z.infer<typeof csfExtractSchema>;

export const clientsStatesSchema = z.object({ estados: z.array(catalogItemSchema) });
export const clientsMunicipalitiesSchema = z.object({ municipios: z.array(catalogItemSchema) });
export const clientsTaxRegimesSchema = z.object({ regimen: z.array(regimenItemSchema) });

/** Displays a customer as spec §3 does. */
export const clientDisplay = (c: { rfc: string; r_social: string }) => `${c.rfc} - ${c.r_social}`;
