/**
 * Customer service (contract: api-contract/staff-ops.ts): search, the masked customer view, unmasking, documents'
 * bytes, notes, the feedback inbox and replies, coupon grants and their approval. Every look and write is audited.
 */
import {
  customerAnswer,
  customerSearchAnswer,
  customerSearchInput,
  feedbackInboxAnswer,
  feedbackQuery,
  feedbackView,
  grantCreatedAnswer,
  grantDecisionInput,
  grantInput,
  grantListAnswer,
  grantListQuery,
  grantView,
  idParams,
  noteInput,
  noteView,
  pageOf,
  replyInput,
  unmaskAnswer,
  unmaskInput,
  type CustomerSearchInput,
  type PageQuery,
} from '#api-contract/staff-ops.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { createCustomerService } from '#server/services/staff/customers.ts';
import { createServiceDesk } from '#server/services/staff/service-desk.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';
import { auditListRead } from './read-audit.ts';

const tags = ['staff'];

export const staffCustomerRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const customers = createCustomerService(deps);
  const desk = createServiceDesk(deps);

  app.post(
    '/customers/search',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'searchCustomers',
        summary:
          'Find customers by phone, name, order number or ID number, the query in the body (audited with its keyed hash)',
        body: customerSearchInput,
        response: { 200: customerSearchAnswer },
      },
    },
    async (request) => {
      const query = request.body as CustomerSearchInput;
      const { page, perPage } = pageOf(query);
      return customers.search(staffOf(request).staffId, request.ip, query.by, query.q, page, perPage, query.idType);
    },
  );

  app.get(
    '/customers/:customerId',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'getCustomer',
        summary: "A customer's view, personal data masked (audited)",
        params: idParams('customerId'),
        response: { 200: customerAnswer },
      },
    },
    async (request) => {
      const { customerId } = request.params as { customerId: string };
      return customers.view(staffOf(request).staffId, request.ip, customerId);
    },
  );

  app.post(
    '/customers/:customerId/unmask',
    {
      config: { permission: 'customers.unmask' },
      schema: {
        tags,
        operationId: 'unmaskCustomer',
        summary: 'Named personal values in the clear (audited by field name)',
        params: idParams('customerId'),
        body: unmaskInput,
        response: { 200: unmaskAnswer },
      },
    },
    async (request) => {
      const { customerId } = request.params as { customerId: string };
      return customers.unmask(
        staffOf(request).staffId,
        request.ip,
        customerId,
        request.body as { fields?: string[]; all?: boolean },
      );
    },
  );

  app.get(
    '/customers/:customerId/documents/:documentId',
    {
      config: { permission: 'customers.read' },
      schema: {
        tags,
        operationId: 'getCustomerDocument',
        summary: "A customer's document image (audited)",
        params: idParams('customerId', 'documentId'),
        response: { 200: { description: 'The image bytes', type: 'string', format: 'binary' } },
      },
    },
    async (request, reply) => {
      const { customerId, documentId } = request.params as { customerId: string; documentId: string };
      const file = await customers.documentBytes(staffOf(request).staffId, request.ip, customerId, documentId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  app.post(
    '/customers/:customerId/notes',
    {
      config: { permission: 'notes.write' },
      schema: {
        tags,
        operationId: 'addCustomerNote',
        summary: 'A note on a customer (and optionally one order)',
        params: idParams('customerId'),
        body: noteInput,
        response: { 201: noteView },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const body = request.body as { text: string; orderId?: string };
      return reply
        .status(201)
        .send(await customers.addNote(staffOf(request).staffId, request.ip, customerId, body.text, body.orderId));
    },
  );

  app.get(
    '/feedback',
    {
      config: { permission: 'feedback.reply' },
      schema: {
        tags,
        operationId: 'listStaffFeedback',
        summary: 'The feedback inbox, oldest first (audited)',
        querystring: feedbackQuery,
        response: { 200: feedbackInboxAnswer },
      },
    },
    async (request) => {
      const query = request.query as PageQuery & { state?: string };
      const { page, perPage } = pageOf(query);
      const answer = await desk.inbox(query.state, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'feedback.listed',
        filters: { state: query.state },
        page,
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/feedback/:id/reply',
    {
      config: { permission: 'feedback.reply' },
      schema: {
        tags,
        operationId: 'replyStaffFeedback',
        summary: 'Reply once; the borrower gets a message',
        params: idParams('id'),
        body: replyInput,
        response: { 200: feedbackView },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return desk.reply(staffOf(request).staffId, request.ip, id, (request.body as { text: string }).text);
    },
  );

  app.post(
    '/customers/:customerId/coupon-grants',
    {
      config: { permission: 'coupons.grant' },
      schema: {
        tags,
        operationId: 'grantCoupon',
        summary: 'Grant a coupon with a reason; above the configured amount it waits for a supervisor',
        params: idParams('customerId'),
        body: grantInput,
        response: { 201: grantCreatedAnswer },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params as { customerId: string };
      const body = request.body as { definitionId: string; reason: string };
      return reply
        .status(201)
        .send(await desk.grant(staffOf(request).staffId, request.ip, customerId, body.definitionId, body.reason));
    },
  );

  app.get(
    '/coupon-grants',
    {
      config: { permission: 'coupons.approve' },
      schema: {
        tags,
        operationId: 'listCouponGrants',
        summary: 'Coupon grants, oldest first (audited)',
        querystring: grantListQuery,
        response: { 200: grantListAnswer },
      },
    },
    async (request) => {
      const query = request.query as PageQuery & { state?: string };
      const { page, perPage } = pageOf(query);
      const answer = await desk.grants(query.state, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'coupon.grants-listed',
        filters: { state: query.state },
        page,
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/coupon-grants/:id/decision',
    {
      config: { permission: 'coupons.approve' },
      schema: {
        tags,
        operationId: 'decideCouponGrant',
        summary: "Approve (issues the coupon) or refuse another person's grant",
        params: idParams('id'),
        body: grantDecisionInput,
        response: { 200: grantView },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return desk.decideGrant(staffOf(request).staffId, request.ip, id, (request.body as { approve: boolean }).approve);
    },
  );
});
