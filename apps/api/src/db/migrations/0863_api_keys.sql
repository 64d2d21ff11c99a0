-- Issue 29 §4 (decision 307): API keys. Only the SHA-256 of the key is kept (the key is shown once); the hash is
-- unique across accounts because a request is authenticated by it alone. `last_used_at` is written at most
-- once a minute per key (the request hook), `revoked_at` ends the key at once.
CREATE TABLE "api_keys" (
	"id" serial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"nombre" varchar(80) NOT NULL,
	"modo" varchar(4) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id", "user_id")
);
CREATE UNIQUE INDEX "api_keys_hash_uq" ON "api_keys" USING btree ("key_hash");
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id", "created_at");
