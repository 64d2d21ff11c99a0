import { z } from 'zod';
import { clabeProblem, idMessages } from './employee-ids';
import { idParam } from './input-rules';

/**
 * Issue 27: bank reconciliation. Bank accounts (c_Banco, CLABE, currency), statement imports (CAMT.053, OFX,
 * CSV/XLSX) as background jobs, movements with their proposed CFDI, the accepted matches and the payment
 * complements stamped from them. Amounts travel as decimal text ("1234.50"), never as floats.
 */

/**
 * Spanish reason a CLABE is refused, or null when it is valid (18 digits and Banxico's check digit): the same
 * rule (employee-ids.ts) the payroll forms use.
 */
export function clabeError(clabe: string): string | null {
  const p = clabeProblem(clabe);
  return p ? idMessages.clabe[p] : null;
}

export const BANK_CURRENCIES = ['MXN', 'USD', 'EUR'] as const;

export const bankAccountBodySchema = z.object({
  banco: z.string({ message: 'El banco es obligatorio' }).trim().regex(/^\d{3}$/, 'El banco debe ser una clave del catálogo c_Banco del SAT'),
  clabe: z.string({ message: 'La CLABE es obligatoria' }).trim().transform((s) => s.replace(/[\s-]/g, ''))
    .superRefine((v, ctx) => {
      const e = clabeError(v);
      if (e) ctx.addIssue({ code: 'custom', message: e });
    }),
  moneda: z.enum(BANK_CURRENCIES, { message: 'La moneda debe ser MXN, USD o EUR' }).default('MXN'),
  alias: z.string().trim().max(80, 'El alias admite a lo más 80 caracteres').optional(),
});
export type BankAccountBody = z.infer<typeof bankAccountBodySchema>;

/** Column mapping of a CSV/XLSX statement (0-based column indexes), chosen once per bank account. */
export const columnMappingSchema = z.object({
  fecha: z.number().int().min(0),
  descripcion: z.number().int().min(0),
  referencia: z.number().int().min(0).nullable().optional(),
  deposito: z.number().int().min(0).nullable().optional(),
  retiro: z.number().int().min(0).nullable().optional(),
  /** A signed amount column instead of deposit/withdrawal columns (positive: deposit). */
  importe: z.number().int().min(0).nullable().optional(),
  saldo: z.number().int().min(0).nullable().optional(),
  /** Rows to skip before the data (the header row included). */
  encabezado: z.number().int().min(0).max(50).default(1),
  /** Date order in the file: día/mes/año (Mexican banks) or ISO. */
  formatoFecha: z.enum(['DMY', 'YMD', 'MDY']).default('DMY'),
}).refine((m) => m.importe != null || m.deposito != null || m.retiro != null, { message: 'Elige la columna del importe o las de depósito y retiro', path: ['importe'] });
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const bankAccountSchema = z.object({
  id: z.number().int(),
  banco: z.string(),
  bancoNombre: z.string(),
  clabe: z.string(),
  moneda: z.string(),
  alias: z.string().nullable(),
  mapeo: columnMappingSchema.nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;
export const bankAccountListSchema = z.object({ data: z.array(bankAccountSchema) });
export const bankCatalogsSchema = z.object({ bancos: z.array(z.object({ clave: z.string(), descripcion: z.string() })) });

// idParam: an id no row can have (0, negative, beyond int4) is a 404 like any missing one, never a 500 or a 422.
export const bankIdParamsSchema = z.object({ id: idParam('La cuenta bancaria no existe') });
export const bankMovementIdParamsSchema = z.object({ id: idParam('El movimiento no existe') });
export const bankJobParamsSchema = z.object({ id: z.string().uuid('El identificador del proceso no es válido') });
export const createdIdSchema = z.object({ id: z.number().int() });
export const jobIdSchema = z.object({ id: z.string() });

export const statementRejectionSchema = z.object({ linea: z.string(), motivo: z.string() });
export const statementImportStateSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  importados: z.number().int(),
  duplicados: z.number().int(),
  rechazados: z.array(statementRejectionSchema),
  advertencias: z.array(z.string()),
  formato: z.string().nullable(),
  progress: z.number().int(),
  mensaje: z.string().nullable(),
});
export type StatementImportState = z.infer<typeof statementImportStateSchema>;

/** `ignorado`: explicitly left out (a transfer between own accounts, a reversal): settled, counts nowhere (decision 317). */
export const MOVEMENT_STATES = ['pendiente', 'conciliado', 'sin_cfdi', 'ignorado'] as const;
export type MovementState = (typeof MOVEMENT_STATES)[number];

export const proposalItemSchema = z.object({
  uuid: z.string(),
  importe: z.string(),
  confianza: z.number(),
  serie: z.string().nullable().optional(),
  folio: z.string().nullable().optional(),
  nombre: z.string().nullable().optional(),
  rfc: z.string().optional(),
  metodoPago: z.string().nullable().optional(),
  moneda: z.string().optional(),
});
export const movementSchema = z.object({
  id: z.number().int(),
  fecha: z.string(),
  descripcion: z.string(),
  referencia: z.string().nullable(),
  deposito: z.string().nullable(),
  retiro: z.string().nullable(),
  estado: z.enum(MOVEMENT_STATES),
  cuentaEstado: z.string().nullable(),
  /** The best allocation: invoices whose importes add up to the movement (empty when none was found). */
  propuesta: z.array(proposalItemSchema),
  /** The accepted allocation (after "conciliar"). */
  conciliacion: z.array(proposalItemSchema),
  /** Payment complement stamped from this movement, when there is one. */
  complemento: z.string().nullable(),
  /** Accepted PPD matches not yet complemented. */
  complementoPendiente: z.boolean(),
  /** While complementoPendiente: the REP's deadline, the 5th of the month after the payment (RMF 2.7.1.32). */
  fechaLimiteRep: z.string().nullable(),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementsQuerySchema = z.object({
  cuenta: z.coerce.number({ message: 'Elige la cuenta bancaria' }).int().positive('Elige la cuenta bancaria'),
  mes: z.coerce.number().int().min(1, 'El mes va de 1 a 12').max(12, 'El mes va de 1 a 12').optional(),
  anio: z.coerce.number().int().min(2000, 'El año no es válido').max(2100, 'El año no es válido').optional(),
});
export const movementListSchema = z.object({ data: z.array(movementSchema) });

const money = (field: string) => z.string({ message: `${field} es obligatorio` }).trim().regex(/^\d{1,15}(\.\d{1,2})?$/, `${field} debe ser un importe con hasta 2 decimales`);
export const reconcileBodySchema = z.object({
  cfdis: z.array(z.object({
    uuid: z.string({ message: 'uuid es obligatorio' }).trim().regex(/^[0-9A-Fa-f-]{36}$/, 'uuid debe ser el UUID del CFDI').transform((u) => u.toUpperCase()),
    importe: money('importe'),
  })).min(1, 'Elige al menos un CFDI').max(100, 'A lo más 100 CFDI por movimiento'),
  /** c_FormaPago of the complement (03 transferencia unless the user says otherwise). */
  formaPago: z.string().trim().regex(/^\d{2}$/, 'formaPago debe ser una clave del catálogo c_FormaPago').default('03'),
});
export type ReconcileBody = z.infer<typeof reconcileBodySchema>;
export const movementResultSchema = z.object({ movimiento: movementSchema });

export const openCfdiQuerySchema = z.object({
  movimiento: z.coerce.number().int().positive(),
  buscar: z.string().trim().max(100).optional(),
});
export const openCfdiListSchema = z.object({ data: z.array(proposalItemSchema.extend({ saldo: z.string(), fecha: z.string() })) });

export const complementsBodySchema = z.object({
  movimientos: z.array(z.number().int().positive()).min(1, 'Elige al menos un movimiento').max(1000, 'A lo más 1000 movimientos por proceso'),
});
export const complementsStateSchema = z.object({
  status: z.enum(['pending', 'running', 'done', 'failed']),
  timbrados: z.number().int(),
  errores: z.array(z.object({ movimiento: z.number().int(), mensaje: z.string() })),
  progress: z.number().int(),
});
export type ComplementsState = z.infer<typeof complementsStateSchema>;

/** The 5th day of the month after `fecha` (YYYY-MM-DD): the payment complement's deadline. */
export function repDeadline(fecha: string): string {
  const y = Number(fecha.slice(0, 4));
  const m = Number(fecha.slice(5, 7));
  return m === 12 ? `${y + 1}-01-05` : `${y}-${String(m + 1).padStart(2, '0')}-05`;
}

export const previewSchema = z.object({ filas: z.array(z.array(z.string())) });

/** Receivables (issued invoices with saldo) or payables (received CFDI with saldo) by age (issue 27 §5). */
export const agingQuerySchema = z.object({
  tipo: z.enum(['clientes', 'proveedores'], { message: 'tipo debe ser clientes o proveedores' }).default('clientes'),
  /** Credit term in days: due date = CFDI date + dias. */
  dias: z.coerce.number().int().min(0, 'El plazo va de 0 a 365 días').max(365, 'El plazo va de 0 a 365 días').default(30),
  fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD').optional(),
});
const agingAmounts = { corriente: z.string(), d1_30: z.string(), d31_60: z.string(), d61_90: z.string(), mas90: z.string(), total: z.string() };
export const agingSchema = z.object({
  fecha: z.string(),
  data: z.array(z.object({ rfc: z.string(), nombre: z.string().nullable(), documentos: z.number().int(), ...agingAmounts })),
  totales: z.object(agingAmounts),
});
export type Aging = z.infer<typeof agingSchema>;

/**
 * Which months are reconciled (every movement matched, marked sin CFDI or ignored: issue 27 §6, decision 317) — of
 * one bank account, or without `cuenta` of all of them (the dashboard) — and the withdrawals still without a CFDI,
 * which count as non-deductible in their month until one is matched (§4).
 */
export const monthsQuerySchema = z.object({
  cuenta: z.coerce.number({ message: 'Elige la cuenta bancaria' }).int().positive('Elige la cuenta bancaria').optional(),
  anio: z.coerce.number().int().min(2000, 'El año no es válido').max(2100, 'El año no es válido'),
});
export const monthsSchema = z.object({
  data: z.array(z.object({
    mes: z.number().int(), movimientos: z.number().int(), pendientes: z.number().int(), conciliado: z.boolean(),
    retirosSinCfdi: z.number().int(), importeRetirosSinCfdi: z.string(),
  })),
});

/** "Facturar este depósito": the customer recognised in a deposit (issue 27 §4), or null. */
export const depositCustomerSchema = z.object({
  cliente: z.object({ clienteId: z.number().int(), rfc: z.string(), nombre: z.string(), motivo: z.enum(['rfc', 'cuenta', 'nombre']) }).nullable(),
});
export type DepositCustomer = z.infer<typeof depositCustomerSchema>;

/** Receivables (issue 27 §5, decision 296): a customer's account statement, its reminders and their log. */
export const customerParamsSchema = z.object({ cliente: z.string().trim().toUpperCase().regex(/^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, 'El RFC del cliente no es válido') });
export const receivableSettingsBodySchema = z.object({
  diasCredito: z.coerce.number().int().min(0, 'El plazo de crédito va de 0 a 365 días').max(365, 'El plazo de crédito va de 0 a 365 días'),
  recordatorios: z.boolean(),
  diasDespues: z.coerce.number().int().min(0, 'Los días después del vencimiento van de 0 a 365').max(365, 'Los días después del vencimiento van de 0 a 365'),
  intervalo: z.coerce.number().int().min(1, 'El intervalo entre recordatorios va de 1 a 90 días').max(90, 'El intervalo entre recordatorios va de 1 a 90 días'),
  email: z.union([z.literal(''), z.string().trim().email('El correo del cliente no es válido')]).nullable().optional(),
  /** A notice `diasAntes` days before an invoice falls due (decision 317); off unless asked for. */
  recordarAntes: z.boolean().optional().default(false),
  diasAntes: z.coerce.number().int().min(1, 'Los días antes del vencimiento van de 1 a 60').max(60, 'Los días antes del vencimiento van de 1 a 60').optional().default(3),
});
export type ReceivableSettingsBody = z.infer<typeof receivableSettingsBodySchema>;
export const receivableSettingsSchema = receivableSettingsBodySchema.extend({ email: z.string().nullable(), emailCliente: z.string().nullable() });
/** What the log records: a statement sent by hand, an overdue reminder, a notice before the due date, the account's own payables notice. */
export const REMINDER_KINDS = ['estado_cuenta', 'recordatorio', 'aviso_previo', 'cuentas_pagar'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const reminderLogSchema = z.object({
  id: z.number().int(), rfc: z.string(), tipo: z.enum(REMINDER_KINDS), email: z.string(), facturas: z.number().int(), saldo: z.string(), fecha: z.string(),
});
export const reminderLogListSchema = z.object({ data: z.array(reminderLogSchema) });
export const customerStatementSchema = z.object({
  rfc: z.string(),
  nombre: z.string().nullable(),
  fecha: z.string(),
  configuracion: receivableSettingsSchema,
  facturas: z.array(z.object({
    uuid: z.string(), serie: z.string().nullable(), folio: z.string().nullable(), fecha: z.string(), vence: z.string(), diasVencido: z.number().int(),
    metodoPago: z.string().nullable(), moneda: z.string(), total: z.string(), saldo: z.string(),
  })),
  pagos: z.array(z.object({ fecha: z.string(), uuid: z.string(), factura: z.string(), importe: z.string(), origen: z.enum(['complemento', 'banco']) })),
  saldo: z.string(),
  vencido: z.string(),
  recordatorios: z.array(reminderLogSchema),
});
export type CustomerStatement = z.infer<typeof customerStatementSchema>;
export const sendStatementBodySchema = z.object({ email: z.union([z.literal(''), z.string().trim().email('El correo del cliente no es válido')]).optional() });

/** PPD invoices paid by an accepted bank deposit whose payment complement is not stamped yet, with the deadline. */
export const pendingRepsSchema = z.object({
  data: z.array(z.object({ uuid: z.string(), movimiento: z.number().int(), fechaPago: z.string(), importe: z.string(), vence: z.string() })),
  total: z.number().int(),
  vence: z.string().nullable(),
});
export type PendingReps = z.infer<typeof pendingRepsSchema>;

/** Payables reminders (issue 27 §5, decision 317): the account's own notice of supplier CFDI coming due. */
export const payableReminderBodySchema = z.object({
  activo: z.boolean(),
  diasAntes: z.coerce.number().int().min(1, 'Los días antes del vencimiento van de 1 a 60').max(60, 'Los días antes del vencimiento van de 1 a 60'),
  diasCredito: z.coerce.number().int().min(0, 'El plazo de pago va de 0 a 365 días').max(365, 'El plazo de pago va de 0 a 365 días'),
  email: z.union([z.literal(''), z.string().trim().email('El correo no es válido')]).nullable().optional(),
});
export type PayableReminderBody = z.infer<typeof payableReminderBodySchema>;
export const payableReminderSchema = payableReminderBodySchema.extend({ email: z.string().nullable(), emailCuenta: z.string() });
