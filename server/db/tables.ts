/**
 * The database, one PostgreSQL dialect for PGlite (embedded) and a PostgreSQL server. Changes go through
 * `npm run db:generate` (drizzle-kit) into committed SQL migrations in server/db/migrations/, applied at start. The
 * simulated providers' own tables are not here: server/providers/simulated/tables.ts, with their own migrations.
 * Secrets are never stored in the clear: session tokens and SMS codes as SHA-256/HMAC hashes. Personal data (profile
 * sections, payout accounts, phones in the audit log) is encrypted by its column type (server/crypto/columns.ts) with
 * the data keys; `*_hash` columns are keyed hashes (HMAC) for equality lookups of encrypted values.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES, CONTACT_PURPOSES } from '#domain/collections.ts';
import { ORDER_STATES } from '#domain/loan-rules.ts';
import { encryptedJson, encryptedText } from '../crypto/columns.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A borrower, known by the mobile number they registered with (national form 9XXXXXXXXX). */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The language the borrower reads the app in (en, fil, zh-CN): SMS reminders are written in it. */
    language: text('language').notNull().default('en'),
    /** The borrower may turn SMS due reminders off on the profile. */
    smsReminders: boolean('sms_reminders').notNull().default(true),
    /**
     * Hours (Manila 'HH:MM', `to` excluded, may wrap midnight) the borrower agreed in the app to be contacted about an
     * overdue loan besides the legal ones (SEC MC 18 s.2019; domain/collections.ts contactHoursVerdict), and when.
     */
    contactFrom: text('contact_from'),
    contactTo: text('contact_to'),
    contactConsentAt: timestamp('contact_consent_at', { withTimezone: true }),
    /**
     * Set when the account was deleted (docs/staff-console.md, "Account deletion"; NPC/SEC): personal data erased,
     * `phone` replaced by `erased:<keyed hash>` so the daily SMS limits still count that number without keeping it.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customers_phone_key').on(t.phone)],
);

/** A logged-in device: the opaque token is given once and kept only as its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_customer_idx').on(t.customerId)],
);

/** One SMS code sent to a phone: hashed, single use, expiring, voided after too many wrong tries. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ip: text('ip'),
    deviceId: text('device_id'),
  },
  (t) => [index('otp_challenges_phone_idx').on(t.phone, t.createdAt)],
);

/** A graphic code (captcha) asked for after abnormal operation; the answer is kept hashed, single use. */
export const captchas = pgTable('captchas', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  answerHash: text('answer_hash').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Fixed-window counters for throttling (per IP, per device, per phone), shared by every API instance. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** One information step of a borrower's profile, as validated, with the schema version it was validated against. */
export const profileSections = pgTable(
  'profile_sections',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    data: encryptedJson('data', 'profile_sections.data').notNull(),
    schemaVersion: text('schema_version').notNull(),
    /** identityInfo only: keyed hash of the ID type and number (server/crypto/lookup-hashes.ts), for duplicate checks. */
    idNumberHash: text('id_number_hash'),
    /** identityInfo only: keyed hash of the normalised full name (server/crypto/lookup-hashes.ts), for staff search. */
    nameHash: text('name_hash'),
    /**
     * The version of the step's form (form_versions.version) the section was validated with (null: saved before the
     * form studio, docs/form-studio.md).
     */
    formVersion: integer('form_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.step] })],
);

/**
 * The onboarding funnel's record (docs/onboarding-funnel.md): one row per borrower, information step and form version
 * the borrower opened, so a borrower counts once however often they come back. `firstAt` is when they first opened it
 * (the app's report), `completedAt` when they first saved it with that version (the profile's save: profile_sections
 * keeps only its last save). `errorFields` holds the field paths whose validation errors the app showed on a refused
 * submit, each with when it was last shown (epoch ms): paths of the version's schema only, never a value.
 */
export const onboardingVisits = pgTable(
  'onboarding_visits',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    formVersion: integer('form_version').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    errorFields: jsonb('error_fields').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.step, t.formVersion] }),
    // The funnel reads a range of days of each: the indexes carry the grouping columns (index-only counts).
    index('onboarding_visits_first_idx').on(t.firstAt, t.step, t.formVersion),
    index('onboarding_visits_completed_idx')
      .on(t.completedAt, t.step, t.formVersion)
      .where(sql`${t.completedAt} is not null`),
    index('onboarding_visits_error_idx')
      .on(t.lastErrorAt)
      .where(sql`${t.lastErrorAt} is not null`),
  ],
);

/** An uploaded identity document, face photo or signature: the bytes live in file storage under `storageKey`. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    check: jsonb('check'),
    createdAt: createdAt(),
  },
  (t) => [index('documents_customer_idx').on(t.customerId, t.kind)],
);

/** Security events: logins, failed codes, throttling, captcha, logouts, refused access. Never a code or token. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    customerId: uuid('customer_id'),
    phone: encryptedText('phone', 'audit_log.phone'),
    /** Keyed hash of the phone (server/crypto/lookup-hashes.ts): the events of one phone without decrypting every row. */
    phoneHash: text('phone_hash'),
    ip: text('ip'),
    deviceId: text('device_id'),
    /** The staff member who acted or looked (staff events: `staff.*`); null for a borrower's or the system's event. */
    staffId: uuid('staff_id'),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_customer_idx').on(t.customerId, t.at),
    index('audit_log_event_idx').on(t.event, t.at),
    index('audit_log_phone_hash_idx').on(t.phoneHash, t.at),
  ],
);

// ---- Loans (docs/loans-and-money.md). Money is integer centavos (a principal is at most 1,000,000); dates are Manila
// days. ----

/**
 * A loan order through its states (docs/product-rules.md): under_review -> accepted -> withdrawable -> disbursing ->
 * repaying -> settled, or rejected / disbursement_failed. A customer has at most one order that is not settled or
 * rejected (partial unique index). `quote` is the frozen Truth in Lending figures, re-dated at disbursement.
 */
export const loanOrders = pgTable(
  'loan_orders',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderNo: text('order_no').notNull(),
    productId: text('product_id').notNull(),
    subProductId: text('sub_product_id').notNull(),
    state: text('state').notNull(),
    principal: integer('principal').notNull(),
    termDays: integer('term_days').notNull(),
    quote: jsonb('quote').notNull(),
    loanDate: date('loan_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * The ledger of a disbursed loan (domain/loan-ledger.ts): each period's charges and payments. The figures below
     * (due date, amount due, penalties, ...) are written from it in one place (services/loans/repository.ts
     * ledgerPatch) for lists and jobs to query; null before disbursement.
     */
    ledger: jsonb('ledger'),
    /** Interest still to pay. */
    interestOutstanding: integer('interest_outstanding').notNull().default(0),
    /** Principal still to pay: the book's principal and portfolio at risk sum it (docs/book.md). */
    principalOutstanding: integer('principal_outstanding').notNull().default(0),
    /** What the periods past their due date still owe, all components, on the day the ledger was last written. */
    amountOverdue: integer('amount_overdue').notNull().default(0),
    /** Everything still owed (what full settlement pays today): principal, interest, fees and penalties outstanding. */
    amountDue: integer('amount_due').notNull().default(0),
    lateFine: integer('late_fine').notNull().default(0),
    damages: integer('damages').notNull().default(0),
    overdueDays: integer('overdue_days').notNull().default(0),
    /** Upfront fees and tax, interest, extension fees and penalties charged so far (the total-cost cap's numerator). */
    costCharged: integer('cost_charged').notNull().default(0),
    amountRepaid: integer('amount_repaid').notNull().default(0),
    extensionCount: integer('extension_count').notNull().default(0),
    /** Periods of the plan fully paid. */
    paidPeriods: integer('paid_periods').notNull().default(0),
    totalTermDays: integer('total_term_days').notNull(),
    reapplyAfter: date('reapply_after', { mode: 'string' }),
    creditLimit: integer('credit_limit'),
    decision: jsonb('decision'),
    failureCode: text('failure_code'),
    payoutAccount: encryptedJson('payout_account', 'loan_orders.payout_account'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loan_orders_order_no_key').on(t.orderNo),
    uniqueIndex('loan_orders_one_open_per_customer')
      .on(t.customerId)
      .where(sql`${t.state} not in ('settled', 'rejected')`),
    index('loan_orders_customer_idx').on(t.customerId, t.createdAt),
    index('loan_orders_repaying_idx').on(t.state, t.dueDate),
    // The states of the order state machine (domain/loan-rules.ts), no other text.
    check(
      'loan_orders_state_check',
      sql`${t.state} in (${sql.raw(ORDER_STATES.map((state) => `'${state}'`).join(', '))})`,
    ),
  ],
);

/** The running number inside order numbers (PA + yymmdd + number + 2 letters): unique without retries. */
export const loanOrderNoSeq = pgSequence('loan_order_no_seq', { startWith: 1 });

/** One row for every state change and every money movement of an order. */
export const loanEvents = pgTable(
  'loan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state'),
    kind: text('kind').notNull(),
    data: jsonb('data'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_events_order_idx').on(t.orderId, t.id),
    // A loan's delinquency bucket on a past day (docs/book.md): its last `delinquency` event on or before it.
    index('loan_events_delinquency_idx')
      .on(t.orderId, t.at)
      .where(sql`${t.kind} = 'delinquency'`),
    // A past day's book: the repayments and settlements after it (repository/book.ts AFTER_KINDS).
    index('loan_events_repayment_idx')
      .on(t.at)
      .where(
        sql`${t.kind} in ('settled', 'partial_repayment', 'instalment_paid', 'extended') or ${t.toState} = 'settled'`,
      ),
    // The decisions of a range (approvals and rejections), by when they were made.
    index('loan_events_decision_idx')
      .on(t.at)
      .where(sql`${t.fromState} = 'under_review'`),
  ],
);

/**
 * The first answer to a money operation, by the customer's Idempotency-Key: a repeat gets it again. Refusals (4xx)
 * are kept too. `requestHash` tells a repeat from a reuse of the key with another body.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /** The answer's JSON text, byte for byte (jsonb would reorder its keys). */
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.key] })],
);

/** The borrower's signature on file (a `signature` document), kept for every later order. */
export const signatures = pgTable('signatures', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  documentId: uuid('document_id')
    .notNull()
    .references(() => documents.id),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
});

/** A disbursement to the borrower's account; at most one live (requested, sent, succeeded) per order. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    account: encryptedJson('account', 'payouts.account').notNull(),
    state: text('state').notNull(),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.state} in ('requested', 'sent', 'succeeded')`),
    uniqueIndex('payouts_provider_ref_key').on(t.providerRef),
    index('payouts_state_idx').on(t.state, t.sentAt),
    // The book's money disbursed by day.
    index('payouts_succeeded_idx')
      .on(t.completedAt)
      .where(sql`${t.state} = 'succeeded'`),
  ],
);

/**
 * A repayment (settle, extend or instalment) collected through the collection provider; one open per order. States:
 * requested (recorded; the gateway is reached after the transaction, by the request and by its `send_payment` job),
 * in_progress (the gateway has it: reference and link), success, fail.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    amount: integer('amount').notNull(),
    /** The repayment coupon this payment holds (state held until the payment succeeds, released when it fails). */
    couponId: uuid('coupon_id').references(() => coupons.id),
    /** What the coupon takes off: `amount` is what the borrower pays after it; applied as a ledger discount on success. */
    discount: integer('discount').notNull().default(0),
    /** The gateway's reference and link: null until the gateway has the payment (outbox: recorded first, sent after). */
    reference: text('reference'),
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    state: text('state').notNull(),
    failureCode: text('failure_code'),
    /**
     * The gateway's code (PayMongo `failed_code`) and time of the last failed attempt (a `payment.failed` event): the
     * intent stays payable, but the borrower sees the payment failed with its reason and may pay again at once.
     */
    attemptFailureCode: text('attempt_failure_code'),
    attemptFailedAt: timestamp('attempt_failed_at', { withTimezone: true }),
    /** How a success was applied: settled, extended, instalment, partial (the amount no longer covered the order) or unapplied. */
    applied: text('applied'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_provider_ref_key').on(t.providerRef),
    uniqueIndex('payments_one_open_per_order')
      .on(t.orderId)
      .where(sql`${t.state} in ('requested', 'in_progress')`),
    index('payments_customer_idx').on(t.customerId, t.createdAt),
    // The book's money repaid by day, and what a loan paid in a range.
    index('payments_success_idx')
      .on(t.completedAt)
      .where(sql`${t.state} = 'success'`),
    index('payments_order_success_idx')
      .on(t.orderId, t.completedAt)
      .where(sql`${t.state} = 'success'`),
  ],
);

/**
 * Money a payment brought over what was owed, sent back to the borrower's payout account on file through the payout
 * gateway (server/services/loans/refunds.ts); one per payment, whatever the concurrency. States: requested (recorded;
 * the `send_refund` job reaches the gateway), sent (the gateway has it), succeeded, failed (final: staff retry it once
 * the borrower fixed their account). Each send is the payout `attempt`: the first one's reference (idempotency key and
 * the gateway's reference id) is the refund id, a later one's `<id>-<attempt>` (a failed payout is final at the
 * gateway). No account is kept here: the send reads the bankInfo section, so erasure finds nothing to scrub.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    state: text('state').notNull(),
    attempt: integer('attempt').notNull().default(1),
    providerRef: text('provider_ref'),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    uniqueIndex('refunds_provider_ref_key').on(t.providerRef),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_customer_idx').on(t.customerId, t.createdAt),
    index('refunds_state_idx').on(t.state, t.sentAt),
  ],
);

/**
 * Background work shared by every API instance: claimed with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), so
 * a job whose instance died runs again after the lease. `key` dedupes (one job per key while its row is kept: finished
 * jobs go after 30 days, server/jobs/housekeeping.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * Gateway webhook events by their own id (PayMongo evt_...): a delivery is handled once, whatever its timestamp or
 * how often it is retried (server/services/webhook-events.ts). `doneAt` null: being handled (a claim that is released
 * when handling fails, and may be taken over after `claimedAt` + 5 minutes when its handler died).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** What handling answered: applied, replay, unknown, ignored, ... */
    result: text('result'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ---- The borrower's hub (docs/api.md): messages, coupons, feedback. ----

/**
 * A Notify message: one of the borrower's own events, written in the same transaction as the event. It is a template
 * key (locales/<lng>/messages.json) with parameters, rendered in the reader's language when read, and a link to the
 * screen it concerns. `dedupeKey` makes a message written by a job that may run twice appear once.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    template: text('template').notNull(),
    params: jsonb('params').notNull(),
    /** The in-app route the message opens (e.g. /bill?orderId=...), or null. */
    link: text('link'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_customer_idx').on(t.customerId, t.id),
    index('messages_unread_idx')
      .on(t.customerId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('messages_dedupe_key').on(t.customerId, t.dedupeKey),
  ],
);

/**
 * An Activity message (announcement or promotion) for every borrower: seeded from config now, published by staff
 * later. A template key with parameters like a Notify message, shown from `publishedAt` until `endsAt`.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    template: text('template').notNull(),
    params: jsonb('params').notNull(),
    link: text('link'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('announcements_published_idx').on(t.publishedAt)],
);

/** Which announcements a borrower has read. */
export const announcementReads = pgTable(
  'announcement_reads',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.announcementId] })],
);

/**
 * A coupon issued to a borrower (by the server only): its definition (config/coupons.json) frozen at issue. States:
 * unused, held (reserved by a payment in progress; released if the payment fails), used, expired. `issueKey` makes an
 * issue happen once per customer (registration, add-to-home-screen, a staff grant's id).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    definitionId: text('definition_id').notNull(),
    /** cash, platform, withdrawal, repayment, addToHomeScreen */
    kind: text('kind').notNull(),
    /** The operation it lowers: withdrawal (fees) or repayment (amount to pay). */
    appliesTo: text('applies_to').notNull(),
    amount: integer('amount').notNull(),
    /** The least that must be paid (or disbursed) for the coupon to apply. */
    minimumAmount: integer('minimum_amount').notNull().default(0),
    state: text('state').notNull(),
    source: text('source').notNull(),
    issueKey: text('issue_key').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order, payout or payment that holds or used it. */
    orderId: uuid('order_id').references(() => loanOrders.id),
    usedBy: text('used_by'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('coupons_issue_key').on(t.customerId, t.issueKey),
    index('coupons_customer_idx').on(t.customerId, t.state, t.expiresAt),
    index('coupons_expiry_idx').on(t.state, t.expiresAt),
  ],
);

/**
 * Feedback a borrower sent (forms/feedback.json): category, text, optional screenshot document. Staff replies come
 * with the staff console (reply, repliedAt, repliedBy); the text and the reply are personal data, encrypted.
 *
 * A complaint about collection (RA 11765; docs/collections.md, Complaints) is feedback of the kind
 * `collectionComplaint`: its category is the reason (domain/collections.ts COMPLAINT_REASONS), it names the loan and,
 * when it is about one contact, the contact; its states are received, in_progress (acknowledged: acknowledgedAt/By)
 * and resolved (the reply is customer service's answer). Plain feedback keeps its own states (open, answered).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    text: encryptedText('text', 'feedback.text').notNull(),
    documentId: uuid('document_id').references(() => documents.id),
    /** open, answered, closed */
    state: text('state').notNull(),
    reply: encryptedText('reply', 'feedback.reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by'),
    createdAt: createdAt(),
    /** feedback, collectionComplaint */
    kind: text('kind').notNull().default('feedback'),
    orderId: uuid('order_id').references(() => loanOrders.id),
    contactId: uuid('contact_id').references(() => collectionContacts.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    /** A complaint customer service marked complex when acknowledging it: the longer period to resolve it. */
    complex: boolean('complex').notNull().default(false),
  },
  (t) => [
    index('feedback_customer_idx').on(t.customerId, t.createdAt),
    index('feedback_kind_state_idx').on(t.kind, t.state, t.createdAt),
    index('feedback_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    check('feedback_kind_check', sql`${t.kind} in ('feedback', 'collectionComplaint')`),
  ],
);

// ---- The staff console (docs/staff-console.md): accounts, sessions, notes, four-eyes requests. ----

/**
 * A staff member: e-mail and password (scrypt, server/services/staff/passwords.ts) plus a TOTP second factor whose secret is
 * encrypted. `totpLastStep` refuses a code used twice. Roles: domain/staff-roles.ts. An account made by an
 * administrator starts with a temporary password (`passwordChangeRequired`) and no second factor (`totpSecret` null):
 * its owner enrols one and sets a password at the first sign-in, in a session that may do nothing else
 * (server/services/staff/sessions.ts). `awaitingApproval`: a new account with an approving role that another administrator has
 * not approved yet (staff_account_requests); it cannot sign in.
 */
export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** Lower case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Null until the owner enrols a second factor (a new account, or after a reset). */
    totpSecret: encryptedText('totp_secret', 'staff_accounts.totp_secret'),
    /** A secret shown to the owner during enrolment, kept until a first valid code of it confirms it. */
    totpPendingSecret: encryptedText('totp_pending_secret', 'staff_accounts.totp_pending_secret'),
    /** The TOTP time step of the last code accepted: a code of that step or earlier is refused (replay). */
    totpLastStep: integer('totp_last_step').notNull().default(0),
    /** The password is a temporary one an administrator was given: the owner must set their own before anything else. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_accounts_email_key').on(t.email)],
);

/**
 * Four eyes on staff accounts (server/services/staff/account-requests.ts): once two active administrators exist, a new account
 * with an approving role (`kind` create) or a re-role into one (`kind` role) waits here for another administrator.
 * States: pending, approved, refused. `email` keeps who it was about after a refused new account is deleted.
 */
export const staffAccountRequests = pgTable(
  'staff_account_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    accountId: uuid('account_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    previousRole: text('previous_role'),
    state: text('state').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffAccounts.id),
    decidedBy: uuid('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_account_requests_one_pending')
      .on(t.accountId)
      .where(sql`${t.state} = 'pending'`),
    index('staff_account_requests_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Staff sign-in tries in a row (server/services/staff/login-guard.ts): per e-mail (its SHA-256, so an e-mail no account has is
 * kept like one that has) and client network, and per e-mail from every network (`network` = '*'). A row at its limit
 * is locked until `lockedUntil`; a success deletes it. `updatedAt` (its last try) is for housekeeping: a row idle for 30
 * days with no running lock is removed (server/jobs/housekeeping.ts).
 */
export const staffLoginGuards = pgTable(
  'staff_login_guards',
  {
    subject: text('subject').notNull(),
    network: text('network').notNull(),
    attempts: integer('attempts').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.network] })],
);

/** A staff member's logged-in browser, apart from borrowers' sessions: token kept as its SHA-256, idle timeout. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/** A staff note on a customer (and optionally one order): personal data, encrypted. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => loanOrders.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    text: encryptedText('text', 'staff_notes.text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * A borrower's request to delete their account, opened by customer service and approved by a supervisor (never the
 * one who opened it). States: pending, refused, approved (executing), executed. `verification` says how the person's
 * identity was checked (a code from config/staff.json) and `note` is free text (encrypted; erased on execution).
 */
export const deletionRequests = pgTable(
  'deletion_requests',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    state: text('state').notNull(),
    verification: text('verification').notNull(),
    note: encryptedText('note', 'deletion_requests.note'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffAccounts.id),
    decidedBy: uuid('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    refusalCode: text('refusal_code'),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /**
     * Set on execution: the customer's loan records (orders, events, payouts, payments, without identity) are kept until
     * this day for the SEC (config/staff.json loanRecordRetentionYears). Purging them then is a later job.
     */
    retainUntil: date('retain_until', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deletion_requests_one_pending')
      .on(t.customerId)
      .where(sql`${t.state} in ('pending', 'approved')`),
    index('deletion_requests_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * A coupon staff grant with a reason; above the configured amount it waits for a supervisor (never the requester).
 * States: pending, refused, issued. The coupon's issueKey is `staff-grant:<id>`.
 */
export const couponGrants = pgTable(
  'coupon_grants',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    definitionId: text('definition_id').notNull(),
    amount: integer('amount').notNull(),
    reason: encryptedText('reason', 'coupon_grants.reason').notNull(),
    state: text('state').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffAccounts.id),
    decidedBy: uuid('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    couponId: uuid('coupon_id').references(() => coupons.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_grants_state_idx').on(t.state, t.createdAt),
    index('coupon_grants_customer_idx').on(t.customerId),
  ],
);

/**
 * A raise of a customer's credit limit granted once (config/underwriting.json limitRaises: addToHomeScreen,
 * facebookBinding): who granted it (`system` or a staff id), why (`reason`), when, and what it added then. Unique per
 * customer and reason, so concurrent or repeated claims grant it once; unbinding Facebook keeps it.
 */
export const limitRaises = pgTable(
  'limit_raises',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** What the raise added when granted (0 when the limit was already at the rule's ceiling). */
    amount: integer('amount').notNull(),
    grantedBy: text('granted_by').notNull().default('system'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('limit_raises_once').on(t.customerId, t.reason)],
);

/**
 * A customer's Facebook account (Facebook Login): only its user id and name, both encrypted; `fbUserHash` (keyed
 * hash of the id) makes one Facebook account bind to one customer. Unbinding deletes the row.
 */
export const facebookBindings = pgTable(
  'facebook_bindings',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fbUserId: encryptedText('fb_user_id', 'facebook_bindings.fb_user_id').notNull(),
    fbUserHash: text('fb_user_hash').notNull(),
    name: encryptedText('name', 'facebook_bindings.name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('facebook_bindings_customer_key').on(t.customerId),
    uniqueIndex('facebook_bindings_fb_user_key').on(t.fbUserHash),
  ],
);

/**
 * A Facebook Login the borrower started: the OAuth `state`, kept as its hash, bound to the session that started it,
 * single use, expiring. The PKCE verifier is not stored: it is derived from the state with the server's secret.
 */
export const facebookLogins = pgTable(
  'facebook_logins',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    stateHash: text('state_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('facebook_logins_state_key').on(t.stateHash),
    index('facebook_logins_customer_idx').on(t.customerId),
  ],
);

/**
 * Easy Re-loan (server/services/loans/easy-reloan.ts): one row per borrower who ever turned it on. `principal` null means
 * "my limit at the time" (the loan core's limit when the re-loan is applied for). `cycle` counts the times it was
 * turned on; `disbursedInCycle` the successful automatic disbursements of the current one (the feature turns itself
 * off at config/product.json easyReloan.disbursementsBeforeTurnOff, `offReason` 'auto', and asks to be turned on
 * again). No personal data: the payout account is the borrower's bankInfo section at the time of the payout.
 */
export const easyReloanSettings = pgTable('easy_reloan_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull(),
  principal: integer('principal'),
  termDays: integer('term_days').notNull(),
  productId: text('product_id').notNull(),
  subProductId: text('sub_product_id').notNull(),
  cycle: integer('cycle').notNull().default(0),
  disbursedInCycle: integer('disbursed_in_cycle').notNull().default(0),
  /** When the borrower last agreed to the Easy Re-loan agreement (turning it on requires it). */
  agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  /** Why it is off: 'borrower' (turned off) or 'auto' (after its disbursements; the borrower is asked to turn it on again). */
  offReason: text('off_reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One scheduled re-loan, made when `sourceOrderId` settled while Easy Re-loan was on (unique: one re-loan per settled
 * loan, whichever instance or job run makes it). States: applied (the order is under review) -> noticed (approved;
 * the notice with the disclosure is written, payout at `payoutAt`, cancellable until then) -> disbursing (the
 * payout is requested) -> done (the money arrived; `voucherCouponId` is its reward); or cancelled (by the borrower,
 * before `payoutAt`) or not_approved (underwriting rejected it).
 */
export const easyReloans = pgTable(
  'easy_reloans',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    sourceOrderId: uuid('source_order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    payoutAt: timestamp('payout_at', { withTimezone: true }),
    noticedAt: timestamp('noticed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    voucherCouponId: uuid('voucher_coupon_id').references(() => coupons.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('easy_reloans_source_key').on(t.sourceOrderId),
    uniqueIndex('easy_reloans_order_key').on(t.orderId),
    index('easy_reloans_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * One version of a versioned document (docs/form-studio.md): a step form (`kind` form, `name` its schema name), the step order
 * (flow, `steps`) or a sub-product theme (theme, its number). Statuses: draft -> review -> published -> archived; at
 * most one open (draft or review) and one published version per document. Version 1 of each is the repository's seed.
 * `retired_at` is when a published version was replaced: the server still accepts a step saved with it for the grace
 * period. Form versions name their content-hashed files in form_assets (`form_hash`, `validator_hash`).
 */
export const formVersions = pgTable(
  'form_versions',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    status: text('status').notNull(),
    /** `json`, not `jsonb`: kept as written, so the order of a schema's properties (the form's field order) survives. */
    content: json('content').notNull(),
    basedOn: integer('based_on'),
    authorId: uuid('author_id').references(() => staffAccounts.id),
    approverId: uuid('approver_id').references(() => staffAccounts.id),
    /** Who last submitted it for review. */
    submitterId: uuid('submitter_id').references(() => staffAccounts.id),
    /** Everyone who opened, changed or submitted it (staff ids): none of them may approve it (four eyes). */
    contributors: jsonb('contributors').$type<string[]>().notNull().default([]),
    /** Withdrawn for cause: never published again, and no borrower's step is checked against it. */
    withdrawnReason: text('withdrawn_reason'),
    withdrawnById: uuid('withdrawn_by_id').references(() => staffAccounts.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** The reviewer's note when sending a version back, or what a rollback restored. */
    note: text('note'),
    /** The breaking changes (their ids) the author acknowledged when submitting. */
    acknowledged: jsonb('acknowledged').$type<string[]>(),
    formHash: text('form_hash'),
    validatorHash: text('validator_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('form_versions_document_version_key').on(t.kind, t.name, t.version),
    uniqueIndex('form_versions_one_published_key')
      .on(t.kind, t.name)
      .where(sql`${t.status} = 'published'`),
    uniqueIndex('form_versions_one_open_key')
      .on(t.kind, t.name)
      .where(sql`${t.status} in ('draft', 'review')`),
  ],
);

/** A published (or previewed) form's immutable file, by the hash of its body: served at /forms/<hash>.<json|js>. */
export const formAssets = pgTable('form_assets', {
  hash: text('hash').primaryKey(),
  /** `json` (the form) or `js` (its validator module). */
  type: text('type').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** A studio test persona: sample data product staff fill a form's preview with (never a borrower's data). */
export const formPersonas = pgTable(
  'form_personas',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    form: text('form').notNull(),
    label: text('label').notNull(),
    data: jsonb('data').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (t) => [index('form_personas_form_idx').on(t.form)],
);

// ---- Collections (docs/collections.md; rules in domain/collections.ts and config/collections.json). ----

/** A value of one of the domain's lists, checked by the database too. */
const oneOf = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/** The collector an overdue loan is assigned to: by rule (the daily collections job; `assignedBy` null) or by a supervisor. */
export const collectionAssignments = pgTable(
  'collection_assignments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    collectorId: uuid('collector_id')
      .notNull()
      .references(() => staffAccounts.id),
    assignedBy: uuid('assigned_by').references(() => staffAccounts.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('collection_assignments_collector_idx').on(t.collectorId)],
);

/**
 * A message template collectors send (SMS and in-app message), one text per language; sent only once a second
 * person approved it (four eyes), and never with wording MC 18 forbids (checked at creation and at approval). States:
 * pending, approved, refused.
 */
export const collectionTemplates = pgTable(
  'collection_templates',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** { en, fil, zh-CN }: the text in each language, with {{placeholders}} (api-contract/collections.ts). */
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    state: text('state').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffAccounts.id),
    decidedBy: uuid('decided_by').references(() => staffAccounts.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('collection_templates_state_idx').on(t.state, t.createdAt)],
);

/**
 * A collection contact: an attempt a collector recorded (call, SMS, e-mail, in-app; its outcome and note) or an
 * approved template sent (`templateId`, no outcome). `day` (Manila) counts the borrower's contacts of the day; the
 * borrower sees every row (GET /collection-contacts) with its purpose. The note is personal data, encrypted.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    channel: text('channel').notNull(),
    outcome: text('outcome'),
    note: encryptedText('note', 'collection_contacts.note'),
    templateId: uuid('template_id').references(() => collectionTemplates.id),
    /** The language a template was sent in (the borrower's), and the text sent (SMS and in-app message alike). */
    language: text('language'),
    message: text('message'),
    purpose: text('purpose').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('collection_contacts_customer_day_idx').on(t.customerId, t.day),
    index('collection_contacts_order_idx').on(t.orderId, t.at),
    check('collection_contacts_channel_check', oneOf(t.channel, CONTACT_CHANNELS)),
    check('collection_contacts_outcome_check', sql`${t.outcome} is null or ${oneOf(t.outcome, CONTACT_OUTCOMES)}`),
    check('collection_contacts_purpose_check', oneOf(t.purpose, CONTACT_PURPOSES)),
  ],
);

/**
 * A promise to pay `amount` by `promisedOn` (Manila day, included). States: pending, kept (the payments made after it
 * reached the amount by the day), broken (the day passed without): domain/collections.ts promiseState, stored by the
 * daily collections job.
 */
export const collectionPromises = pgTable(
  'collection_promises',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    contactId: uuid('contact_id').references(() => collectionContacts.id),
    promisedOn: date('promised_on', { mode: 'string' }).notNull(),
    amount: integer('amount').notNull(),
    state: text('state').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    /** When it was found kept or broken. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('collection_promises_order_idx').on(t.orderId, t.madeAt),
    // The book's promises whose day falls in a range.
    index('collection_promises_day_idx').on(t.promisedOn),
    index('collection_promises_pending_idx')
      .on(t.promisedOn)
      .where(sql`${t.state} = 'pending'`),
    check('collection_promises_state_check', oneOf(t.state, ['pending', 'kept', 'broken'])),
  ],
);

/**
 * A borrower's dispute of what a loan's bill says (in the app; or stated on a call, recorded by the collector:
 * `openedBy`). While open, collection contact on the loan is paused and a supervisor resolves it. The borrower's note
 * and the resolution's are personal data, encrypted. States: open, resolved.
 */
export const collectionDisputes = pgTable(
  'collection_disputes',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: encryptedText('note', 'collection_disputes.note'),
    /** The staff member who recorded it from a call; null: the borrower, in the app. */
    openedBy: uuid('opened_by').references(() => staffAccounts.id),
    state: text('state').notNull(),
    resolution: text('resolution'),
    resolutionNote: encryptedText('resolution_note', 'collection_disputes.resolution_note'),
    resolvedBy: uuid('resolved_by').references(() => staffAccounts.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('collection_disputes_one_open')
      .on(t.orderId)
      .where(sql`${t.state} = 'open'`),
    index('collection_disputes_state_idx').on(t.state, t.createdAt),
    index('collection_disputes_customer_idx').on(t.customerId),
  ],
);
