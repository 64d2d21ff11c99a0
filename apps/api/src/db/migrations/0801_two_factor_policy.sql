-- Issue 26 §7, decision 291: an owner can require two-factor sign-in for the members of an account, and a
-- TOTP code cannot be used twice: the last accepted time-step (unix time / 30 s) is kept per person.
ALTER TABLE "users" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "totp_last_step" bigint;
