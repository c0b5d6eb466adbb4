/**
 * The simulated collection gateway: behaves like PayMongo's Payment Intent workflow from the outside. It keeps its own
 * state in its own table (simulated.collections, server/providers/simulated/tables.ts: it survives a restart), takes an
 * idempotency key (a repeat answers the same payment intent), attaches the payment method at once (e-wallets and online
 * banking answer a redirect `checkout` URL, QR Ph a QR image) and after `delayMs` the payer acts: the payment is paid,
 * or, for payer phones matching `failPattern`, the attempt fails and the intent stays payable (PayMongo "Key
 * concepts"); with `payerRetries` the payer tries again `delayMs` later and pays. What the borrower was given expires
 * as PayMongo's does (methodExpirySeconds: a QR Ph code `qrphExpirySeconds` after the attach): a payer whose turn comes
 * later never pays it, the intent goes back to awaiting a payment method (read back `pending`, no action) and, for QR
 * Ph, a `qrph.expired` event is sent. Each outcome is a signed `payment.paid` / `payment.failed` / `qrph.expired` event
 * POSTed through `deliver`; a failed delivery is retried with backoff with the same event id and its first timestamp,
 * as PayMongo retries (PayMongo "Webhook Retry Logic"), and resumes after a restart; SKIP LOCKED claims make several
 * instances deliver each once.
 *
 * Over-the-counter is not a PayMongo payment-intent method: here `otc` stands in for a counter partner and answers a
 * 12-character reference to read out; the PayMongo adapter refuses it.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { simCollections } from '../simulated/tables.ts';
import { attemptDelivery, deliveryWorker, type Deliver } from '../deliver.ts';
import {
  collectionExpiryMs,
  COLLECTION_EXPIRY_EVENT,
  defaultCollectionMethod,
  methodExpirySeconds,
  PAYMONGO_MINIMUM_CENTAVOS,
  QRPH_EXPIRY_SECONDS,
  signCollectionWebhook,
  type CollectionMethod,
  type CollectionProvider,
  type CollectionRequest,
  type CollectionResult,
} from './collection-provider.ts';
import { PROVIDER_ERRORS, ProviderError } from '../provider-error.ts';
import { paymongoIntentResult } from './paymongo.ts';

export interface SimulatedCollectionOptions {
  readonly db: Database;
  readonly now: () => Date;
  readonly delayMs: number;
  /** Payer phones whose payment attempts fail; null: none. */
  readonly failPattern: RegExp | null;
  /** After a failed attempt the payer tries again (`delayMs` later) and pays. Default false: one attempt. */
  readonly payerRetries?: boolean;
  readonly webhookSecret: string;
  readonly deliver: Deliver;
  readonly webhookPath?: string;
  /** The life of a QR Ph code from the attach, as PayMongo's `expiry_seconds`. Default 1800 (PayMongo's default). */
  readonly qrphExpirySeconds?: number;
}

type Row = typeof simCollections.$inferSelect;

/** Where the simulated e-wallet or bank page would be: the borrower is sent there to authorise. */
export const SIM_CHECKOUT_BASE = 'https://checkout.simulated.invalid/pay/';
/** A 1x1 PNG standing in for a QR Ph code image. */
const SIM_QR_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The PayMongo next action of an attached method. */
function nextActionOf(row: Row) {
  if (row.methodType === 'qrph')
    return {
      type: 'consume_qr',
      code: { id: `code_${row.id.slice(3)}`, amount: row.amount, label: row.referenceNumber, image_url: SIM_QR_IMAGE },
    };
  return { type: 'redirect', redirect: { url: `${SIM_CHECKOUT_BASE}${row.id}`, return_url: null } };
}

/**
 * The row's mark of a code that expired unpaid (status back to awaiting_payment_method, as PayMongo's intent): no
 * payment attempt failed, so the intent shows no `last_payment_error`.
 */
const EXPIRED = 'expired';

/** The PayMongo payment intent resource of a row. */
function intentOf(row: Row) {
  const failed = row.status === 'awaiting_payment_method' && row.failureCode !== null && row.failureCode !== EXPIRED;
  return {
    data: {
      id: row.id,
      type: 'payment_intent',
      attributes: {
        amount: row.amount,
        currency: 'PHP',
        status: row.status,
        payment_method_allowed: [row.methodType],
        next_action: row.status === 'awaiting_next_action' ? nextActionOf(row) : null,
        last_payment_error: failed
          ? { failed_code: row.failureCode, failed_message: 'The payment was declined.' }
          : null,
        metadata: row.metadata,
        created_at: Math.floor(row.createdAt.getTime() / 1000),
      },
    },
  };
}

function resultOf(row: Row): CollectionResult {
  const { intentStatus: _, ...result } = paymongoIntentResult(intentOf(row))!;
  // The counter stand-in (not PayMongo): the reference is what the borrower reads out at the counter.
  return row.methodType === 'otc' ? { ...result, reference: row.referenceNumber, action: null } : result;
}

/** A payment reference a borrower can read out at a counter: 12 characters, no 0/O or 1/I. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The PayMongo-shaped webhook body of the row's event (`eventId`, `eventAt`: the event's own, stable on retries). */
export function collectionWebhookBody(row: Row): string {
  const paid = row.status === 'succeeded';
  const unix = Math.floor((row.eventAt ?? row.createdAt).getTime() / 1000);
  // The expired code's intent, as it reads now (PayMongo does not publish this event's resource: see
  // parseCollectionExpiry).
  if (row.failureCode === EXPIRED)
    return JSON.stringify({
      data: {
        id: row.eventId,
        type: 'event',
        attributes: {
          type: COLLECTION_EXPIRY_EVENT,
          livemode: false,
          data: intentOf(row).data,
          previous_data: {},
          created_at: unix,
          updated_at: unix,
        },
      },
    });
  return JSON.stringify({
    data: {
      id: row.eventId,
      type: 'event',
      attributes: {
        type: paid ? 'payment.paid' : 'payment.failed',
        livemode: false,
        data: {
          id: `pay_${row.id.slice(3)}_${row.paymentAttempts}`,
          type: 'payment',
          attributes: {
            amount: row.amount,
            currency: 'PHP',
            status: paid ? 'paid' : 'failed',
            payment_intent_id: row.id,
            external_reference_number: row.referenceNumber,
            source: { type: row.methodType },
            metadata: row.metadata,
            failed_code: paid ? null : row.failureCode,
            failed_message: paid ? null : 'The payment was declined.',
            paid_at: paid ? unix : null,
            created_at: Math.floor(row.createdAt.getTime() / 1000),
          },
        },
        previous_data: {},
        created_at: unix,
        updated_at: unix,
      },
    },
  });
}

export function createSimulatedCollectionGateway(options: SimulatedCollectionOptions) {
  const { db, now } = options;
  const path = options.webhookPath ?? '/api/v1/webhooks/collection';
  const qrphExpirySeconds = options.qrphExpirySeconds ?? QRPH_EXPIRY_SECONDS.default;
  const retries = options.payerRetries ?? false;

  /** When what the row's borrower was given stops being payable (attached at creation); null: never. */
  function codeExpiry(row: Row): Date | null {
    const seconds = methodExpirySeconds(row.methodType as CollectionMethod['type'] | 'otc', qrphExpirySeconds);
    return seconds === null ? null : new Date(row.createdAt.getTime() + seconds * 1000);
  }

  /** When the payer's next attempt comes: `delayMs` after the attach, or after the failed attempt before it. */
  const attemptTime = (row: Row) =>
    new Date((row.paymentAttempts === 0 ? row.createdAt : (row.eventAt ?? row.createdAt)).getTime() + options.delayMs);

  /** The payer's next attempt on a payable intent, when its time has come before the code expired: paid, or failed. */
  function attempt(row: Row, at: Date): Partial<Row> | null {
    const payable =
      row.status === 'awaiting_next_action' ||
      (row.status === 'awaiting_payment_method' && retries && row.failureCode !== EXPIRED);
    const when = attemptTime(row);
    const expiry = codeExpiry(row);
    if (!payable || when > at || (expiry !== null && when >= expiry)) return null;
    const fails = (options.failPattern?.test(row.payerPhone) ?? false) && !(retries && row.paymentAttempts >= 1);
    return {
      status: fails ? 'awaiting_payment_method' : 'succeeded',
      failureCode: fails ? 'generic_decline' : null,
      paymentAttempts: row.paymentAttempts + 1,
      eventId: `evt_${randomBytes(12).toString('hex')}`,
      eventAt: at,
      deliveredAt: null,
    };
  }

  /**
   * The code expired unpaid: the intent awaits a payment method again. QR Ph says so in a `qrph.expired` event (its
   * own id, stamped when the gateway gets to it); the other methods expire silently, as PayMongo's redirects do.
   */
  function expire(row: Row, at: Date): Partial<Row> | null {
    const expiry = codeExpiry(row);
    if (expiry === null || expiry > at || row.status === 'succeeded' || row.failureCode === EXPIRED) return null;
    const change = { status: 'awaiting_payment_method', failureCode: EXPIRED };
    return row.methodType === 'qrph'
      ? { ...change, eventId: `evt_${randomBytes(12).toString('hex')}`, eventAt: at, deliveredAt: null }
      : change;
  }

  /**
   * When something next happens to a row with no event owed: the payer's attempt (if before the code's expiry) or the
   * expiry; null: nothing more.
   */
  function nextDue(row: Row): Date | null {
    const payable =
      row.status === 'awaiting_next_action' ||
      (row.status === 'awaiting_payment_method' && retries && row.failureCode !== EXPIRED);
    const expiry = row.status === 'succeeded' || row.failureCode === EXPIRED ? null : codeExpiry(row);
    const turn = payable ? attemptTime(row) : null;
    if (turn && (expiry === null || turn < expiry)) return turn;
    return expiry;
  }

  /**
   * The row as a lookup at `at` reads it: a code whose expiry has come reads expired before the delivery worker gets
   * to it, as at PayMongo. A payer's turn is left to the worker (a stopped worker is a payer who has not acted yet),
   * and so is an expiry after a turn not yet taken.
   */
  function asOf(row: Row, at: Date): Row {
    if ((row.eventId !== null && row.deliveredAt === null) || attempt(row, at)) return row;
    const change = expire(row, at);
    return change ? { ...row, ...change } : row;
  }

  const worker = deliveryWorker(deliverDue);
  /** A delivery pass when the row's next step (`deliverAt`) is due. */
  const wakeAt = (at: Date | null) => {
    if (at) worker.wake(at.getTime() - now().getTime());
  };

  const provider: CollectionProvider = {
    name: 'simulated',
    // The same floor as PayMongo, refused the same way (createPayment below), so the suites meet it.
    minimumCentavos: PAYMONGO_MINIMUM_CENTAVOS,
    async createPayment(request: CollectionRequest) {
      // PayMongo's HTTP 400 parameter_below_minimum, as its adapter reports it.
      if (request.amountCentavos < PAYMONGO_MINIMUM_CENTAVOS)
        throw new ProviderError(PROVIDER_ERRORS.refused, false, 'simulated parameter_below_minimum');
      const at = now();
      const method = request.method?.type ?? defaultCollectionMethod(request.channel)?.type ?? 'otc';
      const [created] = await db
        .insert(simCollections)
        .values({
          id: `pi_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          referenceNumber: newReference(),
          amount: request.amountCentavos,
          channel: request.channel,
          payerPhone: request.payer.phone,
          metadata: request.metadata,
          // Created and attached in one go: the borrower has something to act on from the first answer.
          status: 'awaiting_next_action',
          methodType: method,
          createdAt: at,
          // The payer's turn, or the code's expiry when that comes first.
          deliverAt: new Date(
            Math.min(
              at.getTime() + options.delayMs,
              at.getTime() + (collectionExpiryMs(request.channel, request.method, qrphExpirySeconds) ?? Infinity),
            ),
          ),
        })
        .onConflictDoNothing()
        .returning();
      if (created) {
        wakeAt(created.deliverAt);
        return resultOf(created);
      }
      const [existing] = await db
        .select()
        .from(simCollections)
        .where(eq(simCollections.idempotencyKey, request.idempotencyKey));
      if (!existing) throw new Error('simulated collection gateway: idempotency key conflict without a row');
      return resultOf(asOf(existing, now()));
    },
    async getPayment(providerRef: string) {
      const [row] = await db.select().from(simCollections).where(eq(simCollections.id, providerRef));
      return row ? resultOf(asOf(row, now())) : null;
    },
    paymentExpiryMs: (channel, method) => collectionExpiryMs(channel, method, qrphExpirySeconds),
  };

  async function deliverDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const at = now();
      const due = db
        .select({ id: simCollections.id })
        .from(simCollections)
        .where(lte(simCollections.deliverAt, at))
        .limit(16)
        .for('update', { skipLocked: true });
      const rows = await db
        .update(simCollections)
        .set({
          deliverAt: new Date(at.getTime() + 60_000),
          deliveryAttempts: sql`${simCollections.deliveryAttempts} + 1`,
        })
        .where(inArray(simCollections.id, due))
        .returning();
      if (rows.length === 0) return count;
      count += rows.length;
      await Promise.all(
        rows.map(async (claimed) => {
          let row = claimed;
          if (row.eventId === null || row.deliveredAt !== null) {
            // No event owed: the payer acts now, or the code expires.
            const change = attempt(row, at) ?? expire(row, at);
            const changed = change ? { ...row, ...change } : row;
            if (!change || changed.eventId === row.eventId) {
              const deliverAt = nextDue(changed);
              await db
                .update(simCollections)
                .set({ ...change, deliverAt })
                .where(eq(simCollections.id, row.id));
              wakeAt(deliverAt);
              return;
            }
            const [next] = await db
              .update(simCollections)
              .set({ ...change, deliveryAttempts: 1 })
              .where(eq(simCollections.id, row.id))
              .returning();
            row = next ?? row;
          }
          const body = collectionWebhookBody(row);
          const signature = signCollectionWebhook(
            options.webhookSecret,
            body,
            Math.floor((row.eventAt ?? at).getTime() / 1000),
          );
          const sentAt = now();
          const next = await attemptDelivery(
            options.deliver,
            { path, headers: { 'content-type': 'application/json', 'paymongo-signature': signature }, body },
            row.deliveryAttempts,
            sentAt,
          );
          // Delivered: what comes next (the payer's retry, the code's expiry) is due at its time.
          const after = next.deliveredAt ? { ...next, deliverAt: nextDue(row), deliveryAttempts: 0 } : next;
          await db.update(simCollections).set(after).where(eq(simCollections.id, row.id));
          wakeAt(after.deliverAt);
        }),
      );
    }
  }

  return {
    ...provider,
    /** Settles and delivers every payment due now (tests; the timer calls it too). */
    flush: worker.flush,
    start: worker.start,
    /** A delivery pass in `delayMs`, if started (a test or the demo clock moved the time). */
    wake: worker.wake,
    stop: worker.stop,
  };
}

export type SimulatedCollectionGateway = ReturnType<typeof createSimulatedCollectionGateway>;
