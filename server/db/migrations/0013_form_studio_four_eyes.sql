ALTER TABLE "form_versions" ADD COLUMN "submitter_id" uuid;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "contributors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "withdrawn_reason" text;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "withdrawn_by_id" uuid;--> statement-breakpoint
ALTER TABLE "form_versions" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_submitter_id_staff_accounts_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_withdrawn_by_id_staff_accounts_id_fk" FOREIGN KEY ("withdrawn_by_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Open versions from before: their author is the one contributor known (who saved them was not recorded).
UPDATE "form_versions" SET "contributors" = jsonb_build_array("author_id"::text) WHERE "author_id" IS NOT NULL AND "status" IN ('draft', 'review');
