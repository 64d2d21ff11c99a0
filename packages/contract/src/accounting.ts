import { z } from 'zod';
import { ROLES } from '@facturo/cfdi/accounting-roles';
import { idParam } from './input-rules';

/**
 * Contabilidad electrónica (issue 28, Anexo 24 1.3): chart of accounts, rules, pólizas, balanza, month
 * close and the XML files. Amounts travel as strings with 2 decimals.
 */

const year = z.coerce.number({ error: 'El año debe ser un número de 2015 a 2099' }).int('El año debe ser un número de 2015 a 2099')
  .min(2015, 'El año debe ser un número de 2015 a 2099').max(2099, 'El año debe ser un número de 2015 a 2099');
const month = z.coerce.number({ error: 'El mes debe ser un número de 1 a 12' }).int('El mes debe ser un número de 1 a 12')
  .min(1, 'El mes debe ser un número de 1 a 12').max(12, 'El mes debe ser un número de 1 a 12');
/** 13: the year-end closing entries (Anexo 24's "mes 13"). */
const month13 = z.coerce.number({ error: 'El mes debe ser un número de 1 a 13' }).int('El mes debe ser un número de 1 a 13')
  .min(1, 'El mes debe ser un número de 1 a 13').max(13, 'El mes debe ser un número de 1 a 13');
const amount = (field: string) => z.union([z.string(), z.number()]).transform((v) => String(v).trim())
  .refine((v) => /^\d{1,18}(\.\d{1,2})?$/.test(v), `${field} debe ser un importe positivo con hasta 2 decimales`);

export const NATURALEZAS = ['D', 'A'] as const;
export const cuentaSchema = z.object({
  numero: z.string(),
  descripcion: z.string(),
  codigoAgrupador: z.string(),
  naturaleza: z.enum(NATURALEZAS),
  nivel: z.number().int(),
  padre: z.string().nullable(),
  activa: z.boolean(),
  rfcTercero: z.string().nullable(),
  /** Subaccount of one bank account (by CLABE, decision 301). */
  clabe: z.string().nullable().optional(),
});
export type Cuenta = z.infer<typeof cuentaSchema>;
export const cuentasSchema = z.array(cuentaSchema);

const numeroCuenta = z.string({ error: 'El número de cuenta es obligatorio' }).trim()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.-]{0,99}$/, 'El número de cuenta lleva letras, dígitos, puntos o guiones (hasta 100)');
const descripcion = z.string({ error: 'La descripción es obligatoria' }).trim().min(1, 'La descripción es obligatoria').max(400, 'La descripción admite hasta 400 caracteres');

/** A new account: a subaccount of `padre` (nature and level follow it) or a level-1 account. */
export const cuentaInputSchema = z.object({
  numero: numeroCuenta,
  descripcion,
  codigoAgrupador: z.string({ error: 'El código agrupador es obligatorio' }).trim().min(1, 'El código agrupador es obligatorio'),
  naturaleza: z.enum(NATURALEZAS, { error: 'La naturaleza es D (deudora) o A (acreedora)' }).optional(),
  padre: numeroCuenta.nullable().optional(),
});
export type CuentaInput = z.input<typeof cuentaInputSchema>;

export const cuentaPatchSchema = z.object({
  descripcion: descripcion.optional(),
  activa: z.boolean({ error: 'activa debe ser verdadero o falso' }).optional(),
  codigoAgrupador: z.string().trim().min(1, 'El código agrupador es obligatorio').optional(),
});
export const cuentaParamsSchema = z.object({ numero: numeroCuenta });

/** Roles of the rules table: the engine's own list (one source). */
export const ACCOUNTING_ROLES = ROLES;
export type AccountingRole = (typeof ACCOUNTING_ROLES)[number];

export const reglasSchema = z.object({
  cuentas: z.object(Object.fromEntries(ACCOUNTING_ROLES.map((r) => [r, numeroCuenta])) as Record<AccountingRole, typeof numeroCuenta>),
  gastosPorClave: z.array(z.object({
    prefijo: z.string().trim().regex(/^\d{2,8}$/, 'El prefijo de la clave de producto o servicio lleva de 2 a 8 dígitos'),
    cuenta: numeroCuenta,
  })).max(500, 'Hasta 500 reglas de gasto'),
});
export type Reglas = z.infer<typeof reglasSchema>;

export const compNalSchema = z.object({
  uuid: z.string(), rfc: z.string(), montoTotal: z.string(), moneda: z.string().optional(), tipCamb: z.string().optional(),
});
export const lineaPolizaSchema = z.object({
  numCta: z.string(),
  concepto: z.string(),
  debe: z.string(),
  haber: z.string(),
  comprobantes: z.array(compNalSchema),
});
export const TIPOS_POLIZA = ['ingreso', 'egreso', 'diario'] as const;
export const polizaSchema = z.object({
  id: z.number().int(),
  numero: z.string(),
  tipo: z.enum(TIPOS_POLIZA),
  fecha: z.string(),
  anio: z.number().int(),
  mes: z.number().int(),
  concepto: z.string(),
  origen: z.enum(['auto', 'manual']),
  total: z.string(),
  /** Every CFDI UUID the entry's lines refer to. */
  uuids: z.array(z.string()),
  lineas: z.array(lineaPolizaSchema),
});
export type Poliza = z.infer<typeof polizaSchema>;
export const polizasSchema = z.object({ data: z.array(polizaSchema), total: z.number().int() });

export const polizaIdParamsSchema = z.object({ id: idParam('Póliza no encontrada') });

export const polizasQuerySchema = z.object({ anio: year, mes: month13 });

export const polizaInputSchema = z.object({
  tipo: z.enum(TIPOS_POLIZA, { error: 'El tipo de póliza es ingreso, egreso o diario' }),
  fecha: z.iso.date({ error: 'La fecha debe tener el formato AAAA-MM-DD' }),
  /** 13 files the entry in the year-end closing month (its fecha must be 31 de diciembre). */
  mes13: z.boolean().optional(),
  concepto: z.string({ error: 'El concepto es obligatorio' }).trim().min(1, 'El concepto es obligatorio').max(300, 'El concepto admite hasta 300 caracteres'),
  lineas: z.array(z.object({
    numCta: numeroCuenta,
    concepto: z.string().trim().max(200, 'El concepto del movimiento admite hasta 200 caracteres').optional(),
    debe: amount('El cargo').default('0'),
    haber: amount('El abono').default('0'),
    uuid: z.uuid({ error: 'El UUID del CFDI no es válido' }).optional(),
    rfc: z.string().trim().optional(),
    montoTotal: amount('El monto total del CFDI').optional(),
  })).min(2, 'La póliza necesita al menos dos movimientos').max(5000, 'Hasta 5000 movimientos por póliza'),
});
export type PolizaInput = z.input<typeof polizaInputSchema>;

export const periodoBodySchema = z.object({ anio: year, mes: month });
export const periodoParamsSchema = z.object({ anio: year, mes: month13 });

export const generarResponseSchema = z.object({ processId: z.string(), message: z.string() });

export const balanzaRowSchema = z.object({
  numero: z.string(),
  descripcion: z.string(),
  naturaleza: z.enum(NATURALEZAS),
  nivel: z.number().int(),
  saldoInicial: z.string(),
  debe: z.string(),
  haber: z.string(),
  saldoFinal: z.string(),
});
export const balanzaSchema = z.object({
  anio: z.number().int(),
  mes: z.number().int(),
  cerrado: z.boolean(),
  rows: z.array(balanzaRowSchema),
  /** Sums over the accounts that receive entries (no children): debe = haber. */
  totales: z.object({ debe: z.string(), haber: z.string() }),
  /** The imported opening balances this balanza starts from (decision 319), when there are. */
  saldosIniciales: z.object({ anio: z.number().int(), mes: z.number().int() }).nullable().optional(),
});
export type Balanza = z.infer<typeof balanzaSchema>;

export const periodoEstadoSchema = z.object({
  anio: z.number().int(),
  mes: z.number().int(),
  cerrado: z.boolean(),
  bitacora: z.array(z.object({ accion: z.enum(['cierre', 'reapertura']), motivo: z.string().nullable(), fecha: z.string() })),
});
export const reabrirBodySchema = z.object({
  motivo: z.string({ error: 'El motivo es obligatorio' }).trim().min(3, 'Escribe el motivo de la reapertura').max(500, 'El motivo admite hasta 500 caracteres'),
});

export const XML_TIPOS = ['catalogo', 'balanza', 'polizas', 'folios', 'auxiliar'] as const;
export const xmlParamsSchema = z.object({ tipo: z.enum(XML_TIPOS, { error: 'El archivo es catalogo, balanza, polizas, folios o auxiliar' }), anio: year, mes: month13 });
export const xmlQuerySchema = z.object({
  tipoSolicitud: z.string().optional(),
  numOrden: z.string().optional(),
  numTramite: z.string().optional(),
  /** Balanza: N normal (default) or C complementaria (FechaModBal required). */
  tipoEnvio: z.enum(['N', 'C'], { error: 'El tipo de envío es N o C' }).optional(),
  fechaModBal: z.iso.date({ error: 'La fecha de modificación debe tener el formato AAAA-MM-DD' }).optional(),
});

/** Import of an existing Anexo 24 catálogo (CatalogoCuentas 1.3 XML, as sent to SAT). */
export const importarCatalogoBodySchema = z.object({
  xml: z.string({ error: 'Adjunta el XML del catálogo de cuentas' }).min(1, 'Adjunta el XML del catálogo de cuentas').max(5_000_000, 'El XML excede 5 MB'),
});
export const importarCatalogoResponseSchema = z.object({ importadas: z.number().int(), cuentas: cuentasSchema });

const renglonSchema = z.object({ numero: z.string(), descripcion: z.string(), mes: z.string(), acumulado: z.string() });
const saldoSchema = z.object({ renglones: z.array(z.object({ numero: z.string(), descripcion: z.string(), saldo: z.string() })), total: z.string() });
/** Estado de resultados (month and year to date) and balance general at the end of the month. */
export const estadosFinancierosSchema = z.object({
  anio: z.number().int(),
  mes: z.number().int(),
  resultados: z.object({
    secciones: z.array(z.object({ clave: z.enum(['ingresos', 'costos', 'gastos', 'financieros']), renglones: z.array(renglonSchema), mes: z.string(), acumulado: z.string() })),
    utilidadMes: z.string(),
    utilidadAcumulada: z.string(),
  }),
  balance: z.object({ activo: saldoSchema, pasivo: saldoSchema, capital: saldoSchema, resultadoEjercicio: z.string(), diferencia: z.string() }),
});
export type EstadosFinancieros = z.infer<typeof estadosFinancierosSchema>;

/** Libro diario / libro mayor of a month (issue 28 §5): a table the screen shows and the CSV/XLSX export writes. */
export const LIBROS = ['diario', 'mayor'] as const;
export const libroParamsSchema = z.object({
  libro: z.enum(LIBROS, { error: 'El libro es diario o mayor' }),
  anio: year,
  mes: month13,
});
export const libroArchivoParamsSchema = libroParamsSchema.extend({
  formato: z.enum(['xlsx', 'csv'], { error: 'El formato es xlsx o csv' }),
});
export const libroContableSchema = z.object({
  libro: z.enum(LIBROS),
  anio: z.number().int(),
  mes: z.number().int(),
  columnas: z.array(z.string()),
  /** Indexes of the amount columns (decimal strings). */
  montos: z.array(z.number().int()),
  filas: z.array(z.array(z.string())),
});
export type LibroContable = z.infer<typeof libroContableSchema>;

/** Issue 28 §5: the four reports as files, per month or from January to the month (`acumulado=1`). */
export const REPORTES = ['balance', 'resultados', 'diario', 'mayor'] as const;
export const reporteParamsSchema = z.object({
  reporte: z.enum(REPORTES, { error: 'El reporte es balance, resultados, diario o mayor' }),
  anio: year,
  mes: month13,
});
export const reporteQuerySchema = z.object({
  formato: z.enum(['pdf', 'xlsx'], { error: 'El formato es pdf o xlsx' }),
  /** 1: January to the month (the balance general is always at the month's end). */
  acumulado: z.enum(['0', '1'], { error: 'acumulado es 0 o 1' }).optional(),
});

/**
 * Issue 28 §4: an existing BalanzaComprobacion (1.3) as the opening balances of the month after it. Without
 * `confirmar` it is a preview; each NumCta maps to the chart by número, else (with the old catálogo's XML) by its
 * código agrupador, else by `mapeo` (NumCta of the file → número of the chart).
 */
export const importarSaldosBodySchema = z.object({
  xml: z.string({ error: 'Adjunta el XML de la balanza de comprobación' }).min(1, 'Adjunta el XML de la balanza de comprobación').max(5_000_000, 'El XML excede 5 MB'),
  catalogoXml: z.string().max(5_000_000, 'El XML del catálogo excede 5 MB').optional(),
  mapeo: z.record(z.string(), z.string()).optional(),
  confirmar: z.boolean().optional(),
});
export const importarSaldosResponseSchema = z.object({
  /** The month the balances open (the one after the file's). */
  anio: z.number().int(),
  mes: z.number().int(),
  origen: z.object({ rfc: z.string(), anio: z.number().int(), mes: z.number().int() }),
  filas: z.array(z.object({
    numCtaOrigen: z.string(),
    /** The chart's account, or null when none matches (add it to `mapeo`). */
    numero: z.string().nullable(),
    descripcion: z.string().nullable(),
    /** How it matched: same número, código agrupador of the old catálogo, or the given mapeo. */
    por: z.enum(['numero', 'codigoAgrupador', 'mapeo']).nullable(),
    saldo: z.string(),
    /** Left out: a parent whose subaccounts are in the file (its saldo is theirs). */
    omitida: z.boolean(),
  })),
  totales: z.object({ debe: z.string(), haber: z.string() }),
  guardado: z.boolean(),
});
export type ImportarSaldosResponse = z.infer<typeof importarSaldosResponseSchema>;
