-- Issue 29 §6 (decision 310): the self-invoicing portal. `portal_settings` is the directory of portals: the public
-- page looks its slug up before any account is known, so the slug is unique across accounts (a reference table in
-- the sharding map, one row per account that opened its portal).
CREATE TABLE "portal_settings" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"slug" varchar(60) NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"expire_month_end" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_settings_pkey" PRIMARY KEY ("user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_settings_slug_uq" ON "portal_settings" USING btree ("slug");
--> statement-breakpoint
-- A sale a customer may invoice once. `claim_key` is the stamping request that holds it while the PAC answers
-- (set in the stamp's claiming transaction, cleared when the PAC refuses); `uuid` is set in the same transaction
-- that stores the CFDI, so a ticket is never invoiced twice.
CREATE TABLE "portal_tickets" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"folio" varchar(40) NOT NULL,
	"fecha" date NOT NULL,
	"total" numeric(24, 6) NOT NULL,
	"forma_pago" varchar(2),
	"conceptos" jsonb NOT NULL,
	"claim_key" varchar(120),
	"claimed_at" timestamp with time zone,
	"uuid" varchar(36),
	"global" boolean DEFAULT false NOT NULL,
	"invoiced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_tickets_pkey" PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_tickets_folio_uq" ON "portal_tickets" USING btree ("user_id", "folio");
--> statement-breakpoint
CREATE INDEX "portal_tickets_claim_idx" ON "portal_tickets" USING btree ("user_id", "claim_key");
--> statement-breakpoint
CREATE INDEX "portal_tickets_fecha_idx" ON "portal_tickets" USING btree ("user_id", "fecha");
