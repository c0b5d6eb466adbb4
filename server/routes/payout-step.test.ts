/**
 * The profile's payout step (bankInfo) once a loan is in progress: the account is the order's, so the step refuses a
 * change (PAYOUT_ACCOUNT_LOCKED) until the order is settled or rejected; bank maintenance stops a change too (not the
 * first account).
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { login } from '../testing/borrower.ts';
import { BANK_INFO, completeProfile, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const newAccount = { ...BANK_INFO, accountNumber: '5566778899', accountNumberConfirm: '5566778899' };

describe.each(databaseTargets())('the payout step during a loan on %s', (kind) => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('saves freely before any loan, refuses while one is in progress, and saves again once it is rejected', async () => {
    api = await testApi(kind);
    const b = await login(api);
    await completeProfile(api.database.db, b.customerId, { workInfo: { monthlyIncome: 'upTo12000' } });
    const put = () =>
      api!.app.inject({ method: 'PUT', url: '/api/v1/profile/bankInfo', headers: b.headers, payload: newAccount });
    expect((await put()).statusCode).toBe(200);

    const applied = await api.app.inject({
      method: 'POST',
      url: '/api/v1/loans',
      headers: { ...b.headers, 'idempotency-key': `k-${randomBytes(6).toString('hex')}` },
      payload: STANDARD_LOAN,
    });
    expect(applied.statusCode).toBe(201);
    const refused = await put();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PAYOUT_ACCOUNT_LOCKED' });

    // The underwriting job rejects (income band): the account is the borrower's own again.
    api.advance(3600);
    await api.settle();
    const order = (
      await api.app.inject({
        method: 'GET',
        url: `/api/v1/loans/${(applied.json() as { id: string }).id}`,
        headers: b.headers,
      })
    ).json() as { state: string };
    expect(order.state).toBe('rejected');
    expect((await put()).statusCode).toBe(200);
  });

  it('refuses a change of the payout account during bank maintenance, not its first setting', async () => {
    api = await testApi(kind, { loans: { bankChangeMaintenance: true } });
    const b = await login(api);
    const put = (payload: object) =>
      api!.app.inject({ method: 'PUT', url: '/api/v1/profile/bankInfo', headers: b.headers, payload });
    expect((await put(BANK_INFO)).statusCode).toBe(200);
    const refused = await put(newAccount);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BANK_CHANGE_MAINTENANCE' });
    // Other steps are not concerned.
    const other = await api.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/baseInfo',
      headers: b.headers,
      payload: { maritalStatus: 'single', education: 'college' },
    });
    expect(other.statusCode).toBe(200);
  });
});
