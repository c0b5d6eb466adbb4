/**
 * The audit log for `audit.read` (contract: api-schema/staff.ts): staff actions and borrowers' security events,
 * newest first, filtered. Never a phone number (server/staff/audit-log.ts).
 */
import { auditListAnswer, auditListQuery, type AuditListQuery } from '#api-schema/staff.ts';
import { listAuditLog } from '#server/staff/audit-log.ts';
import { pageOf } from '#api-schema/staff.ts';
import { staffRouteGroup } from './group.ts';
import type { StaffApiDeps } from './index.ts';

export const staffAuditRoutes = staffRouteGroup<StaffApiDeps>(async (app, { db }) => {
  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        tags: ['staff'],
        operationId: 'listAuditLog',
        summary: 'The audit log, newest first, one page',
        querystring: auditListQuery,
        response: { 200: auditListAnswer },
      },
    },
    async (request) => {
      const query = request.query as AuditListQuery;
      return listAuditLog(db, { ...query, ...pageOf(query) });
    },
  );
});
