ALTER TABLE "feedback" ADD COLUMN "kind" text DEFAULT 'feedback' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_contact_id_collection_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."collection_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_kind_state_idx" ON "feedback" USING btree ("kind","state","created_at");--> statement-breakpoint
CREATE INDEX "feedback_order_idx" ON "feedback" USING btree ("order_id") WHERE "feedback"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_kind_check" CHECK ("feedback"."kind" in ('feedback', 'collectionComplaint'));