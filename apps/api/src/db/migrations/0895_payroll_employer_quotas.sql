-- Issue 28 (decision 323): the employer's quotas of each prenómina receipt, computed with the worker's IMSS quota
-- and kept for the payroll póliza (the CFDI does not carry them). Split the way they are paid and booked: IMSS
-- (monthly: enfermedades y maternidad, invalidez y vida, riesgos de trabajo, guarderías), RCV (retiro, cesantía y
-- vejez, every two months to the SAR) and INFONAVIT (5 %). NULL only on rows written before this migration: the
-- API computes those from the row's own employee snapshot and period the first time the account opens the
-- prenómina or generates pólizas (the engine is TypeScript; SQL cannot compute the quotas).
ALTER TABLE "prenomina_detalles" ADD COLUMN "imss_patronal" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "prenomina_detalles" ADD COLUMN "rcv_patronal" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "prenomina_detalles" ADD COLUMN "infonavit_patronal" numeric(14, 2);
--> statement-breakpoint
-- The rows still to fill, per account: finding none is an index probe, not a scan of the account's receipts.
CREATE INDEX "prenomina_detalles_patronal_pending_idx" ON "prenomina_detalles" ("user_id") WHERE "imss_patronal" IS NULL;
--> statement-breakpoint
-- The pólizas read a cancelled receipt's figures by the UUID its detail now keeps as uuid_cancelado (a cancelled
-- receipt's detail is pending again or carries its substitute's UUID), so its reversal books the same lines.
CREATE INDEX "prenomina_detalles_user_uuid_cancelado_idx" ON "prenomina_detalles" ("user_id", upper("uuid_cancelado")) WHERE "uuid_cancelado" IS NOT NULL;
