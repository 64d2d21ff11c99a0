-- Fiscal profile (spec §2.7, §3, §7.15): contact and street address, profile picture, tax-status
-- certificates (CSF) with the obligations and economic activities read from them or entered by hand.
-- Every row belongs to one tenant (user_id) and every query filters by it.
CREATE TABLE "profile_details" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"phone" varchar(15),
	"calle" varchar(150),
	"num_exterior" varchar(30),
	"num_interior" varchar(30),
	"colonia" varchar(150),
	-- File name under DATA_DIR/files/<user_id>/ and its media type (checked by magic bytes on upload).
	"avatar_file" varchar(100),
	"avatar_type" varchar(20),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_status_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"nombre" varchar(300) NOT NULL,
	"cp" varchar(5),
	"regimenes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"id_cif" varchar(20),
	"file_name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tax_status_certificates_user_idx" ON "tax_status_certificates" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "fiscal_obligations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"descripcion" varchar(500) NOT NULL,
	"vencimiento" varchar(300) NOT NULL,
	"init_date" date,
	"end_date" date,
	-- 'manual' (entered on the screen) or 'csf' (read from an uploaded constancia, replaced by the next one).
	"source" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "fiscal_obligations_user_idx" ON "fiscal_obligations" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "economic_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"name" varchar(500) NOT NULL,
	"percentage" integer NOT NULL CHECK ("percentage" BETWEEN 0 AND 100),
	"init_date" date NOT NULL,
	"end_date" date,
	"source" varchar(6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "economic_activities_user_idx" ON "economic_activities" ("user_id", "id");
