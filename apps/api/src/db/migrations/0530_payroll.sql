-- Payroll (issue 10): pre-payrolls with one detail per employee, stamped as CFDI tipo N with Nómina 1.2.
-- A detail keeps a snapshot of the employee and its amounts, so later edits to the employee do not change
-- what was computed or stamped. Status of a detail (spec §4): 0 pending, 1 stamped, 2 disabled, 3 error.
ALTER TABLE "cfdis" ADD COLUMN "nomina_imss" numeric(24, 6) DEFAULT '0' NOT NULL;
--> statement-breakpoint
CREATE TABLE "prenominas" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"tipo_nomina" varchar(1) NOT NULL CHECK ("tipo_nomina" IN ('O', 'E')),
	"fecha_inicial_pago" date NOT NULL,
	"fecha_final_pago" date NOT NULL,
	"fecha_pago" date NOT NULL,
	"num_dias_pagados" numeric(8, 3) NOT NULL,
	"periodicidad" varchar(2) NOT NULL,
	"process_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "prenominas_user_idx" ON "prenominas" ("user_id", "id" DESC);
--> statement-breakpoint
CREATE TABLE "prenomina_detalles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"prenomina_id" integer NOT NULL REFERENCES "prenominas"("id") ON DELETE CASCADE,
	"employee_id" integer REFERENCES "employees"("id") ON DELETE SET NULL,
	"empleado" jsonb NOT NULL,
	"percepciones" jsonb NOT NULL,
	"deducciones" jsonb NOT NULL,
	"otros_pagos" jsonb NOT NULL,
	"total_percepciones" numeric(14, 2) NOT NULL,
	"total_deducciones" numeric(14, 2) NOT NULL,
	"total_otros_pagos" numeric(14, 2) NOT NULL,
	"isr" numeric(14, 2) NOT NULL,
	"imss" numeric(14, 2) NOT NULL,
	"neto" numeric(14, 2) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL CHECK ("status" IN (0, 1, 2, 3)),
	"uuid" varchar(36),
	"error" text,
	"stamped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "prenomina_detalles_prenomina_idx" ON "prenomina_detalles" ("user_id", "prenomina_id", "id");
--> statement-breakpoint
-- Receipts issued or received, for the month's payroll lists (spec §7.11 getNomina).
CREATE INDEX "cfdis_nomina_idx" ON "cfdis" ("user_id", "direction", "fecha") WHERE "tipo" = 'N';
