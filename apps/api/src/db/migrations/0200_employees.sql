-- Employees (spec §3 Employee, §7.10) and their recurring payroll concepts. Every row belongs to one
-- tenant (user_id) and every query filters by it.
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"no_empleado" varchar(15) NOT NULL,
	"nombre" varchar(100) NOT NULL,
	"apellido_paterno" varchar(100) NOT NULL,
	"apellido_materno" varchar(100),
	"curp" varchar(18) NOT NULL,
	"nss" varchar(11),
	"puesto" varchar(100),
	"departamento" varchar(100),
	"fecha_inicio" date NOT NULL,
	"tipo_contrato" varchar(2) NOT NULL,
	"tipo_jornada" varchar(2),
	"tipo_regimen" varchar(2) NOT NULL,
	"periodo" varchar(2) NOT NULL,
	"riesgo_puesto" varchar(2),
	"banco" varchar(3),
	"cuenta_bancaria" varchar(18),
	"salario_diario" numeric(14, 2) NOT NULL,
	"salario_base" numeric(14, 2) NOT NULL,
	"entidad" varchar(3) NOT NULL,
	"sindicalizado" boolean DEFAULT false NOT NULL,
	"cp" varchar(5) NOT NULL,
	-- 1 activo, 0 inactivo (dado de baja).
	"estatus" smallint DEFAULT 1 NOT NULL CHECK ("estatus" IN (0, 1)),
	-- Last baja; kept after a reactivation as history.
	"fecha_baja" date,
	-- rfc + no_empleado + nombre completo + curp folded (lower case, no accents): what the list search matches.
	"search_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_no_empleado_uq" ON "employees" ("user_id", "no_empleado");
--> statement-breakpoint
CREATE INDEX "employees_user_name_idx" ON "employees" ("user_id", "apellido_paterno", "nombre", "id");
--> statement-breakpoint
-- Percepciones, deducciones and otros pagos of an employee, repeated on every payroll.
CREATE TABLE "employee_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"employee_id" integer NOT NULL REFERENCES "employees"("id") ON DELETE CASCADE,
	"kind" varchar(10) NOT NULL CHECK ("kind" IN ('percepcion', 'deduccion', 'otro_pago')),
	"tipo" varchar(3) NOT NULL,
	"clave" varchar(15) NOT NULL,
	"concepto" varchar(100) NOT NULL,
	-- Percepciones use gravado/exento; deducciones and otros pagos use importe.
	"importe_gravado" numeric(14, 2),
	"importe_exento" numeric(14, 2),
	"importe" numeric(14, 2),
	"subsidio_causado" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "employee_concepts_employee_idx" ON "employee_concepts" ("user_id", "employee_id", "kind", "id");
