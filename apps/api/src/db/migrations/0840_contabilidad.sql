-- Contabilidad electrónica (issue 28, decision 300): the tenant's chart of accounts tied to SAT's código
-- agrupador, the editable rules that turn documents into entries, the entries (pólizas) and their lines, the
-- month close and its log. Amounts are numeric with 2 decimals (Anexo 24's t_Importe), never floats.
CREATE TABLE "accounting_accounts" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- NumCta: the account number as SAT receives it ('105.01.0003'); unique per tenant.
	"numero" varchar(100) NOT NULL,
	"descripcion" varchar(400) NOT NULL,
	"codigo_agrupador" varchar(10) NOT NULL,
	"naturaleza" varchar(1) NOT NULL CHECK ("naturaleza" IN ('D', 'A')),
	"nivel" integer NOT NULL CHECK ("nivel" >= 1),
	-- SubCtaDe: the parent's número (null at level 1).
	"padre" varchar(100),
	"activa" boolean NOT NULL DEFAULT true,
	-- Subaccount of one customer or supplier (by RFC), created when its first document is accounted.
	"rfc_tercero" varchar(13),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_accounts_numero_uq" ON "accounting_accounts" ("user_id", "numero");
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_accounts_tercero_uq" ON "accounting_accounts" ("user_id", "padre", "rfc_tercero") WHERE "rfc_tercero" IS NOT NULL;
--> statement-breakpoint
-- The rules table (which account for each role, which ClaveProdServ prefix to which expense account), one
-- JSON document per tenant validated by the contract's schema; absent: the defaults.
CREATE TABLE "accounting_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reglas" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id")
);
--> statement-breakpoint
CREATE TABLE "accounting_polizas" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"anio" integer NOT NULL,
	-- 1–12, or 13 for the year-end closing entries.
	"mes" integer NOT NULL CHECK ("mes" BETWEEN 1 AND 13),
	"tipo" varchar(8) NOT NULL CHECK ("tipo" IN ('ingreso', 'egreso', 'diario')),
	-- NumUnIdenPol: unique per tenant ('D-202603-0001').
	"numero" varchar(50) NOT NULL,
	"fecha" date NOT NULL,
	"concepto" varchar(300) NOT NULL,
	-- 'auto': written from a document (source_key says which); 'manual': typed by the user.
	"origen" varchar(6) NOT NULL CHECK ("origen" IN ('auto', 'manual')),
	-- 'cfdi:<uuid>', 'pago:<pago>:<doc>:<n>', 'cancel:<uuid>'…: generating a period twice writes nothing twice.
	"source_key" varchar(160),
	"total" numeric(24, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_polizas_source_uq" ON "accounting_polizas" ("user_id", "source_key") WHERE "source_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_polizas_numero_uq" ON "accounting_polizas" ("user_id", "numero");
--> statement-breakpoint
CREATE INDEX "accounting_polizas_period_idx" ON "accounting_polizas" ("user_id", "anio", "mes", "fecha", "id");
--> statement-breakpoint
CREATE TABLE "accounting_poliza_lines" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"poliza_id" bigint NOT NULL,
	"orden" integer NOT NULL,
	-- The period again, so the balanza sums lines by (period, account) without a join.
	"anio" integer NOT NULL,
	"mes" integer NOT NULL,
	"num_cta" varchar(100) NOT NULL,
	"concepto" varchar(200) NOT NULL,
	"debe" numeric(24, 2) NOT NULL DEFAULT 0,
	"haber" numeric(24, 2) NOT NULL DEFAULT 0,
	-- CompNal of the line: [{uuid, rfc, montoTotal, moneda?, tipCamb?}].
	"comprobantes" jsonb NOT NULL DEFAULT '[]',
	PRIMARY KEY ("id", "user_id"),
	FOREIGN KEY ("poliza_id", "user_id") REFERENCES "accounting_polizas" ("id", "user_id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "accounting_poliza_lines_poliza_idx" ON "accounting_poliza_lines" ("user_id", "poliza_id", "orden");
--> statement-breakpoint
CREATE INDEX "accounting_poliza_lines_period_idx" ON "accounting_poliza_lines" ("user_id", "anio", "mes", "num_cta");
--> statement-breakpoint
-- Closed months (no entry dated in them until reopened) and the log of every close and reopen.
CREATE TABLE "accounting_periods" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"anio" integer NOT NULL,
	"mes" integer NOT NULL CHECK ("mes" BETWEEN 1 AND 13),
	"cerrado" boolean NOT NULL DEFAULT false,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "anio", "mes")
);
--> statement-breakpoint
CREATE TABLE "accounting_period_log" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"anio" integer NOT NULL,
	"mes" integer NOT NULL,
	"accion" varchar(10) NOT NULL CHECK ("accion" IN ('cierre', 'reapertura')),
	"motivo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "accounting_period_log_idx" ON "accounting_period_log" ("user_id", "anio", "mes", "id");
