/**
 * Replay protection for gateway webhooks by the gateway's own event id, not by the age of a signature: PayMongo
 * retries a delivery with the same event for about 136 minutes (PayMongo "Webhook Retry Logic") and a dashboard
 * resend repeats it later still. An event is claimed before it is handled and marked done after; a claim whose
 * handler failed is released so the retry handles it; a claim whose process died is taken over after CLAIM_TTL_MS.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { webhookEvents } from '../db/tables.ts';

export const CLAIM_TTL_MS = 5 * 60_000;

export interface WebhookEventKey {
  readonly provider: string;
  readonly eventId: string;
  readonly type: string;
}

/**
 * Handles an event once: `handle` runs only when no earlier delivery of the same event id finished (or is running);
 * answers its result, or 'replay'. A throw from `handle` releases the claim and is rethrown (the gateway retries).
 */
export async function handleOnce<T extends string>(
  db: Database,
  key: WebhookEventKey,
  at: Date,
  handle: () => Promise<T>,
): Promise<T | 'replay'> {
  const [claimed] = await db
    .insert(webhookEvents)
    .values({ provider: key.provider, eventId: key.eventId, type: key.type, claimedAt: at })
    .onConflictDoUpdate({
      target: [webhookEvents.provider, webhookEvents.eventId],
      set: { claimedAt: at },
      setWhere: and(isNull(webhookEvents.doneAt), lt(webhookEvents.claimedAt, new Date(at.getTime() - CLAIM_TTL_MS))),
    })
    .returning({ eventId: webhookEvents.eventId });
  if (!claimed) return 'replay';
  const where = and(
    eq(webhookEvents.provider, key.provider),
    eq(webhookEvents.eventId, key.eventId),
    isNull(webhookEvents.doneAt),
  );
  let result: T;
  try {
    result = await handle();
  } catch (error) {
    await db.delete(webhookEvents).where(where);
    throw error;
  }
  await db
    .update(webhookEvents)
    .set({ doneAt: sql`greatest(${webhookEvents.claimedAt}, ${at})`, result })
    .where(where);
  return result;
}
