-- Issue 29 §2: invoices from a spreadsheet. One row per confirmed sheet: its invoices (the stamping body of each
-- group and, once done, its UUID or the Spanish reason it failed). The job stamps each group with the
-- Idempotency-Key "lote-<id>-<n>", so a run resumed after a crash re-sends only what has no result and a group
-- cut off mid-call gets its stored answer instead of a second CFDI.
CREATE TABLE "invoice_batches" (
	"id" uuid NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"process_id" uuid NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"groups" jsonb NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_batches_pkey" PRIMARY KEY ("id", "user_id")
);
CREATE INDEX "invoice_batches_user_idx" ON "invoice_batches" USING btree ("user_id", "created_at");
