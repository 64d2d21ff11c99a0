import { z } from 'zod';

/** Spec §6 feature ids by area and product ids. */
export const FEATURES = {
  incomes: [5, 6, 31, 55, 59, 71],
  outcomes: [7, 8, 9, 57, 58, 72],
  dashboard: [62, 63, 64, 65, 66, 67, 68, 69, 70],
} as const;
export const PRODUCT_EMPLOYEES = 10;
export const FREE_PLAN_ID = 1;

export const RECURRENCY = { monthly: 1, yearly: 2 } as const;

export const featureSchema = z.object({ id: z.number().int(), element_id: z.string(), product_id: z.number().int(), name: z.string() });
export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  route: z.string(),
  routes: z.array(z.string()),
  features: z.array(featureSchema),
});
export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_free: z.boolean(),
  monthly: z.object({ value: z.literal(1), monthly_cost: z.string(), monthly_price_id: z.string().nullable() }),
  yearly: z.object({ value: z.literal(2), yearly_cost: z.string(), yearly_price_id: z.string().nullable() }),
  products: z.array(productSchema),
  features: z.array(featureSchema),
});
export const plansDataSchema = z.object({
  plans: z.array(planSchema),
  allProductRoutes: z.array(z.string()),
  allowedProductRoutes: z.array(z.string()),
  scheduledCancellationDetails: z.object({
    activeSubscription: z.boolean(),
    cancellationDate: z.string().nullable(),
    planId: z.number().int(),
  }),
  features: z.array(featureSchema),
  products: z.array(productSchema),
  rol: z.number().int(),
});
export type PlansData = z.infer<typeof plansDataSchema>;
export const userPlanResponseSchema = z.object({ data: plansDataSchema });
