import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { serve } from '../../http/serve';
import { employeeCatalogs } from './employee-rules';
import * as concepts from './concepts.service';
import type { AnyConceptValues } from './concepts.service';
import type { ConceptKind } from './employees.schema';
import * as service from './employees.service';

/** Spec §7.10 under /api/employees (entries, paths and access in the contract's routes/employees.ts). */
export const employeesRoutes = (db: Db): FastifyPluginAsync => async (app) => {
  serve(app, 'employees.list', (req) => service.listEmployees(db, req.account.id, req.query));
  serve(app, 'employees.create', (req) => service.createEmployee(db, req.account.id, req.body));
  serve(app, 'employees.catalogs', () => employeeCatalogs());
  serve(app, 'employees.edit', (req) => service.getEmployee(db, req.account.id, req.params.id));
  serve(app, 'employees.update', (req) => service.updateEmployee(db, req.account.id, req.params.id, req.body));
  serve(app, 'employees.delete', (req) => service.deleteEmployee(db, req.account.id, req.params.id));
  serve(app, 'employees.enable', (req) => service.toggleEmployee(db, req.account.id, req.params.id));
  serve(app, 'employees.setSalary', (req) => service.setSalary(db, req.account.id, req.params.id, req.body));
  serve(app, 'employees.calculate', (req) => service.calculateFor(db, req.account.id, req.params.employeeId, req.query.fecha));
  serve(app, 'employees.preview', (req) => service.previewSaved(db, req.account.id, req.params.id, req.query.fecha));
  serve(app, 'employees.previewUnsaved', (req) => service.previewUnsaved(req.body, req.query.fecha));

  // Perceptions, deductions and other payments: one entry per kind and verb, one service for the three kinds.
  const add = (kind: ConceptKind) => (req: { account: { id: number }; params: { id: number }; body: AnyConceptValues }) =>
    concepts.addConcept(db, req.account.id, req.params.id, kind, req.body);
  const edit = (kind: ConceptKind) => (req: { account: { id: number }; params: { id: number; conceptId: number }; body: AnyConceptValues }) =>
    concepts.editConcept(db, req.account.id, req.params.id, kind, req.params.conceptId, req.body);
  const remove = (kind: ConceptKind) => (req: { account: { id: number }; params: { id: number; conceptId: number } }) =>
    concepts.removeConcept(db, req.account.id, req.params.id, kind, req.params.conceptId);
  serve(app, 'employees.addPerception', add('percepcion'));
  serve(app, 'employees.updatePerception', edit('percepcion'));
  serve(app, 'employees.deletePerception', remove('percepcion'));
  serve(app, 'employees.addDeduction', add('deduccion'));
  serve(app, 'employees.updateDeduction', edit('deduccion'));
  serve(app, 'employees.deleteDeduction', remove('deduccion'));
  serve(app, 'employees.addOtherPayment', add('otro_pago'));
  serve(app, 'employees.updateOtherPayment', edit('otro_pago'));
  serve(app, 'employees.deleteOtherPayment', remove('otro_pago'));
};
