-- Receivables (issue 27 §5, decision 296): per customer (by RFC) the credit term that dates each invoice's due
-- date, the automatic reminder setting (on/off, days after the due date, interval between reminders, address),
-- and the log of account statements and reminders e-mailed. `ventana` makes a reminder unique per customer and
-- interval, so two runs of the daily job (or two processes) send one e-mail.
CREATE TABLE "receivable_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"dias_credito" integer DEFAULT 30 NOT NULL,
	"recordatorios" boolean DEFAULT false NOT NULL,
	"dias_despues" integer DEFAULT 1 NOT NULL,
	"intervalo" integer DEFAULT 7 NOT NULL,
	"email" varchar(190),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "rfc")
);
--> statement-breakpoint
CREATE TABLE "receivable_reminders" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"tipo" varchar(14) NOT NULL,
	"email" varchar(190) NOT NULL,
	"facturas" integer NOT NULL,
	"saldo" numeric(18, 2) NOT NULL,
	"ventana" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "receivable_reminders_ventana_uq" ON "receivable_reminders" ("user_id", "rfc", "ventana");
--> statement-breakpoint
CREATE INDEX "receivable_reminders_list_idx" ON "receivable_reminders" ("user_id", "created_at");
