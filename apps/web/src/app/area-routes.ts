import type { RouteObject } from 'react-router';
import { incomesRoutes } from '../features/incomes/routes';
import { outcomesRoutes } from '../features/outcomes/routes';
import { productsRoutes } from '../features/products/routes';
import { clientsRoutes } from '../features/clients/routes';
import { employeesRoutes } from '../features/employees/routes';
import { prePayrollRoutes } from '../features/pre-payroll/routes';
import { payrollRoutes } from '../features/payroll/routes';
import { announcementRoutes } from '../features/announcement/routes';
import { paymentsRoutes } from '../features/payments/routes';
import { invoicingRoutes } from '../features/invoicing/routes';
import { retentionsRoutes } from '../features/retentions/routes';
import { creditNotesRoutes } from '../features/credit-notes/routes';
import { paymentReceptionRoutes } from '../features/payment-reception/routes';
import { statementsRoutes } from '../features/statements/routes';
import { accountingRoutes } from '../features/accounting/routes';
import { profileRoutes } from '../features/profile/routes';
import { accountsRoutes } from '../features/accounts/routes';
import { tutorialsRoutes } from '../features/tutorials/routes';
import { bankRoutes } from '../features/bank/routes';
import { recurringRoutes } from '../features/recurring/routes';
import { portalRoutes } from '../features/portal/routes';
import { apiKeysRoutes } from '../features/api-keys/routes';
import { bulkRoutes } from '../features/bulk/routes';
import { workspaceRoutes } from '../features/workspace/routes';

/** Route modules of the areas other helpers build; each is swapped in its own feature folder. */
export const areaRoutes: RouteObject[] = [
  ...incomesRoutes, ...outcomesRoutes, ...productsRoutes, ...clientsRoutes, ...employeesRoutes, ...prePayrollRoutes, ...payrollRoutes, ...announcementRoutes, ...paymentsRoutes, ...invoicingRoutes, ...retentionsRoutes, ...creditNotesRoutes, ...paymentReceptionRoutes, ...statementsRoutes, ...accountingRoutes, ...profileRoutes, ...accountsRoutes, ...tutorialsRoutes, ...bankRoutes, ...recurringRoutes, ...portalRoutes, ...bulkRoutes, ...workspaceRoutes, ...apiKeysRoutes,
];
