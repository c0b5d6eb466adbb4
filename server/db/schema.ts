/**
 * The database, one PostgreSQL dialect for PGlite (embedded) and a PostgreSQL server. Changes go through
 * `npm run db:generate` (drizzle-kit) into committed SQL migrations in server/db/migrations/, applied at start.
 * Secrets are never stored in the clear: session tokens and SMS codes as SHA-256/HMAC hashes.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A borrower, known by the mobile number they registered with (national form 9XXXXXXXXX). */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  phone: text('phone').notNull(),
  createdAt: createdAt(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
}, (t) => [uniqueIndex('customers_phone_key').on(t.phone)]);

/** A logged-in device: the opaque token is given once and kept only as its SHA-256. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  deviceId: text('device_id'),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_customer_idx').on(t.customerId)]);

/** One SMS code sent to a phone: hashed, single use, expiring, voided after too many wrong tries. */
export const otpChallenges = pgTable('otp_challenges', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  voidedAt: timestamp('voided_at', { withTimezone: true }),
  ip: text('ip'),
  deviceId: text('device_id'),
}, (t) => [index('otp_challenges_phone_idx').on(t.phone, t.createdAt)]);

/** A graphic code (captcha) asked for after abnormal operation; the answer is kept hashed, single use. */
export const captchas = pgTable('captchas', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  answerHash: text('answer_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Fixed-window counters for throttling (per IP, per device, per phone), shared by every API instance. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.key, t.windowStart] })]);

/** One information step of a borrower's profile, as validated, with the schema version it was validated against. */
export const profileSections = pgTable('profile_sections', {
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  step: text('step').notNull(),
  data: jsonb('data').notNull(),
  schemaVersion: text('schema_version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.customerId, t.step] })]);

/** An uploaded identity document, face photo or signature: the bytes live in file storage under `storageKey`. */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  customerId: uuid('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  check: jsonb('check'),
  createdAt: createdAt(),
}, (t) => [index('documents_customer_idx').on(t.customerId, t.kind)]);

/** Security events: logins, failed codes, throttling, captcha, logouts, refused access. Never a code or token. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  event: text('event').notNull(),
  customerId: uuid('customer_id'),
  phone: text('phone'),
  ip: text('ip'),
  deviceId: text('device_id'),
  detail: jsonb('detail'),
}, (t) => [index('audit_log_customer_idx').on(t.customerId, t.at), index('audit_log_event_idx').on(t.event, t.at)]);
