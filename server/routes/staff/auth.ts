/**
 * Staff sign-in and the session (contract: api-schema/staff.ts): login with e-mail, password and authenticator code,
 * logout, and who the token belongs to. The rules live in server/staff/login.ts.
 */
import { staffLoginAnswer, staffLoginInput, staffMeAnswer, type StaffLoginInput } from '#api-schema/staff.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';
import { loginStaff, staffSelf } from '#server/staff/login.ts';
import { revokeStaffSession } from '#server/staff/sessions.ts';
import { staffConfig } from '#server/staff/staff-config.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';

export const staffAuthRoutes = staffRouteGroup<StaffApiDeps>(async (app, { db, now }) => {
  app.post(
    '/auth/login',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['staff'],
        operationId: 'staffLogin',
        summary: 'Sign in with e-mail, password and the authenticator code',
        body: staffLoginInput,
        response: { 200: staffLoginAnswer },
      },
    },
    async (request) => {
      return loginStaff(db, request.body as StaffLoginInput, request.ip, now());
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['staff'],
        operationId: 'staffLogout',
        summary: 'End this session',
        response: { 204: { type: 'null', description: 'Signed out' } },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await db.transaction(async (tx) => {
        await revokeStaffSession(tx, staff.sessionId, now());
        await staffAudit(tx, { staffId: staff.staffId, action: 'logout', ip: request.ip });
      });
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['staff'],
        operationId: 'staffMe',
        summary: 'The signed-in staff member, their permissions and the idle timeout',
        response: { 200: staffMeAnswer },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return {
        ...staffSelf({ id: staff.staffId, email: staff.email, name: staff.name, role: staff.role }),
        idleMinutes: staffConfig.session.idleMinutes,
      };
    },
  );
});
