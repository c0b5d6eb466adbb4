CREATE TABLE "easy_reloan_settings" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"principal" integer,
	"term_days" integer NOT NULL,
	"product_id" text NOT NULL,
	"sub_product_id" text NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"disbursed_in_cycle" integer DEFAULT 0 NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"off_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "easy_reloans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"source_order_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"payout_at" timestamp with time zone,
	"noticed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"voucher_coupon_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "easy_reloan_settings" ADD CONSTRAINT "easy_reloan_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloans" ADD CONSTRAINT "easy_reloans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloans" ADD CONSTRAINT "easy_reloans_source_order_id_loan_orders_id_fk" FOREIGN KEY ("source_order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloans" ADD CONSTRAINT "easy_reloans_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "easy_reloans" ADD CONSTRAINT "easy_reloans_voucher_coupon_id_coupons_id_fk" FOREIGN KEY ("voucher_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "easy_reloans_source_key" ON "easy_reloans" USING btree ("source_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "easy_reloans_order_key" ON "easy_reloans" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "easy_reloans_customer_idx" ON "easy_reloans" USING btree ("customer_id","created_at");