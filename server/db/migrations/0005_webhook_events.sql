CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "sim_collections" ADD COLUMN "method_type" text DEFAULT 'qrph' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_collections" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_collections" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "sim_collections" ADD COLUMN "event_at" timestamp with time zone;