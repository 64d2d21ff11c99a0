import { messageResponseSchema } from '../auth';
import {
  calcQuerySchema, conceptParamsSchema, deduccionInputSchema, employeeCalcParamsSchema, employeeCatalogsSchema, employeeIdParamsSchema,
  employeeInputSchema, employeeListQuerySchema, employeePageSchema, employeePreviewSchema, employeeSchema, employeeToggleResponseSchema,
  otroPagoInputSchema, payrollCalculationSchema, percepcionInputSchema, salaryInputSchema, salaryResultSchema, unsavedPreviewSchema,
} from '../employees';
import { route } from '../route';

/** Spec §6: employees are plan product 10; the body RFC is the employee's, not the tenant's. */
const access = { product: 10, bodyRfcIsThirdParty: true } as const;
const params = employeeIdParamsSchema;

/** Spec §7.10 under /api/employees. */
export const employeesRoutes = {
  'employees.list': route({ method: 'GET', path: '/api/employees', query: employeeListQuerySchema, response: employeePageSchema, access }),
  'employees.create': route({ method: 'POST', path: '/api/employees', body: employeeInputSchema, status: 201, response: employeeSchema, access }),
  'employees.catalogs': route({ method: 'GET', path: '/api/employees/catalogs', response: employeeCatalogsSchema, access }),
  'employees.edit': route({ method: 'GET', path: '/api/employees/:id/edit', params, response: employeeSchema, access }),
  'employees.update': route({ method: 'PUT', path: '/api/employees/:id', params, body: employeeInputSchema, response: employeeSchema, access }),
  'employees.delete': route({ method: 'DELETE', path: '/api/employees/:id', params, response: messageResponseSchema, access }),
  'employees.enable': route({ method: 'PUT', path: '/api/employees/enable/:id', params, response: employeeToggleResponseSchema, access }),
  'employees.setSalary': route({ method: 'POST', path: '/api/employees/:id/salary', params, body: salaryInputSchema, response: salaryResultSchema, access }),
  'employees.calculate': route({
    method: 'GET', path: '/api/employees/calculate/:employeeId', params: employeeCalcParamsSchema, query: calcQuerySchema,
    response: payrollCalculationSchema, access,
  }),
  'employees.preview': route({ method: 'GET', path: '/api/employees/preview/:id', params, query: calcQuerySchema, response: employeePreviewSchema, access }),
  'employees.previewUnsaved': route({
    method: 'POST', path: '/api/employees/preview', query: calcQuerySchema, body: employeeInputSchema, response: unsavedPreviewSchema, access,
    summary: 'Cálculo de ISR/IMSS de los datos del formulario, sin guardar',
  }),
  'employees.addPerception': route({
    method: 'POST', path: '/api/employees/:id/perceptions', params, body: percepcionInputSchema, status: 201, response: employeeSchema, access,
  }),
  'employees.updatePerception': route({
    method: 'PUT', path: '/api/employees/:id/perceptions/:conceptId', params: conceptParamsSchema, body: percepcionInputSchema, response: employeeSchema, access,
  }),
  'employees.deletePerception': route({
    method: 'DELETE', path: '/api/employees/:id/perceptions/:conceptId', params: conceptParamsSchema, response: employeeSchema, access,
  }),
  'employees.addDeduction': route({
    method: 'POST', path: '/api/employees/:id/deductions', params, body: deduccionInputSchema, status: 201, response: employeeSchema, access,
  }),
  'employees.updateDeduction': route({
    method: 'PUT', path: '/api/employees/:id/deductions/:conceptId', params: conceptParamsSchema, body: deduccionInputSchema, response: employeeSchema, access,
  }),
  'employees.deleteDeduction': route({
    method: 'DELETE', path: '/api/employees/:id/deductions/:conceptId', params: conceptParamsSchema, response: employeeSchema, access,
  }),
  'employees.addOtherPayment': route({
    method: 'POST', path: '/api/employees/:id/other-payments', params, body: otroPagoInputSchema, status: 201, response: employeeSchema, access,
  }),
  'employees.updateOtherPayment': route({
    method: 'PUT', path: '/api/employees/:id/other-payments/:conceptId', params: conceptParamsSchema, body: otroPagoInputSchema, response: employeeSchema, access,
  }),
  'employees.deleteOtherPayment': route({
    method: 'DELETE', path: '/api/employees/:id/other-payments/:conceptId', params: conceptParamsSchema, response: employeeSchema, access,
  }),
};
