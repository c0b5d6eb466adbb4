/**
 * The API as the borrower logged in on a page calls it (their session from the core store), for browser tests that
 * set up or move a loan without the screens in between: a call, a wait for an order's state (the server's jobs and
 * gateways run on their own timers), and a loan applied for, approved, signed and paid out.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signatureDocument, STANDARD_LOAN } from '#server/testing/loan-fixtures.ts';
import { sessionOf, type E2eServer } from './server.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `newKey` makes the Idempotency-Key of each money request. */
export async function borrowerApi(server: E2eServer, page: Page, newKey: () => string) {
  const { customerId, token } = await sessionOf(page);
  const call = async <T>(
    method: string,
    path: string,
    body?: object,
    key?: string,
  ): Promise<{ status: number; body: T }> => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-customer-id': customerId,
        ...(body && { 'content-type': 'application/json' }),
        ...(key && { 'idempotency-key': key }),
      },
      ...(body && { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  /** Polls an order until it reaches `state`. */
  const until = async (orderId: string, state: string) => {
    for (let i = 0; i < 240; i += 1) {
      if ((await call<{ state: string }>('GET', `/loans/${orderId}`)).body.state === state) return;
      await sleep(250);
    }
    throw new Error(`order ${orderId} never reached ${state}`);
  };
  /** A loan applied for, approved, signed and paid out: its id, repaying. */
  const repaying = async (loan: object = STANDARD_LOAN) => {
    const applied = await call<{ id: string }>('POST', '/loans', loan, newKey());
    expect(applied.status).toBe(201);
    await until(applied.body.id, 'accepted');
    expect(
      (await call('POST', `/loans/${applied.body.id}/accept`, { agreePrivacy: true, agreeAgreement: true })).status,
    ).toBe(200);
    await call('POST', '/signature', { signature: await signatureDocument(server.database.db, customerId) });
    expect((await call('POST', `/loans/${applied.body.id}/withdraw`, {}, newKey())).status).toBe(200);
    await until(applied.body.id, 'repaying');
    return applied.body.id;
  };
  return { customerId, call, until, repaying };
}
