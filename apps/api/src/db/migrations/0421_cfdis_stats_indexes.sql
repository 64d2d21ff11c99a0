-- Indexes the incomes/outcomes stats and lists need at 100,000 documents per RFC (bench/incomes-list.bench.ts).
-- "Pagada de otro": documents paid in a month, whatever month they were issued in (covering the card's columns).
CREATE INDEX "cfdis_user_dir_fecha_pago_idx" ON "cfdis" ("user_id", "direction", "fecha_pago") INCLUDE ("tipo", "estado", "not_count", "fecha", "total", "tipo_cambio") WHERE "fecha_pago" IS NOT NULL;
--> statement-breakpoint
-- Accounts receivable / payable and the "cuentaspor" card: open balances by issue date, covering the summed
-- columns so the card reads the index only.
CREATE INDEX "cfdis_user_dir_open_fecha_idx" ON "cfdis" ("user_id", "direction", "fecha") INCLUDE ("saldo", "tipo_cambio", "tipo", "not_count") WHERE "saldo" > 0 AND "estado" <> 'cancelada';
--> statement-breakpoint
-- List page: the month's ingresos newest first with the id tie-break, read in index order (no sort).
CREATE INDEX "cfdis_user_dir_tipo_fecha_id_idx" ON "cfdis" ("user_id", "direction", "tipo", "fecha" DESC, "id" DESC);
--> statement-breakpoint
-- Monthly stats: the month's documents with every column the seven "issued in the month" cards read, so the
-- aggregate is an index-only scan (after VACUUM) instead of one heap fetch per document.
CREATE INDEX "cfdis_user_dir_fecha_stats_idx" ON "cfdis" ("user_id", "direction", "fecha") INCLUDE ("tipo", "estado", "not_count", "fecha_pago", "metodo_pago", "total", "tipo_cambio");
