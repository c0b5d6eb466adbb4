/**
 * What the collection and book suites share: a loan being repaid, made through the API as a borrower would, and
 * requests as a staff member on a session opened at the test clock's now (the clock moves days: sessions idle out).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addDays, manilaToday } from '#domain/calendar-date.ts';
import { customers, loanOrders } from '../db/tables.ts';
import { openStaffSession } from '../services/staff/sessions.ts';
import { borrowerWithProfile } from './borrower.ts';
import { signatureDocument, STANDARD_LOAN } from './loan-fixtures.ts';
import { caller, newKey, type Method } from './request.ts';
import type { TestStaff } from './staff.ts';
import type { TestApi } from './test-api.ts';

/** A borrower (in `language`) whose ₱3,000 loan of 30 days is disbursed on the clock's day: due in 30 days. */
export async function repayingLoan(api: TestApi, language?: string) {
  const call = caller(api);
  const db = api.database.db;
  const b = await borrowerWithProfile(api);
  if (language) await db.update(customers).set({ language }).where(eq(customers.id, b.customerId));
  const o = (await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).json<{ id: string }>();
  api.advance(61);
  await api.loans.handlers['underwrite']!({
    id: 0,
    kind: 'underwrite',
    key: null,
    payload: { orderId: o.id },
    attempts: 1,
  });
  await call(b, 'POST', `/loans/${o.id}/accept`, { agreePrivacy: true, agreeAgreement: true });
  await call(b, 'POST', '/signature', { signature: await signatureDocument(db, b.customerId) });
  await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
  await api.settle();
  const [order] = await db.select().from(loanOrders).where(eq(loanOrders.id, o.id));
  expect(order).toMatchObject({ state: 'repaying', dueDate: addDays(manilaToday(api.now()), 30) });
  return { b, order: order! };
}

/** Requests to the staff API (`/staff` + url) as a staff member, each on a session opened now. */
export function staffCaller(api: () => TestApi) {
  const call = caller(api);
  return async (staff: TestStaff, method: Method, url: string, payload?: object) => {
    const { token } = await openStaffSession(api().database.db, staff.id, '127.0.0.1', api().now());
    return call({ token }, method, `/staff${url}`, payload);
  };
}
