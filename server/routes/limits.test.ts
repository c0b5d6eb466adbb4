import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../db/test-database.ts';
import { facebookBindings, facebookLogins, limitRaises } from '../db/tables.ts';
import { simFacebookCodes } from '../providers/simulated/tables.ts';
import { FacebookLoginError } from '../providers/facebook/facebook-login.ts';
import { createSimulatedFacebookLogin, SIMULATED_CLIENT_ID } from '../providers/facebook/simulated.ts';
import { MAX_OPEN_LOGINS } from '../services/facebook.ts';
import { borrowerWithProfile, login, type Borrower } from '../testing/borrower.ts';
import { bindFacebook, facebookRedirect } from '../testing/facebook.ts';
import { signatureDocument, STANDARD_LOAN } from '../testing/loan-fixtures.ts';
import { caller, newKey } from '../testing/request.ts';
import { testApi, type TestApi } from '../testing/test-api.ts';

interface Limit {
  creditLimitCentavos: number | null;
  history: {
    reason: string;
    amountCentavos: number;
    limitAfterCentavos: number;
    at: string | null;
    grantedBy: string;
  }[];
  next: { reason: string; amountCentavos: number; stepCentavos: number; ceilingCentavos: number }[];
  facebook: { bound: boolean; name: string | null };
  raisedCentavos?: number;
}

const fbId = () =>
  `1${[...randomBytes(7)].map((b) => String(b % 10)).join('')}${[...randomBytes(6)].map((b) => String(b % 10)).join('')}`;

describe.each(databaseTargets())('credit limit and Facebook binding on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await testApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = caller(() => api);
  const limitOf = async (b: Borrower) => (await call(b, 'GET', '/limit')).json<Limit>();
  /** A borrower with a complete profile: the fixture's income band approves a first limit of ₱5,000 (config/underwriting.json). */
  const borrower = () => borrowerWithProfile(api);

  it("shows the band's first limit, its history and what would raise it next, with the configured figures; never cached, never without a session", async () => {
    const b = await borrower();
    const res = await call(b, 'GET', '/limit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      creditLimitCentavos: 500000,
      history: [
        { reason: 'incomeBand', amountCentavos: 500000, limitAfterCentavos: 500000, at: null, grantedBy: 'system' },
      ],
      next: [
        { reason: 'repaidOnTime', amountCentavos: 100000, stepCentavos: 100000, ceilingCentavos: 1000000 },
        { reason: 'addToHomeScreen', amountCentavos: 50000, stepCentavos: 50000, ceilingCentavos: 800000 },
        { reason: 'facebookBinding', amountCentavos: 50000, stepCentavos: 50000, ceilingCentavos: 800000 },
      ],
      facebook: { bound: false, name: null },
    });
    expect((await api.app.inject({ method: 'GET', url: '/api/v1/limit' })).json()).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    // Before the income band is known there is no limit to show.
    const fresh = await login(api);
    expect(await limitOf(fresh)).toMatchObject({ creditLimitCentavos: null, history: [] });
  });

  it('binds Facebook through the simulated Facebook Login and raises the limit once; unbinding keeps the raise; binding again raises nothing', async () => {
    const b = await borrower();
    const account = { id: fbId(), name: 'Maria Clara Santos' };
    const bound = await bindFacebook(api.app, b.headers, account);
    expect(bound.statusCode, bound.body).toBe(200);
    const after = bound.json<Limit>();
    expect(after).toMatchObject({
      creditLimitCentavos: 550000,
      raisedCentavos: 50000,
      facebook: { bound: true, name: 'Maria Clara Santos' },
    });
    expect(after.history[0]).toMatchObject({
      reason: 'facebookBinding',
      amountCentavos: 50000,
      limitAfterCentavos: 550000,
      grantedBy: 'system',
    });
    expect(after.next.map((n) => n.reason)).toEqual(['repaidOnTime', 'addToHomeScreen']);
    expect((await call(b, 'GET', '/loans/home')).json()).toMatchObject({ creditLimitCentavos: 550000 });
    // Only the id and the name are kept, both encrypted at rest.
    const [row] = await api.database.db
      .select()
      .from(facebookBindings)
      .where(eq(facebookBindings.customerId, b.customerId));
    expect(row).toMatchObject({ fbUserId: account.id, name: account.name });
    const raw = (await api.database.db.execute(
      `select fb_user_id, name from facebook_bindings where customer_id = '${b.customerId}'`,
    )) as unknown as { rows: { fb_user_id: string; name: string }[] };
    expect(raw.rows[0]!.fb_user_id).not.toContain(account.id);
    expect(raw.rows[0]!.name).not.toContain('Maria');

    const unbound = await call(b, 'DELETE', '/facebook/binding');
    expect(unbound.json(), unbound.body).toMatchObject({
      creditLimitCentavos: 550000,
      facebook: { bound: false, name: null },
    });
    const again = await bindFacebook(api.app, b.headers, account);
    expect(again.json(), again.body).toMatchObject({
      creditLimitCentavos: 550000,
      raisedCentavos: 0,
      facebook: { bound: true },
    });
    // The same account answered twice is not a second binding; another account is refused while one is bound.
    expect((await bindFacebook(api.app, b.headers, account)).json()).toMatchObject({
      raisedCentavos: 0,
      creditLimitCentavos: 550000,
    });
    expect((await bindFacebook(api.app, b.headers, { id: fbId(), name: 'Other' })).json()).toMatchObject({
      code: 'FACEBOOK_ALREADY_BOUND',
    });
    expect(
      await api.database.db.select().from(limitRaises).where(eq(limitRaises.customerId, b.customerId)),
    ).toHaveLength(1);
  });

  it('refuses a denied consent, and a state used twice, of another session or of another customer', async () => {
    const b = await borrower();
    const denied = await facebookRedirect(api.app, b.headers, 'cancel');
    expect(denied).toMatchObject({ error: 'access_denied' });
    const refused = await call(b, 'POST', '/facebook/binding', denied);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'FACEBOOK_DENIED' });
    expect(await limitOf(b)).toMatchObject({ creditLimitCentavos: 500000, facebook: { bound: false } });
    // The state was used by the refusal: answering it again finds nothing.
    expect((await call(b, 'POST', '/facebook/binding', denied)).json()).toMatchObject({
      code: 'FACEBOOK_LOGIN_EXPIRED',
    });

    // Started in one session, answered in another session of the same customer, or by another customer.
    const back = await facebookRedirect(api.app, b.headers, 'allow', { id: fbId(), name: 'Jose Rizal' });
    api.advance(61);
    const otherSession = await login(api, b.phone);
    expect((await call(otherSession, 'POST', '/facebook/binding', back)).json()).toMatchObject({
      code: 'FACEBOOK_LOGIN_EXPIRED',
    });
    const stranger = await borrower();
    expect((await call(stranger, 'POST', '/facebook/binding', back)).json()).toMatchObject({
      code: 'FACEBOOK_LOGIN_EXPIRED',
    });
    // Those attempts did not use it up for its own session; an expired one is refused.
    const late = await facebookRedirect(api.app, b.headers, 'allow', { id: fbId(), name: 'Jose Rizal' });
    api.advance(11 * 60);
    expect((await call(b, 'POST', '/facebook/binding', late)).json()).toMatchObject({ code: 'FACEBOOK_LOGIN_EXPIRED' });
    expect((await call(b, 'POST', '/facebook/binding', back)).json()).toMatchObject({ code: 'FACEBOOK_LOGIN_EXPIRED' });
    // A made-up code with a real state: Facebook refuses it.
    const forged = await facebookRedirect(api.app, b.headers, 'allow');
    expect(
      (await call(b, 'POST', '/facebook/binding', { state: forged.state, code: 'not-a-code' })).json(),
    ).toMatchObject({ code: 'FACEBOOK_LOGIN_FAILED' });
    expect((await call(b, 'POST', '/facebook/binding', { state: 'x' })).json()).toMatchObject({
      code: 'INVALID_INPUT',
    });
    expect(await limitOf(b)).toMatchObject({ creditLimitCentavos: 500000, facebook: { bound: false } });
  });

  it('keeps at most a few unfinished logins per customer, the one just started always among them', async () => {
    const b = await borrower();
    for (let i = 0; i < MAX_OPEN_LOGINS + 4; i += 1)
      expect((await call(b, 'POST', '/facebook/login', {})).statusCode).toBe(200);
    const last = await facebookRedirect(api.app, b.headers, 'allow', { id: fbId(), name: 'Gabriela Silang' });
    const open = await api.database.db.select().from(facebookLogins).where(eq(facebookLogins.customerId, b.customerId));
    expect(open).toHaveLength(MAX_OPEN_LOGINS);
    expect((await call(b, 'POST', '/facebook/binding', last)).json()).toMatchObject({
      facebook: { bound: true, name: 'Gabriela Silang' },
    });
  });

  it('binds one Facebook account to one customer: a second customer is refused, also when both try at once', async () => {
    const a = await borrower();
    const b = await borrower();
    const account = { id: fbId(), name: 'Andres Bonifacio' };
    expect((await bindFacebook(api.app, a.headers, account)).json()).toMatchObject({ facebook: { bound: true } });
    const taken = await bindFacebook(api.app, b.headers, account);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'FACEBOOK_ACCOUNT_TAKEN' });
    expect(await limitOf(b)).toMatchObject({ creditLimitCentavos: 500000, facebook: { bound: false } });
    // Once A unbinds, the account is free for B.
    await call(a, 'DELETE', '/facebook/binding');
    expect((await bindFacebook(api.app, b.headers, account)).json()).toMatchObject({
      creditLimitCentavos: 550000,
      facebook: { bound: true },
    });

    const c = await borrower();
    const d = await borrower();
    const shared = { id: fbId(), name: 'Gabriela Silang' };
    const [backC, backD] = await Promise.all([
      facebookRedirect(api.app, c.headers, 'allow', shared),
      facebookRedirect(api.app, d.headers, 'allow', shared),
    ]);
    const answers = await Promise.all([
      call(c, 'POST', '/facebook/binding', backC),
      call(d, 'POST', '/facebook/binding', backD),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('raises the limit for adding to the home screen once, also under concurrent claims', async () => {
    const b = await borrower();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => call(b, 'POST', '/coupons/add-to-home-screen', {})),
    );
    expect(claims.map((r) => r.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const rows = await api.database.db.select().from(limitRaises).where(eq(limitRaises.customerId, b.customerId));
    expect(rows).toMatchObject([{ reason: 'addToHomeScreen', amount: 50000, grantedBy: 'system' }]);
    const limit = await limitOf(b);
    expect(limit).toMatchObject({
      creditLimitCentavos: 550000,
      history: [
        { reason: 'addToHomeScreen', amountCentavos: 50000, limitAfterCentavos: 550000 },
        { reason: 'incomeBand' },
      ],
    });
    // Facebook then adds its own step; the apply route takes the raised limit.
    await bindFacebook(api.app, b.headers, { id: fbId(), name: 'Emilio Aguinaldo' });
    expect(await limitOf(b)).toMatchObject({ creditLimitCentavos: 600000, next: [{ reason: 'repaidOnTime' }] });
    const applied = await call(
      b,
      'POST',
      '/loans',
      { productId: 'cash', subProductId: 'standard', principalCentavos: 600000, termDays: 30 },
      newKey(),
    );
    expect(applied.statusCode, applied.body).toBe(201);
  });

  it('raises the limit for an order repaid on time', async () => {
    const b = await borrower();
    const applied = await call(b, 'POST', '/loans', STANDARD_LOAN, newKey());
    const id = applied.json<{ id: string }>().id;
    api.advance(61);
    await api.runDueJobs();
    expect(
      (await call(b, 'POST', `/loans/${id}/accept`, { agreePrivacy: true, agreeAgreement: true })).statusCode,
    ).toBe(200);
    expect(
      (await call(b, 'POST', '/signature', { signature: await signatureDocument(api.database.db, b.customerId) }))
        .statusCode,
    ).toBe(200);
    expect((await call(b, 'POST', `/loans/${id}/withdraw`, {}, newKey())).statusCode).toBe(200);
    await api.settle();
    expect(
      (await call(b, 'POST', `/loans/${id}/payments`, { kind: 'settle', channel: 'otc' }, newKey())).statusCode,
    ).toBe(201);
    await api.settle();
    const limit = await limitOf(b);
    expect(limit).toMatchObject({
      creditLimitCentavos: 600000,
      history: [
        { reason: 'repaidOnTime', amountCentavos: 100000, limitAfterCentavos: 600000 },
        { reason: 'incomeBand' },
      ],
    });
    expect(limit.history[0]!.at).toMatch(/^20\d\d-/u);
  });

  it('builds the Facebook redirect from the public address, never from the Host header the client sends', async () => {
    const b = await borrower();
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/v1/facebook/login',
      headers: { ...b.headers, host: 'evil.example', 'content-type': 'application/json' },
      payload: {},
    });
    expect(started.statusCode).toBe(200);
    const url = new URL(started.json<{ authorizeUrl: string }>().authorizeUrl, 'http://localhost');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/creditLimit');
    // The simulated dialog sends back only to the public address, whatever Host the request names.
    url.searchParams.set('redirect_uri', 'http://evil.example/creditLimit');
    const dialog = (host: string) =>
      api.app.inject({ method: 'GET', url: `${url.pathname}?${url.searchParams.toString()}`, headers: { host } });
    expect((await dialog('evil.example')).json()).toMatchObject({ code: 'INVALID_INPUT' });
    url.searchParams.set('redirect_uri', 'http://localhost/creditLimit');
    expect((await dialog('evil.example')).statusCode).toBe(200);
    // A server told its public address (PUBLIC_URL) builds the redirect there.
    api.setPublicUrl('https://app.lender.example');
    try {
      const moved = await call(b, 'POST', '/facebook/login', {});
      expect(
        new URL(moved.json<{ authorizeUrl: string }>().authorizeUrl, 'http://localhost').searchParams.get(
          'redirect_uri',
        ),
      ).toBe('https://app.lender.example/creditLimit');
    } finally {
      api.setPublicUrl('http://localhost');
    }
  });

  it('the simulated dialog redirects only to this server, and its codes are single use, expiring and bound to the PKCE verifier', async () => {
    const b = await borrower();
    const started = (await call(b, 'POST', '/facebook/login', {})).json<{ authorizeUrl: string }>().authorizeUrl;
    const url = new URL(started, 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: SIMULATED_CLIENT_ID,
      response_type: 'code',
      code_challenge_method: 'S256',
      redirect_uri: 'http://localhost/creditLimit',
    });
    url.searchParams.set('redirect_uri', 'https://evil.example/steal');
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `${url.pathname}?${url.searchParams.toString()}`,
          headers: { host: 'localhost:80' },
        })
      ).json(),
    ).toMatchObject({ code: 'INVALID_INPUT' });
    url.searchParams.set('code_challenge', 'short');
    expect(
      (await api.app.inject({ method: 'GET', url: `${url.pathname}?${url.searchParams.toString()}` })).json(),
    ).toMatchObject({ code: 'INVALID_INPUT' });

    let now = new Date('2026-06-01T00:00:00Z');
    const sim = createSimulatedFacebookLogin({ db: api.database.db, now: () => now });
    const verifier = 'v'.repeat(43);
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirectUri = 'http://localhost/creditLimit';
    const codeOf = async () =>
      new URL(
        await sim.consent({
          clientId: SIMULATED_CLIENT_ID,
          redirectUri,
          state: 's',
          codeChallenge: challenge,
          allow: true,
          account: { id: '42', name: 'Test User' },
        }),
      ).searchParams.get('code')!;
    const code = await codeOf();
    await expect(sim.exchange({ code, codeVerifier: 'w'.repeat(43), redirectUri })).rejects.toBeInstanceOf(
      FacebookLoginError,
    );
    // A wrong verifier used the code up.
    await expect(sim.exchange({ code, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      code: 'CODE_REFUSED',
    });
    const good = await codeOf();
    await expect(
      sim.exchange({ code: good, codeVerifier: verifier, redirectUri: 'http://localhost/other' }),
    ).rejects.toMatchObject({ code: 'CODE_REFUSED' });
    const fine = await codeOf();
    expect(await sim.exchange({ code: fine, codeVerifier: verifier, redirectUri })).toEqual({
      id: '42',
      name: 'Test User',
    });
    await expect(sim.exchange({ code: fine, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      code: 'CODE_REFUSED',
    });
    const stale = await codeOf();
    now = new Date(now.getTime() + 11 * 60_000);
    await expect(sim.exchange({ code: stale, codeVerifier: verifier, redirectUri })).rejects.toMatchObject({
      code: 'CODE_REFUSED',
    });
    await expect(
      sim.consent({
        clientId: 'another-app',
        redirectUri,
        state: 's',
        codeChallenge: challenge,
        allow: true,
        account: { id: '1', name: 'x' },
      }),
    ).rejects.toBeInstanceOf(FacebookLoginError);
    // Used codes keep no account.
    const left = await api.database.db.select().from(simFacebookCodes);
    expect(left.filter((r) => r.consumedAt !== null && (r.fbUserId !== '' || r.name !== ''))).toEqual([]);
  });
});
