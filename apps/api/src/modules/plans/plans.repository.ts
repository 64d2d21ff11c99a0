import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { features, planFeatures, planProducts, plans, products } from '../../db/schema';

/** Whether a plan includes a product (spec §6); read from the cached catalog, as every guarded request asks. */
export async function planAllowsProduct(db: Db, planId: number, productId: number): Promise<boolean> {
  return (await planGrants(db)).products.has(`${planId}:${productId}`);
}

/** Whether a plan includes a feature (spec §6 element id); read from the cached catalog. */
export async function planHasFeature(db: Db, planId: number, featureId: number): Promise<boolean> {
  return (await planGrants(db)).features.has(`${planId}:${featureId}`);
}

const grantsCache = new WeakMap<Catalog, { products: Set<string>; features: Set<string> }>();

/**
 * "plan:product" and "plan:feature" pairs of the cached catalog. The request guard asked the database once
 * or twice per request for these (a fifth of a read's round trips under bench:load); a plan edit now takes
 * effect within the catalog's minute, as it already did for GET /api/user/plan.
 */
async function planGrants(db: Db): Promise<{ products: Set<string>; features: Set<string> }> {
  const catalog = await loadCatalog(db);
  let grants = grantsCache.get(catalog);
  if (!grants) {
    grants = {
      products: new Set(catalog.planProductRows.map((r) => `${r.planId}:${r.productId}`)),
      features: new Set(catalog.planFeatureRows.map((r) => `${r.planId}:${r.featureId}`)),
    };
    grantsCache.set(catalog, grants);
  }
  return grants;
}

/** Every feature id of a plan (one query, for screens that show several features at once). */
export async function planFeatureIds(db: Db, planId: number): Promise<Set<number>> {
  const rows = await db.select({ f: planFeatures.featureId }).from(planFeatures).where(eq(planFeatures.planId, planId));
  return new Set(rows.map((r) => r.f));
}

type Catalog = Awaited<ReturnType<typeof readCatalog>>;
const CATALOG_TTL_MS = 60_000;
const cache = new WeakMap<Db, { at: number; value: Promise<Catalog> }>();

/**
 * The plan catalog changes only with a migration or an admin edit: cached per database for a minute
 * so GET /api/user/plan (run on every navigation) does one query instead of five.
 */
export function loadCatalog(db: Db): Promise<Catalog> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CATALOG_TTL_MS) return hit.value;
  const value = readCatalog(db);
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

async function readCatalog(db: Db) {
  const [planRows, productRows, featureRows, planProductRows, planFeatureRows] = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.id)),
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(features).orderBy(asc(features.id)),
    db.select().from(planProducts),
    db.select().from(planFeatures),
  ]);
  return { planRows, productRows, featureRows, planProductRows, planFeatureRows };
}

export async function planById(db: Db, planId: number) {
  const [row] = await db.select().from(plans).where(inArray(plans.id, [planId])).limit(1);
  return row;
}
