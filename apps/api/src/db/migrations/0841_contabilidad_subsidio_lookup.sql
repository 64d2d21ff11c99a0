-- Issue 28 (decision 300): the month's pólizas read each stamped payroll receipt's subsidio al empleo from its
-- detail by UUID; without this index that lookup scans the account's details once per receipt.
CREATE INDEX "prenomina_detalles_user_uuid_idx" ON "prenomina_detalles" ("user_id", upper("uuid")) WHERE "uuid" IS NOT NULL;
