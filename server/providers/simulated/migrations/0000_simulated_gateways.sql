-- IF NOT EXISTS, written by hand: the migrator keeps its log in this schema (simulated.__drizzle_migrations,
-- server/providers/simulated/database.ts) and makes the schema before running this.
CREATE SCHEMA IF NOT EXISTS "simulated";
--> statement-breakpoint
CREATE TABLE "simulated"."collections" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference_number" text NOT NULL,
	"amount" integer NOT NULL,
	"channel" text NOT NULL,
	"payer_phone" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"method_type" text DEFAULT 'qrph' NOT NULL,
	"payment_attempts" integer DEFAULT 0 NOT NULL,
	"event_id" text,
	"event_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"deliver_at" timestamp with time zone,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "simulated"."facebook_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"fb_user_id" text NOT NULL,
	"name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated"."payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" integer NOT NULL,
	"channel_code" text NOT NULL,
	"account_number" text NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"deliver_at" timestamp with time zone,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "collections_idempotency_key" ON "simulated"."collections" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "collections_reference_key" ON "simulated"."collections" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "collections_deliver_idx" ON "simulated"."collections" USING btree ("deliver_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_key" ON "simulated"."payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_deliver_idx" ON "simulated"."payouts" USING btree ("deliver_at");