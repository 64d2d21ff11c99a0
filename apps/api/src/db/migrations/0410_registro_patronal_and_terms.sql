-- Issue 18. The employer's IMSS registration (registro patronal, 11 characters as IMSS writes it, e.g.
-- Y5412345105): Nómina 1.2 requires nomina12:Emisor/@RegistroPatronal on receipts of employees with an NSS
-- and contract types 01-08, so the payroll builder reads it from the profile. Optional: not every
-- taxpayer is an employer.
ALTER TABLE "profile_details" ADD COLUMN "registro_patronal" varchar(11);
--> statement-breakpoint
-- One term per concept: the menu and the pages say "Gastos" for received invoices; the plan catalog did too.
UPDATE "plan_catalog_products" SET "name" = 'Gastos' WHERE "id" = 3 AND "name" = 'Egresos';
--> statement-breakpoint
UPDATE "plan_catalog_features" SET "name" = 'Lista de gastos' WHERE "id" = 7 AND "name" = 'Lista de egresos';
--> statement-breakpoint
UPDATE "plan_catalog_features" SET "name" = 'Exportar gastos a CSV' WHERE "id" = 9 AND "name" = 'Exportar egresos a CSV';
--> statement-breakpoint
UPDATE "plan_catalog_features" SET "name" = 'Revisión de lista negra (69-B) en gastos' WHERE "id" = 72 AND "name" = 'Revisión de lista negra (69-B) en egresos';
