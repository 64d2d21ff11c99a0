-- Issue 24 §7 (LIVA art. 5 fr. V): what a received expense was used for. 'gravadas': only in activities taxed at
-- 16 %, 8 % or 0 % (all its IVA is creditable); 'exentas': only in exempt activities (none is); null: in both or
-- not said (the month's proportion applies when the month mixes taxed and exempt activities). Decision 274.
ALTER TABLE "cfdis" ADD COLUMN "iva_uso" varchar(8) CHECK ("iva_uso" IN ('gravadas', 'exentas'));
--> statement-breakpoint
-- Issue 24 §8: the moment the user says the statement was filed with SAT. Until then the dashboard labels the
-- month's ISR and IVA "estimado" and computes them live; afterwards it shows what was filed.
ALTER TABLE "statements" ADD COLUMN "presentada_at" timestamp with time zone;
