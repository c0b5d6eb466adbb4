/**
 * The payout account through its life: the order view names the account the money goes to (a withdrawable order: the
 * account on file now, after a failed payout and a change too) or went to (the latest payout), and bank maintenance
 * stops only a change of an account on file, never the first one set during onboarding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { borrowerWithProfile, login, type Borrower } from '../testing/borrower.ts';
import { BANK_INFO, completeProfile, signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';
import type { OrderAnswer } from '#api-contract/loans.ts';

/** An order as the API answers it (the contract's, api-contract/loans.ts). */
type Order = OrderAnswer;

/** The simulated payout gateway fails a payout to this account (fix the details). */
const FAILING = { accountNumber: '0000123456', accountNumberConfirm: '0000123456' };
const NEW_ACCOUNT = { ...BANK_INFO, accountNumber: '5566778899', accountNumberConfirm: '5566778899' };
const TWO_THOUSAND = { ...STANDARD_LOAN, principalCentavos: 200000 };

describe.each(databaseTargets())('the payout account on %s', (kind) => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const call = caller(() => api!);

  async function withdrawable(b: Borrower): Promise<Order> {
    const applied = await call(b, 'POST', '/loans', TWO_THOUSAND, newKey());
    expect(applied.statusCode, applied.body).toBe(201);
    api!.advance(61);
    await api!.runDueJobs();
    const id = applied.json<Order>().id;
    const accepted = await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true });
    expect(accepted.json<Order>().state, accepted.body).toBe('withdrawable');
    const signed = await call(b, 'POST', '/signature', {
      signature: await signatureDocument(api!.database.db, b.customerId),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    return accepted.json<Order>();
  }

  const order = async (b: Borrower, id: string) => (await call(b, 'GET', `/loans/${id}`)).json<Order>();

  it('names the account the money goes to after a failed payout and a change, in every view of the order', async () => {
    api = await testApi(kind);
    const b = await borrowerWithProfile(api, { bankInfo: FAILING });
    const o = await withdrawable(b);
    const old = { method: 'bank', label: 'bdo', accountMasked: '******3456' };
    expect((await order(b, o.id)).payout).toEqual(old);

    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    await api.settle();
    expect(await order(b, o.id)).toMatchObject({ state: 'disbursement_failed', payout: old });

    const changed = await call(b, 'PUT', '/payout-account', NEW_ACCOUNT);
    expect(changed.json(), changed.body).toMatchObject({ ok: true, reopened: [o.id] });
    const next = { method: 'bank', label: 'bdo', accountMasked: '******8899' };
    expect(await order(b, o.id)).toMatchObject({ state: 'withdrawable', payout: next });
    expect((await call(b, 'GET', '/loans')).json<{ orders: Order[] }>().orders[0]).toMatchObject({ payout: next });
    expect((await call(b, 'GET', '/loans/home')).json<{ currentOrder: Order }>().currentOrder).toMatchObject({
      payout: next,
    });

    const again = await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    expect(again.json<Order>()).toMatchObject({ state: 'disbursing', payout: next });
    await api.settle();
    expect(await order(b, o.id)).toMatchObject({ state: 'repaying', payout: next });
  });

  it('accepts the first payout account during bank maintenance and refuses only a change of it', async () => {
    api = await testApi(kind, { loans: { bankChangeMaintenance: true } });
    const b = await login(api);
    const put = (payload: object) => call(b, 'PUT', '/profile/bankInfo', payload);
    const first = await put(BANK_INFO);
    expect(first.statusCode, first.body).toBe(200);
    // Saving the same account again (onboarding's back and forth) changes nothing.
    expect((await put(BANK_INFO)).statusCode).toBe(200);
    const changed = await put(NEW_ACCOUNT);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'BANK_CHANGE_MAINTENANCE',
      message: 'System under maintenance, so the bank cannot be changed.',
    });
    const profile = (await call(b, 'GET', '/profile')).json<{ sections: Record<string, { data: object }> }>();
    expect(profile.sections['bankInfo']?.data).toMatchObject({ accountNumber: BANK_INFO.accountNumber });
  });

  it('refuses a change after a failed payout during bank maintenance, and says so on home', async () => {
    api = await testApi(kind);
    const b = await login(api);
    await completeProfile(api.database.db, b.customerId, { bankInfo: FAILING });
    const o = await withdrawable(b);
    await call(b, 'POST', `/loans/${o.id}/withdraw`, {}, newKey());
    await api.settle();
    expect((await order(b, o.id)).state).toBe('disbursement_failed');

    const maintained = await testApi(kind, { database: api.database, loans: { bankChangeMaintenance: true } });
    try {
      const m = caller(maintained);
      const refused = await m(b, 'PUT', '/payout-account', NEW_ACCOUNT);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'BANK_CHANGE_MAINTENANCE' });
      expect((await m(b, 'GET', '/loans/home')).json()).toMatchObject({ bankChangeAvailable: false });
      expect((await m(b, 'GET', '/me')).json()).toMatchObject({ bankChangeAvailable: false });
      expect((await m(b, 'GET', `/loans/${o.id}`)).json()).toMatchObject({ state: 'disbursement_failed' });
    } finally {
      await maintained.close();
    }
  });
});
