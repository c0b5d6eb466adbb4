ALTER TABLE "audit_log" ADD COLUMN "phone_hash" text;--> statement-breakpoint
ALTER TABLE "profile_sections" ADD COLUMN "id_number_hash" text;--> statement-breakpoint
CREATE INDEX "audit_log_phone_hash_idx" ON "audit_log" USING btree ("phone_hash","at");