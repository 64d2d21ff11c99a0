-- Novedades (/app/announcement): product news and SAT changes that an administrator (role 1) publishes for
-- every account, and which of them each account has read (the menu badge counts the unread ones).
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL CHECK ("kind" IN ('producto', 'sat')),
	"title" varchar(150) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(500),
	"published_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "announcements_published_idx" ON "announcements" ("published_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"announcement_id" integer NOT NULL REFERENCES "announcements"("id") ON DELETE CASCADE,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("user_id", "announcement_id")
);
--> statement-breakpoint
-- The first news every new installation shows (facts that hold for every account: CFDI 4.0 only, the
-- version 3.3 kept for consulting history). Dated at the epoch so any real announcement sorts above them.
INSERT INTO "announcements" ("kind", "title", "body", "link", "published_at") VALUES
('sat', 'CFDI 4.0 es la única versión vigente',
 'Desde el 1 de abril de 2023 el SAT solo acepta facturas en versión 4.0. Para timbrar necesitas, de cada cliente, el nombre o razón social exactamente como aparece en su constancia de situación fiscal, su código postal y su régimen fiscal. Las facturas 3.3 que ya tienes siguen siendo válidas y puedes consultarlas e importarlas.',
 '/clients', '1970-01-01T00:00:00Z'),
('producto', 'Bienvenido a Novedades',
 'Aquí publicamos lo nuevo de Facturo y los cambios del SAT que afectan tu facturación: nuevos catálogos, fechas límite y reglas. Las novedades que no has leído se marcan en el menú.',
 NULL, '1970-01-01T00:00:01Z');
