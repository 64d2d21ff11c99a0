-- Issue 29 §3: recurring invoices. A schedule keeps the body of the invoice it repeats (the stamping request, as
-- POST /api/invoice40 takes it) and the date of its next period. Each run stamps with the Idempotency-Key
-- "recurrente-<id>-<next_run>", so a run retried after a crash answers the invoice already stamped. A failed run
-- keeps next_run (the period it owes) and sets retry_on to the next day.
CREATE TABLE "recurring_invoices" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"source_uuid" varchar(36) NOT NULL,
	"client_name" varchar(300) NOT NULL,
	"total" numeric(24, 6) NOT NULL,
	"body" jsonb NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"every" integer DEFAULT 1 NOT NULL,
	"anchor_day" integer NOT NULL,
	"next_run" date NOT NULL,
	"retry_on" date,
	"end_date" date,
	"max_runs" integer,
	"runs" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'activa' NOT NULL,
	"period_in_description" boolean DEFAULT false NOT NULL,
	"send_email" boolean DEFAULT true NOT NULL,
	"last_error" text,
	"last_uuid" varchar(36),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_invoices_pkey" PRIMARY KEY ("id", "user_id")
);
CREATE INDEX "recurring_invoices_user_idx" ON "recurring_invoices" USING btree ("user_id", "created_at");
CREATE INDEX "recurring_invoices_due_idx" ON "recurring_invoices" USING btree ("status", "next_run");
