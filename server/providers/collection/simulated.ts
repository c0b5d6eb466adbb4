/**
 * The simulated collection gateway: behaves like PayMongo from the outside. It keeps its own state in its own tables
 * (sim_collections: it survives a restart), takes an idempotency key (a repeat answers the same payment intent), gives
 * a reference to pay with, and after `delayMs` settles the payment (paid, or failed for payer phones matching
 * `failPattern`) and POSTs a signed `payment.paid` / `payment.failed` webhook through `deliver`. Failed deliveries are
 * retried with backoff and resume after a restart; SKIP LOCKED claims make several instances deliver each once.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { simCollections } from '../../db/schema.ts';
import { attemptDelivery, deliveryWorker, type Deliver } from '../deliver.ts';
import { signCollectionWebhook, type CollectionProvider, type CollectionRequest, type CollectionResult, type CollectionStatus } from './collection-provider.ts';

export interface SimulatedCollectionOptions {
  readonly db: Database;
  readonly now: () => Date;
  readonly delayMs: number;
  /** Payer phones whose payments fail; null: none. */
  readonly failPattern: RegExp | null;
  readonly webhookSecret: string;
  readonly deliver: Deliver;
  readonly webhookPath?: string;
}

type Row = typeof simCollections.$inferSelect;

const STATUS: Record<string, CollectionStatus> = { awaiting_payment_method: 'pending', succeeded: 'paid', payment_failed: 'failed' };

const resultOf = (row: Row): CollectionResult => ({
  providerRef: row.id,
  reference: row.referenceNumber,
  checkoutUrl: null,
  status: STATUS[row.status] ?? 'pending',
  amountCentavos: row.amount,
  failureCode: row.failureCode,
});

/** A payment reference a borrower can read out at a counter: 12 characters, no 0/O or 1/I. */
function newReference(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(12)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** The PayMongo-shaped webhook body of a finished payment. */
export function collectionWebhookBody(row: Row, at: Date): string {
  const paid = row.status === 'succeeded';
  const unix = Math.floor(at.getTime() / 1000);
  return JSON.stringify({
    data: {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: 'event',
      attributes: {
        type: paid ? 'payment.paid' : 'payment.failed',
        livemode: false,
        data: {
          id: `pay_${row.id.slice(3)}`,
          type: 'payment',
          attributes: {
            amount: row.amount,
            currency: 'PHP',
            status: paid ? 'paid' : 'failed',
            payment_intent_id: row.id,
            external_reference_number: row.referenceNumber,
            source: { type: row.channel },
            metadata: row.metadata,
            failed_code: row.failureCode,
            failed_message: row.failureCode ? 'The payment was declined.' : null,
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

  const provider: CollectionProvider = {
    name: 'simulated',
    async createPayment(request: CollectionRequest) {
      const at = now();
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
          status: 'awaiting_payment_method',
          createdAt: at,
          deliverAt: new Date(at.getTime() + options.delayMs),
        })
        .onConflictDoNothing()
        .returning();
      if (created) return resultOf(created);
      const [existing] = await db.select().from(simCollections).where(eq(simCollections.idempotencyKey, request.idempotencyKey));
      if (!existing) throw new Error('simulated collection gateway: idempotency key conflict without a row');
      return resultOf(existing);
    },
    async getPayment(providerRef: string) {
      const [row] = await db.select().from(simCollections).where(eq(simCollections.id, providerRef));
      return row ? resultOf(row) : null;
    },
  };

  async function deliverDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const at = now();
      const due = db.select({ id: simCollections.id }).from(simCollections).where(lte(simCollections.deliverAt, at)).limit(16).for('update', { skipLocked: true });
      const rows = await db
        .update(simCollections)
        .set({ deliverAt: new Date(at.getTime() + 60_000), deliveryAttempts: sql`${simCollections.deliveryAttempts} + 1` })
        .where(inArray(simCollections.id, due))
        .returning();
      if (rows.length === 0) return count;
      count += rows.length;
      await Promise.all(rows.map(async (claimed) => {
        let row = claimed;
        if (row.status === 'awaiting_payment_method') {
          const fails = options.failPattern?.test(row.payerPhone) ?? false;
          const [finished] = await db
            .update(simCollections)
            .set({ status: fails ? 'payment_failed' : 'succeeded', failureCode: fails ? 'generic_decline' : null })
            .where(eq(simCollections.id, row.id))
            .returning();
          row = finished ?? row;
        }
        const sentAt = now();
        const body = collectionWebhookBody(row, sentAt);
        const signature = signCollectionWebhook(options.webhookSecret, body, Math.floor(sentAt.getTime() / 1000));
        const next = await attemptDelivery(options.deliver, { path, headers: { 'content-type': 'application/json', 'paymongo-signature': signature }, body }, row.deliveryAttempts, sentAt);
        await db.update(simCollections).set(next).where(eq(simCollections.id, row.id));
      }));
    }
  }

  const worker = deliveryWorker(deliverDue);
  return {
    ...provider,
    /** Settles and delivers every payment due now (tests; the timer calls it too). */
    flush: worker.flush,
    start: worker.start,
    stop: worker.stop,
  };
}

export type SimulatedCollectionGateway = ReturnType<typeof createSimulatedCollectionGateway>;
