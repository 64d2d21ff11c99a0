-- Reminders before the due date and payables reminders (issue 27 §5, decision 317). Per customer: a notice
-- `dias_antes` days before an invoice falls due (`recordar_antes` on/off, independent of the overdue reminders).
-- Per account: a notice to the account's own address of supplier CFDI with saldo coming due within `dias_antes`
-- days (due date = CFDI date + `dias_credito`). Both are logged in receivable_reminders under a window that names
-- the latest due date they announce, so the daily job sends one e-mail per new due date, whatever the runs.
ALTER TABLE "receivable_settings" ADD COLUMN "recordar_antes" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "receivable_settings" ADD COLUMN "dias_antes" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
CREATE TABLE "payable_reminder_settings" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"activo" boolean DEFAULT false NOT NULL,
	"dias_antes" integer DEFAULT 5 NOT NULL,
	"dias_credito" integer DEFAULT 30 NOT NULL,
	"email" varchar(190),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
