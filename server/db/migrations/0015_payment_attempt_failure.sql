ALTER TABLE "payments" ADD COLUMN "attempt_failure_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt_failed_at" timestamp with time zone;