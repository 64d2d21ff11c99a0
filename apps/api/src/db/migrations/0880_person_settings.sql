-- Issue 26 §8, decision 315: a person's own settings, apart from an account's fiscal profile. The language of
-- the e-mails sent to the person ('es' by default, or 'en'), and the person's own name: the account's fiscal
-- name (users.full_name) still fills it while the person has not chosen one, but no longer overwrites one
-- the person wrote on «Mis datos».
ALTER TABLE "persons" ADD COLUMN "idioma" varchar(2) DEFAULT 'es' NOT NULL CHECK ("idioma" IN ('es', 'en'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facturo_account_person_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "email" = NEW."email", "password_hash" = NEW."password_hash",
		"full_name" = CASE WHEN "full_name" IS NOT DISTINCT FROM OLD."full_name" THEN COALESCE(NEW."full_name", "full_name") ELSE "full_name" END,
		"token_version" = "token_version" + (CASE WHEN NEW."token_version" <> OLD."token_version" THEN 1 ELSE 0 END),
		"updated_at" = now()
	WHERE "login_account_id" = NEW."id";
	RETURN NEW;
END $$;
