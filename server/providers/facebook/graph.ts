/**
 * Facebook Login against the Graph API: the login dialog, then the code exchanged at /oauth/access_token with the
 * app secret and the PKCE verifier, then /me?fields=id,name with the token and its appsecret_proof. The token is used
 * for that one call and never stored. Tested against a local fake Graph server (graph.test.ts).
 */
import { createHmac } from 'node:crypto';
import { FacebookLoginError, authorizeQuery, type FacebookAccount, type FacebookLogin } from './facebook-login.ts';

export interface GraphOptions {
  readonly appId: string;
  readonly appSecret: string;
  /** e.g. https://graph.facebook.com/v21.0 */
  readonly graphUrl: string;
  /** e.g. https://www.facebook.com/v21.0/dialog/oauth */
  readonly dialogUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export function createGraphFacebookLogin(options: GraphOptions): FacebookLogin {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function getJson(url: URL): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new FacebookLoginError('UNAVAILABLE', error instanceof Error ? error.message : String(error));
    }
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (res.status >= 500 || res.status === 429) throw new FacebookLoginError('UNAVAILABLE', `HTTP ${res.status}`);
    if (!res.ok) {
      const error = (body?.['error'] ?? {}) as Record<string, unknown>;
      throw new FacebookLoginError(
        'CODE_REFUSED',
        `HTTP ${res.status} ${String(error['type'] ?? '')} ${String(error['code'] ?? '')}`,
      );
    }
    if (body === null || typeof body !== 'object') throw new FacebookLoginError('UNAVAILABLE', 'not JSON');
    return body;
  }

  return {
    kind: 'graph',
    authorizeUrl(request) {
      const url = new URL(options.dialogUrl);
      url.search = authorizeQuery(options.appId, request).toString();
      return url.toString();
    },
    async exchange({ code, codeVerifier, redirectUri }): Promise<FacebookAccount> {
      const tokenUrl = new URL(`${options.graphUrl}/oauth/access_token`);
      tokenUrl.search = new URLSearchParams({
        client_id: options.appId,
        client_secret: options.appSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      }).toString();
      const token = await getJson(tokenUrl);
      const accessToken = token['access_token'];
      if (typeof accessToken !== 'string' || !accessToken)
        throw new FacebookLoginError('UNAVAILABLE', 'no access_token');
      const meUrl = new URL(`${options.graphUrl}/me`);
      const proof = createHmac('sha256', options.appSecret).update(accessToken).digest('hex');
      meUrl.search = new URLSearchParams({
        fields: 'id,name',
        access_token: accessToken,
        appsecret_proof: proof,
      }).toString();
      const me = await getJson(meUrl);
      if (typeof me['id'] !== 'string' || !/^\d{1,30}$/u.test(me['id']) || typeof me['name'] !== 'string')
        throw new FacebookLoginError('UNAVAILABLE', 'bad /me answer');
      return { id: me['id'], name: me['name'].slice(0, 200) };
    },
  };
}
