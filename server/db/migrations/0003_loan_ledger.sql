DROP INDEX "payments_one_in_progress_per_order";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "reference" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "provider_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "ledger" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."state" in ('requested', 'in_progress');