-- Bank reconciliation (issue 27, decision 295): the account's bank accounts (c_Banco, CLABE, currency, the
-- CSV/XLSX column mapping chosen once), and their movements. A movement's fingerprint is unique per bank
-- account, so re-importing an overlapping statement adds only new movements. `propuesta` is the matching
-- engine's best allocation; `conciliacion` the accepted one ([{uuid, importe, metodoPago, direction}]), from
-- which the payment complement is stamped (`complemento_uuid` once stamped).
CREATE TABLE "bank_accounts" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"banco" varchar(3) NOT NULL,
	"clabe" varchar(18) NOT NULL,
	"moneda" varchar(3) DEFAULT 'MXN' NOT NULL,
	"alias" varchar(80),
	"mapeo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_clabe_uq" ON "bank_accounts" ("user_id", "clabe");
--> statement-breakpoint
CREATE TABLE "bank_movements" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"account_id" integer NOT NULL,
	"import_id" uuid,
	"fecha" date NOT NULL,
	"importe" numeric(18, 2) NOT NULL,
	"descripcion" text NOT NULL,
	"referencia" text,
	"contraparte" text,
	"saldo" numeric(18, 2),
	"bank_id" varchar(120),
	"cuenta_estado" varchar(60),
	"fingerprint" varchar(48) NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"propuesta" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"conciliacion" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"forma_pago" varchar(2) DEFAULT '03' NOT NULL,
	"complemento_uuid" varchar(36),
	"complemento_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bank_movements_fingerprint_uq" ON "bank_movements" ("user_id", "account_id", "fingerprint");
--> statement-breakpoint
CREATE INDEX "bank_movements_list_idx" ON "bank_movements" ("user_id", "account_id", "fecha");
