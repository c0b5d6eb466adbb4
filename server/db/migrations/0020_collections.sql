CREATE TABLE "collection_assignments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"collector_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"outcome" text,
	"note" text,
	"template_id" uuid,
	"language" text,
	"message" text,
	"purpose" text NOT NULL,
	"days_past_due" integer NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "collection_contacts_channel_check" CHECK ("collection_contacts"."channel" in ('call', 'sms', 'email', 'in_app')),
	CONSTRAINT "collection_contacts_outcome_check" CHECK ("collection_contacts"."outcome" is null or "collection_contacts"."outcome" in ('reached', 'no_answer', 'promise', 'refused', 'disputed', 'wrong_number')),
	CONSTRAINT "collection_contacts_purpose_check" CHECK ("collection_contacts"."purpose" in ('overdue', 'promiseFollowUp'))
);
--> statement-breakpoint
CREATE TABLE "collection_disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"opened_by" uuid,
	"state" text NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_promises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"contact_id" uuid,
	"promised_on" date NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "collection_promises_state_check" CHECK ("collection_promises"."state" in ('pending', 'kept', 'broken'))
);
--> statement-breakpoint
CREATE TABLE "collection_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"texts" jsonb NOT NULL,
	"state" text NOT NULL,
	"created_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_from" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_to" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "contact_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_collector_id_staff_accounts_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_assignments" ADD CONSTRAINT "collection_assignments_assigned_by_staff_accounts_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_template_id_collection_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."collection_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_disputes" ADD CONSTRAINT "collection_disputes_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_disputes" ADD CONSTRAINT "collection_disputes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_disputes" ADD CONSTRAINT "collection_disputes_opened_by_staff_accounts_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_disputes" ADD CONSTRAINT "collection_disputes_resolved_by_staff_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_order_id_loan_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."loan_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_promises" ADD CONSTRAINT "collection_promises_contact_id_collection_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."collection_contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_templates" ADD CONSTRAINT "collection_templates_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_assignments_collector_idx" ON "collection_assignments" USING btree ("collector_id");--> statement-breakpoint
CREATE INDEX "collection_contacts_customer_day_idx" ON "collection_contacts" USING btree ("customer_id","day");--> statement-breakpoint
CREATE INDEX "collection_contacts_order_idx" ON "collection_contacts" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "collection_disputes_one_open" ON "collection_disputes" USING btree ("order_id") WHERE "collection_disputes"."state" = 'open';--> statement-breakpoint
CREATE INDEX "collection_disputes_state_idx" ON "collection_disputes" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "collection_disputes_customer_idx" ON "collection_disputes" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "collection_promises_order_idx" ON "collection_promises" USING btree ("order_id","made_at");--> statement-breakpoint
CREATE INDEX "collection_promises_pending_idx" ON "collection_promises" USING btree ("promised_on") WHERE "collection_promises"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "collection_templates_state_idx" ON "collection_templates" USING btree ("state","created_at");