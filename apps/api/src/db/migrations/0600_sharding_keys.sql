-- Sharding path (issue 12 §7, docs/decisions/200-sharding-by-account.md): every tenant table carries the
-- account id (user_id) in its primary key and in every unique key, and tenant-to-tenant foreign keys carry it
-- too, so the schema can be distributed by user_id on Citus with colocated tables. The primary keys become
-- (id, user_id): the id stays the index's first column, so lookups by id alone keep their plan, and the key
-- stays unique (id alone already was). apps/api/src/db/sharding.test.ts checks the live schema.
--
-- 1. Tenant-to-tenant foreign keys go first (they depend on the single-column keys).
ALTER TABLE "cfdis" DROP CONSTRAINT "cfdis_client_id_fkey";
ALTER TABLE "client_documents" DROP CONSTRAINT "client_documents_client_id_fkey";
ALTER TABLE "employee_concepts" DROP CONSTRAINT "employee_concepts_employee_id_fkey";
ALTER TABLE "prenomina_detalles" DROP CONSTRAINT "prenomina_detalles_prenomina_id_fkey";
ALTER TABLE "prenomina_detalles" DROP CONSTRAINT "prenomina_detalles_employee_id_fkey";
--> statement-breakpoint
-- 2. Primary keys (id) → (id, user_id).
ALTER TABLE "background_processes" DROP CONSTRAINT "background_processes_pkey", ADD CONSTRAINT "background_processes_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "cfdi_payments" DROP CONSTRAINT "cfdi_payments_pkey", ADD CONSTRAINT "cfdi_payments_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "cfdi_relations" DROP CONSTRAINT "cfdi_relations_pkey", ADD CONSTRAINT "cfdi_relations_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "cfdis" DROP CONSTRAINT "cfdis_pkey", ADD CONSTRAINT "cfdis_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "client_documents" DROP CONSTRAINT "client_documents_pkey", ADD CONSTRAINT "client_documents_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "clients" DROP CONSTRAINT "clients_pkey", ADD CONSTRAINT "clients_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "diots" DROP CONSTRAINT "diots_pkey", ADD CONSTRAINT "diots_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "economic_activities" DROP CONSTRAINT "economic_activities_pkey", ADD CONSTRAINT "economic_activities_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "employee_concepts" DROP CONSTRAINT "employee_concepts_pkey", ADD CONSTRAINT "employee_concepts_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "employees" DROP CONSTRAINT "employees_pkey", ADD CONSTRAINT "employees_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "fiscal_credentials" DROP CONSTRAINT "fiscal_credentials_pkey", ADD CONSTRAINT "fiscal_credentials_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "fiscal_obligations" DROP CONSTRAINT "fiscal_obligations_pkey", ADD CONSTRAINT "fiscal_obligations_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey", ADD CONSTRAINT "notifications_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "pay_payments" DROP CONSTRAINT "pay_payments_pkey", ADD CONSTRAINT "pay_payments_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "prenomina_detalles" DROP CONSTRAINT "prenomina_detalles_pkey", ADD CONSTRAINT "prenomina_detalles_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "prenominas" DROP CONSTRAINT "prenominas_pkey", ADD CONSTRAINT "prenominas_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "products" DROP CONSTRAINT "products_pkey", ADD CONSTRAINT "products_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "retenciones" DROP CONSTRAINT "retenciones_pkey", ADD CONSTRAINT "retenciones_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "stamp_movements" DROP CONSTRAINT "stamp_movements_pkey", ADD CONSTRAINT "stamp_movements_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "statements" DROP CONSTRAINT "statements_pkey", ADD CONSTRAINT "statements_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "tax_status_certificates" DROP CONSTRAINT "tax_status_certificates_pkey", ADD CONSTRAINT "tax_status_certificates_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_pkey", ADD CONSTRAINT "verification_codes_pkey" PRIMARY KEY ("id", "user_id");
--> statement-breakpoint
-- 3. Keys on a payment provider's ids: unique per account (the provider makes them unique anyway); the
-- provider id stays first, so a webhook's lookup by it keeps its index.
ALTER TABLE "pay_stamp_orders" DROP CONSTRAINT "pay_stamp_orders_pkey", ADD CONSTRAINT "pay_stamp_orders_pkey" PRIMARY KEY ("payment_intent_id", "user_id");
DROP INDEX IF EXISTS "pay_customers_customer_uq";
CREATE UNIQUE INDEX "pay_customers_customer_uq" ON "pay_customers" ("customer_id", "user_id");
DROP INDEX IF EXISTS "pay_payments_ref_uq";
CREATE UNIQUE INDEX "pay_payments_ref_uq" ON "pay_payments" ("provider_ref", "user_id");
--> statement-breakpoint
-- 4. The foreign keys again, with the account id on both sides (a row can only point at its own account's row).
-- SET NULL names the id column alone (PostgreSQL 15+): the account id is NOT NULL and stays.
ALTER TABLE "cfdis" ADD CONSTRAINT "cfdis_client_id_fkey" FOREIGN KEY ("client_id", "user_id") REFERENCES "clients" ("id", "user_id") ON DELETE SET NULL ("client_id");
ALTER TABLE "client_documents" ADD CONSTRAINT "client_documents_client_id_fkey" FOREIGN KEY ("client_id", "user_id") REFERENCES "clients" ("id", "user_id");
ALTER TABLE "employee_concepts" ADD CONSTRAINT "employee_concepts_employee_id_fkey" FOREIGN KEY ("employee_id", "user_id") REFERENCES "employees" ("id", "user_id") ON DELETE CASCADE;
ALTER TABLE "prenomina_detalles" ADD CONSTRAINT "prenomina_detalles_prenomina_id_fkey" FOREIGN KEY ("prenomina_id", "user_id") REFERENCES "prenominas" ("id", "user_id") ON DELETE CASCADE;
ALTER TABLE "prenomina_detalles" ADD CONSTRAINT "prenomina_detalles_employee_id_fkey" FOREIGN KEY ("employee_id", "user_id") REFERENCES "employees" ("id", "user_id") ON DELETE SET NULL ("employee_id");
