/**
 * Staff accounts, for administrators (`staff.manage`; contract: api-contract/staff.ts): list, create (a temporary
 * password answered this once; the owner enrols the second factor), rename / re-role / disable, a temporary password,
 * a second-factor reset, unlock; and the four-eyes requests of new accounts and re-roles into an approving role. The
 * rules live in server/services/staff/accounts.ts and account-requests.ts, shared with the CLI.
 */
import { pageOf } from '#api-contract/staff.ts';
import {
  accountRequestDecisionAnswer,
  accountRequestDecisionInput,
  accountRequestListAnswer,
  accountRequestListQuery,
  createStaffAccountAnswer,
  createStaffAccountInput,
  resetPasswordAnswer,
  staffAccountAnswer,
  staffAccountListAnswer,
  staffAccountListQuery,
  staffAccountParams,
  updateStaffAccountInput,
  type AccountRequestDecisionInput,
  type AccountRequestListQuery,
  type CreateStaffAccountInput,
  type StaffAccountListQuery,
  type UpdateStaffAccountInput,
} from '#api-contract/staff.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { decideAccountRequest, listAccountRequests } from '#server/services/staff/account-requests.ts';
import {
  createStaffAccount,
  listStaffAccounts,
  resetStaffPassword,
  resetStaffSecondFactor,
  unlockStaffAccount,
  updateStaffAccount,
} from '#server/services/staff/accounts.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';
import { auditListRead } from './read-audit.ts';

const empty = { type: 'object', additionalProperties: false, properties: {} } as const;

export const staffAccountRoutes = staffRouteGroup<StaffApiDeps>(async (app, { db, now }) => {
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
        summary:
          'Add a staff member with a temporary password (shown only in this answer); 202 when another administrator must approve it',
        body: createStaffAccountInput,
        response: { 201: createStaffAccountAnswer, 202: createStaffAccountAnswer },
      },
    },
    async (request, reply) => {
      const created = await createStaffAccount(db, request.body as CreateStaffAccountInput, actor(request), now());
      return reply.status(created.requestId ? 202 : 201).send(created);
    },
  );

  app.patch(
    '/accounts/:id',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'updateStaffAccount',
        summary:
          'Rename, re-role, disable or enable an account (a re-role or disable ends its sessions); 202 when a re-role waits for another administrator',
        params: staffAccountParams,
        body: updateStaffAccountInput,
        response: { 200: staffAccountAnswer, 202: staffAccountAnswer },
      },
    },
    async (request, reply) => {
      const { account, requestId } = await updateStaffAccount(
        db,
        idOf(request),
        request.body as UpdateStaffAccountInput,
        actor(request),
        now(),
      );
      return reply.status(requestId ? 202 : 200).send(account);
    },
  );

  app.post(
    '/accounts/:id/reset-password',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'resetStaffPassword',
        summary:
          "A temporary password (shown only in this answer); the account's sessions end and its owner sets a new one at the next sign-in",
        params: staffAccountParams,
        body: empty,
        response: { 200: resetPasswordAnswer },
      },
    },
    async (request) => {
      return resetStaffPassword(db, idOf(request), actor(request), now());
    },
  );

  app.post(
    '/accounts/:id/reset-second-factor',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'resetStaffSecondFactor',
        summary:
          "Remove the account's second factor: its sessions end and its owner enrols a new one at the next sign-in",
        params: staffAccountParams,
        body: empty,
        response: { 200: staffAccountAnswer },
      },
    },
    async (request) => {
      return resetStaffSecondFactor(db, idOf(request), actor(request), now());
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

  app.get(
    '/account-requests',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'listStaffAccountRequests',
        summary: 'New accounts and re-roles waiting for (or decided by) a second administrator, newest first',
        querystring: accountRequestListQuery,
        response: { 200: accountRequestListAnswer },
      },
    },
    async (request) => {
      const query = request.query as AccountRequestListQuery;
      return listAccountRequests(db, { ...pageOf(query), ...(query.state && { state: query.state }) });
    },
  );

  app.post(
    '/account-requests/:id/decision',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags: ['staff'],
        operationId: 'decideStaffAccountRequest',
        summary: 'Approve (another administrator than the requester) or refuse a new account or a re-role',
        params: staffAccountParams,
        body: accountRequestDecisionInput,
        response: { 200: accountRequestDecisionAnswer },
      },
    },
    async (request) => {
      const { approve } = request.body as AccountRequestDecisionInput;
      return decideAccountRequest(db, idOf(request), approve, actor(request), now());
    },
  );
});
