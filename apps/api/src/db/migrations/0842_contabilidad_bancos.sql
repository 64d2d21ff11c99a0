-- Issue 28 (decision 301): a subaccount of bancos per bank account (by CLABE, issue 27's bank_accounts), created
-- when the month's pólizas are written, like the per-RFC customer and supplier subaccounts.
ALTER TABLE "accounting_accounts" ADD COLUMN "clabe" varchar(18);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_accounts_clabe_uq" ON "accounting_accounts" ("user_id", "padre", "clabe") WHERE "clabe" IS NOT NULL;
