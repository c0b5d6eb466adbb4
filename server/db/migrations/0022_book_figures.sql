ALTER TABLE "loan_orders" ADD COLUMN "principal_outstanding" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_orders" ADD COLUMN "amount_overdue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "collection_promises_day_idx" ON "collection_promises" USING btree ("promised_on");--> statement-breakpoint
CREATE INDEX "loan_events_delinquency_idx" ON "loan_events" USING btree ("order_id","at") WHERE "loan_events"."kind" = 'delinquency';--> statement-breakpoint
CREATE INDEX "loan_events_repayment_idx" ON "loan_events" USING btree ("at") WHERE "loan_events"."kind" in ('settled', 'partial_repayment', 'instalment_paid', 'extended') or "loan_events"."to_state" = 'settled';--> statement-breakpoint
CREATE INDEX "loan_events_decision_idx" ON "loan_events" USING btree ("at") WHERE "loan_events"."from_state" = 'under_review';--> statement-breakpoint
CREATE INDEX "payments_success_idx" ON "payments" USING btree ("completed_at") WHERE "payments"."state" = 'success';--> statement-breakpoint
CREATE INDEX "payments_order_success_idx" ON "payments" USING btree ("order_id","completed_at") WHERE "payments"."state" = 'success';--> statement-breakpoint
CREATE INDEX "payouts_succeeded_idx" ON "payouts" USING btree ("completed_at") WHERE "payouts"."state" = 'succeeded';--> statement-breakpoint
-- The new figures of the loans already disbursed, from their ledgers (as ledgerPatch writes them from now on): the
-- principal still owed, and what the periods past their due date (today, Manila) still owe.
UPDATE "loan_orders" SET
  "principal_outstanding" = coalesce((
    SELECT sum((r->'owed'->>'principal')::int - (r->'paid'->>'principal')::int)
    FROM jsonb_array_elements("ledger"->'rows') AS r), 0),
  "amount_overdue" = coalesce((
    SELECT sum(o.value::int) - sum(coalesce((r->'paid'->>o.key)::int, 0))
    FROM jsonb_array_elements("ledger"->'rows') AS r, jsonb_each_text(r->'owed') AS o
    WHERE (r->>'dueDate')::date < ((now() AT TIME ZONE 'UTC') + interval '8 hours')::date), 0)
WHERE "ledger" IS NOT NULL;
