/**
 * What a form branch does not ask for is not stored: the probe's payloads, through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankInfoSamples } from '#forms/bankInfo.samples.ts';
import { workInfoSamples } from '#forms/workInfo.samples.ts';
import { databaseTargets } from '../db/test-database.ts';
import { login, type Borrower } from '../testing/borrower.ts';
import { caller } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const sample = (samples: typeof workInfoSamples, name: string) => {
  const found = samples.find((s) => s.name.startsWith(name));
  if (!found || !('stored' in found)) throw new Error(`no valid sample "${name}"`);
  return { data: found.data as Record<string, unknown>, stored: found.stored as Record<string, unknown> };
};

describe.each(databaseTargets())('profile branches on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const saved = async (who: Borrower, step: string) =>
    (await call(who, 'GET', `/profile/${step}`)).json<{ data: Record<string, unknown> }>().data;

  it("stores an employed borrower's work step without the student fields sent beside it (markup, an impossible date)", async () => {
    const a = await login(api);
    const worker = sample(workInfoSamples, 'contract worker');
    const res = await call(a, 'PUT', '/profile/workInfo', {
      ...worker.data,
      schoolName: '<img src=x onerror=alert(1)>',
      major: '<script>x</script>',
      admissionDate: '2023-02-30',
      graduationDate: 'never',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = await saved(a, 'workInfo');
    expect(data).toEqual(worker.stored);
    expect(JSON.stringify(data)).not.toMatch(/<|never|2023-02-30/u);
  });

  it('stores a bank payout without a 2,000-character wallet number or a remittance shop', async () => {
    const a = await login(api);
    const bank = sample(bankInfoSamples, 'bank: account typed');
    const res = await call(a, 'PUT', '/profile/bankInfo', {
      ...bank.data,
      eWalletProvider: 'gcash',
      eWalletNumber: '9'.repeat(2000),
      remittanceShop: '<b>shop</b>',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await saved(a, 'bankInfo')).toEqual(bank.stored);
  });

  it('still refuses a field no branch declares, and checks the fields of the branch that applies', async () => {
    const a = await login(api);
    const worker = sample(workInfoSamples, 'contract worker');
    expect((await call(a, 'PUT', '/profile/workInfo', { ...worker.stored, salary: 20000 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const student = sample(workInfoSamples, 'student');
    const res = await call(a, 'PUT', '/profile/workInfo', {
      ...student.data,
      schoolName: 'x'.repeat(101),
      companyName: 'Acme',
    });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([expect.objectContaining({ instancePath: '/schoolName', keyword: 'maxLength' })]),
    });
  });
});
