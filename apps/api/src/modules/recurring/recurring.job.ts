import type PgBoss from 'pg-boss';
import { QUEUES } from '../../jobs/queue';
import type { JobContext } from '../../jobs/context';
import { invoicingProviders } from '../invoicing/providers';
import { runDueRecurring } from './recurring.service';

/**
 * Issue 29 §3: every hour, the recurring invoices whose day has come are stamped (each run idempotent by schedule
 * and period, so an overlapping or retried run stamps nothing twice). Hourly rather than daily so a schedule
 * created or resumed for today runs today.
 */
export async function registerRecurringWorker(boss: PgBoss, ctx: JobContext): Promise<void> {
  await boss.work(QUEUES.recurringInvoices, async () => {
    await runDueRecurring(invoicingProviders(ctx));
  });
  await boss.schedule(QUEUES.recurringInvoices, '20 * * * *', {}, { tz: 'America/Mexico_City' });
}
