-- Retentions (issue 10 point 4): Retenciones 2.0 constancias issued here (stamped through the PAC port) or
-- received through the CFDI import. One row per tenant and UUID; the exact XML lives in storage (xml_key).
-- estado follows spec §4: 1 active, 0 cancelled. Amounts per tax come from ImpRetenidos (001 ISR, 002 IVA, 003 IEPS).
CREATE TABLE "retenciones" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"direction" varchar(8) NOT NULL CHECK ("direction" IN ('emitida', 'recibida')),
	"uuid" varchar(36) NOT NULL,
	"version" varchar(4) NOT NULL,
	"fecha_exp" timestamp NOT NULL,
	"fecha_timbrado" timestamp,
	"rfc_emisor" varchar(13) NOT NULL,
	"nombre_emisor" text,
	"nacionalidad_receptor" varchar(10) NOT NULL,
	"rfc_receptor" varchar(13),
	"num_reg_id_trib_receptor" varchar(40),
	"nombre_receptor" text NOT NULL,
	"cve_retenc" varchar(2) NOT NULL,
	"desc_retenc" text,
	"mes_ini" smallint NOT NULL,
	"mes_fin" smallint NOT NULL,
	"ejercicio" smallint NOT NULL,
	"monto_tot_operacion" numeric(24, 6) NOT NULL,
	"monto_tot_grav" numeric(24, 6) NOT NULL,
	"monto_tot_exent" numeric(24, 6) NOT NULL,
	"monto_tot_ret" numeric(24, 6) NOT NULL,
	"isr_retenido" numeric(24, 6) DEFAULT '0' NOT NULL,
	"iva_retenido" numeric(24, 6) DEFAULT '0' NOT NULL,
	"ieps_retenido" numeric(24, 6) DEFAULT '0' NOT NULL,
	"complementos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"estado" smallint DEFAULT 1 NOT NULL CHECK ("estado" IN (0, 1)),
	"source" varchar(8) NOT NULL CHECK ("source" IN ('app', 'import')),
	"xml_key" text NOT NULL,
	"pdf_key" text,
	"cancel_motivo" varchar(2),
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "retenciones_user_uuid_uq" ON "retenciones" ("user_id", "uuid");
--> statement-breakpoint
CREATE INDEX "retenciones_list_idx" ON "retenciones" ("user_id", "direction", "fecha_exp");
