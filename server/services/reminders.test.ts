/**
 * Due reminders (the loan core's daily `remind` job and the `reminder_sms` job), on PGlite and PostgreSQL, with a clock
 * the test sets: due in 3 days, due today and overdue each write one Notify message (a rerun, or two instances at
 * once, write nothing twice); the SMS goes once a day per borrower, only from 08:00 to 20:00 Manila, never when the
 * borrower turned reminders off, in the borrower's language.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import productJson from '#config/product.json' with { type: 'json' };
import { collectionsFile } from '#config/collections.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { contactHoursVerdict } from '#domain/collections.ts';
import { customers, loanOrders, messages } from '../db/tables.ts';
import { databaseTargets } from '../db/test-database.ts';
import { createJobRunner } from '../jobs/runner.ts';
import { borrowerWithProfile } from '../testing/borrower.ts';
import { signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import { createReminderSms, inReminderWindow } from './reminders.ts';

/** The day every loan of this suite is disbursed (Manila), and the instant of `hh:mm` Manila `days` later. */
const START = '2026-12-01';
const manila = (days: number, hh: number, mm = 0) =>
  new Date(manilaStartOfDay(addDays(START, days)).getTime() + (hh * 60 + mm) * 60_000);

describe('the reminder hours', () => {
  it('are within the collection contact hours (config/collections.json, SEC MC 18)', () => {
    const day = addDays(START, 3);
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const at = new Date(manilaStartOfDay(day).getTime() + minute * 60_000);
      if (inReminderWindow(at))
        expect(contactHoursVerdict(at, 0, null, collectionsFile).allowed, String(minute)).toBe(true);
    }
  });

  it('are 08:00 up to 20:00 Manila', () => {
    expect(
      [manila(0, 7, 59), manila(0, 8), manila(0, 19, 59), manila(0, 20), manila(0, 23)].map(inReminderWindow),
    ).toEqual([false, true, true, false, false]);
  });
});

describe.each(databaseTargets())('due reminders on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    // 10:00 Manila on the START day; the test moves it with advance().
    api = await testApi(kind, { clock: manila(0, 10) });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);

  /** Moves the clock to `hh:mm` Manila, `days` after START. */
  const at = (days: number, hh: number, mm = 0) =>
    api.advance((manila(days, hh, mm).getTime() - api.now().getTime()) / 1000);

  /** A borrower whose loan of 30 days is disbursed today (due in 30 days). */
  async function repaying(options: { smsReminders?: boolean; language?: string } = {}) {
    const today = manilaToday(api.now());
    const b = await borrowerWithProfile(api);
    await api.database.db
      .update(customers)
      .set({ smsReminders: options.smsReminders ?? true, language: options.language ?? 'en' })
      .where(eq(customers.id, b.customerId));
    const o = (await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).json<{ id: string; orderNo: string }>();
    api.advance(61);
    await api.loans.handlers['underwrite']!({
      id: 0,
      kind: 'underwrite',
      key: null,
      payload: { orderId: o.id },
      attempts: 1,
    });
    await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) });
    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    await api.settle();
    const [order] = await api.database.db.select().from(loanOrders).where(eq(loanOrders.id, o.id));
    expect(order).toMatchObject({ state: 'repaying', dueDate: addDays(today, 30) });
    return { ...b, order: order! };
  }

  const reminders = async (customerId: string) =>
    (await api.database.db.select().from(messages).where(eq(messages.customerId, customerId)))
      .filter((m) => ['dueIn3Days', 'dueToday', 'overdue'].includes(m.template))
      .map((m) => m.template);
  const smsTo = (phone: string) =>
    api.outbox.messages().filter((m) => m.to === `+63${phone}` && !/login code|login|验证码/u.test(m.text));

  it("writes each reminder once and sends one SMS a day, within the hours, in the borrower's language, never to one who opted out", async () => {
    at(0, 10);
    const a = await repaying();
    const fil = await repaying({ language: 'fil' });
    const optedOut = await repaying({ smsReminders: false });

    // Due in 3 days, at 07:00: the messages are written; the SMS waits for 08:00.
    at(27, 7);
    expect(await api.loans.remindAll()).toBe(3);
    expect(await api.loans.remindAll()).toBe(0);
    await api.runDueJobs();
    expect(smsTo(a.phone)).toEqual([]);
    at(27, 8, 1);
    await api.runDueJobs();
    await api.runDueJobs();
    expect(await reminders(a.customerId)).toEqual(['dueIn3Days']);
    expect(smsTo(a.phone).map((m) => m.text)).toEqual([expect.stringContaining(a.order.orderNo)]);
    expect(smsTo(a.phone)[0]!.text).toContain(productJson.displayName);
    expect(smsTo(fil.phone).map((m) => m.text)).toEqual([expect.stringContaining('Magbayad sa app')]);
    expect(await reminders(optedOut.customerId)).toEqual(['dueIn3Days']);
    expect(smsTo(optedOut.phone)).toEqual([]);

    // Due today, the job run late at 21:00: the message is written, no SMS after 20:00.
    at(30, 21);
    await api.runDueJobs();
    expect(await reminders(a.customerId)).toEqual(['dueIn3Days', 'dueToday']);
    expect(smsTo(a.phone)).toHaveLength(1);

    // Overdue the next day, at 08:00 through the daily schedule: one message per due date, one SMS that day.
    at(31, 9);
    await api.runDueJobs();
    await api.runDueJobs();
    expect(await reminders(a.customerId)).toEqual(['dueIn3Days', 'dueToday', 'overdue']);
    expect(smsTo(a.phone)).toHaveLength(2);
    at(32, 9);
    await api.runDueJobs();
    expect(await reminders(a.customerId)).toEqual(['dueIn3Days', 'dueToday', 'overdue']);
    expect(smsTo(a.phone)).toHaveLength(2);
    expect(smsTo(optedOut.phone)).toEqual([]);
  });

  it('run twice at once, on two instances, writes one message and sends one SMS', async () => {
    at(40, 10);
    const b = await repaying();
    // Another instance: its own job runner on the same database.
    const other = createJobRunner({
      db: api.database.db,
      now: api.now,
      handlers: {
        ...api.loans.handlers,
        ...createReminderSms({
          db: api.database.db,
          sms: api.outbox,
          now: api.now,
          productName: productJson.displayName,
        }),
      },
      schedules: api.loans.schedules,
    });
    at(70, 12);
    const written = await Promise.all([api.loans.remindAll(), api.loans.remindAll()]);
    expect(written.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
    await Promise.all([api.runDueJobs(), other.runDueJobs()]);
    await Promise.all([api.runDueJobs(), other.runDueJobs()]);
    const mine = await api.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.customerId, b.customerId), eq(messages.template, 'dueToday')));
    expect(mine).toHaveLength(1);
    expect(smsTo(b.phone)).toHaveLength(1);
    await other.stop();
  });
});
