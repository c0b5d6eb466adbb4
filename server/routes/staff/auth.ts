/**
 * Staff sign-in and the session (contract: api-contract/staff.ts): login with e-mail, password and authenticator code,
 * logout, who the token belongs to, and what a member does for their own account: change the password, enrol a second
 * factor. The rules live in server/services/staff/login.ts and self-service.ts. All but login are `'setup'` routes: a session
 * that must finish its account's setup reaches them (server/routes/staff/group.ts).
 */
import {
  changePasswordInput,
  confirmEnrolmentInput,
  staffLoginAnswer,
  staffLoginInput,
  staffMeAnswer,
  totpEnrolment,
  type ChangePasswordInput,
  type ConfirmEnrolmentInput,
  type StaffLoginInput,
} from '#api-contract/staff.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';
import { loginStaff, staffSelf } from '#server/services/staff/login.ts';
import { changeOwnPassword, confirmEnrolment, startEnrolment } from '#server/services/staff/self-service.ts';
import { revokeStaffSession } from '#server/services/staff/sessions.ts';
import { staffConfig } from '#server/services/staff/staff-config.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';

const empty = { type: 'object', additionalProperties: false, properties: {} } as const;
const done = { 204: { type: 'null', description: 'Done' } } as const;

export const staffAuthRoutes = staffRouteGroup<StaffApiDeps>(
  async (app, { db, now, productName, simulatedProviders }) => {
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
        config: { permission: 'setup' },
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
        config: { permission: 'setup' },
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
          ...staffSelf({
            id: staff.staffId,
            email: staff.email,
            name: staff.name,
            role: staff.role,
            pending: staff.pending,
          }),
          idleMinutes: staffConfig.session.idleMinutes,
          simulatedProviders: [...simulatedProviders],
        };
      },
    );

    app.post(
      '/auth/password',
      {
        config: { permission: 'setup' },
        schema: {
          tags: ['staff'],
          operationId: 'staffChangePassword',
          summary:
            "Change one's own password (the current one, or the temporary one, required); the account's other sessions end",
          body: changePasswordInput,
          response: done,
        },
      },
      async (request, reply) => {
        await changeOwnPassword(db, staffOf(request), request.body as ChangePasswordInput, request.ip, now());
        return reply.status(204).send();
      },
    );

    app.post(
      '/auth/second-factor',
      {
        config: { permission: 'setup' },
        schema: {
          tags: ['staff'],
          operationId: 'staffStartEnrolment',
          summary:
            'A new authenticator secret for an account without a second factor, shown to its owner only in this answer',
          body: empty,
          response: { 200: totpEnrolment },
        },
      },
      async (request) => {
        return startEnrolment(db, staffOf(request), productName, request.ip);
      },
    );

    app.post(
      '/auth/second-factor/confirm',
      {
        config: { permission: 'setup' },
        schema: {
          tags: ['staff'],
          operationId: 'staffConfirmEnrolment',
          summary: 'Confirm the new secret with a first code of the authenticator: it becomes the second factor',
          body: confirmEnrolmentInput,
          response: done,
        },
      },
      async (request, reply) => {
        const { code } = request.body as ConfirmEnrolmentInput;
        await confirmEnrolment(db, staffOf(request), code, request.ip, now());
        return reply.status(204).send();
      },
    );
  },
);
