-- Issue 26 §1, decision 290: people and accounts are separate. A person (e-mail, password, optional second
-- factor) belongs to any number of accounts (the existing `users` rows: one RFC each) through a membership
-- with a role. Every existing account becomes "a person who owns one account" right here, with no action from
-- the user: the person shares the account's e-mail and password (login_account_id), and triggers keep the two
-- in step, so login by RFC or e-mail, the token and every guard behave exactly as before for a lone owner.
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY,
	"email" varchar(190) NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" varchar(254),
	"login_account_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"last_account_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"totp_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"recovery_codes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "persons_email_uq" ON "persons" ("email");
--> statement-breakpoint
CREATE UNIQUE INDEX "persons_login_account_uq" ON "persons" ("login_account_id");
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"person_id" integer NOT NULL REFERENCES "persons"("id") ON DELETE CASCADE,
	"rol" varchar(12) NOT NULL CHECK ("rol" IN ('duenio', 'contador', 'capturista', 'lectura')),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_account_person_uq" ON "memberships" ("user_id", "person_id");
--> statement-breakpoint
CREATE INDEX "memberships_person_idx" ON "memberships" ("person_id");
--> statement-breakpoint
INSERT INTO "persons" ("email", "password_hash", "full_name", "login_account_id", "last_account_id")
	SELECT "email", "password_hash", "full_name", "id", "id" FROM "users";
--> statement-breakpoint
INSERT INTO "memberships" ("user_id", "person_id", "rol") SELECT "login_account_id", "id", 'duenio' FROM "persons";
--> statement-breakpoint
-- A new account (registration, or any direct insert) gets its owner person at once.
CREATE FUNCTION "facturo_account_owner_person"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer;
BEGIN
	INSERT INTO "persons" ("email", "password_hash", "full_name", "login_account_id", "last_account_id")
		VALUES (NEW."email", NEW."password_hash", NEW."full_name", NEW."id", NEW."id") RETURNING "id" INTO pid;
	INSERT INTO "memberships" ("user_id", "person_id", "rol") VALUES (NEW."id", pid, 'duenio');
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_owner_person" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "facturo_account_owner_person"();
--> statement-breakpoint
-- The account's login (e-mail, password, logout/reset token version) is its owner person's login.
CREATE FUNCTION "facturo_account_person_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "persons" SET "email" = NEW."email", "password_hash" = NEW."password_hash",
		"full_name" = COALESCE(NEW."full_name", "full_name"),
		"token_version" = "token_version" + (CASE WHEN NEW."token_version" <> OLD."token_version" THEN 1 ELSE 0 END),
		"updated_at" = now()
	WHERE "login_account_id" = NEW."id";
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_person_sync" AFTER UPDATE OF "email", "password_hash", "full_name", "token_version" ON "users"
	FOR EACH ROW EXECUTE FUNCTION "facturo_account_person_sync"();
--> statement-breakpoint
-- Issue 26 §3: invitations by e-mail, single use, 7 days. Only the token's hash is kept.
CREATE TABLE "invitations" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"email" varchar(190) NOT NULL,
	"rol" varchar(12) NOT NULL CHECK ("rol" IN ('duenio', 'contador', 'capturista', 'lectura')),
	"token_hash" varchar(64) NOT NULL,
	"invited_by" integer REFERENCES "persons"("id") ON DELETE SET NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer REFERENCES "persons"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_uq" ON "invitations" ("user_id", "token_hash");
--> statement-breakpoint
-- Issue 26 §6: the activity log. Append-only: no route edits it and the database refuses UPDATE and DELETE
-- (kept at least 5 years, CFF art. 30). Deleting the whole account is the one exception (the cascade sets
-- facturo.account_purge for its transaction).
CREATE TABLE "activity_log" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"person_id" integer,
	"quien" varchar(190) NOT NULL,
	"accion" varchar(40) NOT NULL,
	"ip" varchar(64),
	"detalle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "activity_log_account_idx" ON "activity_log" ("user_id", "created_at");
--> statement-breakpoint
CREATE FUNCTION "facturo_activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."user_id") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'La bitácora de actividad no se puede modificar ni borrar';
END $$;
--> statement-breakpoint
CREATE TRIGGER "activity_log_append_only" BEFORE UPDATE OR DELETE ON "activity_log"
	FOR EACH ROW EXECUTE FUNCTION "facturo_activity_append_only"();
