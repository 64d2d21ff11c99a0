import { describe, expect, it } from 'vitest';
import { hasFeature, isRouteBlockedByPlan, productRouteOf } from './product-route-access';

const all = ['/dashboard/home', '/incomes', '/accounts/per-receive', '/employees', '/employees/edit', '/pre-payroll', '/payroll', '/payroll/emitted', '/payroll/received', '/statements'];
const free = { allProductRoutes: all, allowedProductRoutes: ['/dashboard/home', '/incomes', '/accounts/per-receive'] };

describe('plan gating of product routes (§2.5)', () => {
  it('finds the most specific product route of a path', () => {
    expect(productRouteOf('/payroll/emitted', all)).toBe('/payroll/emitted');
    expect(productRouteOf('/payroll', all)).toBe('/payroll');
    expect(productRouteOf('/employees/edit/42', all)).toBe('/employees/edit');
    expect(productRouteOf('/incomes/', all)).toBe('/incomes');
  });
  it('does not match on a mere prefix of a segment', () => {
    expect(productRouteOf('/pre-payroll', all)).toBe('/pre-payroll');
    expect(productRouteOf('/incomes-archive', all)).toBeNull();
  });
  it('blocks product routes outside the plan and allows the rest', () => {
    expect(isRouteBlockedByPlan('/payroll/emitted', free)).toBe(true);
    expect(isRouteBlockedByPlan('/employees/edit/7', free)).toBe(true);
    expect(isRouteBlockedByPlan('/statements', free)).toBe(true);
    expect(isRouteBlockedByPlan('/incomes', free)).toBe(false);
    expect(isRouteBlockedByPlan('/accounts/per-receive', free)).toBe(false);
  });
  it('never blocks paths that are not product routes', () => {
    expect(isRouteBlockedByPlan('/profile/2', free)).toBe(false);
    expect(isRouteBlockedByPlan('/plans', free)).toBe(false);
  });
  it('allows a specific product even when its parent product is not allowed', () => {
    const receipts = { allProductRoutes: all, allowedProductRoutes: ['/payroll/emitted', '/payroll/received'] };
    expect(isRouteBlockedByPlan('/payroll/emitted', receipts)).toBe(false);
    expect(isRouteBlockedByPlan('/payroll', receipts)).toBe(true);
  });
  it('checks plan features by id (§6)', () => {
    const plan = { features: [{ id: 62, element_id: 'x', product_id: 1, name: 'n' }] };
    expect(hasFeature(plan, 62)).toBe(true);
    expect(hasFeature(plan, 65)).toBe(false);
    expect(hasFeature(undefined, 62)).toBe(false);
  });
});
