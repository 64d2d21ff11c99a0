-- Sharding path (decision 200): the tenant tables that arrived after 0600 get the account id in their primary
-- key too, checked by apps/api/src/db/sharding.test.ts. The 69-B list (efos_*) is SAT's published list, shared by
-- every account: a reference table.
ALTER TABLE "sat_downloads" DROP CONSTRAINT "sat_downloads_pkey", ADD CONSTRAINT "sat_downloads_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "cancellation_requests" DROP CONSTRAINT "cancellation_requests_pkey", ADD CONSTRAINT "cancellation_requests_pkey" PRIMARY KEY ("id", "user_id");
ALTER TABLE "diot_suppliers" DROP CONSTRAINT "diot_suppliers_pkey", ADD CONSTRAINT "diot_suppliers_pkey" PRIMARY KEY ("id", "user_id");
