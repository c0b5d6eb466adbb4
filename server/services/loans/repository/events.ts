/** The loan repository's order events (../repository.ts: what the repository is, and the lock order). */
import { and, asc, desc, eq } from 'drizzle-orm';
import { loanEvents } from '#server/db/tables.ts';
import type { Db, EventRow, NewEvent } from './types.ts';

/** Records an event of an order (the repository's `recordEvent` stamps its time). */
export async function insertEvent(db: Db, event: NewEvent): Promise<void> {
  await db.insert(loanEvents).values(event);
}

/** The order's events, oldest first. */
export function eventsOf(db: Db, orderId: string): Promise<EventRow[]> {
  return db
    .select()
    .from(loanEvents)
    .where(eq(loanEvents.orderId, orderId))
    .orderBy(asc(loanEvents.at), asc(loanEvents.id));
}

/** The data of the order's latest event of `kind`; undefined when it has none. */
export async function latestEventData(db: Db, orderId: string, kind: string): Promise<unknown> {
  const [event] = await db
    .select({ data: loanEvents.data })
    .from(loanEvents)
    .where(and(eq(loanEvents.orderId, orderId), eq(loanEvents.kind, kind)))
    .orderBy(desc(loanEvents.id))
    .limit(1);
  return event?.data;
}

/** Whether the order ever moved into `state`. */
export async function everEntered(db: Db, orderId: string, state: string): Promise<boolean> {
  const [event] = await db
    .select({ id: loanEvents.id })
    .from(loanEvents)
    .where(and(eq(loanEvents.orderId, orderId), eq(loanEvents.toState, state)))
    .limit(1);
  return event !== undefined;
}
