import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calcQuerySchema, conceptParamsSchema, deduccionInputSchema, employeeCalcParamsSchema, employeeCatalogsSchema,
  employeeIdParamsSchema, employeeInputSchema, employeeListQuerySchema, employeePageSchema, employeePreviewSchema,
  employeeSchema, messageResponseSchema, otroPagoInputSchema, payrollCalculationSchema, percepcionInputSchema,
  salaryInputSchema, salaryResultSchema, unsavedPreviewSchema,
} from '@facturo/contract';
import type { Db } from '../../db/client';
import type { ConceptKind } from './employees.schema';
import { employeeCatalogs } from './employee-rules';
import * as concepts from './concepts.service';
import * as service from './employees.service';

const tags = ['employees'];
/** Spec §6: employees are plan product 10; the body RFC is the employee's, not the tenant's. */
const config = { product: 10, bodyRfcIsThirdParty: true };

/** Path segment → concept kind and its body schema. */
const CONCEPT_ROUTES = [
  { path: 'perceptions', kind: 'percepcion', body: percepcionInputSchema },
  { path: 'deductions', kind: 'deduccion', body: deduccionInputSchema },
  { path: 'other-payments', kind: 'otro_pago', body: otroPagoInputSchema },
] as const satisfies readonly { path: string; kind: ConceptKind; body: z.ZodType }[];

/** Spec §7.10 under /api/employees (exact paths in the contract's route table, packages/contract/src/employees.ts). */
export const employeesRoutes = (db: Db): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/employees', { config, schema: { tags, querystring: employeeListQuerySchema, response: { 200: employeePageSchema } } },
    (req) => service.listEmployees(db, req.account.id, req.query));

  app.post('/api/employees', { config, schema: { tags, body: employeeInputSchema, response: { 201: employeeSchema } } },
    async (req, reply) => reply.code(201).send(await service.createEmployee(db, req.account.id, req.body)));

  app.get('/api/employees/catalogs', { config, schema: { tags, response: { 200: employeeCatalogsSchema } } },
    async () => employeeCatalogs());

  app.get('/api/employees/:id/edit', { config, schema: { tags, params: employeeIdParamsSchema, response: { 200: employeeSchema } } },
    (req) => service.getEmployee(db, req.account.id, req.params.id));

  app.put('/api/employees/:id', { config, schema: { tags, params: employeeIdParamsSchema, body: employeeInputSchema, response: { 200: employeeSchema } } },
    (req) => service.updateEmployee(db, req.account.id, req.params.id, req.body));

  app.delete('/api/employees/:id', { config, schema: { tags, params: employeeIdParamsSchema, response: { 200: messageResponseSchema } } },
    (req) => service.deleteEmployee(db, req.account.id, req.params.id));

  app.put('/api/employees/enable/:id', {
    config, schema: { tags, params: employeeIdParamsSchema, response: { 200: z.object({ message: z.string(), employee: employeeSchema }) } },
  }, (req) => service.toggleEmployee(db, req.account.id, req.params.id));

  app.post('/api/employees/:id/salary', {
    config, schema: { tags, params: employeeIdParamsSchema, body: salaryInputSchema, response: { 200: salaryResultSchema } },
  }, (req) => service.setSalary(db, req.account.id, req.params.id, req.body));

  app.get('/api/employees/calculate/:employeeId', {
    config, schema: { tags, params: employeeCalcParamsSchema, querystring: calcQuerySchema, response: { 200: payrollCalculationSchema } },
  }, (req) => service.calculateFor(db, req.account.id, req.params.employeeId, req.query.fecha));

  app.get('/api/employees/preview/:id', {
    config, schema: { tags, params: employeeIdParamsSchema, querystring: calcQuerySchema, response: { 200: employeePreviewSchema } },
  }, (req) => service.previewSaved(db, req.account.id, req.params.id, req.query.fecha));

  app.post('/api/employees/preview', {
    config, schema: { tags, querystring: calcQuerySchema, body: employeeInputSchema, response: { 200: unsavedPreviewSchema } },
  }, async (req) => service.previewUnsaved(req.body, req.query.fecha));

  for (const c of CONCEPT_ROUTES) {
    app.post(`/api/employees/:id/${c.path}`, {
      config, schema: { tags, params: employeeIdParamsSchema, body: c.body, response: { 201: employeeSchema } },
    }, async (req, reply) => reply.code(201).send(await concepts.addConcept(db, req.account.id, req.params.id, c.kind, req.body)));

    app.put(`/api/employees/:id/${c.path}/:conceptId`, {
      config, schema: { tags, params: conceptParamsSchema, body: c.body, response: { 200: employeeSchema } },
    }, (req) => concepts.editConcept(db, req.account.id, req.params.id, c.kind, req.params.conceptId, req.body));

    app.delete(`/api/employees/:id/${c.path}/:conceptId`, {
      config, schema: { tags, params: conceptParamsSchema, response: { 200: employeeSchema } },
    }, (req) => concepts.removeConcept(db, req.account.id, req.params.id, c.kind, req.params.conceptId));
  }
};
