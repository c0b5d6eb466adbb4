/**
 * The staff route group: every route under /api/v1/staff answers `no-store`, documents the staff security scheme and
 * the error answers, and checks the caller's role against the permission the route declares in its `config`
 * (`{ permission: 'reviews.decide' }`; `'session'` for what any signed-in staff member may do, `'public'` for login).
 * A route that declares nothing is refused to everyone: fail closed. The check runs before validation, so a caller
 * without the permission learns nothing of a route's input. Refusals of a signed-in caller are audited.
 * A session whose account is not set up (a second factor to enrol, a temporary password to replace:
 * server/services/staff/sessions.ts) reaches only the routes marked `'setup'` (who am I, sign out, change the password, enrol);
 * every other route answers STAFF_SETUP_REQUIRED, whatever the client.
 */
import type { FastifyPluginAsync, FastifyPluginOptions, FastifySchema } from 'fastify';
import { errorAnswer } from '#api-contract/common.ts';
import { can, type StaffPermission } from '#domain/staff-roles.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/errors.ts';
import { STAFF_SECURITY } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';
import type { SecurityRequirement } from '../route-group.ts';

/** What a staff route asks of its caller; `'setup'`: any session, one that must finish its account's setup too. */
export type StaffAccess = StaffPermission | 'session' | 'setup' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** server/routes/staff/group.ts */
    permission?: StaffAccess;
  }
}

const errorResponses = { '4xx': errorAnswer, '5xx': errorAnswer } as const;

/** Every staff route registered, with its access: the role matrix test walks them. */
export const staffRouteTable: { method: string; url: string; access: StaffAccess | undefined }[] = [];

export function staffRouteGroup<Options extends FastifyPluginOptions & { db: Database }>(
  routes: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.permission;
      const schema: FastifySchema & { security?: readonly SecurityRequirement[] } = route.schema ?? {};
      route.schema = {
        ...schema,
        security: schema.security ?? (access === 'public' ? [] : STAFF_SECURITY),
        response: { ...errorResponses, ...(schema.response as object | undefined) },
      };
      for (const method of [route.method].flat())
        if (method !== 'HEAD') staffRouteTable.push({ method, url: route.url, access });
    });
    app.addHook('onRequest', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });
    app.addHook('preValidation', async (request, reply) => {
      const access = request.routeOptions.config.permission;
      if (access === 'public') return;
      await app.requireStaff(request, reply);
      const staff = request.staff!;
      if (access === 'setup') return;
      if (staff.pending.length > 0) throw new ApiError('STAFF_SETUP_REQUIRED', { pending: staff.pending });
      if (access === 'session') return;
      if (access === undefined || !can(staff.role, access)) {
        await staffAudit(options.db, {
          staffId: staff.staffId,
          action: 'access.refused',
          ip: request.ip,
          detail: { route: request.routeOptions.url ?? request.url, method: request.method },
        });
        throw new ApiError('FORBIDDEN');
      }
    });
    await routes(app, options);
  };
}
