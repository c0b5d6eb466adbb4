/**
 * Notify messages: a borrower's own events, written by the code that causes the event, inside its transaction (so a
 * message exists exactly when its event does). A message is a template key (locales/<lng>/messages.json, `notify.*`)
 * with parameters, rendered in the reader's language when read; `link` is the in-app route it opens. A job that may
 * run twice passes a `dedupeKey`: the second write is a no-op.
 */
import { sql } from 'drizzle-orm';
import { announcementReads, announcements, messages } from '../db/tables.ts';
import type { Database } from '../db/database.ts';
import type { Tx } from './idempotency.ts';

/** The templates of Notify messages (keys under `notify.` in the messages catalogs). */
export type NotifyTemplate =
  | 'welcome'
  | 'applicationReceived'
  | 'approved'
  | 'reloanApproved'
  | 'rejected'
  | 'moneySent'
  | 'disbursementFailed'
  | 'paymentSucceeded'
  | 'paymentFailed'
  | 'refundRequested'
  | 'refunded'
  | 'refundFailed'
  | 'extended'
  | 'settled'
  | 'couponIssued'
  | 'couponExpiring'
  | 'dueIn3Days'
  | 'dueToday'
  | 'overdue'
  | 'feedbackReceived'
  | 'feedbackReplied'
  | 'reloanNotice'
  | 'reloanTurnedOff'
  | 'collectionMessage'
  | 'disputeReceived'
  | 'disputeResolved'
  | 'collectionComplaintReceived'
  | 'collectionComplaintResolved';

/** Parameters are plain values: amounts in centavos (`*Centavos`), Manila days as YYYY-MM-DD, order numbers. */
export type MessageParams = Readonly<Record<string, string | number>>;

export interface NotifyInput {
  readonly customerId: string;
  readonly template: NotifyTemplate;
  readonly params?: MessageParams;
  readonly link?: string | null;
  readonly dedupeKey?: string;
  /** When it is written: the server's clock (DEMO_CLOCK's in a demonstration); default the database's time. */
  readonly at?: Date;
}

/** Writes a Notify message in `tx` (the event's own transaction); false when its `dedupeKey` was already written. */
export async function notify(tx: Tx | Database, input: NotifyInput): Promise<boolean> {
  const written = await tx
    .insert(messages)
    .values({
      customerId: input.customerId,
      template: input.template,
      params: input.params ?? {},
      link: input.link ?? null,
      dedupeKey: input.dedupeKey ?? null,
      ...(input.at && { createdAt: input.at }),
    })
    .onConflictDoNothing()
    .returning({ id: messages.id });
  return written.length > 0;
}

/**
 * Unread messages of a borrower, by tab: Notify (their own, unread) and Activity (announcements published by `now`,
 * not ended, not read by them). One query on the partial unread index and the announcements' published index.
 */
export async function unreadCounts(
  db: Tx | Database,
  customerId: string,
  now: Date,
): Promise<{ notify: number; activity: number }> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from ${messages} where ${messages.customerId} = ${customerId} and ${messages.readAt} is null) as notify,
      (select count(*)::int from ${announcements} a
        where a.published_at <= ${now} and (a.ends_at is null or a.ends_at > ${now})
          and not exists (select 1 from ${announcementReads} r where r.customer_id = ${customerId} and r.announcement_id = a.id)) as activity
  `)) as unknown as { rows: { notify: number; activity: number }[] };
  const row = result.rows[0];
  return { notify: row?.notify ?? 0, activity: row?.activity ?? 0 };
}
