-- Customers (spec §3, §7.9), their link to issued documents, and the user's products (§3, §7.8).
-- Every row belongs to one tenant (user_id) and every query filters by it.
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"r_social" varchar(300) NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"persona" varchar(6) NOT NULL,
	"regimen" varchar(3) NOT NULL,
	"uso_cfdi" varchar(4) NOT NULL,
	"cp" varchar(5),
	"state" varchar(3),
	"municipality" varchar(3),
	"pais" varchar(3),
	"num_reg_id_trib" varchar(40),
	-- rfc + razón social folded (lower case, no accents): what the list search matches.
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One customer per RFC and tenant; foreign customers share XEXX010101000, so they are told apart by país + NumRegIdTrib.
CREATE UNIQUE INDEX "clients_user_rfc_uq" ON "clients" ("user_id", "rfc") WHERE "rfc" <> 'XEXX010101000';
--> statement-breakpoint
CREATE UNIQUE INDEX "clients_user_foreign_uq" ON "clients" ("user_id", "pais", "num_reg_id_trib") WHERE "rfc" = 'XEXX010101000';
--> statement-breakpoint
CREATE INDEX "clients_user_name_idx" ON "clients" ("user_id", "r_social", "id");
--> statement-breakpoint
-- Documents (invoices, notes, payments) issued to a customer. The invoicing module inserts a row per
-- document; while one exists the customer cannot be deleted (NO ACTION still lets a user's cascade go).
CREATE TABLE "client_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_id" integer NOT NULL REFERENCES "clients"("id"),
	"uuid" varchar(36) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_documents_client_idx" ON "client_documents" ("user_id", "client_id");
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"clave_producto" varchar(8) NOT NULL,
	"clave_unidad" varchar(3) NOT NULL,
	"descripcion_unidad" varchar(20),
	"descripcion_producto" varchar(1000) NOT NULL,
	"valor_unitario" numeric(24, 6) NOT NULL,
	"objeto_imp" varchar(2) NOT NULL,
	"impuestos" jsonb DEFAULT '{"traslados":[],"retenciones":[]}'::jsonb NOT NULL,
	"cve_catastral" varchar(150),
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_user_idx" ON "products" ("user_id", "id");
