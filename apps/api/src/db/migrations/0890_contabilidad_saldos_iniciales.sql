-- Issue 28 §4 (decision 319): opening balances imported from an existing BalanzaComprobacion (the previous
-- accounting system's last month). The balanza of (anio, mes) and later starts from the latest opening at or before
-- it; pólizas dated before that opening no longer count in those balances. One row per account that receives
-- entries, its saldo final split as debe or haber by the account's nature.
CREATE TABLE "accounting_opening_balances" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	-- The first month the balances open (the month after the imported balanza's).
	"anio" integer NOT NULL,
	"mes" integer NOT NULL CHECK ("mes" BETWEEN 1 AND 12),
	"num_cta" varchar(100) NOT NULL,
	"debe" numeric(24, 2) NOT NULL DEFAULT 0,
	"haber" numeric(24, 2) NOT NULL DEFAULT 0,
	-- The NumCta of the imported file this row came from (several may add up on one account).
	"origen" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "anio", "mes", "num_cta")
);
