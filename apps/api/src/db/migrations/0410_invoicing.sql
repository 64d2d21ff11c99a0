-- Invoicing (issue 9, decisions 150-154). A new account gets 10 free stamps (timbres de cortesía) so it
-- can try invoicing: a trigger gives them at registration, whatever code path creates the user, and the
-- backfill gives them to accounts that existed before this migration. Each grant is in the ledger.
CREATE FUNCTION "grant_courtesy_stamps"() RETURNS trigger AS $$
BEGIN
	INSERT INTO "stamp_balances" ("user_id", "balance") VALUES (NEW."id", 10) ON CONFLICT ("user_id") DO NOTHING;
	INSERT INTO "stamp_movements" ("user_id", "delta", "reason", "reference") VALUES (NEW."id", 10, 'cortesia', 'alta de cuenta');
	RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "users_courtesy_stamps" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "grant_courtesy_stamps"();
--> statement-breakpoint
INSERT INTO "stamp_movements" ("user_id", "delta", "reason", "reference")
	SELECT u."id", 10, 'cortesia', 'alta de cuenta' FROM "users" u
	WHERE NOT EXISTS (SELECT 1 FROM "stamp_balances" b WHERE b."user_id" = u."id");
--> statement-breakpoint
INSERT INTO "stamp_balances" ("user_id", "balance")
	SELECT u."id", 10 FROM "users" u ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
-- The PDF template each account chose (GET/POST /api/user-template); absent row = 'clasico'.
CREATE TABLE "invoice_settings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"pdf_template" varchar(20) NOT NULL DEFAULT 'clasico',
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Attachments of outbox mail (invoice XML and PDF): [{filename, contentType, size, content (base64)}], so the
-- /dev/outbox page shows and downloads exactly what an SMTP server would have received.
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb NOT NULL DEFAULT '[]'::jsonb;
