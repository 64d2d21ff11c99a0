-- Stamping without holding the database across the PAC's network call (issue 30 §1, decision 282). A short
-- transaction claims the Idempotency-Key, the folio and one stamp and records the sealed document here as
-- 'timbrando'; the PAC is called outside any transaction; a second short transaction stores the CFDI and marks
-- the attempt 'timbrado', or, on a PAC refusal, returns the stamp and marks it 'no_timbrado' with the PAC's
-- reason (the folio stays recorded, never stamped: the serie's sequence stays explainable). An attempt left
-- 'timbrando' by a crash is resolved by re-sending the very sealed XML (the PAC answers its stored timbre).
CREATE TABLE "stamp_attempts" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" varchar(12) NOT NULL,
	"serie" varchar(25),
	"folio" varchar(40),
	"status" varchar(12) DEFAULT 'timbrando' NOT NULL,
	"idempotency_key" varchar(200),
	"pac_key" varchar(300),
	"sealed_xml" text NOT NULL,
	"client_id" integer,
	"observaciones" text,
	"reason" varchar(20) NOT NULL,
	"reserves" jsonb,
	"uuid" varchar(36),
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "stamp_attempts_user_idx" ON "stamp_attempts" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "stamp_attempts_key_idx" ON "stamp_attempts" ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "stamp_attempts_pending_idx" ON "stamp_attempts" ("created_at") WHERE "status" = 'timbrando';
