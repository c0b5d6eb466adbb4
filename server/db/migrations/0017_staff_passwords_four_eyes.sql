CREATE TABLE "staff_account_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"account_id" uuid,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"previous_role" text,
	"state" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" ALTER COLUMN "totp_secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "awaiting_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_account_requests" ADD CONSTRAINT "staff_account_requests_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_account_requests" ADD CONSTRAINT "staff_account_requests_requested_by_staff_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_account_requests" ADD CONSTRAINT "staff_account_requests_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_account_requests_one_pending" ON "staff_account_requests" USING btree ("account_id") WHERE "staff_account_requests"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "staff_account_requests_state_idx" ON "staff_account_requests" USING btree ("state","created_at");