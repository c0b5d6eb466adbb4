CREATE TABLE "form_assets" (
	"hash" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_personas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"label" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"content" json NOT NULL,
	"based_on" integer,
	"author_id" uuid,
	"approver_id" uuid,
	"note" text,
	"acknowledged" jsonb,
	"form_hash" text,
	"validator_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profile_sections" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "form_personas" ADD CONSTRAINT "form_personas_created_by_staff_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_author_id_staff_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_approver_id_staff_accounts_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."staff_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_personas_form_idx" ON "form_personas" USING btree ("form");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_document_version_key" ON "form_versions" USING btree ("kind","name","version");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_one_published_key" ON "form_versions" USING btree ("kind","name") WHERE "form_versions"."status" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_one_open_key" ON "form_versions" USING btree ("kind","name") WHERE "form_versions"."status" in ('draft', 'review');