-- The CFDI store shared by every money path (issues 9, 13, 10, 11, 15): one row per document the tenant
-- issued (stamped here or imported) or received, with the figures lists, stats, the dashboard, statements and
-- the DIOT read without parsing XML again. The exact stamped XML lives in storage (xml_key); its SHA-256 is
-- kept to prove it was not changed. Amounts are numeric (exact decimals), never floats.
CREATE TABLE "cfdis" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"uuid" varchar(36) NOT NULL,
	-- 'emitido': the tenant is the Emisor; 'recibido': the tenant is the Receptor.
	"direction" varchar(8) NOT NULL CHECK ("direction" IN ('emitido', 'recibido')),
	-- 'app' stamped here, 'import' uploaded XML/ZIP, 'sat' bulk download.
	"source" varchar(8) NOT NULL DEFAULT 'app',
	"version" varchar(3) NOT NULL,
	-- c_TipoDeComprobante: I, E, T, P, N.
	"tipo" varchar(1) NOT NULL,
	"serie" varchar(25),
	"folio" varchar(40),
	-- Fecha of the document: Mexico City wall-clock time, as written in the XML (no offset).
	"fecha" timestamp NOT NULL,
	"fecha_timbrado" timestamp,
	"rfc_emisor" varchar(13) NOT NULL,
	"nombre_emisor" varchar(300),
	"regimen_emisor" varchar(3),
	"rfc_receptor" varchar(13) NOT NULL,
	"nombre_receptor" varchar(300),
	"regimen_receptor" varchar(3),
	"uso_cfdi" varchar(4),
	"client_id" integer REFERENCES "clients"("id") ON DELETE SET NULL,
	"moneda" varchar(3) NOT NULL DEFAULT 'MXN',
	"tipo_cambio" numeric(19, 6) NOT NULL DEFAULT 1,
	"subtotal" numeric(24, 6) NOT NULL DEFAULT 0,
	"descuento" numeric(24, 6) NOT NULL DEFAULT 0,
	"total" numeric(24, 6) NOT NULL DEFAULT 0,
	-- Document-level tax sums in the document's currency (Impuestos totals; for tipo P the Pagos Totales).
	"iva_trasladado" numeric(24, 6) NOT NULL DEFAULT 0,
	"ieps_trasladado" numeric(24, 6) NOT NULL DEFAULT 0,
	"isr_retenido" numeric(24, 6) NOT NULL DEFAULT 0,
	"iva_retenido" numeric(24, 6) NOT NULL DEFAULT 0,
	"ieps_retenido" numeric(24, 6) NOT NULL DEFAULT 0,
	-- IVA bases by rate (DIOT, statements): 16 %, 8 %, 0 % and exento.
	"base_iva16" numeric(24, 6) NOT NULL DEFAULT 0,
	"base_iva8" numeric(24, 6) NOT NULL DEFAULT 0,
	"base_iva0" numeric(24, 6) NOT NULL DEFAULT 0,
	"base_iva_exento" numeric(24, 6) NOT NULL DEFAULT 0,
	"metodo_pago" varchar(3),
	"forma_pago" varchar(2),
	"exportacion" varchar(2),
	"lugar_expedicion" varchar(5),
	-- SAT state: 'vigente', 'en_proceso' (cancellation awaiting the receptor), 'cancelada', 'rechazada'
	-- (receptor refused, the document stays valid).
	"estado" varchar(12) NOT NULL DEFAULT 'vigente',
	"cancel_motivo" varchar(2),
	"cancel_uuid_sustitucion" varchar(36),
	"cancelled_at" timestamp with time zone,
	-- Payment: PUE is paid at issue; PPD by its complements (cfdi_pagos) or marked by hand (enable-payment).
	"fecha_pago" date,
	-- Open balance of an I document in its currency (total − payments − credit notes); 0 when settled.
	"saldo" numeric(24, 6) NOT NULL DEFAULT 0,
	"not_count" boolean NOT NULL DEFAULT false,
	-- Received documents: deductibility decided at import (rules in docs/), overridable by the user.
	"deducible" boolean,
	"deducible_motivo" text,
	"deducible_manual" boolean NOT NULL DEFAULT false,
	-- Tenant-visible observaciones (not part of the CFDI) and the PDF template used.
	"observaciones" text,
	"xml_key" text NOT NULL,
	"xml_sha256" varchar(64) NOT NULL,
	"pdf_key" text,
	-- Folded rfc + nombre of the counterparty, serie-folio and uuid: what list searches match.
	"search_text" text NOT NULL DEFAULT '',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A UUID is stored once per tenant (dedupe of imports, idempotent stamping).
CREATE UNIQUE INDEX "cfdis_user_uuid_uq" ON "cfdis" ("user_id", "uuid");
--> statement-breakpoint
-- Lists and monthly stats: the tenant's issued or received documents of a month, newest first.
CREATE INDEX "cfdis_user_dir_fecha_idx" ON "cfdis" ("user_id", "direction", "fecha" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "cfdis_user_dir_tipo_fecha_idx" ON "cfdis" ("user_id", "direction", "tipo", "fecha" DESC);
--> statement-breakpoint
-- Accounts receivable / payable: open balances.
CREATE INDEX "cfdis_user_open_idx" ON "cfdis" ("user_id", "direction", "metodo_pago") WHERE "saldo" > 0 AND "estado" <> 'cancelada';
--> statement-breakpoint
-- CfdiRelacionados of each document (tipo de relación + related UUID), both directions of navigation.
CREATE TABLE "cfdi_relations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"uuid" varchar(36) NOT NULL,
	"tipo_relacion" varchar(2) NOT NULL,
	"related_uuid" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cfdi_relations_user_uuid_idx" ON "cfdi_relations" ("user_id", "uuid");
--> statement-breakpoint
CREATE INDEX "cfdi_relations_user_related_idx" ON "cfdi_relations" ("user_id", "related_uuid");
--> statement-breakpoint
-- Each DoctoRelacionado of a payment complement (Pagos 1.0/2.0): which invoice it pays, how much, and the
-- share of the invoice's base and taxes the payment covers (cash-basis figures: dashboard, statements, DIOT).
CREATE TABLE "cfdi_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"pago_uuid" varchar(36) NOT NULL,
	"doc_uuid" varchar(36) NOT NULL,
	"direction" varchar(8) NOT NULL,
	"fecha_pago" timestamp NOT NULL,
	"forma_pago" varchar(2),
	"moneda_p" varchar(3) NOT NULL,
	"tipo_cambio_p" numeric(19, 6) NOT NULL DEFAULT 1,
	"moneda_dr" varchar(3) NOT NULL,
	"equivalencia_dr" numeric(19, 10) NOT NULL DEFAULT 1,
	"num_parcialidad" integer NOT NULL,
	"imp_saldo_ant" numeric(24, 6) NOT NULL,
	"imp_pagado" numeric(24, 6) NOT NULL,
	"imp_saldo_insoluto" numeric(24, 6) NOT NULL,
	-- In MXN: the paid share of the invoice's base (before IVA, after discounts) and of its taxes.
	"base_mxn" numeric(24, 6) NOT NULL DEFAULT 0,
	"iva_mxn" numeric(24, 6) NOT NULL DEFAULT 0,
	"isr_retenido_mxn" numeric(24, 6) NOT NULL DEFAULT 0,
	"iva_retenido_mxn" numeric(24, 6) NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_payments_uq" ON "cfdi_payments" ("user_id", "pago_uuid", "doc_uuid", "num_parcialidad");
--> statement-breakpoint
CREATE INDEX "cfdi_payments_user_doc_idx" ON "cfdi_payments" ("user_id", "doc_uuid");
--> statement-breakpoint
CREATE INDEX "cfdi_payments_user_fecha_idx" ON "cfdi_payments" ("user_id", "direction", "fecha_pago");
--> statement-breakpoint
-- Gap-free folios: the next folio of each serie, taken with a row lock inside the stamping transaction.
CREATE TABLE "folio_series" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"serie" varchar(25) NOT NULL,
	"next_folio" integer NOT NULL DEFAULT 1,
	PRIMARY KEY ("user_id", "serie")
);
--> statement-breakpoint
-- Stamp (timbre) balance and its ledger: every change has a reason and, for a stamp, the UUID.
CREATE TABLE "stamp_balances" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"balance" integer NOT NULL DEFAULT 0 CHECK ("balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stamp_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"delta" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"reference" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "stamp_movements_user_idx" ON "stamp_movements" ("user_id", "id");
--> statement-breakpoint
-- Idempotency-Key of stamping and payment requests: a retried request answers the stored response.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"key" varchar(200) NOT NULL,
	"scope" varchar(40) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "key")
);
