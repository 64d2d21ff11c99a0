-- Statements and DIOT (issue 11, spec §3 "Statement", "Statement settings", "DIOT"; docs/statements.md, docs/diot.md).
-- A statement is the month's computation, stored as computed (its lines, sections and the CFDIs behind them),
-- so later changes to the CFDIs do not rewrite what was declared; recomputing the month replaces it.
CREATE TABLE "statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"type" varchar(40) NOT NULL,
	"regimen" varchar(3),
	"year" integer NOT NULL,
	"month" integer NOT NULL CHECK ("month" BETWEEN 1 AND 12),
	"isr_a_pagar" numeric(18, 2) NOT NULL DEFAULT 0,
	"iva_a_pagar" numeric(18, 2) NOT NULL DEFAULT 0,
	"iva_saldo_a_favor" numeric(18, 2) NOT NULL DEFAULT 0,
	-- { vacio, mensaje, secciones, documentos } as GET /api/statements/{id} answers them.
	"body" jsonb NOT NULL,
	"source" varchar(10) NOT NULL DEFAULT 'manual',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "statements_user_period_uq" ON "statements" ("user_id", "year", "month");
--> statement-breakpoint
CREATE TABLE "statement_settings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"automatic_statements" smallint NOT NULL DEFAULT 0 CHECK ("automatic_statements" IN (0, 1)),
	"show_diot" boolean NOT NULL DEFAULT true,
	"show_iva" boolean NOT NULL DEFAULT true,
	"show_isr" boolean NOT NULL DEFAULT true,
	"coeficiente_utilidad" numeric(6, 4) NOT NULL DEFAULT 0,
	"ptu_pagada" numeric(18, 2) NOT NULL DEFAULT 0,
	-- [{year, month, isr}]: pagos provisionales made outside the app.
	"pagos_previos" jsonb NOT NULL DEFAULT '[]',
	-- Last period the automatic job computed ('YYYY-MM'), so day-1 runs are idempotent.
	"last_auto_period" varchar(7),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One DIOT generation: folio per tenant, its rows and the exact batch file (text, UTF-8).
CREATE TABLE "diots" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"folio" integer NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL CHECK ("month" BETWEEN 1 AND 12),
	-- §4: 0 pending (generated, not filed), 1 processing, 2 finished (filed: acuse uploaded).
	"status" smallint NOT NULL DEFAULT 0,
	"rows" jsonb NOT NULL,
	"info" jsonb NOT NULL DEFAULT '[]',
	"datos" jsonb NOT NULL,
	"diff" jsonb,
	"file" text NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"acuse_key" text,
	"filed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "diots_user_folio_uq" ON "diots" ("user_id", "folio");
--> statement-breakpoint
CREATE INDEX "diots_user_period_idx" ON "diots" ("user_id", "year", "month", "folio" DESC);
