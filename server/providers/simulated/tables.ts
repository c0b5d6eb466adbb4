/**
 * The simulated gateways' own state: what an external service (Xendit's payouts, PayMongo's payment intents,
 * Facebook Login) keeps in its own systems, here in the `simulated` PostgreSQL schema of the server's database so it
 * survives a restart and several instances agree. Not part of the production schema (server/db/tables.ts): these
 * tables have their own migrations (server/providers/simulated/migrations/, `npm run db:generate:simulated`, config
 * drizzle.simulated.config.ts), applied by migrateSimulated (./database.ts) only where a simulated provider runs.
 */
import { index, integer, jsonb, pgSchema, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The schema of the simulated gateways' tables (and of their migrations' log). */
export const SIMULATED_SCHEMA = 'simulated';

export const simulated = pgSchema(SIMULATED_SCHEMA);

/** A payout the simulated payout gateway took (Xendit-shaped), and the callback it owes. */
export const simPayouts = simulated.table(
  'payouts',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    referenceId: text('reference_id').notNull(),
    amount: integer('amount').notNull(),
    channelCode: text('channel_code').notNull(),
    accountNumber: text('account_number').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the callback is due next; null once delivered or given up. */
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payouts_idempotency_key').on(t.idempotencyKey), index('payouts_deliver_idx').on(t.deliverAt)],
);

/** A payment intent the simulated collection gateway took (PayMongo-shaped), and the webhook it owes. */
export const simCollections = simulated.table(
  'collections',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    referenceNumber: text('reference_number').notNull(),
    amount: integer('amount').notNull(),
    channel: text('channel').notNull(),
    payerPhone: text('payer_phone').notNull(),
    metadata: jsonb('metadata').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    /** The PayMongo payment method type attached (gcash, qrph, dob, ...); `otc` for a counter reference. */
    methodType: text('method_type').notNull().default('qrph'),
    /** Payment attempts made on the intent (a failed one leaves it payable). */
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    /** The event owed: its id and first timestamp, the same on every retry of its delivery (as PayMongo's). */
    eventId: text('event_id'),
    eventAt: timestamp('event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliverAt: timestamp('deliver_at', { withTimezone: true }),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('collections_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('collections_reference_key').on(t.referenceNumber),
    index('collections_deliver_idx').on(t.deliverAt),
  ],
);

/**
 * An authorization code the simulated Facebook Login gave (like Facebook's: single use, 10 minutes, bound to the
 * redirect URI and the PKCE challenge). The account's id and name are blanked once the code is used or expires.
 */
export const simFacebookCodes = simulated.table('facebook_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  fbUserId: text('fb_user_id').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
