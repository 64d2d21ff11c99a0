-- SAT bulk downloads (descarga masiva, issue 15 §1; docs/sat-download.md, decision 220).
-- One row per download: the job records each step it finished (the SAT request id once SAT accepted the
-- solicitud, the package ids once the verification said "terminada", each package once imported), so a
-- job interrupted by a restart resumes from the last recorded step instead of asking SAT again.
CREATE TABLE "sat_downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"rfc" varchar(13) NOT NULL,
	"process_id" uuid NOT NULL,
	"tipo" varchar(10) NOT NULL CHECK ("tipo" IN ('emitidos', 'recibidos')),
	"year" integer NOT NULL,
	"month" integer NOT NULL CHECK ("month" BETWEEN 1 AND 12),
	-- The period asked of SAT (FechaInicial / FechaFinal, Mexico City time, as sent).
	"period_start" varchar(19) NOT NULL,
	"period_end" varchar(19) NOT NULL,
	"status" varchar(8) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'running', 'done', 'failed')),
	-- request → verify → download → done: the next thing the job has to do.
	"step" varchar(10) NOT NULL DEFAULT 'request' CHECK ("step" IN ('request', 'verify', 'download', 'done')),
	"request_id" varchar(64),
	"package_ids" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"packages_done" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"verifications" integer NOT NULL DEFAULT 0,
	"unavailable_tries" integer NOT NULL DEFAULT 0,
	"numero_cfdis" integer,
	"total" integer NOT NULL DEFAULT 0,
	"imported" integer NOT NULL DEFAULT 0,
	"duplicated" integer NOT NULL DEFAULT 0,
	"rejections" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"warning" text,
	"message" text,
	"progress" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sat_downloads_user_idx" ON "sat_downloads" ("user_id", "created_at");
