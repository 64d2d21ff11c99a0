import { invoiceBody } from '../../src/modules/invoicing/invoicing-test-kit';
import { employeeBody } from '../../src/modules/employees/employee-fixtures.test-support';
import { textPdf } from '../../src/modules/clients/text-pdf.test-support';
import { mexicoMonth } from '@facturo/cfdi/model';
import { paymentTimeNow } from '../mexico-clock';

/** One request B sends with A's values. */
export interface Probe {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** Send the body form-encoded (applyPay) or multipart (uploads) instead of JSON. */
  encoding?: 'form' | 'multipart';
  /** The body field that carries A's value (a 422 must name it). */
  field?: string;
}

/** A's (and A2's) values, collected in the setup. */
export interface Values {
  customerId: number; productId: number; employeeId: number; perceptionId: number; deductionId: number; otherPaymentId: number;
  invoiceUuid: string; invoiceAppId: number; ppdUuid: string; paymentUuid: string; prenominaId: number; detailId: number;
  retentionUuid: string; statementId: number; diotFolio: number; obligationId: number; activityId: number; csfId: number;
  backgroundId: string; importId: string; receivedUuid: string; receivedRetentionUuid: string; cardId: string; receiptId: number; voucherId: string;
  bEmployeeId: number; diotSupplierId: number; notificationId: number; polizaId: number;
  bankAccountId: number; bankMovementId: number; bankImportId: string;
  recurringId: number; batchId: string; portalTicketId: number;
  apiKeyId: number; webhookEndpointId: number; webhookDeliveryId: number;
  /** Issue 26: A's own membership (its owner) and a pending invitation of A's. */
  memberId: number; invitationId: number;
  /** A's RFC, for the entries that carry it in the path. */
  aRfc: string;
}

/** A's values, filled by the test's setup; the probes read them when the test runs. */
export const v = {} as Values;

export const { month, year } = mexicoMonth();
export const localNow = () => paymentTimeNow(120_000);

const clientBody = { rfc: 'XAXX010101000', r_social: 'PUBLICO EN GENERAL', email: ['x@ejemplo.mx'], regimen: '616', uso_cfdi: 'S01', domicilio: { cp: '44100' } };
export const productBody = {
  claveProducto: '84111506', claveUnidad: 'E48', descripcionUnidad: 'Servicio', descripcionProducto: 'Servicio de B',
  valorUnitario: '10.00', objetoImp: '02', impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000' }], retenciones: [] }, add: true,
};
export const perception = { tipo: '002', clave: 'AGUI', concepto: 'Aguinaldo', importe_gravado: '1', importe_exento: '1' };
export const deduction = { tipo: '004', clave: 'PREST', concepto: 'Préstamo', importe: '1' };
export const otherPayment = { tipo: '003', clave: 'VIAT', concepto: 'Viáticos', importe: '1' };
export const period = { tipoNomina: 'O', fechaInicialPago: '2026-11-01', fechaFinalPago: '2026-11-15', fechaPago: '2026-11-15', numDiasPagados: '15', periodicidad: '04' };
export const payForm = (invoiceId: string) => ({ invoiceId, fechaPago: localNow(), formaDePagoP: '03', monedaP: 'MXN', monto: '1.00' });

/** The probes: B's requests for each entry, with A's values. */
export const probes: Record<string, () => Probe[]> = {
  'background.show': () => [{ params: { id: v.backgroundId } }],
  'profile.csfFile': () => [{ params: { id: v.csfId } }],
  'profile.deleteObligation': () => [{ params: { id: v.obligationId } }],
  'profile.deleteActivity': () => [{ params: { id: v.activityId } }],
  'products.update': () => [{ params: { id: v.productId }, body: productBody }],
  'products.delete': () => [{ params: { id: v.productId } }],
  'clients.edit': () => [{ params: { id: v.customerId } }],
  'clients.update': () => [{ params: { id: v.customerId }, body: clientBody }],
  'clients.patchV4': () => [{ params: { id: v.customerId }, body: { r_social: 'OTRO', regimen: '616', cp: '44100', uso_cfdi: 'S01' } }],
  'clients.delete': () => [{ params: { id: v.customerId } }],
  'employees.edit': () => [{ params: { id: v.employeeId } }],
  'employees.update': () => [{ params: { id: v.employeeId }, body: employeeBody() }],
  'employees.delete': () => [{ params: { id: v.employeeId } }],
  'employees.enable': () => [{ params: { id: v.employeeId } }],
  'employees.setSalary': () => [{ params: { id: v.employeeId }, body: { salario_diario: '100.00', salario_base: '104.52' } }],
  'employees.calculate': () => [{ params: { employeeId: v.employeeId } }],
  'employees.preview': () => [{ params: { id: v.employeeId } }],
  'employees.addPerception': () => [{ params: { id: v.employeeId }, body: perception }],
  // Concept routes: A's employee with A's concept, and B's own employee with A's concept.
  'employees.updatePerception': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.perceptionId }, body: perception })),
  'employees.deletePerception': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.perceptionId } })),
  'employees.addDeduction': () => [{ params: { id: v.employeeId }, body: deduction }],
  'employees.updateDeduction': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.deductionId }, body: deduction })),
  'employees.deleteDeduction': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.deductionId } })),
  'employees.addOtherPayment': () => [{ params: { id: v.employeeId }, body: otherPayment }],
  'employees.updateOtherPayment': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.otherPaymentId }, body: otherPayment })),
  'employees.deleteOtherPayment': () => [v.employeeId, v.bEmployeeId].map((id) => ({ params: { id, conceptId: v.otherPaymentId } })),
  'invoicing.stamp40': () => [
    { body: invoiceBody(v.customerId), field: 'clientId' },
  ],
  'invoicing.stamp33': () => [{ body: invoiceBody(v.customerId), field: 'clientId' }],
  'invoicing.preview40': () => [{ body: invoiceBody(v.customerId), field: 'clientId' }],
  'invoicing.preview33': () => [{ body: invoiceBody(v.customerId), field: 'clientId' }],
  'invoicing.xml': () => [{ params: { uuid: v.invoiceUuid } }],
  'invoicing.pdf': () => [{ params: { uuid: v.invoiceUuid } }],
  'invoicing.clientEmail': () => [{ query: { pIdPago: v.invoiceUuid } }],
  'invoicing.sendEmail': () => [{ body: { pEmail: 'b@ejemplo.mx', pXml: true, pPdf: true, pIdPago: v.invoiceUuid }, field: 'pIdPago' }],
  'invoicing.cancel': () => [
    { body: { pIdPago: v.invoiceUuid, option: '02' }, field: 'pIdPago' },
    { body: { pIdPago: v.ppdUuid, option: '01', uuidSustitucion: v.invoiceUuid }, field: 'pIdPago' },
  ],
  'invoicing.cancelAcuse': () => [{ params: { uuid: v.invoiceUuid } }, { params: { uuid: v.retentionUuid } }],
  'dev.pacCancellationAnswer': () => [{ params: { uuid: v.invoiceUuid }, body: { respuesta: 'rechazar' } }],
  'invoicing.substitution': () => [{ params: { rfc: v.aRfc, month, year } }],
  'incomes.related': () => [{ params: { uuid: v.invoiceUuid } }, { params: { uuid: v.ppdUuid } }],
  'incomes.enablePayment': () => [{ body: { fpago: '2026-11-01', pIdPago: v.invoiceUuid, type: 1 }, field: 'pIdPago' }],
  'incomes.notCount': () => [{ body: { uuid: v.invoiceUuid, notCount: true }, field: 'uuid' }],
  'apps.invoice': () => [{ params: { id: v.invoiceAppId } }],
  'cfdiImport.status': () => [{ params: { id: v.importId } }],
  'outcomes.xml': () => [{ params: { uuid: v.receivedUuid } }],
  'outcomes.pdf': () => [{ params: { uuid: v.receivedUuid } }],
  'outcomes.related': () => [{ params: { uuid: v.receivedUuid } }],
  'outcomes.enablePayment': () => [{ body: { fpago: '2026-11-01', pIdPago: v.receivedUuid, type: 2 }, field: 'pIdPago' }],
  'outcomes.notCount': () => [{ body: { uuid: v.receivedUuid, notCount: true }, field: 'uuid' }],
  'outcomes.deductible': () => [{ body: { uuid: v.receivedUuid, deducible: false, motivo: 'x' }, field: 'uuid' }],
  'outcomes.ivaUso': () => [{ body: { uuid: v.receivedUuid, ivaUso: 'exentas' }, field: 'uuid' }],
  'outcomes.cancel': () => [{ body: { uuid: v.receivedUuid }, field: 'uuid' }],
  'outcomes.complementRequest': () => [{ body: { uuid: v.receivedUuid, email: 'b@ejemplo.mx' }, field: 'uuid' }],
  'outcomes.clientEmail': () => [{ query: { pIdPago: v.receivedUuid } }],
  'outcomes.sendEmail': () => [{ body: { pEmail: 'b@ejemplo.mx', pXml: true, pPdf: true, pIdPago: v.receivedUuid }, field: 'pIdPago' }],
  'paymentReception.payments': () => [{ params: { invoiceId: v.ppdUuid } }],
  'paymentReception.applyPay': () => [{ body: payForm(v.ppdUuid), encoding: 'form', field: 'invoiceId' }],
  'paymentReception.applyMultiple': () => [{
    body: { fechaPago: localNow(), formaDePagoP: '03', monedaP: 'MXN', monto: '1.00', documentos: [{ invoiceId: v.ppdUuid, impPagado: '1.00' }] },
    field: 'documentos',
  }],
  'dashboard.month': () => [{ params: { rfc: v.aRfc, month, year } }],
  'dashboard.paid': () => [{ params: { rfc: v.aRfc, month, year } }],
  'dashboard.year': () => [{ params: { rfc: v.aRfc, month, year } }],
  'dashboard.filter': () => [{ params: { rfc: v.aRfc, month, year } }],
  'payments.receipt': () => [{ params: { id: v.receiptId } }],
  // The id is a stamp package (issue 25 §4): anything else is a 422 on id.
  'payments.setupIntentVoucher': () => [{ params: { id: v.cardId }, field: 'id' }],
  'dev.paymentsOxxoPay': () => [{ params: { id: v.voucherId } }],
  'payments.attachCard': () => [{ body: { paymentMethod: v.cardId, name: 'B' }, field: 'paymentMethod' }],
  'payments.deleteCard': () => [{ body: { pmId: v.cardId }, field: 'pmId' }],
  'payments.subscribe': () => [{ body: { priceId: 'price_premium_monthly', paymentMethod: v.cardId }, field: 'paymentMethod' }],
  'payments.retry': () => [{ body: { paymentMethod: v.cardId }, field: 'paymentMethod' }],
  'dev.paymentsRenew': () => [{ body: { paymentMethod: v.cardId }, field: 'paymentMethod' }],
  'invoicing.buyStamps': () => [{ body: { paquete: '50', paymentMethod: v.cardId }, field: 'paymentMethod' }],
  'payroll.createPrePayroll': () => [{ body: { ...period, empleados: [v.employeeId] }, field: 'empleados' }],
  'payroll.prePayroll': () => [{ params: { id: v.prenominaId } }],
  'payroll.editDetail': () => [{
    body: { id: v.detailId, percepciones: [{ tipo: '001', clave: '001', concepto: 'Sueldo', importe_gravado: '1.00', importe_exento: '0.00' }], deducciones: [], otros_pagos: [] },
    field: 'id',
  }],
  'payroll.deletePrePayroll': () => [{ params: { id: v.prenominaId } }],
  'payroll.toggleDetail': () => [{ body: { id: v.detailId }, field: 'id' }],
  'payroll.release': () => [{ body: { id: v.prenominaId }, field: 'id' }],
  'payroll.review': () => [{ params: { id: v.prenominaId } }],
  'payroll.retry': () => [{ body: { id: v.prenominaId }, field: 'id' }],
  'payroll.sendReceipts': () => [{ body: { id: v.prenominaId }, field: 'id' }, { body: { id: v.prenominaId, detalle: v.detailId }, field: 'id' }],
  'payroll.cancelReceipt': () => [{ body: { id: v.detailId, motivo: '02' }, field: 'id' }],
  'notifications.markRead': () => [{ params: { id: v.notificationId } }],
  'retentions.xml': () => [{ params: { uuid: v.retentionUuid } }, { params: { uuid: v.receivedRetentionUuid } }],
  'retentions.pdf': () => [{ params: { uuid: v.retentionUuid } }, { params: { uuid: v.receivedRetentionUuid } }],
  'retentions.cancel': () => [{ body: { uuid: v.retentionUuid, motivo: '02' }, field: 'uuid' }],
  'statements.show': () => [{ params: { id: v.statementId } }],
  'statements.filed': () => [{ params: { id: v.statementId }, body: { presentada: true } }],
  'statements.pdf': () => [{ params: { id: v.statementId } }],
  'diot.show': () => [{ params: { folio: v.diotFolio } }],
  'diot.file': () => [{ params: { folio: v.diotFolio } }],
  'diot.acuse': () => [{ params: { folio: v.diotFolio } }],
  'diot.uploadAcuse': () => [{ params: { folio: v.diotFolio }, encoding: 'multipart', body: { acuse: textPdf(['Acuse de recibo DIOT']) } }],
  'diot.submit': () => [{ params: { folio: v.diotFolio } }],
  'diot.deleteSupplier': () => [{ params: { id: v.diotSupplierId } }],
  'sat.cfdiStatus': () => [{ params: { uuid: v.invoiceUuid } }, { params: { uuid: v.receivedRetentionUuid } }],
  'sat.answerCancellation': () => [{ params: { uuid: v.receivedUuid }, body: { respuesta: 'aceptar' } }],
  'sat.applyConstancia': () => [{ params: { id: v.csfId } }],
  // A download's id is its background process's id: A's own process id stands for one.
  'satDownloads.show': () => [{ params: { id: v.backgroundId } }],
  'accounting.poliza': () => [{ params: { id: v.polizaId } }],
  'accounting.deletePoliza': () => [{ params: { id: v.polizaId } }],
  // Issue 27: A's bank account, its movement and its statement import (the complements state reads a process id too).
  'bank.deleteAccount': () => [{ params: { id: v.bankAccountId } }],
  'bank.mapping': () => [{ params: { id: v.bankAccountId }, body: { fecha: 0, descripcion: 1, importe: 2 } }],
  'bank.preview': () => [{ params: { id: v.bankAccountId }, encoding: 'multipart', body: { file: Buffer.from('Fecha,Concepto,Importe\n') } }],
  'bank.import': () => [{ params: { id: v.bankAccountId }, encoding: 'multipart', body: { file: Buffer.from(bankStatement()) } }],
  'bank.importState': () => [{ params: { id: v.bankImportId } }],
  'bank.reconcile': () => [{ params: { id: v.bankMovementId }, body: { cfdis: [{ uuid: v.invoiceUuid, importe: '1160.00' }] } }],
  'bank.split': () => [{ params: { id: v.bankMovementId }, body: { importes: ['1000.00', '160.00'] } }],
  'bank.noCfdi': () => [{ params: { id: v.bankMovementId } }],
  'bank.undo': () => [{ params: { id: v.bankMovementId } }],
  'bank.ignore': () => [{ params: { id: v.bankMovementId } }],
  'bank.depositCustomer': () => [{ params: { id: v.bankMovementId } }],
  'bank.requestInvoice': () => [{ params: { id: v.bankMovementId }, body: { email: 'b@ejemplo.mx' } }],
  'bank.complements': () => [{ body: { movimientos: [v.bankMovementId] }, field: 'movimientos' }],
  'bank.complementsState': () => [{ params: { id: v.bankImportId } }],
  // Issue 29: recurring invoices (B names A's invoice or A's schedule) and a sheet's batch.
  'recurring.create': () => [{ body: { uuid: v.invoiceUuid, frecuencia: 'mes', cada: 1 }, field: 'uuid' }],
  'recurring.update': () => [{ params: { id: v.recurringId }, body: { estado: 'pausada' } }],
  'recurring.delete': () => [{ params: { id: v.recurringId } }],
  'portal.ticketDelete': () => [{ params: { id: v.portalTicketId } }],
  'apiKeys.revoke': () => [{ params: { id: v.apiKeyId } }],
  'webhooks.deleteEndpoint': () => [{ params: { id: v.webhookEndpointId } }],
  'webhooks.redeliver': () => [{ params: { id: v.webhookDeliveryId } }],
  'invoiceSheet.status': () => [{ params: { id: v.batchId } }],
  // Issue 26: A's members and invitations.
  'workspace.updateMember': () => [{ params: { id: v.memberId }, body: { rol: 'lectura' } }],
  'workspace.removeMember': () => [{ params: { id: v.memberId } }],
  'workspace.withdrawInvitation': () => [{ params: { id: v.invitationId } }],
};

/** A one-deposit CAMT.053 for A's bank account. */
export const bankStatement = () => `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>S1</Id>
<Acct><Id><Othr><Id>A-1</Id></Othr></Id><Ccy>MXN</Ccy></Acct><Ntry><Amt Ccy="MXN">1160.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2026-01-15</Dt></BookgDt>
<AddtlNtryInf>SPEI MARIA LOPEZ</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
