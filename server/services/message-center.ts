/**
 * The message center (GET/POST /api/v1/messages): a borrower's Notify messages (their own events, `messages`) and the
 * Activity tab (announcements for everyone, `announcements`, read marks in `announcement_reads`). Every query names
 * the caller's customer id: one borrower never reads or marks another's messages. A message goes out as its template
 * key and parameters; the web app renders it in the reader's language. Lists page by keyset, newest first, 20 a page.
 */
import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { MessagesConfigFile } from '#config/types/messages.ts';
import type { Database } from '../db/database.ts';
import { announcementReads, announcements, messages } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { unreadCounts } from './messages.ts';

export const MESSAGE_TABS = ['notify', 'activity'] as const;
export type MessageTab = (typeof MESSAGE_TABS)[number];
export const PAGE_SIZE = 20;

/** A message as the API answers it (api-contract/messages.ts). */
export interface MessageView {
  readonly id: string;
  readonly tab: MessageTab;
  readonly template: string;
  readonly params: Record<string, string | number>;
  readonly link: string | null;
  readonly createdAt: string;
  readonly read: boolean;
}

const NOTIFY_ID = /^[1-9]\d{0,14}$/u;
const ANNOUNCEMENT_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/u;

/** A message id of `tab` from the request, or null when it cannot be one (no one's message). */
function idOf(tab: MessageTab, id: string): string | null {
  return (tab === 'notify' ? NOTIFY_ID : ANNOUNCEMENT_ID).test(id) ? id : null;
}

const params = (value: unknown) =>
  value && typeof value === 'object' ? (value as Record<string, string | number>) : {};

export function createMessageCenter(deps: { readonly db: Database; readonly now: () => Date }) {
  const { db, now } = deps;

  /** Announcements shown at `at`: published, not ended. */
  const visible = (at: Date) =>
    and(lte(announcements.publishedAt, at), or(isNull(announcements.endsAt), gt(announcements.endsAt, at)));

  async function listNotify(customerId: string, before: string | undefined): Promise<MessageView[]> {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, customerId), before ? lt(messages.id, Number(before)) : undefined))
      .orderBy(desc(messages.id))
      .limit(PAGE_SIZE + 1);
    return rows.map((m) => ({
      id: String(m.id),
      tab: 'notify',
      template: m.template,
      params: params(m.params),
      link: m.link,
      createdAt: m.createdAt.toISOString(),
      read: m.readAt !== null,
    }));
  }

  async function listActivity(customerId: string, before: string | undefined): Promise<MessageView[]> {
    const at = now();
    const cursor = before
      ? sql`(${announcements.publishedAt}, ${announcements.id}) < (select c.published_at, c.id from ${announcements} c where c.id = ${before})`
      : undefined;
    const rows = await db
      .select({ a: announcements, readAt: announcementReads.readAt })
      .from(announcements)
      .leftJoin(
        announcementReads,
        and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.customerId, customerId)),
      )
      .where(and(visible(at), cursor))
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(PAGE_SIZE + 1);
    return rows.map(({ a, readAt }) => ({
      id: a.id,
      tab: 'activity',
      template: a.template,
      params: params(a.params),
      link: a.link,
      createdAt: a.publishedAt.toISOString(),
      read: readAt !== null,
    }));
  }

  /** One page of `tab`, newest first, older than `before` (an id of that tab); `next` is the `before` of the next page. */
  async function list(
    customerId: string,
    tab: MessageTab,
    before?: string,
  ): Promise<{ tab: MessageTab; messages: MessageView[]; next: string | null }> {
    if (before !== undefined && idOf(tab, before) === null) throw new ApiError('INVALID_INPUT', { detail: 'before' });
    const rows = tab === 'notify' ? await listNotify(customerId, before) : await listActivity(customerId, before);
    const page = rows.slice(0, PAGE_SIZE);
    return { tab, messages: page, next: rows.length > PAGE_SIZE ? page[page.length - 1]!.id : null };
  }

  /** Opens one message of the caller: marks it read (once) and answers it; NOT_FOUND for anyone else's or none. */
  async function open(customerId: string, tab: MessageTab, rawId: string): Promise<MessageView> {
    const id = idOf(tab, rawId);
    if (id === null) throw new ApiError('NOT_FOUND');
    const at = now();
    if (tab === 'notify') {
      const [row] = await db
        .update(messages)
        .set({ readAt: sql`coalesce(${messages.readAt}, ${at})` })
        .where(and(eq(messages.id, Number(id)), eq(messages.customerId, customerId)))
        .returning();
      if (!row) throw new ApiError('NOT_FOUND');
      return {
        id: String(row.id),
        tab,
        template: row.template,
        params: params(row.params),
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        read: true,
      };
    }
    const [a] = await db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), visible(at)));
    if (!a) throw new ApiError('NOT_FOUND');
    await db.insert(announcementReads).values({ customerId, announcementId: a.id, readAt: at }).onConflictDoNothing();
    return {
      id: a.id,
      tab,
      template: a.template,
      params: params(a.params),
      link: a.link,
      createdAt: a.publishedAt.toISOString(),
      read: true,
    };
  }

  /** Marks every unread message of the caller read (of `tab`, or both tabs); answers the counts after. */
  async function clearUnread(customerId: string, tab?: MessageTab) {
    const at = now();
    if (tab !== 'activity') {
      await db
        .update(messages)
        .set({ readAt: at })
        .where(and(eq(messages.customerId, customerId), isNull(messages.readAt)));
    }
    if (tab !== 'notify') {
      await db.execute(sql`
        insert into ${announcementReads} (customer_id, announcement_id, read_at)
        select ${customerId}, a.id, ${at} from ${announcements} a
        where a.published_at <= ${at} and (a.ends_at is null or a.ends_at > ${at})
        on conflict do nothing`);
    }
    return unread(customerId);
  }

  async function unread(customerId: string) {
    const counts = await unreadCounts(db, customerId, now());
    return { ...counts, total: counts.notify + counts.activity };
  }

  return { list, open, clearUnread, unread };
}

export type MessageCenter = ReturnType<typeof createMessageCenter>;

/**
 * Upserts config/messages.json's announcements into the table (at server start, every instance: the same rows).
 * An announcement staff published (not in the config) is left alone.
 */
export async function seedAnnouncements(db: Database, config: MessagesConfigFile): Promise<void> {
  for (const a of config.announcements) {
    const row = {
      id: a.id,
      template: a.template ?? a.id,
      params: a.params ?? {},
      link: a.link ?? null,
      publishedAt: new Date(a.publishedAt),
      endsAt: a.endsAt ? new Date(a.endsAt) : null,
    };
    await db
      .insert(announcements)
      .values(row)
      .onConflictDoUpdate({
        target: announcements.id,
        set: {
          template: row.template,
          params: row.params,
          link: row.link,
          publishedAt: row.publishedAt,
          endsAt: row.endsAt,
        },
      });
  }
}
