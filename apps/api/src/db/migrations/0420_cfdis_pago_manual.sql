-- "Habilitar pago" (POST /api/incomes/enable-payment) marks an invoice paid by hand on a date. The flag keeps
-- that decision when the store later recomputes balances from payment complements and credit notes.
ALTER TABLE "cfdis" ADD COLUMN "pago_manual" boolean NOT NULL DEFAULT false;
