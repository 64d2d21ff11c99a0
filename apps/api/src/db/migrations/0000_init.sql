CREATE TABLE "background_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"type" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"month" integer,
	"year" integer,
	"warning" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"code" integer,
	"data" jsonb,
	"last_update" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_catalog_features" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"element_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fiscal_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"status" varchar(12) NOT NULL,
	"status_message" text,
	"secret" text NOT NULL,
	"certificate_number" varchar(20),
	"certificate_rfc" varchar(13),
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(190) NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"plan_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "plan_features_plan_id_feature_id_pk" PRIMARY KEY("plan_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "plan_products" (
	"plan_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "plan_products_plan_id_product_id_pk" PRIMARY KEY("plan_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_free" boolean NOT NULL,
	"rol_id" integer NOT NULL,
	"monthly_cost" text NOT NULL,
	"yearly_cost" text NOT NULL,
	"monthly_price_id" text,
	"yearly_price_id" text
);
--> statement-breakpoint
CREATE TABLE "plan_catalog_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"route" text NOT NULL,
	"routes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"rfc" varchar(13) NOT NULL,
	"email" varchar(190) NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" varchar(254),
	"persona" varchar(6) NOT NULL,
	"regimen" varchar(3),
	"cp" varchar(5),
	"estado" varchar(3),
	"municipio" varchar(3),
	"time_zone" varchar(64),
	"img" text,
	"is_confirmed" boolean DEFAULT false NOT NULL,
	"profile_completed" boolean DEFAULT false NOT NULL,
	"rol_id" integer DEFAULT 10 NOT NULL,
	"plan_id" integer DEFAULT 1 NOT NULL,
	"contr_stripe" boolean DEFAULT false NOT NULL,
	"unpaid" boolean DEFAULT false NOT NULL,
	"suspended" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "background_processes" ADD CONSTRAINT "background_processes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_catalog_features" ADD CONSTRAINT "features_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."plan_catalog_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_credentials" ADD CONSTRAINT "fiscal_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_features" ADD CONSTRAINT "plan_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."plan_catalog_features"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_products" ADD CONSTRAINT "plan_products_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_products" ADD CONSTRAINT "plan_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."plan_catalog_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_processes_user_idx" ON "background_processes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fiscal_credentials_user_idx" ON "fiscal_credentials" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_rfc_uq" ON "users" USING btree ("rfc");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "verification_codes_user_idx" ON "verification_codes" USING btree ("user_id","purpose");