/**
 * Who is calling a staff route: `Authorization: Bearer <staff token>` (POST /api/v1/staff/auth/login). Staff tokens
 * live in their own table: a borrower's token is never a staff token, nor the reverse. `requireStaff` answers
 * UNAUTHORIZED for a missing, unknown, revoked, expired or idle token, or a disabled account.
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError } from '../errors.ts';
import { staffSessionOf, type StaffCaller } from '../services/staff/sessions.ts';

export const staffSecuritySchemes = {
  staffToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'A staff session token of POST /api/v1/staff/auth/login (its `token`)',
  },
} as const;

export const STAFF_SECURITY = [{ staffToken: [] }] as const;

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffCaller;
  }
  interface FastifyInstance {
    requireStaff: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The staff caller of a route that `requireStaff` let through. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff) throw new ApiError('UNAUTHORIZED');
  return request.staff;
}

export const staffAuthPlugin = fp<{ db: Database; now: () => Date }>(async (app, { db, now }) => {
  app.decorateRequest('staff', undefined);
  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const caller = await staffSessionOf(db, token, now());
    if (!caller) throw new ApiError('UNAUTHORIZED');
    request.staff = caller;
  });
});
