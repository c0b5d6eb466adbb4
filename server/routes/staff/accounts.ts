/**
 * Staff accounts, for administrators (`staff.manage`; contract: api-schema/staff.ts): list, create (the TOTP secret
 * is answered this once), rename / re-role / disable, a new second factor, unlock. The rules live in
 * server/staff/accounts.ts, shared with the CLI.
 */
import { pageOf } from '#api-schema/staff.ts';
import {
  createStaffAccountAnswer,
  createStaffAccountInput,
  staffAccountAnswer,
  staffAccountListAnswer,
  staffAccountListQuery,
  staffAccountParams,
  totpEnrolment,
  updateStaffAccountInput,
  type CreateStaffAccountInput,
  type StaffAccountListQuery,
  type UpdateStaffAccountInput,
} from '#api-schema/staff.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import {
  createStaffAccount,
  listStaffAccounts,
  resetStaffSecondFactor,
  unlockStaffAccount,
  updateStaffAccount,
} from '#server/staff/accounts.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';
import { auditListRead } from './read-audit.ts';

/** A list query's page and page size (digits in the query string) as numbers. */

const empty = { type: 'object', additionalProperties: false, properties: {} } as const;

export const staffAccountRoutes = staffRouteGroup<StaffApiDeps>(async (app, { db, now, productName }) => {
  const actor = (request: Parameters<typeof staffOf>[0]) => ({ staffId: staffOf(request).staffId, ip: request.ip });
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

  app.get(
    '/accounts',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'listStaffAccounts',
        summary: 'Staff accounts, by e-mail, one page (audited)',
        querystring: staffAccountListQuery,
        response: { 200: staffAccountListAnswer },
      },
    },
    async (request) => {
      const query = request.query as StaffAccountListQuery;
      const answer = await listStaffAccounts(db, { ...query, ...pageOf(query) }, now());
      const { page: _page, perPage: _perPage, ...filters } = query;
      await auditListRead(db, request, { action: 'account.listed', filters, page: pageOf(query).page, answer });
      return answer;
    },
  );

  app.post(
    '/accounts',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'createStaffAccount',
        summary: 'Add a staff member; the TOTP secret is shown only in this answer',
        body: createStaffAccountInput,
        response: { 201: createStaffAccountAnswer },
      },
    },
    async (request, reply) => {
      const created = await createStaffAccount(
        db,
        request.body as CreateStaffAccountInput,
        actor(request),
        now(),
        productName,
      );
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/accounts/:id',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'updateStaffAccount',
        summary: 'Rename, re-role, disable or enable an account (a re-role or disable ends its sessions)',
        params: staffAccountParams,
        body: updateStaffAccountInput,
        response: { 200: staffAccountAnswer },
      },
    },
    async (request) => {
      return updateStaffAccount(db, idOf(request), request.body as UpdateStaffAccountInput, actor(request), now());
    },
  );

  app.post(
    '/accounts/:id/reset-second-factor',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'resetStaffSecondFactor',
        summary: "A new TOTP secret (shown only in this answer); the account's sessions end",
        params: staffAccountParams,
        body: empty,
        response: { 200: totpEnrolment },
      },
    },
    async (request) => {
      return resetStaffSecondFactor(db, idOf(request), actor(request), now(), productName);
    },
  );

  app.post(
    '/accounts/:id/unlock',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'unlockStaffAccount',
        summary: 'Lift a lockout after too many failed sign-ins',
        params: staffAccountParams,
        body: empty,
        response: { 200: staffAccountAnswer },
      },
    },
    async (request) => {
      return unlockStaffAccount(db, idOf(request), actor(request));
    },
  );
});
