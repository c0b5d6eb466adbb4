/**
 * Due reminders by SMS (the loan core's daily `remind` job writes the Notify message and enqueues one `reminder_sms`
 * job per borrower and day; this sends it). Rules: at most one SMS a day per borrower (the job's key is the customer
 * and the Manila day, and a job key is enqueued once, ever), only between 08:00 and 20:00 Manila time (SEC MC 18
 * s.2019 forbids contact before 06:00 and after 22:00; we are stricter), never when the borrower turned SMS reminders
 * off, in the borrower's language. Checked again when sending: a job run late (after 20:00, or another day), for an
 * order paid meanwhile or disputed meanwhile sends nothing. The hours are within the collection contact hours of
 * config/collections.json (reminders.test.ts), the rule every automated SMS about a debt keeps.
 */
import { and, eq } from 'drizzle-orm';
import { manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { formatPeso } from '#domain/money.ts';
import { toE164 } from '#domain/ph-phone.ts';
import type { Database } from '../db/database.ts';
import { collectionDisputes, customers } from '../db/tables.ts';
import type { ClaimedJob, JobHandler, NewJob } from '../jobs/runner.ts';
import type { SmsProvider } from '../providers/sms/sms-provider.ts';
import { findOrder } from './loans/repository.ts';
import { smsText } from './sms-text.ts';

/** Hours (Manila) reminders may be sent: from 08:00 up to, not including, 20:00. */
export const REMINDER_WINDOW = { fromHour: 8, toHour: 20 } as const;
export const REMINDER_TEMPLATES = ['dueIn3Days', 'dueToday', 'overdue'] as const;
export type ReminderTemplate = (typeof REMINDER_TEMPLATES)[number];

const HOUR_MS = 3_600_000;

/** Whether `at` is inside the reminder hours of its Manila day. */
export function inReminderWindow(at: Date): boolean {
  const sinceMidnight = at.getTime() - manilaStartOfDay(manilaToday(at)).getTime();
  return sinceMidnight >= REMINDER_WINDOW.fromHour * HOUR_MS && sinceMidnight < REMINDER_WINDOW.toHour * HOUR_MS;
}

/** The start of the reminder hours of a Manila day. */
export const reminderWindowStart = (day: string): Date =>
  new Date(manilaStartOfDay(day).getTime() + REMINDER_WINDOW.fromHour * HOUR_MS);

export interface ReminderSmsPayload {
  readonly customerId: string;
  readonly orderId: string;
  readonly template: ReminderTemplate;
  /** The Manila day the reminder is for: sent on that day only. */
  readonly day: string;
  /** What the reminder names: owed on the due date (interest to it), or today once past; absent on older jobs. */
  readonly amountCentavos?: number;
}

/**
 * The SMS job of a reminder written at `at`, or null when it is past today's hours (a reminder about today is not sent
 * tomorrow). Before the hours it waits for 08:00.
 */
export function reminderSmsJob(payload: ReminderSmsPayload, at: Date): NewJob | null {
  const start = reminderWindowStart(payload.day);
  if (manilaToday(at) !== payload.day || (at >= start && !inReminderWindow(at))) return null;
  return {
    kind: 'reminder_sms',
    key: `reminder_sms:${payload.customerId}:${payload.day}`,
    payload: { ...payload },
    runAt: at < start ? start : at,
  };
}

const SHORT_DAY: Record<string, string> = { en: 'en-PH', fil: 'fil-PH', 'zh-CN': 'zh-CN' };
/** A day as "Nov 27" (no year: a 4-digit year would read like a login code). */
function shortDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(SHORT_DAY[language] ?? 'en-PH', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

export function createReminderSms(deps: {
  readonly db: Database;
  readonly sms: SmsProvider;
  readonly now: () => Date;
  readonly productName: string;
}): Record<string, JobHandler> {
  const { db, sms, now } = deps;

  async function send(job: ClaimedJob): Promise<void> {
    const p = job.payload as unknown as ReminderSmsPayload;
    const at = now();
    if (manilaToday(at) !== p.day || !inReminderWindow(at)) return;
    const [customer] = await db
      .select({ phone: customers.phone, language: customers.language, smsReminders: customers.smsReminders })
      .from(customers)
      .where(eq(customers.id, p.customerId));
    if (!customer?.smsReminders) return;
    const order = await findOrder(db, p.orderId);
    if (!order || order.state !== 'repaying' || order.customerId !== p.customerId || !order.dueDate) return;
    // Disputed since the reminder was written: nothing until a supervisor resolves it (docs/collections.md).
    const [disputed] = await db
      .select({ id: collectionDisputes.id })
      .from(collectionDisputes)
      .where(and(eq(collectionDisputes.orderId, order.id), eq(collectionDisputes.state, 'open')));
    if (disputed) return;
    const to = toE164(customer.phone);
    if (!to) return;
    const text = smsText(customer.language, `reminder.${p.template}`, {
      product: deps.productName,
      orderNo: order.orderNo,
      amount: formatPeso(p.amountCentavos ?? order.amountDue),
      dueDate: shortDay(order.dueDate, customer.language),
    });
    // The job row (its key, done_at) is the record that this borrower's reminder of the day went out.
    await sms.send({ to, text });
  }

  return { reminder_sms: send };
}
