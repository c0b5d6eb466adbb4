/**
 * Facebook Login (OAuth 2 authorization code with PKCE and state) behind one interface: the simulated provider by
 * default (simulated.ts: its own consent page and codes, served by this server), the Graph API adapter (graph.ts)
 * when FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set. The server keeps only the account's id and name.
 */

/** The account a login proved: Facebook's app-scoped user id and the name. */
export interface FacebookAccount {
  readonly id: string;
  readonly name: string;
}

/** Why a code was not exchanged: refused by Facebook (bad, used or expired code, wrong verifier), or Facebook unreachable. */
export type FacebookLoginErrorCode = 'CODE_REFUSED' | 'UNAVAILABLE';

export class FacebookLoginError extends Error {
  constructor(
    readonly code: FacebookLoginErrorCode,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

export interface FacebookLogin {
  readonly kind: 'simulated' | 'graph';
  /** Where the browser goes to log in and consent; Facebook redirects back to `redirectUri` with code and state, or error. */
  authorizeUrl(request: {
    readonly state: string;
    readonly codeChallenge: string;
    readonly redirectUri: string;
  }): string;
  /** The account of an authorization code, proved with the PKCE verifier. Rejects with a FacebookLoginError. */
  exchange(request: {
    readonly code: string;
    readonly codeVerifier: string;
    readonly redirectUri: string;
  }): Promise<FacebookAccount>;
}

/** Which Facebook Login, from the environment: the Graph API when an app id and secret are set, else simulated. */
export type FacebookSettings =
  | { readonly provider: 'simulated' }
  | {
      readonly provider: 'graph';
      readonly appId: string;
      readonly appSecret: string;
      readonly graphUrl: string;
      readonly dialogUrl: string;
    };

/** The query of Facebook's login dialog: the authorization code flow with PKCE (S256), the public profile only. */
export function authorizeQuery(
  clientId: string,
  request: { readonly state: string; readonly codeChallenge: string; readonly redirectUri: string },
): URLSearchParams {
  return new URLSearchParams({
    client_id: clientId,
    redirect_uri: request.redirectUri,
    state: request.state,
    response_type: 'code',
    scope: 'public_profile',
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  });
}

export const GRAPH_DEFAULT_URL = 'https://graph.facebook.com/v21.0';
export const DIALOG_DEFAULT_URL = 'https://www.facebook.com/v21.0/dialog/oauth';

function httpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

/** FACEBOOK_APP_ID, FACEBOOK_APP_SECRET (both or neither), FACEBOOK_GRAPH_URL, FACEBOOK_DIALOG_URL; problems instead of throwing. */
export function readFacebookSettings(env: NodeJS.ProcessEnv): { settings?: FacebookSettings; problems: string[] } {
  const appId = env['FACEBOOK_APP_ID']?.trim() ?? '';
  const appSecret = env['FACEBOOK_APP_SECRET']?.trim() ?? '';
  if (!appId && !appSecret) return { settings: { provider: 'simulated' }, problems: [] };
  const problems: string[] = [];
  if (!appId || !appSecret)
    problems.push(
      'FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together: set both for Facebook Login, neither for the simulated one',
    );
  if (appId && !/^\d{5,20}$/u.test(appId)) problems.push("FACEBOOK_APP_ID must be the app's numeric id");
  const graphUrl = (env['FACEBOOK_GRAPH_URL']?.trim() || GRAPH_DEFAULT_URL).replace(/\/+$/u, '');
  const dialogUrl = env['FACEBOOK_DIALOG_URL']?.trim() || DIALOG_DEFAULT_URL;
  if (!httpUrl(graphUrl)) problems.push(`FACEBOOK_GRAPH_URL must be an http(s) URL, got "${graphUrl}"`);
  if (!httpUrl(dialogUrl)) problems.push(`FACEBOOK_DIALOG_URL must be an http(s) URL, got "${dialogUrl}"`);
  if (problems.length) return { problems };
  return { settings: { provider: 'graph', appId, appSecret, graphUrl, dialogUrl }, problems };
}
