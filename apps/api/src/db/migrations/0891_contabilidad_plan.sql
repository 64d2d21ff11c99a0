-- Issue 28 (decisions 301, 319): contabilidad electrónica belongs to the plan product 12 "Declaraciones" (the
-- taxpayer's monthly obligations: declaraciones, DIOT and now the books SAT receives). The API refuses its routes
-- (403 locked) to a plan without the product; the screen's route joins the product's routes so the menu locks too.
UPDATE "plan_catalog_products" SET "routes" = "routes" || '["/contabilidad"]'::jsonb
WHERE "id" = 12 AND NOT ("routes" @> '["/contabilidad"]'::jsonb);
