-- Issue 29 §5 (decision 308): webhook endpoints and their deliveries. The signing secret is sealed with the app's
-- SecretBox (it must be read back to sign). A delivery is one event for one endpoint; `attempts` keeps each try's
-- status and the start of its answer, `next_attempt_at` the backoff; after 24 h of failures it is 'fallida'.
CREATE TABLE "webhook_endpoints" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"url" varchar(500) NOT NULL,
	"eventos" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id", "user_id")
);
CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" USING btree ("user_id");
CREATE TABLE "webhook_deliveries" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"endpoint_id" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"evento" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"estado" varchar(10) DEFAULT 'pendiente' NOT NULL,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id", "user_id")
);
CREATE INDEX "webhook_deliveries_user_idx" ON "webhook_deliveries" USING btree ("user_id", "created_at");
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("estado", "next_attempt_at");
