-- Issue 15 §2-§5: SAT's 69-B list, the receptor's cancellation-requests inbox and the last SAT status check.
-- SAT's list of contribuyentes con operaciones presuntamente inexistentes (art. 69-B CFF), one row per RFC as
-- the last refresh found it. Shared by every tenant: it is public data, not an account's.
CREATE TABLE "efos_list" (
	"rfc" varchar(13) PRIMARY KEY NOT NULL,
	"nombre" varchar(400) NOT NULL DEFAULT '',
	-- 'Presunto', 'Definitivo', 'Desvirtuado' or 'Sentencia favorable' (SAT's "Situación del contribuyente").
	"situacion" varchar(24) NOT NULL,
	-- Publication on SAT's page of each stage (dd/mm/aaaa in SAT's file); NULL when the stage never happened.
	"fecha_presunto" date,
	"fecha_desvirtuado" date,
	"fecha_definitivo" date,
	"fecha_sentencia" date,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each refresh of the list: where it came from, how many rows, when (shown in docs and the API).
CREATE TABLE "efos_refreshes" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" varchar(20) NOT NULL,
	"rows" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Cancellations another emisor asked for that need this tenant's acceptance as receptor (SAT's 72-hour flow),
-- kept from the PAC's pending list so the deadline can be shown and an expiring one notified once.
CREATE TABLE "cancellation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"uuid" varchar(36) NOT NULL,
	"rfc_emisor" varchar(13) NOT NULL,
	"nombre_emisor" varchar(300),
	"total" numeric(24, 6),
	"moneda" varchar(3),
	"motivo" varchar(2),
	"requested_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	-- 'pendiente', 'aceptada', 'rechazada', 'vencida' (SAT cancelled it by plazo vencido).
	"status" varchar(10) NOT NULL DEFAULT 'pendiente',
	"answered_at" timestamp with time zone,
	"expiry_notified" boolean NOT NULL DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_user_uuid_uq" ON "cancellation_requests" ("user_id", "uuid");
--> statement-breakpoint
-- When SAT's status service was last asked about a document (the re-check job walks the oldest first).
ALTER TABLE "cfdis" ADD COLUMN "sat_checked_at" timestamp with time zone;
