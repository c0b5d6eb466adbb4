CREATE SEQUENCE "public"."loan_order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"customer_id" uuid NOT NULL,
	"key" text NOT NULL,
	"operation" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text,
	"kind" text NOT NULL,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"product_id" text NOT NULL,
	"sub_product_id" text NOT NULL,
	"state" text NOT NULL,
	"principal" integer NOT NULL,
	"term_days" integer NOT NULL,
	"quote" jsonb NOT NULL,
	"loan_date" date,
	"due_date" date,
	"interest_outstanding" integer DEFAULT 0 NOT NULL,
	"amount_due" integer DEFAULT 0 NOT NULL,
	"late_fine" integer DEFAULT 0 NOT NULL,
	"damages" integer DEFAULT 0 NOT NULL,
	"overdue_days" integer DEFAULT 0 NOT NULL,
	"cost_charged" integer DEFAULT 0 NOT NULL,
	"amount_repaid" integer DEFAULT 0 NOT NULL,
	"extension_count" integer DEFAULT 0 NOT NULL,
	"total_term_days" integer NOT NULL,
	"reapply_after" date,
	"credit_limit" integer,
	"decision" jsonb,
	"failure_code" text,
	"payout_account" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text NOT NULL,
	"provider_ref" text NOT NULL,
	"checkout_url" text,
	"state" text NOT NULL,
	"failure_code" text,
	"applied" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"account" jsonb NOT NULL,
	"state" text NOT NULL,
	"provider_ref" text,
	"failure_code" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_collections" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference_number" text NOT NULL,
	"amount" integer NOT NULL,
	"channel" text NOT NULL,
	"payer_phone" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"created_at" timestamp with time zone NOT NULL,
	"deliver_at" timestamp with time zone,
	"delivery_attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_payouts" (
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
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD CONSTRAINT "loan_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_key" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE INDEX "loan_events_order_idx" ON "loan_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_order_no_key" ON "loan_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_orders_one_open_per_customer" ON "loan_orders" USING btree ("customer_id") WHERE "loan_orders"."state" not in ('settled', 'rejected');--> statement-breakpoint
CREATE INDEX "loan_orders_customer_idx" ON "loan_orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_orders_repaying_idx" ON "loan_orders" USING btree ("state","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_reference_key" ON "payments" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_in_progress_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."state" = 'in_progress';--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_order" ON "payouts" USING btree ("order_id") WHERE "payouts"."state" in ('requested', 'sent', 'succeeded');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_provider_ref_key" ON "payouts" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_collections_idempotency_key" ON "sim_collections" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_collections_reference_key" ON "sim_collections" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "sim_collections_deliver_idx" ON "sim_collections" USING btree ("deliver_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sim_payouts_idempotency_key" ON "sim_payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sim_payouts_deliver_idx" ON "sim_payouts" USING btree ("deliver_at");