import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from './routes';
import { requiredRole, roleAllows, MEMBER_ROLES } from './workspace';

const roleOf = (name: string) => requiredRole(name, (routes as Record<string, RouteDef>)[name]!);

describe('roles per route-table entry (issue 26 §2)', () => {
  it('orders the roles: each includes the ones below it', () => {
    expect(roleAllows('duenio', 'contador')).toBe(true);
    expect(roleAllows('contador', 'duenio')).toBe(false);
    expect(roleAllows('capturista', 'lectura')).toBe(true);
    expect(roleAllows('lectura', 'capturista')).toBe(false);
    expect(MEMBER_ROLES).toEqual(['lectura', 'capturista', 'contador', 'duenio']);
  });

  it('lists, dashboards and downloads are for every member; drafts, customers and stamping for a capturista', () => {
    for (const name of ['clients.list', 'incomes.list', 'dashboard.inMonth'].filter((n) => n in routes)) expect(roleOf(name), name).toBe('lectura');
    for (const name of ['clients.create', 'products.update', 'employees.create', 'invoicing.stamp40', 'retentions.issue']) expect(roleOf(name), name).toBe('capturista');
  });

  it('cancellation, declarations and credentials need a contador; members, plan, cards and stamp purchase the owner', () => {
    for (const name of ['invoicing.cancel', 'outcomes.cancel', 'retentions.cancel', 'payroll.cancelReceipt', 'sat.answerCancellation',
      'statements.start', 'statements.filed', 'diot.submit', 'profile.uploadCsd', 'profile.uploadEfirma', 'ciec.validate']) {
      expect(roleOf(name), name).toBe('contador');
    }
    for (const name of ['workspace.invite', 'workspace.updateMember', 'workspace.removeMember', 'payments.attachCard', 'payments.subscribe',
      'invoicing.buyStamps', 'profile.changePassword']) {
      expect(roleOf(name), name).toBe('duenio');
    }
  });

  it('gives a route added elsewhere a safe default from its method and path', () => {
    const def = (method: RouteDef['method'], path: `/api/${string}`): RouteDef => ({ method, path, access: {} });
    expect(requiredRole('x.list', def('GET', '/api/conciliacion/movimientos'))).toBe('lectura');
    expect(requiredRole('x.create', def('POST', '/api/conciliacion/movimientos'))).toBe('capturista');
    expect(requiredRole('x.cancel', def('POST', '/api/nuevo/cancelar'))).toBe('contador');
    expect(requiredRole('x.send', def('POST', '/api/contabilidad/envio'))).toBe('contador');
    expect(requiredRole('x.keys', def('POST', '/api/api-keys'))).toBe('duenio');
    expect(requiredRole('x.own', { ...def('POST', '/api/nuevo/cancelar'), access: { role: 'capturista' } })).toBe('capturista');
  });
});
