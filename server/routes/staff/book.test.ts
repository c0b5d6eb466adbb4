/**
 * The book at a glance (docs/book.md) through the API, on both databases, with a clock the test moves day by day (so
 * the accrual and the daily collections job run each day, as in production): four loans paid out on one day, one
 * repaid early, three gone past due and on to 31+ days, a promise kept and one broken. The figures are checked
 * exactly against the rows the loans left: flows by day and week, the book, PAR, buckets, a roll from current to
 * 1-7 days, collection rates per bucket and per collector, promises; the CSV export and its formula guard; range
 * errors; who may read it; the audit rows.
 */
import { readFileSync } from 'node:fs';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookAnswer } from '#api-contract/book.ts';
import type { QueueAnswer } from '#api-contract/collections.ts';
import { addDays, manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import { auditLog, loanEvents, loanOrders, payments, payouts, staffAccounts } from '#server/db/tables.ts';
import { databaseTargets } from '#server/db/test-database.ts';
import type { Ledger } from '#domain/loan-ledger.ts';
import { csvCell, toCsv } from '#server/services/book.ts';
import { ledgerPatch } from '#server/services/loans/repository.ts';
import { login, type Borrower } from '#server/testing/borrower.ts';
import { caller, newKey } from '#server/testing/request.ts';
import { repayingLoan, staffCaller } from '#server/testing/collections.ts';
import { addTestStaff, type TestStaff } from '#server/testing/staff.ts';
import { testApi, type TestApi } from '#server/testing/test-api.ts';

/** The instant of hh:mm Manila on `day`. */
const manila = (day: string, hh: number, mm = 0) => new Date(manilaStartOfDay(day).getTime() + (hh * 60 + mm) * 60_000);

describe('the CSV cells', () => {
  it('quotes what needs quoting and disarms formulas', () => {
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell('dela Cruz, Juan')).toBe('"dela Cruz, Juan"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const lead of ['+', '-', '@']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell(-5)).toBe('-5');
    expect(toCsv([], ['a', 'b'])).toBe('a,b\r\n');
  });
});

describe.each(databaseTargets())('the book on %s', (kind) => {
  let api: TestApi;
  let supervisor: TestStaff;
  let admin: TestStaff;
  let collector: TestStaff;
  let desk: TestStaff;
  const S = '2026-12-01';
  beforeAll(async () => {
    api = await testApi(kind, { clock: manila(S, 10) });
    const db = api.database.db;
    supervisor = await addTestStaff(db, 'supervisor', api.now());
    admin = await addTestStaff(db, 'administrator', api.now());
    collector = await addTestStaff(db, 'collector', api.now());
    desk = await addTestStaff(db, 'customerService', api.now());
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const db = () => api.database.db;

  const asStaff = staffCaller(() => api);
  const bookOf = async (query: string, staff = supervisor) => {
    const res = await asStaff(staff, 'GET', `/book${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BookAnswer>();
  };

  /**
   * Moves the clock to hh:mm Manila on `day` a day at a time, running what fell due each day in production's order:
   * the accrual (00:05), then the collections job (00:30).
   */
  async function walk(day: string, hh: number) {
    for (let d = addDays(manilaToday(api.now()), 1); d <= day; d = addDays(d, 1)) {
      for (const minute of [10, 40]) {
        api.advance((manila(d, 0, minute).getTime() - api.now().getTime()) / 1000);
        await api.runDueJobs();
      }
    }
    api.advance((manila(day, hh).getTime() - api.now().getTime()) / 1000);
    await api.runDueJobs();
  }

  const repaying = async () => {
    const { b, order } = await repayingLoan(api);
    return { b, id: order.id };
  };

  async function settle(loan: { b: Borrower; id: string }) {
    const b = { ...loan.b, headers: (await login(api, loan.b.phone)).headers };
    const paid = await call(b, 'POST', `/loans/${loan.id}/payments`, { kind: 'settle', channel: 'otc' }, newKey());
    expect(paid.statusCode, paid.body).toBe(201);
    await api.settle();
    const [row] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, loan.id), eq(payments.state, 'success')));
    return row!.amount;
  }

  const orders = async (ids: string[]) => db().select().from(loanOrders).where(inArray(loanOrders.id, ids));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

  it('sums the flows, the book, PAR, buckets, roll rates, collection rates and promises from the loans’ own rows', async () => {
    const A = await repaying();
    const B = await repaying();
    const C = await repaying();
    const D = await repaying();
    const ids = [A.id, B.id, C.id, D.id];
    const paidOut = await db().select().from(payouts).where(inArray(payouts.orderId, ids));
    const payoutTotal = sum(paidOut.filter((p) => p.state === 'succeeded').map((p) => p.amount));
    expect(paidOut.filter((p) => p.state === 'succeeded')).toHaveLength(4);

    // The day they were paid out: four approvals, four payouts, a book of four loans' principal.
    const first = await bookOf(`?from=${S}&to=${S}`);
    expect(first).toMatchObject({ asOf: S, from: S, to: S });
    expect(first.days).toEqual([
      { day: S, disbursed: payoutTotal, disbursedLoans: 4, repaid: 0, approved: 4, rejected: 0 },
    ]);
    expect(first.book).toMatchObject({ loans: 4, principal: 4 * 300_000 });
    expect(first.book.owed).toBe(sum((await orders(ids)).map((o) => o.amountDue)));
    expect(first.par.map((p) => [p.days, p.loans, p.principal, p.basisPoints])).toEqual([
      [1, 0, 0, 0],
      [30, 0, 0, 0],
      [60, 0, 0, 0],
      [90, 0, 0, 0],
    ]);

    // A repays early; B, C and D go past due (due S+30), land in 1-7 days and with the collector by rule.
    await walk(addDays(S, 10), 11);
    const repaidA = await settle(A);
    await walk(addDays(S, 33), 10);
    const three = await orders([B.id, C.id, D.id]);
    expect(three.map((o) => o.overdueDays)).toEqual([3, 3, 3]);
    const promise = async (loan: { id: string }, promisedOn: string, amountCentavos: number) => {
      const res = await asStaff(collector, 'POST', `/collections/loans/${loan.id}/promises`, {
        promisedOn,
        amountCentavos,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await promise(C, addDays(S, 34), 20_000);
    await promise(D, addDays(S, 35), 50_000);

    // Today (from the orders' columns): the three loans in 1-7 days; all three rolled from current on S+30 (a past
    // day: from the events).
    const atDue = await bookOf(`?from=${addDays(S, 30)}&to=${addDays(S, 33)}`);
    expect(atDue.asOf).toBe(addDays(S, 33));
    expect(atDue.book).toMatchObject({ loans: 3, principal: 900_000 });
    expect(atDue.buckets[0]).toEqual({
      bucket: 'd1to7',
      loans: 3,
      principal: 900_000,
      overdue: sum(three.map((o) => o.amountOverdue)),
    });
    expect(atDue.rollRates[0]).toEqual({ from: 'current', to: 'd1to7', loans: 3, rolled: 3, basisPoints: 10_000 });
    expect(atDue.par[0]).toMatchObject({ days: 1, loans: 3, principal: 900_000, basisPoints: 10_000 });
    expect(atDue.par[1]).toMatchObject({ days: 30, loans: 0, principal: 0, basisPoints: 0 });
    // The daily job kept each loan's entry into the bucket (S+31) as an event, with what was overdue then.
    const entered = await db()
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.kind, 'delinquency'), inArray(loanEvents.orderId, [B.id, C.id, D.id])));
    expect(entered.map((e) => e.data)).toEqual(
      [1, 2, 3].map(() => expect.objectContaining({ bucket: 'd1to7', daysPastDue: 1, day: addDays(S, 31) })),
    );
    const overdueOnEntry = sum(entered.map((e) => (e.data as { overdueCentavos: number }).overdueCentavos));
    expect(overdueOnEntry).toBeGreaterThan(900_000);

    // C keeps its promise (pays in full the next day); D's day passes; B and D reach 32 days past due.
    await walk(addDays(S, 34), 11);
    const repaidC = await settle(C);
    await walk(addDays(S, 62), 10);
    const from = addDays(S, 30);
    const to = addDays(S, 62);
    const book = await bookOf(`?from=${from}&to=${to}`);
    const late = await orders([B.id, D.id]);
    const b = late.find((r) => r.id === B.id)!;
    const d = late.find((r) => r.id === D.id)!;
    expect([b.overdueDays, d.overdueDays]).toEqual([32, 32]);
    expect(book).toMatchObject({ asOf: to, from, to });
    expect(book.days).toHaveLength(33);
    expect(book.days.find((x) => x.day === addDays(S, 34))).toMatchObject({ repaid: repaidC, disbursed: 0 });
    expect(sum(book.weeks.map((w) => w.repaid))).toBe(repaidC);
    // Weeks by their Monday: the first one (S+30 is a Thursday) summed from S+30 only.
    expect(book.weeks[0]!.day).toBe(addDays(from, -3));
    expect(book.weeks.every((w) => new Date(`${w.day}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(book.weeks).toHaveLength(6);
    expect(book.book).toEqual({ loans: 2, principal: 600_000, owed: b.amountDue + d.amountDue });
    expect(book.par).toEqual([
      { days: 1, loans: 2, principal: 600_000, basisPoints: 10_000 },
      { days: 30, loans: 2, principal: 600_000, basisPoints: 10_000 },
      { days: 60, loans: 0, principal: 0, basisPoints: 0 },
      { days: 90, loans: 0, principal: 0, basisPoints: 0 },
    ]);
    expect(book.buckets.map((x) => x.bucket)).toEqual(['d1to7', 'd8to30', 'd31to60', 'd61to90', 'over90']);
    expect(book.buckets[2]).toEqual({
      bucket: 'd31to60',
      loans: 2,
      principal: 600_000,
      overdue: b.amountOverdue + d.amountOverdue,
    });
    expect(book.buckets[0]).toMatchObject({ loans: 0, principal: 0, overdue: 0 });
    // From current on S+30 (B, C, D), two are worse on S+62; C was repaid.
    expect(book.rollRates[0]).toEqual({ from: 'current', to: 'd1to7', loans: 3, rolled: 2, basisPoints: 6667 });
    expect(book.rollRates.map((r) => r.from)).toEqual(['current', 'd1to7', 'd8to30', 'd31to60', 'd61to90']);
    // Collected against overdue: the three went past due in the range, in 1-7 days; only C paid.
    const rate = Math.round((repaidC * 10_000) / overdueOnEntry);
    expect(book.collection.byBucket[0]).toEqual({
      bucket: 'd1to7',
      loans: 3,
      overdue: overdueOnEntry,
      collected: repaidC,
      basisPoints: rate,
    });
    expect(book.collection.byBucket[1]).toEqual({
      bucket: 'd8to30',
      loans: 0,
      overdue: 0,
      collected: 0,
      basisPoints: null,
    });
    expect(book.collection.byCollector).toEqual([
      {
        collector: { id: collector.id, name: 'Test collector' },
        loans: 3,
        overdue: overdueOnEntry,
        collected: repaidC,
        basisPoints: rate,
      },
    ]);
    expect(book.promises).toEqual({ made: 2, kept: 1, broken: 1, pending: 0, basisPoints: 5000 });

    // The collection queue, paged in SQL in queueOrder's order: D's broken promise first, then B.
    const queue = async (query: string) => {
      const res = await asStaff(supervisor, 'GET', `/collections/queue${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<QueueAnswer>();
    };
    const page1 = await queue('?perPage=1');
    expect(page1.total).toBe(2);
    expect(page1.items.map((i) => [i.orderId, i.brokenPromises, i.bucket, i.daysPastDue])).toEqual([
      [D.id, 1, 'd31to60', 32],
    ]);
    expect(page1.items[0]!.overdueCentavos).toBe(d.amountOverdue);
    expect((await queue('?perPage=1&page=2')).items.map((i) => i.orderId)).toEqual([B.id]);
    expect(page1.buckets.find((x) => x.id === 'd31to60')).toMatchObject({
      loans: 2,
      overdueCentavos: b.amountOverdue + d.amountOverdue,
    });
    expect((await queue('?bucket=d1to7')).items).toEqual([]);

    // The whole stretch: A's early repayment on S+10, four loans paid out on S.
    const all = await bookOf(`?from=${S}&to=${to}`);
    expect(all.days.find((x) => x.day === addDays(S, 10))?.repaid).toBe(repaidA);
    expect(sum(all.days.map((x) => x.repaid))).toBe(repaidA + repaidC);
    expect(sum(all.weeks.map((x) => x.disbursed))).toBe(payoutTotal);

    // S+33 read again once past, from the events: the same three loans, C's principal as it was before its repayment.
    const past = await bookOf(`?from=${addDays(S, 30)}&to=${addDays(S, 33)}`);
    expect(past.asOf).toBe(addDays(S, 33));
    expect(past.book).toMatchObject({ loans: 3, principal: 900_000 });
    expect(past.buckets[0]).toEqual({ bucket: 'd1to7', loans: 3, principal: 900_000, overdue: overdueOnEntry });
    expect(past.par.map((p) => p.loans)).toEqual([3, 0, 0, 0]);
    expect(past.rollRates[0]).toMatchObject({ from: 'current', loans: 3, rolled: 3 });

    // The CSV of a table: plain keys, integers, a cell that would be a formula disarmed.
    await db().update(staffAccounts).set({ name: '=Collector, "One"' }).where(eq(staffAccounts.id, collector.id));
    const csv = await asStaff(supervisor, 'GET', `/book/export?from=${from}&to=${to}&table=collectionByCollector`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="book-collectionByCollector-${from}-${to}.csv"`,
    );
    expect(csv.body).toBe(
      'collectorId,collectorName,loans,overdue,collected,basisPoints\r\n' +
        `${collector.id},"'=Collector, ""One""",3,${overdueOnEntry},${repaidC},${rate}\r\n`,
    );
    const buckets = await asStaff(admin, 'GET', `/book/export?from=${from}&to=${to}&table=buckets`);
    expect(buckets.body.split('\r\n')).toEqual([
      'bucket,loans,principal,overdue',
      'd1to7,0,0,0',
      'd8to30,0,0,0',
      `d31to60,2,600000,${b.amountOverdue + d.amountOverdue}`,
      'd61to90,0,0,0',
      'over90,0,0,0',
      '',
    ]);
    const promises = await asStaff(admin, 'GET', `/book/export?from=${from}&to=${to}&table=promises`);
    expect(promises.body).toBe('made,kept,broken,pending,basisPoints\r\n2,1,1,0,5000\r\n');

    // Every read and export audited with its range (and table).
    const audited = await db().select().from(auditLog).where(like(auditLog.event, 'staff.book.%'));
    expect(audited.filter((e) => e.event === 'staff.book.read').length).toBeGreaterThanOrEqual(4);
    expect(audited.filter((e) => e.event === 'staff.book.exported').map((e) => e.detail)).toEqual(
      expect.arrayContaining([{ from, to, table: 'buckets', rows: 5 }]),
    );
  });

  it('fills the new columns of loans disbursed before them from their ledgers (migration 0021), as ledgerPatch writes them', async () => {
    const before = (await db().select().from(loanOrders).where(eq(loanOrders.state, 'repaying'))).filter(
      (o) => o.ledger !== null,
    );
    expect(before.length).toBeGreaterThan(0);
    const file = readFileSync(new URL('../../db/migrations/0022_book_figures.sql', import.meta.url), 'utf8');
    const fill = file.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "loan_orders"'))!;
    await db().update(loanOrders).set({ principalOutstanding: -1, amountOverdue: -1 });
    await db().execute(sql.raw(fill));
    const realToday = manilaToday(new Date());
    for (const order of before) {
      const [after] = await db().select().from(loanOrders).where(eq(loanOrders.id, order.id));
      const ledger = order.ledger as Ledger;
      expect(after!.principalOutstanding).toBe(order.principalOutstanding);
      expect(after!.amountOverdue).toBe(ledgerPatch(ledger, realToday).amountOverdue);
    }
  });

  it('refuses a range backwards or over a year; the funnel’s table is the funnel’s rows', async () => {
    const backwards = await asStaff(supervisor, 'GET', '/book?from=2026-12-10&to=2026-12-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'BOOK_RANGE_INVALID', maxDays: 366 });
    const long = await asStaff(supervisor, 'GET', '/book?from=2025-01-01&to=2026-01-02');
    expect(long.json().code).toBe('BOOK_RANGE_INVALID');
    expect((await asStaff(supervisor, 'GET', '/book?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
    const exportLong = await asStaff(supervisor, 'GET', '/book/export?from=2025-01-01&to=2026-01-02&table=days');
    expect(exportLong.json().code).toBe('BOOK_RANGE_INVALID');
    const funnel = await asStaff(supervisor, 'GET', '/book/export?table=funnel');
    expect(funnel.statusCode).toBe(200);
    expect(funnel.body.split('\r\n')[0]).toBe('step,formVersion,reached,completed,errorField,errorBorrowers');
    const funnelLong = await asStaff(supervisor, 'GET', '/book/export?from=2025-01-01&to=2026-01-02&table=funnel');
    expect(funnelLong.json().code).toBe('BOOK_RANGE_INVALID');
    expect((await asStaff(supervisor, 'GET', '/book/export?table=nope')).statusCode).toBe(400);
    // Without a range: the last 30 days up to today.
    const today = manilaToday(api.now());
    expect(await bookOf('')).toMatchObject({ from: addDays(today, -29), to: today, asOf: today });
  });

  it('is for supervisors and administrators: a collector or customer service is refused', async () => {
    for (const staff of [collector, desk]) {
      expect((await asStaff(staff, 'GET', '/book')).statusCode).toBe(403);
      expect((await asStaff(staff, 'GET', '/book/export?table=days')).statusCode).toBe(403);
    }
    expect((await asStaff(admin, 'GET', '/book')).statusCode).toBe(200);
    expect((await call(null, 'GET', '/staff/book')).statusCode).toBe(401);
  });
});
