/**
 * The simulated Facebook Login's pages (served only when FACEBOOK_APP_ID is unset): they stand for facebook.com, not
 * for our API, so they are left out of the OpenAPI document. The dialog shows which app asks and lets the tester name
 * the Facebook account (id and name) and allow or cancel; the answer redirects back like Facebook's (code and state,
 * or error=access_denied). The page is a developer's stand-in, in English, outside the borrower app and its catalogs.
 * The redirect URI must be on this server (a real Facebook app checks it against the registered ones): no open redirect.
 */
import { ApiError } from '../errors.ts';
import { FacebookLoginError } from '../providers/facebook/facebook-login.ts';
import { SIMULATED_DIALOG_PATH, type SimulatedFacebookLogin } from '../providers/facebook/simulated.ts';
import { routeGroup } from './route-group.ts';

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;
const dialogQuery = {
  type: 'object',
  required: ['client_id', 'redirect_uri', 'state', 'response_type', 'code_challenge', 'code_challenge_method'],
  additionalProperties: true,
  properties: {
    client_id: text(40),
    redirect_uri: text(2048),
    state: text(512),
    response_type: { type: 'string', const: 'code' },
    scope: text(200),
    code_challenge: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
    code_challenge_method: { type: 'string', const: 'S256' },
  },
} as const;
const decideQuery = {
  ...dialogQuery,
  required: [...dialogQuery.required, 'decision'],
  properties: {
    ...dialogQuery.properties,
    decision: { type: 'string', enum: ['allow', 'cancel'] },
    fb_user_id: { type: 'string', pattern: '^[0-9]{1,20}$' },
    name: { type: 'string', maxLength: 100 },
  },
} as const;

type DialogQuery = Record<'client_id' | 'redirect_uri' | 'state' | 'code_challenge', string> & {
  decision?: 'allow' | 'cancel';
  fb_user_id?: string;
  name?: string;
};

const escape = (value: string) => value.replace(/[&<>"']/gu, (c) => `&#${c.charCodeAt(0)};`);

/** The redirect URI when it is on this server's public address (PUBLIC_URL, never the Host header), else INVALID_INPUT. */
function ownRedirect(publicUrl: string, redirectUri: string): string {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw new ApiError('INVALID_INPUT');
  }
  if (url.origin !== new URL(publicUrl).origin) throw new ApiError('INVALID_INPUT');
  return url.toString();
}

export const simulatedFacebookRoutes = routeGroup<{ simulated: SimulatedFacebookLogin; publicUrl: () => string }>(
  { access: 'public', noStore: true },
  async (app, { simulated, publicUrl }) => {
    app.get(SIMULATED_DIALOG_PATH, { schema: { hide: true, querystring: dialogQuery } }, async (request, reply) => {
      const q = request.query as DialogQuery;
      ownRedirect(publicUrl(), q.redirect_uri);
      const hidden = (['client_id', 'redirect_uri', 'state', 'code_challenge'] as const)
        .map((k) => `<input type="hidden" name="${k}" value="${escape(q[k])}">`)
        .join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Simulated Facebook Login</title></head>
<body><main><h1>Simulated Facebook Login</h1><p>A simulated Facebook for development and tests: no real account is used.</p>
<p>The app (client_id ${escape(q.client_id)}) asks for your public profile: your name.</p>
<form method="get" action="${SIMULATED_DIALOG_PATH}/decide">${hidden}
<input type="hidden" name="response_type" value="code"><input type="hidden" name="code_challenge_method" value="S256">
<p><label>Facebook user id <input name="fb_user_id" inputmode="numeric" pattern="[0-9]{1,20}" value="${Math.floor(1e14 + Math.random() * 9e14)}" required></label></p>
<p><label>Name <input name="name" maxlength="100" value="Juan Dela Cruz" required></label></p>
<p><button type="submit" name="decision" value="allow">Continue</button> <button type="submit" name="decision" value="cancel" formnovalidate>Cancel</button></p>
</form></main></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    });

    app.get(
      `${SIMULATED_DIALOG_PATH}/decide`,
      { schema: { hide: true, querystring: decideQuery } },
      async (request, reply) => {
        const q = request.query as DialogQuery;
        const redirectUri = ownRedirect(publicUrl(), q.redirect_uri);
        const allow = q.decision === 'allow';
        if (allow && (!q.fb_user_id || !q.name?.trim())) throw new ApiError('INVALID_INPUT');
        try {
          const location = await simulated.consent({
            clientId: q.client_id,
            redirectUri,
            state: q.state,
            codeChallenge: q.code_challenge,
            allow,
            account: { id: q.fb_user_id ?? '', name: q.name?.trim() ?? '' },
          });
          return reply.redirect(location, 302);
        } catch (error) {
          if (error instanceof FacebookLoginError) throw new ApiError('INVALID_INPUT');
          throw error;
        }
      },
    );
  },
);
