import { queryOptions } from '@tanstack/react-query';
import { routes, type BankAccountBody, type ColumnMapping, type PayableReminderBody, type ReceivableSettingsBody, type ReconcileBody } from '@facturo/contract';
import { call, routeUrl } from '../../../shared/api/call';
import { fetchAuthedObjectUrl } from '../../../shared/api/authed-file';
import '../texts';

/** Query keys start with the area and the tenant's RFC (STYLE "Data fetching"). */
export const bankKeys = { all: (rfc: string) => ['bank', rfc] as const };

export const bankCatalogsQuery = () =>
  queryOptions({ queryKey: ['bank', 'catalogs'], queryFn: ({ signal }) => call(routes['bank.catalogs'], { signal }), staleTime: Infinity });

export const bankAccountsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['bank', rfc, 'accounts'], queryFn: ({ signal }) => call(routes['bank.accounts'], { signal }) });

export const movementsQuery = (rfc: string, cuenta: number, period: { mes?: number; anio?: number }) =>
  queryOptions({
    queryKey: ['bank', rfc, 'movements', cuenta, period],
    queryFn: ({ signal }) => call(routes['bank.movements'], { query: { cuenta, ...period }, signal }),
  });

export const openCfdisQuery = (rfc: string, movimiento: number, buscar: string) =>
  queryOptions({
    queryKey: ['bank', rfc, 'open', movimiento, buscar],
    queryFn: ({ signal }) => call(routes['bank.openCfdis'], { query: { movimiento, buscar: buscar || undefined }, signal }),
  });

export const createBankAccount = (body: BankAccountBody) => call(routes['bank.createAccount'], { body });
export const saveMapping = (id: number, body: ColumnMapping) => call(routes['bank.mapping'], { params: { id }, body });

export function importStatement(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(routes['bank.import'], { params: { id }, body: form });
}
export const importState = (id: string) => call(routes['bank.importState'], { params: { id } });
export const reconcile = (id: number, body: ReconcileBody) => call(routes['bank.reconcile'], { params: { id }, body });
export const splitMovement = (id: number, importes: string[]) => call(routes['bank.split'], { params: { id }, body: { importes } });
export const markNoCfdi = (id: number) => call(routes['bank.noCfdi'], { params: { id } });
export const undoMovement = (id: number) => call(routes['bank.undo'], { params: { id } });
export const stampComplements = (movimientos: number[]) => call(routes['bank.complements'], { body: { movimientos } });
export const complementsState = (id: string) => call(routes['bank.complementsState'], { params: { id } });

export const agingQuery = (rfc: string, tipo: 'clientes' | 'proveedores', dias: number) =>
  queryOptions({ queryKey: ['bank', rfc, 'aging', tipo, dias], queryFn: ({ signal }) => call(routes['bank.aging'], { query: { tipo, dias }, signal }) });
export const requestInvoice = (id: number, email: string) => call(routes['bank.requestInvoice'], { params: { id }, body: { email } });

/** Reconciled months and withdrawals without CFDI of one bank account, or (`cuenta` null) of all of them. */
export const monthsQuery = (rfc: string, cuenta: number | null, anio: number) =>
  queryOptions({
    queryKey: ['bank', rfc, 'months', cuenta, anio],
    queryFn: ({ signal }) => call(routes['bank.months'], { query: { ...(cuenta ? { cuenta } : {}), anio }, signal }),
  });
export const ignoreMovement = (id: number) => call(routes['bank.ignore'], { params: { id } });

/** "Facturar este depósito": the customer the deposit comes from, as the invoice form takes it (or null). */
export async function depositCustomer(id: number) {
  const { cliente } = await call(routes['bank.depositCustomer'], { params: { id } });
  if (!cliente) return null;
  return { cliente, client: await call(routes['clients.edit'], { params: { id: cliente.clienteId } }) };
}

/** Receivables (issue 27 §5): a customer's statement, its PDF, sending it, the reminder settings and the log. */
export const customerStatementQuery = (rfc: string, cliente: string) =>
  queryOptions({ queryKey: ['bank', rfc, 'statement', cliente], queryFn: ({ signal }) => call(routes['bank.customerStatement'], { params: { cliente }, query: {}, signal }) });
export const remindersQuery = (rfc: string) =>
  queryOptions({ queryKey: ['bank', rfc, 'reminders'], queryFn: ({ signal }) => call(routes['bank.reminders'], { signal }) });
export const customerStatementPdfUrl = (cliente: string) => fetchAuthedObjectUrl(routeUrl(routes['bank.customerStatementPdf'], { cliente }));
export const sendCustomerStatement = (cliente: string, email: string) => call(routes['bank.sendStatement'], { params: { cliente }, body: { email } });
export const saveReminderSettings = (cliente: string, body: ReceivableSettingsBody) => call(routes['bank.reminderSettings'], { params: { cliente }, body });
export const pendingRepsQuery = (rfc: string) =>
  queryOptions({ queryKey: ['bank', rfc, 'pending-reps'], queryFn: ({ signal }) => call(routes['bank.pendingReps'], { signal }), staleTime: 60_000 });
/** The account's own notice of supplier CFDI coming due (issue 27 §5, decision 317). */
export const payableRemindersQuery = (rfc: string) =>
  queryOptions({ queryKey: ['bank', rfc, 'payable-reminders'], queryFn: ({ signal }) => call(routes['bank.payableReminders'], { signal }) });
export const savePayableReminders = (body: PayableReminderBody) => call(routes['bank.savePayableReminders'], { body });
