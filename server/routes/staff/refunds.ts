/**
 * Overpayment refunds (contract: api-contract/staff-ops.ts): the list staff work from (failed ones first need a person)
 * and one customer's, and the retry of a failed one after the borrower fixed their payout account (audited).
 */
import {
  idParams,
  pageOf,
  refundListAnswer,
  refundListQuery,
  staffRefundView,
  type RefundListQuery,
} from '#api-contract/staff-ops.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { createStaffRefunds } from '#server/services/staff/refunds.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';
import { auditListRead } from './read-audit.ts';

const tags = ['staff'];

export const staffRefundRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const refunds = createStaffRefunds(deps);

  app.get(
    '/refunds',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'listRefunds',
        summary: 'Overpayment refunds, newest first (state=failed: the ones waiting for a person; audited)',
        querystring: refundListQuery,
        response: { 200: refundListAnswer },
      },
    },
    async (request) => {
      const query = request.query as RefundListQuery;
      const { page, perPage } = pageOf(query);
      const answer = await refunds.list({ state: query.state, customerId: query.customerId }, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'refund.listed',
        customerId: query.customerId,
        filters: { state: query.state },
        page,
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/refunds/:id/retry',
    {
      config: { permission: 'refunds.retry' },
      schema: {
        tags,
        operationId: 'retryRefund',
        summary: "Send a failed refund again, to the borrower's payout account on file now (audited)",
        params: idParams('id'),
        response: { 200: staffRefundView },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return refunds.retry(staffOf(request).staffId, request.ip, id);
    },
  );
});
