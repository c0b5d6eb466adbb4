/**
 * The credit limit screen and Facebook binding (contract: api-contract/limits.ts): the caller's own only (the customer
 * and the session come from the session, never the request). Personal: never cached.
 */
import routesJson from '#config/routes.json' with { type: 'json' };
import { facebookBindInput, facebookLoginAnswer, limitAnswer, type FacebookBindInput } from '#api-contract/limits.ts';
import type { RoutesConfig } from '#config/types/routes.ts';
import { callerOf } from '../plugins/auth.ts';
import type { FacebookService } from '../services/facebook.ts';
import { routeGroup } from './route-group.ts';

/** The screen Facebook redirects back to (config/routes.json `creditLimit`). */
export const LIMIT_SCREEN_PATH =
  (routesJson as RoutesConfig).routes.find((r) => r.name === 'creditLimit')?.path ?? '/creditLimit';

export interface LimitRouteOptions {
  readonly facebook: FacebookService;
  /** FACEBOOK_REDIRECT_URL: the redirect URI registered with Facebook; default the limit screen at `publicUrl`. */
  readonly redirectUri?: string;
  /** The origin borrowers reach the app at (PUBLIC_URL): never the request's Host header, which the client chooses. */
  readonly publicUrl: () => string;
}

export const limitRoutes = routeGroup<LimitRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { facebook, redirectUri, publicUrl }) => {
    app.get(
      '/limit',
      {
        schema: {
          tags: ['limits'],
          operationId: 'getLimit',
          summary: 'The credit limit, its history, what would raise it next, the Facebook account bound',
          response: { 200: limitAnswer },
        },
      },
      async (request) => facebook.view(callerOf(request).customerId),
    );

    app.post(
      '/facebook/login',
      {
        schema: {
          tags: ['limits'],
          operationId: 'startFacebookLogin',
          summary: 'Starts Facebook Login (PKCE, state bound to this session): where the browser goes',
          body: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: facebookLoginAnswer },
        },
      },
      async (request) =>
        facebook.start(callerOf(request), new URL(redirectUri ?? LIMIT_SCREEN_PATH, publicUrl()).toString()),
    );

    app.post(
      '/facebook/binding',
      {
        schema: {
          tags: ['limits'],
          operationId: 'bindFacebook',
          summary: 'Binds the Facebook account of the login redirect (code and state); raises the limit the first time',
          description:
            'Refused: FACEBOOK_LOGIN_EXPIRED (state unknown, used, expired or of another session), FACEBOOK_DENIED (consent cancelled), FACEBOOK_LOGIN_FAILED, FACEBOOK_ACCOUNT_TAKEN (bound to another customer), FACEBOOK_ALREADY_BOUND.',
          body: facebookBindInput,
          response: { 200: limitAnswer },
        },
      },
      async (request) => facebook.bind(callerOf(request), request.body as FacebookBindInput),
    );

    app.delete(
      '/facebook/binding',
      {
        schema: {
          tags: ['limits'],
          operationId: 'unbindFacebook',
          summary: 'Unbinds the Facebook account; the limit raised for it stays',
          response: { 200: limitAnswer },
        },
      },
      async (request) => facebook.unbind(callerOf(request)),
    );
  },
);
