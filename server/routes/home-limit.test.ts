/**
 * GET /loans/home offers a limit only when underwriting would grant it to the profile as it stands:
 * never the config's maximum to a borrower it would refuse, nor to one whose profile is not complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import underwritingJson from '#config/underwriting.json' with { type: 'json' };
import { databaseTargets } from '../db/test-database.ts';
import { borrowerWithProfile, login } from '../testing/borrower.ts';
import { STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

const MAX = underwritingJson.maxLimitCentavos;
const refused = { workInfo: { monthlyIncome: 'upTo12000' } };

describe.each(databaseTargets())('the limit home offers on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });
  const call = caller(() => api);

  it('offers no limit to a borrower underwriting would refuse for their income, and says why', async () => {
    const b = await borrowerWithProfile(api, refused);
    const res = await call(b, 'GET', '/loans/home');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      creditLimitCentavos: null,
      limitWithheld: { code: 'WOULD_REJECT', reason: 'INCOME_BAND', reapplyAfter: null },
      profile: { complete: true },
    });
    expect(res.body).not.toContain(String(MAX));
  });

  it('after the refusal, gives the day they may apply again and still no limit', async () => {
    const b = await borrowerWithProfile(api, refused);
    expect((await call(b, 'POST', '/loans', STANDARD_LOAN, newKey())).statusCode).toBe(201);
    api.advance(underwritingJson.approvalDelaySeconds + 1);
    await api.runDueJobs();
    const res = await call(b, 'GET', '/loans/home');
    const home = res.json<{ lastRejected: { reapplyAfter: string } }>();
    expect(home.lastRejected.reapplyAfter).toMatch(/^\d{4}-\d\d-\d\d$/u);
    expect(home).toMatchObject({
      creditLimitCentavos: null,
      currentOrder: null,
      limitWithheld: { code: 'WOULD_REJECT', reapplyAfter: home.lastRejected.reapplyAfter },
    });
    expect(res.body).not.toContain(String(MAX));
  });

  it('offers no limit to a new borrower whose profile is not complete', async () => {
    const b = await login(api);
    const res = await call(b, 'GET', '/loans/home');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      creditLimitCentavos: null,
      limitWithheld: { code: 'PROFILE_INCOMPLETE', reason: null, reapplyAfter: null },
      profile: { complete: false },
    });
    expect(res.body).not.toContain(String(MAX));
  });

  it('offers the limit underwriting would grant to a complete profile in an approving band', async () => {
    const b = await borrowerWithProfile(api);
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({
      creditLimitCentavos: underwritingJson.incomeBands.from18001To25000.limitCentavos,
      limitWithheld: null,
    });
  });

  it('offers no limit to a borrower outside the ages underwriting lends to', async () => {
    const b = await borrowerWithProfile(api, { identityInfo: { birthDate: '1940-01-01' } });
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({
      creditLimitCentavos: null,
      limitWithheld: { code: 'WOULD_REJECT', reason: 'AGE_OUT_OF_RANGE' },
    });
  });
});
