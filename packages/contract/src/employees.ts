import { z } from 'zod';
import { idParam } from './input-rules';
import { Decimal } from '@facturo/cfdi/money';
import { rfcSchema } from './auth';
import { clabeProblem, curpProblem, idMessages, nssProblem } from './employee-ids';
import { pageOf, pageQuerySchema } from './pagination';
export * from './employee-ids';
import { RFC_EXTRANJERO, RFC_PUBLICO_GENERAL } from './rfc';

/**
 * Employees (spec §3 Employee and its catalogues, §4 enable/disable, §5 limits, §7.10): the receptor
 * and Nómina 1.2 data of a worker plus the recurring percepciones, deducciones and otros pagos.
 *
 * Routes (all premium product 10; the body `rfc` is the employee's):
 * | method | path                                                   | what                                           |
 * |--------|--------------------------------------------------------|------------------------------------------------|
 * | GET    | /api/employees?page&perPage&search&estatus             | list (search by RFC, nombre, no. empleado, CURP) |
 * | POST   | /api/employees                                         | create with its concepts (one transaction)     |
 * | GET    | /api/employees/catalogs                                | catálogos for the form                         |
 * | GET    | /api/employees/{id}/edit                               | one employee                                   |
 * | PUT    | /api/employees/{id}                                    | replace data and concepts (one transaction)    |
 * | DELETE | /api/employees/{id}                                    | delete                                         |
 * | PUT    | /api/employees/enable/{id}                             | toggle estatus (dar de baja / reactivar)       |
 * | POST   | /api/employees/{id}/salary                             | salario diario and SDI (computed when absent)  |
 * | GET    | /api/employees/calculate/{employeeId}?fecha            | ISR and IMSS of one period                     |
 * | GET    | /api/employees/preview/{id}?fecha                      | employee + calculation                         |
 * | POST   | /api/employees/preview?fecha                           | calculation of unsaved data                    |
 * | POST   | /api/employees/{id}/perceptions                        | add a percepción (also deductions, other-payments) |
 * | PUT    | /api/employees/{id}/perceptions/{conceptId}            | edit it                                        |
 * | DELETE | /api/employees/{id}/perceptions/{conceptId}            | remove it                                      |
 */

/** §5: concept amounts at most 2,000,000 and at least 0.01 (0 for percepciones). */
export const CONCEPT_MAX = '2000000';
export const CONCEPT_MIN = '0.01';
export const ESTATUS = { activo: 1, inactivo: 0 } as const;

/** Deductions the calculation computes itself: seguridad social (001) and ISR (002). */
export const COMPUTED_DEDUCCIONES = ['001', '002'] as const;
/** c_TipoOtroPago of the subsidio para el empleo, which carries SubsidioCausado. */
export const OTRO_PAGO_SUBSIDIO = '002';

const AMOUNT_RE = /^\d{1,9}(\.\d{1,2})?$/;

/** A decimal string with up to 2 decimals within [min, max]; JSON numbers are refused (floats). */
export const amountSchema = (label: string, min: string, max = CONCEPT_MAX) =>
  z
    .string({ error: `${label} debe ser un importe en texto, por ejemplo "1500.00"` })
    .trim()
    // An empty box says what to do; a malformed one says why (zod keeps running checks after a failed one,
    // so the range check below must not build a Decimal from text the regex refused).
    .min(1, `Escribe ${label.charAt(0).toLowerCase()}${label.slice(1)}`)
    .superRefine((v, ctx) => {
      if (!v) return;
      if (!AMOUNT_RE.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${label} debe ser un número con hasta 2 decimales` });
        return;
      }
      const d = new Decimal(v);
      if (d.lt(min)) ctx.addIssue({ code: 'custom', message: `${label} debe ser al menos ${min}` });
      if (d.gt(max)) ctx.addIssue({ code: 'custom', message: `${label} no puede ser mayor a ${new Decimal(max).toFixed(2)}` });
    })
    // A transform runs only on a value that passed every check above.
    .transform((v) => new Decimal(v).toFixed(2));

const claveOf = (label: string, re: RegExp) =>
  z.string({ error: `${label} es obligatorio` }).trim().regex(re, `Selecciona ${label.toLowerCase()} del catálogo`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} es obligatorio` }).trim().min(1, `${label} es obligatorio`).max(max, `${label} no puede exceder ${max} caracteres`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} no puede exceder ${max} caracteres`).optional().nullable().transform((v) => v || null);
const optionalClave = (label: string, re: RegExp) =>
  z.string().trim().optional().nullable().transform((v) => v || null)
    .refine((v) => v === null || re.test(v), `Selecciona ${label.toLowerCase()} del catálogo`);

/** Nómina 1.2 Clave of a concept: 3-15 characters, letters, digits and spaces. */
const conceptClave = z
  .string({ error: 'La clave es obligatoria' })
  .trim()
  .regex(/^[A-Za-z0-9 ]{3,15}$/, 'La clave debe tener de 3 a 15 letras o dígitos');
const conceptName = text('El concepto', 100);

export const percepcionInputSchema = z.object({
  tipo: claveOf('El tipo de percepción', /^\d{3}$/),
  clave: conceptClave,
  concepto: conceptName,
  importe_gravado: amountSchema('El importe gravado', '0'),
  importe_exento: amountSchema('El importe exento', '0'),
});
export const deduccionInputSchema = z.object({
  tipo: claveOf('El tipo de deducción', /^\d{3}$/).refine(
    (v) => !(COMPUTED_DEDUCCIONES as readonly string[]).includes(v),
    'La seguridad social (001) y el ISR (002) se calculan automáticamente; no los agregues como deducción',
  ),
  clave: conceptClave,
  concepto: conceptName,
  importe: amountSchema('El importe', CONCEPT_MIN),
});
export const otroPagoInputSchema = z
  .object({
    tipo: claveOf('El tipo de otro pago', /^\d{3}$/),
    clave: conceptClave,
    concepto: conceptName,
    /** Validated below: 0 is allowed only for the subsidio (002), which is no longer paid in cash. */
    importe: amountSchema('El importe', '0'),
    subsidio_causado: amountSchema('El subsidio causado', '0').optional().nullable().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.tipo === OTRO_PAGO_SUBSIDIO) {
      if (v.subsidio_causado === null) issue('subsidio_causado', 'El subsidio causado es obligatorio para el otro pago 002');
      else if (new Decimal(v.subsidio_causado).lt(v.importe)) issue('subsidio_causado', 'El subsidio causado no puede ser menor que el importe');
    } else {
      if (new Decimal(v.importe).lt(CONCEPT_MIN)) issue('importe', `El importe debe ser al menos ${CONCEPT_MIN}`);
      if (v.subsidio_causado !== null) issue('subsidio_causado', 'El subsidio causado solo aplica al otro pago 002');
    }
  });
export type PercepcionInput = z.input<typeof percepcionInputSchema>;
export type DeduccionInput = z.input<typeof deduccionInputSchema>;
export type OtroPagoInput = z.input<typeof otroPagoInputSchema>;
export type PercepcionValues = z.output<typeof percepcionInputSchema>;
export type DeduccionValues = z.output<typeof deduccionInputSchema>;
export type OtroPagoValues = z.output<typeof otroPagoInputSchema>;

const employeeRfc = rfcSchema.superRefine((v, ctx) => {
  if (v === RFC_PUBLICO_GENERAL || v === RFC_EXTRANJERO) ctx.addIssue({ code: 'custom', message: 'El empleado necesita su propio RFC, no uno genérico' });
  else if (v.length !== 13) ctx.addIssue({ code: 'custom', message: 'El RFC del empleado debe ser de persona física (13 caracteres)' });
});
const curpField = z.string({ error: 'La CURP es obligatoria' }).trim().toUpperCase().superRefine((v, ctx) => {
  const p = curpProblem(v);
  if (p) ctx.addIssue({ code: 'custom', message: idMessages.curp[p] });
});
const nssField = z.string().trim().optional().nullable().transform((v) => v || null).superRefine((v, ctx) => {
  const p = v === null ? null : nssProblem(v);
  if (p) ctx.addIssue({ code: 'custom', message: idMessages.nss[p] });
});
/** Nómina 1.2 CuentaBancaria: account (10), phone (11), card (16) or CLABE (18, check digit verified). */
const cuentaField = z.string().trim().optional().nullable().transform((v) => v || null).superRefine((v, ctx) => {
  if (v === null) return;
  if (!/^(\d{10}|\d{11}|\d{16}|\d{18})$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'La cuenta debe tener 10, 11, 16 o 18 (CLABE) dígitos' });
    return;
  }
  const p = v.length === 18 ? clabeProblem(v) : null;
  if (p) ctx.addIssue({ code: 'custom', message: idMessages.clabe[p] });
});
const dateField = (label: string) =>
  z.string({ error: `${label} es obligatoria` }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} debe tener el formato AAAA-MM-DD`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label} no existe en el calendario`);

export const employeeInputSchema = z
  .object({
    rfc: employeeRfc,
    no_empleado: text('El número de empleado', 15),
    nombre: text('El nombre', 100),
    apellido_paterno: text('El apellido paterno', 100),
    apellido_materno: optionalText('El apellido materno', 100),
    curp: curpField,
    nss: nssField,
    puesto: optionalText('El puesto', 100),
    departamento: optionalText('El departamento', 100),
    fecha_inicio: dateField('La fecha de inicio de la relación laboral'),
    tipo_contrato: claveOf('El tipo de contrato', /^\d{2}$/),
    tipo_jornada: optionalClave('El tipo de jornada', /^\d{2}$/),
    tipo_regimen: claveOf('El tipo de régimen', /^\d{2}$/),
    periodo: claveOf('La periodicidad de pago', /^\d{2}$/),
    riesgo_puesto: optionalClave('El riesgo del puesto', /^\d{1,2}$/),
    banco: optionalClave('El banco', /^\d{3}$/),
    cuenta_bancaria: cuentaField,
    salario_diario: amountSchema('El salario diario', CONCEPT_MIN),
    /** Salario base de cotización (SDI); computed from the salario diario when absent. */
    salario_base: amountSchema('El salario diario integrado', CONCEPT_MIN).optional().nullable().transform((v) => v ?? null),
    entidad: claveOf('La entidad federativa', /^[A-Z]{3}$/),
    sindicalizado: z.boolean({ error: 'Indica si el empleado es sindicalizado' }).default(false),
    /** CFDI 4.0 DomicilioFiscalReceptor: the CP of the employee's constancia. */
    cp: z.string({ error: 'El código postal es obligatorio' }).trim().regex(/^\d{5}$/, 'El código postal debe tener 5 dígitos'),
    /** Where the payroll receipts are e-mailed (issue 24 item 14); absent leaves the saved one. */
    email: z.union([z.literal(''), z.email('El correo del empleado no es válido').max(254)]).nullish().transform((v) => (v === undefined ? undefined : v || null)),
    percepciones: z.array(percepcionInputSchema).max(50, 'Registra como máximo 50 percepciones').default([]),
    deducciones: z.array(deduccionInputSchema).max(50, 'Registra como máximo 50 deducciones').default([]),
    otrosPagos: z.array(otroPagoInputSchema).max(50, 'Registra como máximo 50 otros pagos').default([]),
  })
  .superRefine((v, ctx) => {
    if (v.salario_base !== null && new Decimal(v.salario_base).lt(v.salario_diario)) {
      ctx.addIssue({ code: 'custom', path: ['salario_base'], message: 'El salario diario integrado no puede ser menor que el salario diario' });
    }
    if (v.cuenta_bancaria && v.cuenta_bancaria.length === 18 && v.banco && v.cuenta_bancaria.slice(0, 3) !== v.banco) {
      ctx.addIssue({ code: 'custom', path: ['banco'], message: 'El banco no corresponde a la CLABE (sus 3 primeros dígitos)' });
    }
  });
export type EmployeeInput = z.input<typeof employeeInputSchema>;
export type EmployeeValues = z.output<typeof employeeInputSchema>;

export const salaryInputSchema = z.object({
  salario_diario: amountSchema('El salario diario', CONCEPT_MIN),
  salario_base: amountSchema('El salario diario integrado', CONCEPT_MIN).optional().nullable().transform((v) => v ?? null),
  /** Used only to compute the SDI: aguinaldo days (≥ 15) and prima vacacional % (≥ 25). */
  aguinaldo_dias: z.number({ error: 'Los días de aguinaldo deben ser un número' }).int('Los días de aguinaldo deben ser enteros').min(15, 'El aguinaldo no puede ser menor a 15 días').max(365).optional(),
  prima_vacacional: z.string().trim().regex(/^\d{1,3}(\.\d{1,2})?$/, 'La prima vacacional debe ser un porcentaje').optional(),
});
export type SalaryInput = z.input<typeof salaryInputSchema>;

const conceptBase = { id: z.number().int(), tipo: z.string(), tipo_descripcion: z.string(), clave: z.string(), concepto: z.string() };
export const percepcionSchema = z.object({ ...conceptBase, importe_gravado: z.string(), importe_exento: z.string() });
export const deduccionSchema = z.object({ ...conceptBase, importe: z.string() });
export const otroPagoSchema = z.object({ ...conceptBase, importe: z.string(), subsidio_causado: z.string().nullable() });
export type Percepcion = z.infer<typeof percepcionSchema>;
export type Deduccion = z.infer<typeof deduccionSchema>;
export type OtroPago = z.infer<typeof otroPagoSchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  rfc: z.string(),
  no_empleado: z.string(),
  nombre: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string().nullable(),
  nombre_completo: z.string(),
  curp: z.string(),
  nss: z.string().nullable(),
  puesto: z.string().nullable(),
  departamento: z.string().nullable(),
  fecha_inicio: z.string(),
  tipo_contrato: z.string(),
  tipo_jornada: z.string().nullable(),
  tipo_regimen: z.string(),
  periodo: z.string(),
  periodo_descripcion: z.string(),
  riesgo_puesto: z.string().nullable(),
  banco: z.string().nullable(),
  cuenta_bancaria: z.string().nullable(),
  salario_diario: z.string(),
  salario_base: z.string(),
  entidad: z.string(),
  sindicalizado: z.boolean(),
  cp: z.string(),
  email: z.string().nullable(),
  /** 1 activo, 0 inactivo (dado de baja). */
  estatus: z.union([z.literal(1), z.literal(0)]),
  /** Date of the last baja; kept after a reactivation as history. */
  fecha_baja: z.string().nullable(),
  percepciones: z.array(percepcionSchema),
  deducciones: z.array(deduccionSchema),
  otrosPagos: z.array(otroPagoSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;
export const employeePageSchema = pageOf(employeeSchema);

export const employeeListQuerySchema = pageQuerySchema.extend({
  estatus: z.enum(['0', '1'], { error: 'El estatus debe ser 1 (activo) o 0 (inactivo)' }).optional().transform((v) => (v === undefined ? undefined : Number(v) as 0 | 1)),
});
export type EmployeeListQuery = z.output<typeof employeeListQuerySchema>;

export const employeeIdParamsSchema = z.object({ id: idParam('Empleado no encontrado') });
export const employeeCalcParamsSchema = z.object({ employeeId: idParam('Empleado no encontrado') });
export const conceptParamsSchema = employeeIdParamsSchema.extend({
  conceptId: idParam('Concepto no encontrado'),
});
export const calcQuerySchema = z.object({ fecha: dateField('La fecha de pago').optional() });

/** Concept kinds as they appear in the paths and in the employee. */
export const CONCEPT_PATHS = { perceptions: 'percepciones', deductions: 'deducciones', 'other-payments': 'otrosPagos' } as const;
export type ConceptPath = keyof typeof CONCEPT_PATHS;

const catalogOption = z.object({ clave: z.string(), descripcion: z.string() });
export type CatalogOption = z.infer<typeof catalogOption>;
/**
 * `GET /api/employees/catalogs`. periodo and tipoPeriodos both come from c_PeriodicidadPago: periodo is
 * the whole catalog, tipoPeriodos only the periods the ISR/IMSS calculation supports.
 */
export const employeeCatalogsSchema = z.object({
  jornada: z.array(catalogOption),
  riesgos: z.array(catalogOption),
  tipoPeriodos: z.array(catalogOption),
  bancos: z.array(catalogOption),
  regimen: z.array(catalogOption),
  periodo: z.array(catalogOption),
  tipoContrato: z.array(catalogOption),
  tipoPercepcion: z.array(catalogOption),
  tipoDeduccion: z.array(catalogOption),
  tipoOtrosPagos: z.array(catalogOption),
  entidades: z.array(catalogOption),
});
export type EmployeeCatalogs = z.infer<typeof employeeCatalogsSchema>;

export const salaryResultSchema = z.object({
  employee: employeeSchema,
  /** true when the SDI was computed from the salario diario (LSS art. 27 factor). */
  calculado: z.boolean(),
  factor: z.string().nullable(),
});

/** ISR and IMSS of one pay period (amounts are 2-decimal strings). */
export const payrollCalculationSchema = z.object({
  employee_id: z.number().int().nullable(),
  fecha: z.string(),
  year: z.number().int(),
  periodo: z.string(),
  periodo_descripcion: z.string(),
  dias: z.string(),
  salario_diario: z.string(),
  sdi: z.string(),
  prima_riesgo: z.string(),
  total_percepciones: z.string(),
  total_gravado: z.string(),
  total_exento: z.string(),
  total_otros_pagos: z.string(),
  isr_causado: z.string(),
  subsidio: z.string(),
  isr: z.string(),
  imss_obrero: z.string(),
  imss_patronal: z.string(),
  infonavit: z.string(),
  otras_deducciones: z.string(),
  total_deducciones: z.string(),
  neto: z.string(),
  imss_conceptos: z.array(z.object({ concepto: z.string(), nombre: z.string(), base: z.string(), patron: z.string(), obrero: z.string() })),
});
export type PayrollCalculation = z.infer<typeof payrollCalculationSchema>;

export const employeePreviewSchema = z.object({ employee: employeeSchema, calculo: payrollCalculationSchema });
export const unsavedPreviewSchema = z.object({ calculo: payrollCalculationSchema });

/** "Nombre Apellido Apellido", as CFDI 4.0 receptor Nombre. */
export const employeeFullName = (e: { nombre: string; apellido_paterno: string; apellido_materno: string | null }) =>
  [e.nombre, e.apellido_paterno, e.apellido_materno].filter(Boolean).join(' ');

/** `PUT /api/employees/enable/:id`: the toggled employee and what happened. */
export const employeeToggleResponseSchema = z.object({ message: z.string(), employee: employeeSchema });
