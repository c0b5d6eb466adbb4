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
ALTER TABLE "onboarding_visits" ADD CONSTRAINT "onboarding_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_visits_first_idx" ON "onboarding_visits" USING btree ("first_at","step","form_version");--> statement-breakpoint
CREATE INDEX "onboarding_visits_completed_idx" ON "onboarding_visits" USING btree ("completed_at","step","form_version") WHERE "onboarding_visits"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "onboarding_visits_error_idx" ON "onboarding_visits" USING btree ("last_error_at") WHERE "onboarding_visits"."last_error_at" is not null;