-- The simulated gateways' tables leave the production schema. They live in the `simulated` schema now, created by
-- their own migrations (server/providers/simulated/migrations/) only where a simulated provider runs
-- (server/providers/simulated/database.ts). What these tables held is simulated state only, never a real payout,
-- payment or Facebook account: a real gateway keeps its own. A simulated payout or payment still in flight when this
-- runs is forgotten by the simulated gateway (its callback never comes).
DROP TABLE "sim_collections" CASCADE;--> statement-breakpoint
DROP TABLE "sim_facebook_codes" CASCADE;--> statement-breakpoint
DROP TABLE "sim_payouts" CASCADE;