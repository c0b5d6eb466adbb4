import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { json, runFakeGateway } from '#server/testing/fake-gateway.ts';
import { readFacebookSettings } from './facebook-login.ts';
import { createGraphFacebookLogin } from './graph.ts';

/** A local fake of the Graph API's two calls of Facebook Login, checking what Facebook checks. */
const APP_ID = '123456789012345';
const APP_SECRET = 'fake-app-secret';
const VERIFIER = 'x'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const REDIRECT = 'https://lender.example/creditLimit';

describe('the Graph API Facebook Login adapter against a local fake Graph API', () => {
  const codes = new Map<string, { challenge: string; redirect: string; used: boolean }>();
  let down = false;

  const fake = runFakeGateway((req, res) => {
    const url = new URL(req.path, 'http://fake');
    if (down)
      return json(res, 503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
    const q = url.searchParams;
    if (url.pathname === '/v21.0/oauth/access_token') {
      const code = codes.get(q.get('code') ?? '');
      const valid =
        q.get('client_id') === APP_ID &&
        q.get('client_secret') === APP_SECRET &&
        code &&
        !code.used &&
        code.redirect === q.get('redirect_uri');
      if (
        !valid ||
        createHash('sha256')
          .update(q.get('code_verifier') ?? '')
          .digest('base64url') !== code.challenge
      ) {
        if (code) code.used = true;
        return json(res, 400, {
          error: { message: 'Invalid verification code format.', type: 'OAuthException', code: 100 },
        });
      }
      code.used = true;
      return json(res, 200, { access_token: 'EAAtoken', token_type: 'bearer', expires_in: 5183944 });
    }
    if (url.pathname === '/v21.0/me') {
      const proof = createHmac('sha256', APP_SECRET).update('EAAtoken').digest('hex');
      if (q.get('access_token') !== 'EAAtoken' || q.get('appsecret_proof') !== proof || q.get('fields') !== 'id,name')
        return json(res, 400, { error: { type: 'OAuthException', code: 190 } });
      return json(res, 200, { id: '10229876543210987', name: 'Juan Dela Cruz' });
    }
    return json(res, 404, { error: { type: 'GraphMethodException', code: 803 } });
  });
  /** The paths the fake was asked for since the test began. */
  const requests = () => fake.requests.map((r) => new URL(r.path, 'http://fake').pathname);

  const adapter = () =>
    createGraphFacebookLogin({
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: `${fake.baseUrl}/v21.0`,
      dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    });

  it("sends the browser to Facebook's login dialog with the PKCE challenge and the state", () => {
    const url = new URL(adapter().authorizeUrl({ state: 'st4te', codeChallenge: CHALLENGE, redirectUri: REDIRECT }));
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: APP_ID,
      redirect_uri: REDIRECT,
      state: 'st4te',
      response_type: 'code',
      scope: 'public_profile',
      code_challenge: CHALLENGE,
      code_challenge_method: 'S256',
    });
  });

  it('exchanges a code with the verifier and reads only the id and name, once', async () => {
    codes.set('good-code', { challenge: CHALLENGE, redirect: REDIRECT, used: false });
    expect(await adapter().exchange({ code: 'good-code', codeVerifier: VERIFIER, redirectUri: REDIRECT })).toEqual({
      id: '10229876543210987',
      name: 'Juan Dela Cruz',
    });
    expect(requests()).toEqual(['/v21.0/oauth/access_token', '/v21.0/me']);
    await expect(
      adapter().exchange({ code: 'good-code', codeVerifier: VERIFIER, redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ code: 'CODE_REFUSED' });
  });

  it('is refused a wrong verifier or redirect URI, and says when Facebook is down or unreachable', async () => {
    codes.set('code-2', { challenge: CHALLENGE, redirect: REDIRECT, used: false });
    await expect(
      adapter().exchange({ code: 'code-2', codeVerifier: 'y'.repeat(43), redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ code: 'CODE_REFUSED' });
    codes.set('code-3', { challenge: CHALLENGE, redirect: REDIRECT, used: false });
    await expect(
      adapter().exchange({ code: 'code-3', codeVerifier: VERIFIER, redirectUri: 'https://other.example/' }),
    ).rejects.toMatchObject({ code: 'CODE_REFUSED' });
    down = true;
    codes.set('code-4', { challenge: CHALLENGE, redirect: REDIRECT, used: false });
    await expect(
      adapter().exchange({ code: 'code-4', codeVerifier: VERIFIER, redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    down = false;
    const closed = createGraphFacebookLogin({
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: 'http://127.0.0.1:1/v21.0',
      dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    });
    await expect(closed.exchange({ code: 'x', codeVerifier: VERIFIER, redirectUri: REDIRECT })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });

  it('is chosen by FACEBOOK_APP_ID and FACEBOOK_APP_SECRET, the simulated one when both are unset', () => {
    expect(readFacebookSettings({})).toEqual({ settings: { provider: 'simulated' }, problems: [] });
    expect(
      readFacebookSettings({
        FACEBOOK_APP_ID: APP_ID,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_GRAPH_URL: `${fake.baseUrl}/v21.0/`,
      }).settings,
    ).toEqual({
      provider: 'graph',
      appId: APP_ID,
      appSecret: APP_SECRET,
      graphUrl: `${fake.baseUrl}/v21.0`,
      dialogUrl: 'https://www.facebook.com/v21.0/dialog/oauth',
    });
    expect(readFacebookSettings({ FACEBOOK_APP_ID: APP_ID }).problems).toHaveLength(1);
    expect(
      readFacebookSettings({ FACEBOOK_APP_ID: 'abc', FACEBOOK_APP_SECRET: 's', FACEBOOK_GRAPH_URL: 'ftp://x' })
        .problems,
    ).toHaveLength(2);
  });
});
