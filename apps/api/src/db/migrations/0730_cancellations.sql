-- Issue 24 §10 and issue 30 §1 (decision 276): each cancellation the tenant asked of the PAC, one row per document
-- (an issued CFDI — invoice, credit note, payment, payroll receipt — or a retenciones constancia). A short write
-- marks it 'cancelando' before the PAC is called, outside any transaction; a second short transaction stores SAT's
-- answer and the PAC's acuse ('solicitada'), or the refusal ('fallida'). A row left 'cancelando' by a crash may be
-- claimed again after five minutes (the PAC answers a repeated request with 202, "previamente cancelado").
CREATE TABLE "cfdi_cancellations" (
	"id" bigserial NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"uuid" varchar(36) NOT NULL,
	-- 'cfdi' or 'retenciones'
	"documento" varchar(12) NOT NULL,
	"motivo" varchar(2) NOT NULL,
	"uuid_sustitucion" varchar(36),
	-- 'cancelando', 'solicitada' or 'fallida'
	"status" varchar(12) NOT NULL DEFAULT 'cancelando',
	-- SAT's per-UUID code (201, 202; 1201, 1202 for retenciones) and its EstatusCancelacion as last known.
	"estatus_uuid" varchar(8),
	"estatus_cancelacion" varchar(30),
	-- The PAC's acuse (SAT's signed receipt of the request), XML as received; NULL when the PAC gave none.
	"acuse" text,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "cfdi_cancellations_pkey" PRIMARY KEY ("id", "user_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "cfdi_cancellations_user_uuid_uq" ON "cfdi_cancellations" ("user_id", "uuid");
--> statement-breakpoint
-- SAT's EstatusCancelacion of an issued CFDI as last known ('En proceso', 'Cancelado sin aceptación', 'Cancelado con
-- aceptación', 'Solicitud rechazada', 'Plazo vencido'): the lists tell "Cancelada sin respuesta (plazo vencido)".
ALTER TABLE "cfdis" ADD COLUMN "cancel_estatus" varchar(30);
