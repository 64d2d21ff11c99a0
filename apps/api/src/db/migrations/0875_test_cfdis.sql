-- Issue 29 §4 (decision 307): a CFDI stamped with a test API key goes through the sandbox PAC and spends no stamp.
-- The attempt remembers it (the recovery job re-sends it to the sandbox, a refusal returns no stamp) and the stored
-- CFDI is marked `test` (and not_count, so every sum that already skips "no contar" skips it too).
ALTER TABLE "stamp_attempts" ADD COLUMN "test" boolean DEFAULT false NOT NULL;
ALTER TABLE "cfdis" ADD COLUMN "test" boolean DEFAULT false NOT NULL;
