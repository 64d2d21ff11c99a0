-- Issue 29 §1 (decision 305): a product's own key (SKU, the CFDI NoIdentificacion) so that re-importing a
-- spreadsheet updates the product instead of adding it again. Optional for products made in the form; unique per
-- account when present.
ALTER TABLE "products" ADD COLUMN "sku" varchar(100);
CREATE UNIQUE INDEX "products_user_sku_idx" ON "products" USING btree ("user_id", "sku") WHERE "sku" IS NOT NULL;
