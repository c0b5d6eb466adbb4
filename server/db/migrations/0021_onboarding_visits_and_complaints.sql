CREATE TABLE "onboarding_visits" (
	"customer_id" uuid NOT NULL,
	"step" text NOT NULL,
	"form_version" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"error_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "onboarding_visits_customer_id_step_form_version_pk" PRIMARY KEY("customer_id","step","form_version")
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "kind" text DEFAULT 'feedback' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "onboarding_visits" ADD CONSTRAINT "onboarding_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_visits_first_idx" ON "onboarding_visits" USING btree ("first_at","step","form_version");--> statement-breakpoint
CREATE INDEX "onboarding_visits_completed_idx" ON "onboarding_visits" USING btree ("completed_at","step","form_version") WHERE "onboarding_visits"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_visits_error_idx" ON "onboarding_visits" USING btree ("last_error_at") WHERE "onboarding_visits"."last_error_at" is not null;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_contact_id_collection_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."collection_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_kind_state_idx" ON "feedback" USING btree ("kind","state","created_at");--> statement-breakpoint
CREATE INDEX "feedback_order_idx" ON "feedback" USING btree ("order_id") WHERE "feedback"."order_id" is not null;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_kind_check" CHECK ("feedback"."kind" in ('feedback', 'collectionComplaint'));