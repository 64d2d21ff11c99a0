import type { PlansData } from '@facturo/contract';

function normalize(path: string): string {
  const p = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return p.startsWith('/') ? p || '/' : `/${p}`;
}

function contains(path: string, route: string): boolean {
  return path === route || path.startsWith(`${route}/`);
}

/**
 * The product route a path belongs to: the most specific (longest) product route
 * containing it, so `/payroll/emitted` belongs to `/payroll/emitted`, not `/payroll`.
 */
export function productRouteOf(pathname: string, allProductRoutes: string[]): string | null {
  const path = normalize(pathname);
  let best: string | null = null;
  for (const r of allProductRoutes) {
    const route = normalize(r);
    if (contains(path, route) && (!best || route.length > best.length)) best = route;
  }
  return best;
}

/** §2.5: true when the path holds a product route that the plan does not allow (→ /plans). */
export function isRouteBlockedByPlan(pathname: string, plan: Pick<PlansData, 'allProductRoutes' | 'allowedProductRoutes'>): boolean {
  const route = productRouteOf(pathname, plan.allProductRoutes);
  if (!route) return false;
  return !plan.allowedProductRoutes.some((a) => normalize(a) === route);
}

/** §6: whether the plan includes a feature id (controls cards, sections and list features). */
export function hasFeature(plan: Pick<PlansData, 'features'> | undefined, featureId: number): boolean {
  return Boolean(plan?.features.some((f) => f.id === featureId));
}
