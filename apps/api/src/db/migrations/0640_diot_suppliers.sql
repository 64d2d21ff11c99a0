-- DIOT supplier catalog (issue 11 leftovers, decision 250): per tenant and supplier, the tipo de operación the DIOT
-- writes for it (kept for every later month) and, for a supplier invoicing with the generic foreign RFC
-- XEXX010101000, the data of its tipo 05 line. nombre_key tells generic-RFC suppliers apart (upper-cased, trimmed,
-- single-spaced issuer name on their CFDIs); it is '' for every other RFC.
CREATE TABLE "diot_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"nombre_key" text NOT NULL DEFAULT '',
	"nombre" text NOT NULL DEFAULT '',
	"tipo_operacion" varchar(2),
	"pais" varchar(3),
	"id_fiscal" varchar(40),
	"nacionalidad" varchar(100),
	"jurisdiccion" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "diot_suppliers_user_key_uq" ON "diot_suppliers" ("user_id", "rfc", "nombre_key");
