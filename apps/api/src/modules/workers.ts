import type PgBoss from 'pg-boss';
import type { JobContext } from '../jobs/context';
import { registerCiecWorker } from './ciec/ciec-validate.job';
import { registerCredentialWorker } from './profile/credential-validate.job';
import { registerCredentialExpiryWorker } from './profile/credential-expiry.job';
import { registerCfdiImportWorker } from './cfdi-import/cfdi-import.job';
import { registerPayrollWorker } from './payroll/payroll-stamp.job';
import { registerStampRecoveryWorker } from './invoicing/stamp-recovery.job';
import { registerStatementsAutoWorker } from './statements/statements-auto.job';
import { registerSatWorkers } from './sat/sat-status.job';
import { registerSatDownloadWorker } from './sat-downloads/sat-download.job';
import { registerSatDownloadAutoWorker } from './sat-downloads/sat-download-auto.job';
import { registerAccountingWorker } from './accounting/accounting-generate.job';
import { registerBankImportWorker } from './bank/bank-import.job';
import { registerBankComplementsWorker } from './bank/bank-complements.job';
import { registerBankRepDeadlineWorker } from './bank/bank-rep-deadline.job';
import { registerReceivablesRemindersWorker } from './bank/receivables-reminders.job';
import { registerBulkImportWorker } from './bulk/bulk-import.job';
import { registerRecurringWorker } from './recurring/recurring.job';
import { registerWebhookWorker } from './webhooks/webhooks.job';
import { registerInvoiceSheetWorker } from './bulk/invoice-sheet.job';
// The portal's stamp storer (kind 'portal'): the recovery job finishes a portal stamp left by a crash.
import './portal/portal-stamp';

/** Every queue's worker; the same list runs in the API process (embedded) or in `npm run worker`. */
export async function registerWorkers(boss: PgBoss, ctx: JobContext): Promise<void> {
  await registerCiecWorker(boss, ctx);
  await registerCredentialWorker(boss, ctx);
  await registerCredentialExpiryWorker(boss, ctx);
  await registerCfdiImportWorker(boss, ctx);
  await registerPayrollWorker(boss, ctx);
  await registerStampRecoveryWorker(boss, ctx);
  await registerStatementsAutoWorker(boss, ctx);
  await registerSatWorkers(boss, ctx);
  await registerSatDownloadWorker(boss, ctx);
  await registerSatDownloadAutoWorker(boss, ctx);
  await registerAccountingWorker(boss, ctx);
  await registerBankImportWorker(boss, ctx);
  await registerBankComplementsWorker(boss, ctx);
  await registerBankRepDeadlineWorker(boss, ctx);
  await registerReceivablesRemindersWorker(boss, ctx);
  await registerBulkImportWorker(boss, ctx);
  await registerRecurringWorker(boss, ctx);
  await registerWebhookWorker(boss, ctx);
  await registerInvoiceSheetWorker(boss, ctx);
}
