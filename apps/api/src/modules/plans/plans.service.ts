import type { PlansData } from '@facturo/contract';
import type { Db } from '../../db/client';
import type { Account } from '../../http/context';
import { eq } from 'drizzle-orm';
import { loadCatalog } from './plans.repository';
import { paySubscriptions } from '../payments/payments.schema';

type Catalog = Awaited<ReturnType<typeof loadCatalog>>;

function shapeFeature(f: Catalog['featureRows'][number]) {
  return { id: f.id, element_id: f.elementId, product_id: f.productId, name: f.name };
}

/** Spec §3 "Plans data" for the account: the catalog plus what its plan allows. */
export async function plansDataFor(db: Db, account: Pick<Account, 'id' | 'planId' | 'rolId'>): Promise<PlansData> {
  const [c, [sub]] = await Promise.all([loadCatalog(db), db.select().from(paySubscriptions).where(eq(paySubscriptions.userId, account.id))]);
  const productsShaped = c.productRows.map((p) => ({
    id: p.id, name: p.name, route: p.route, routes: p.routes,
    features: c.featureRows.filter((f) => f.productId === p.id).map(shapeFeature),
  }));
  const plansShaped = c.planRows.map((plan) => {
    const productIds = new Set(c.planProductRows.filter((r) => r.planId === plan.id).map((r) => r.productId));
    const featureIds = new Set(c.planFeatureRows.filter((r) => r.planId === plan.id).map((r) => r.featureId));
    return {
      id: plan.id, name: plan.name, description: plan.description, is_free: plan.isFree,
      monthly: { value: 1 as const, monthly_cost: plan.monthlyCost, monthly_price_id: plan.monthlyPriceId },
      yearly: { value: 2 as const, yearly_cost: plan.yearlyCost, yearly_price_id: plan.yearlyPriceId },
      products: productsShaped.filter((p) => productIds.has(p.id)),
      features: c.featureRows.filter((f) => featureIds.has(f.id)).map(shapeFeature),
    };
  });
  // Admins see everything regardless of plan.
  const current = account.rolId === 1
    ? { products: productsShaped, features: c.featureRows.map(shapeFeature) }
    : plansShaped.find((p) => p.id === account.planId) ?? plansShaped[0]!;
  return {
    plans: plansShaped,
    allProductRoutes: productsShaped.flatMap((p) => p.routes),
    allowedProductRoutes: current.products.flatMap((p) => p.routes),
    // Spec §6 default: inactive, free plan id 1; a subscription set to end at period end names its date.
    scheduledCancellationDetails: sub && sub.status !== 'canceled' && sub.cancelAtPeriodEnd
      ? { activeSubscription: true, cancellationDate: sub.currentPeriodEnd?.toISOString() ?? null, planId: 1 }
      : { activeSubscription: false, cancellationDate: null, planId: 1 },
    features: current.features,
    products: current.products,
    rol: account.rolId,
  };
}
