-- Payroll (issue 24 items 1, 3 and 14). A pre-payroll says what it pays: the ordinary salary, the aguinaldo
-- or the PTU (extraordinary payroll, TipoNomina E), the ISR method the employer chose for the two
-- extraordinary kinds (LISR art. 96 or RLISR art. 174) and the salario mínimo zone its figures used
-- (general or the Zona Libre de la Frontera Norte, from the employer's CP: decision 270).
ALTER TABLE "prenominas" ADD COLUMN "tipo_pago" varchar(10) DEFAULT 'ordinaria' NOT NULL CHECK ("tipo_pago" IN ('ordinaria', 'aguinaldo', 'ptu'));
--> statement-breakpoint
ALTER TABLE "prenominas" ADD COLUMN "metodo_isr" varchar(3) DEFAULT '96' NOT NULL CHECK ("metodo_isr" IN ('96', '174'));
--> statement-breakpoint
ALTER TABLE "prenominas" ADD COLUMN "zona_salario" varchar(8) DEFAULT 'general' NOT NULL CHECK ("zona_salario" IN ('general', 'frontera'));
--> statement-breakpoint
-- A receipt cancelled and issued again: the cancelled UUID (the new receipt relates to it with TipoRelacion 04
-- when the cancellation is motivo 01), and when the receipt was last e-mailed to the employee.
ALTER TABLE "prenomina_detalles" ADD COLUMN "uuid_cancelado" varchar(36);
--> statement-breakpoint
ALTER TABLE "prenomina_detalles" ADD COLUMN "emailed_at" timestamp with time zone;
--> statement-breakpoint
-- Where the employee gets their receipts.
ALTER TABLE "employees" ADD COLUMN "email" varchar(254);
