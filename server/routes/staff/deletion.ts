/**
 * Account deletion requests (contract: api-contract/staff-deletion.ts; service: server/services/staff/deletion.ts). Customer
 * service opens them and sees a customer's; supervisors list them all and decide (approval erases at once).
 */
import {
  customerIdParams,
  deletionDecisionInput,
  deletionRequestAnswer,
  deletionRequestInput,
  deletionRequestList,
  deletionRequestParams,
  deletionRequestQuery,
  type DeletionDecisionInput,
  type DeletionRequestInput,
  type DeletionRequestQuery,
} from '#api-contract/staff-deletion.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { createDeletionService } from '#server/services/staff/deletion.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';
import { auditListRead } from './read-audit.ts';

const tags = ['staff'];

export const staffDeletionRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const service = createDeletionService({ ...deps, log: (message, detail) => app.log.warn(detail, message) });

  app.post(
    '/customers/:customerId/deletion-requests',
    {
      config: { permission: 'deletion.request' },
      schema: {
        tags,
        operationId: 'staffOpenDeletionRequest',
        summary:
          'Open a deletion request for a customer without an open loan (identity checked as `verification` says)',
        params: customerIdParams,
        body: deletionRequestInput,
        response: { 201: deletionRequestAnswer },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const answer = await service.open(staffOf(request), customerId, request.body as DeletionRequestInput, request.ip);
      return reply.code(201).send(answer);
    },
  );

  app.get(
    '/customers/:customerId/deletion-requests',
    {
      config: { permission: 'deletion.request' },
      schema: {
        tags,
        operationId: 'staffListCustomerDeletionRequests',
        summary: "A customer's deletion requests, oldest first (audited)",
        params: customerIdParams,
        response: { 200: deletionRequestList },
      },
    },
    async (request) => {
      const { customerId } = request.params as { customerId: string };
      const answer = await service.list({ customerId, perPage: '100' });
      await auditListRead(deps.db, request, { action: 'deletion.listed', customerId, page: 1, answer });
      return answer;
    },
  );

  app.get(
    '/deletion-requests',
    {
      config: { permission: 'deletion.approve' },
      schema: {
        tags,
        operationId: 'staffListDeletionRequests',
        summary: 'Deletion requests, oldest first, by state, paged (audited)',
        querystring: deletionRequestQuery,
        response: { 200: deletionRequestList },
      },
    },
    async (request) => {
      const query = request.query as DeletionRequestQuery;
      const answer = await service.list(query);
      await auditListRead(deps.db, request, {
        action: 'deletion.listed',
        filters: { state: query.state },
        page: Number(query.page ?? 1),
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/deletion-requests/:id/decision',
    {
      config: { permission: 'deletion.approve' },
      schema: {
        tags,
        operationId: 'staffDecideDeletionRequest',
        summary: "Approve (erases the customer's personal data at once; never the requester) or refuse with a code",
        params: deletionRequestParams,
        body: deletionDecisionInput,
        response: { 200: deletionRequestAnswer },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return service.decide(staffOf(request), id, request.body as DeletionDecisionInput, request.ip);
    },
  );
});
