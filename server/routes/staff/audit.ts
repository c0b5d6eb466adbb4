/**
 * The audit log for `audit.read` (contract: api-contract/staff.ts): staff actions and borrowers' security events,
 * newest first, filtered; and the customer searches that looked for a value (its keyed hash). Never a phone number
 * (server/services/staff/audit-log.ts). Reading the log is itself audited: `audit.read` with its filters, `audit.searched` with
 * the hash of the value looked for, each written after the page it answers.
 */
import {
  auditListAnswer,
  auditListQuery,
  auditSearchInput,
  pageOf,
  type AuditListQuery,
  type AuditSearchInput,
} from '#api-contract/staff.ts';
import { dataKeys } from '#server/crypto/data-keys.ts';
import { searchHash } from '#server/crypto/lookup-hashes.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { staffAudit } from '#server/services/audit.ts';
import { findSearchesFor, listAuditLog } from '#server/services/staff/audit-log.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';
import { auditListRead } from './read-audit.ts';

export const staffAuditRoutes = staffRouteGroup<StaffApiDeps>(async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['staff'],
        operationId: 'listAuditLog',
        summary: 'The audit log, newest first, one page (audited)',
        querystring: auditListQuery,
        response: { 200: auditListAnswer },
      },
    },
    async (request) => {
      const query = request.query as AuditListQuery;
      const { page, perPage } = pageOf(query);
      const answer = await listAuditLog(db, { ...query, page, perPage });
      const { page: _page, perPage: _perPage, ...filters } = query;
      await auditListRead(db, request, { action: 'audit.read', filters, page, answer });
      return answer;
    },
  );

  app.post(
    '/audit/search',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['staff'],
        operationId: 'searchAuditLog',
        summary:
          'Who searched for a value: the customer searches (and audit searches) whose query had its keyed hash, newest first (audited with the hash)',
        body: auditSearchInput,
        response: { 200: auditListAnswer },
      },
    },
    async (request) => {
      const body = request.body as AuditSearchInput;
      const { page, perPage } = pageOf(body);
      const answer = await findSearchesFor(db, { by: body.by, value: body.value, page, perPage });
      await staffAudit(db, {
        staffId: staffOf(request).staffId,
        action: 'audit.searched',
        ip: request.ip,
        detail: {
          by: body.by,
          queryHash: searchHash(dataKeys(), body.by, body.value),
          page,
          count: answer.items.length,
        },
      });
      return answer;
    },
  );
});
