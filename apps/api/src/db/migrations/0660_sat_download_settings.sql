-- Daily automatic SAT download (issue 15 §1, last sentence; decision 220 "Descarga automática diaria").
-- One row per account that touched the setting (no row = off, 3 days). Keyed by the account alone, so the
-- primary key is user_id (sharding, decision 200).
CREATE TABLE "sat_download_settings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"auto_sync" boolean NOT NULL DEFAULT false,
	"dias" integer NOT NULL DEFAULT 3 CHECK ("dias" BETWEEN 1 AND 10),
	-- The last daily run that looked at this account, and what it did (in Spanish).
	"last_run_at" timestamp with time zone,
	"last_run_result" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sat_download_settings_auto_idx" ON "sat_download_settings" ("auto_sync") WHERE "auto_sync";
