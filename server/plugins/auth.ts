/**
 * Who is calling: `Authorization: Bearer <token>` plus `X-Customer-Id` (the spec's logged-in state is a token and a
 * customer id). A route group that needs a borrower runs `app.requireCustomer` before its handlers
 * (server/routes/route-group.ts); it answers UNAUTHORIZED for a missing, unknown, expired or revoked token, or a token
 * of another customer, and records the refusal. The OpenAPI document names both headers as security schemes.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { audit } from '../services/audit.ts';
import type { AuthService, Requester } from '../services/auth.ts';
import type { Database } from '../db/database.ts';

/** The OpenAPI security schemes of a session, as `requireCustomer` reads it: both headers are needed together. */
export const sessionSecuritySchemes = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token of POST /api/v1/auth/login (its `token`)',
  },
  customerId: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Customer-Id',
    description: 'The customer id of POST /api/v1/auth/login (its `customerId`), sent with the token',
  },
} as const;

/** The OpenAPI security requirement of a route that needs a session. */
export const SESSION_SECURITY = [{ sessionToken: [], customerId: [] }] as const satisfies readonly Record<
  keyof typeof sessionSecuritySchemes,
  []
>[];

export interface Caller {
  readonly sessionId: string;
  readonly customerId: string;
  readonly phone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyInstance {
    requireCustomer: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The requester of a request: its client IP and the app's device id header (or a stand-in per IP). */
export function requesterOf(request: FastifyRequest): Requester {
  const header = request.headers['x-device-id'];
  const deviceId = typeof header === 'string' && /^[\w-]{8,64}$/u.test(header) ? header : `ip-${request.ip}`;
  return { ip: request.ip, deviceId };
}

/** The caller of a route that `requireCustomer` let through. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiError('UNAUTHORIZED');
  return request.caller;
}

export const authPlugin = fp<{ auth: AuthService; db: Database }>(async (app, { auth, db }) => {
  app.decorateRequest('caller', undefined);
  app.decorate('requireCustomer', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const customerHeader = request.headers['x-customer-id'];
    const customerId = typeof customerHeader === 'string' ? customerHeader : '';
    const session = await auth.session(token, customerId);
    if (!session) {
      if (token)
        await audit(db, {
          event: 'access.refused',
          ip: request.ip,
          detail: { route: request.routeOptions.url ?? request.url },
        });
      throw new ApiError('UNAUTHORIZED');
    }
    request.caller = session;
  });
});
