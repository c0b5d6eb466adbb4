/**
 * Collections in the console (contract: api-contract/collections.ts; service: server/services/collections.ts;
 * docs/collections.md): the queue (a collector's own loans, every loan for a supervisor), one loan's collection view,
 * contacts, promises, approved messages, assignment, message templates with four eyes, disputes, and the borrowers'
 * complaints about collection for customer service (complaints.read to list them, supervisors too; feedback.reply to act). The rules of SEC
 * MC 18 are the service's: a refusal says which (its code) and is audited. Without loans served, every route answers
 * NOT_FOUND.
 */
import {
  assignAnswer,
  complaintAcknowledgement,
  complaintListAnswer,
  complaintListQuery,
  complaintResolveInput,
  complaintView,
  assignInput,
  borrowerContactDetails,
  collectionView,
  collectorsAnswer,
  contactAnswer,
  contactInput,
  disputeListAnswer,
  disputeListQuery,
  disputeResolveInput,
  disputeView,
  promiseInput,
  promiseView,
  queueAnswer,
  queueQuery,
  sendInput,
  templateDecisionInput,
  templateInput,
  templateListAnswer,
  templateListQuery,
  templateView,
  type ComplaintAcknowledgement,
  type ComplaintListQuery,
  type ComplaintResolveInput,
  type ContactInput,
  type DisputeListQuery,
  type DisputeResolveInput,
  type PromiseInput,
  type QueueQuery,
  type TemplateInput,
} from '#api-contract/collections.ts';
import { idParams, pageOf } from '#api-contract/staff-ops.ts';
import { ApiError } from '#server/errors.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import type { Actor, CollectionService } from '#server/services/collections.ts';
import type { FastifyRequest } from 'fastify';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';
import { auditListRead } from './read-audit.ts';

const tags = ['staff'];

export const staffCollectionRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const service = (): CollectionService => {
    if (!deps.collections) throw new ApiError('NOT_FOUND');
    return deps.collections;
  };
  const actor = (request: FastifyRequest): Actor => ({ staff: staffOf(request), ip: request.ip });
  const orderIdOf = (request: FastifyRequest) => (request.params as { orderId: string }).orderId;

  app.get(
    '/collections/queue',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'collectionQueue',
        summary:
          'Overdue loans by what needs attention (broken promises, amount, days): a collector’s own, every loan for a supervisor (audited)',
        querystring: queueQuery,
        response: { 200: queueAnswer },
      },
    },
    async (request) => {
      const query = request.query as QueueQuery;
      const { page, perPage } = pageOf(query);
      const answer = await service().queue(staffOf(request), query, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'collection.queue-listed',
        filters: { bucket: query.bucket, collectorId: query.collectorId, unassigned: query.unassigned },
        page,
        answer,
      });
      return answer;
    },
  );

  app.get(
    '/collections/loans/:orderId',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'collectionLoan',
        summary:
          "One loan's collection view: overdue by component, contacts, promises, payments, disputes, the borrower's contact preferences (never the emergency contacts; audited)",
        params: idParams('orderId'),
        response: { 200: collectionView },
      },
    },
    async (request) => service().view(actor(request), orderIdOf(request)),
  );

  app.get(
    '/collections/loans/:orderId/contact-details',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'collectionContactDetails',
        summary:
          "The borrower's own name, mobile number and e-mail in the clear, to reach them; the loan's collector or a supervisor (audited)",
        params: idParams('orderId'),
        response: { 200: borrowerContactDetails },
      },
    },
    async (request) => service().contactDetails(actor(request), orderIdOf(request)),
  );

  app.post(
    '/collections/loans/:orderId/contacts',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'recordCollectionContact',
        summary:
          'Record a contact attempt (refused outside the hours, over the daily cap or while disputed; audited either way)',
        params: idParams('orderId'),
        body: contactInput,
        response: { 201: contactAnswer },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service().recordContact(actor(request), orderIdOf(request), request.body as ContactInput)),
  );

  app.post(
    '/collections/loans/:orderId/promises',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'recordCollectionPromise',
        summary: 'Record a promise to pay: a date from today and an amount up to what is owed (audited)',
        params: idParams('orderId'),
        body: promiseInput,
        response: { 201: promiseView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service().recordPromise(actor(request), orderIdOf(request), request.body as PromiseInput)),
  );

  app.post(
    '/collections/loans/:orderId/messages',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'sendCollectionMessage',
        summary:
          "Send an approved template in the borrower's language, in the app and by SMS: a contact, under the same rules (audited)",
        params: idParams('orderId'),
        body: sendInput,
        response: { 201: contactAnswer },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service().sendTemplate(
            actor(request),
            orderIdOf(request),
            (request.body as { templateId: string }).templateId,
          ),
        ),
  );

  app.post(
    '/collections/loans/:orderId/assignment',
    {
      config: { permission: 'collections.supervise' },
      schema: {
        tags,
        operationId: 'assignCollectionLoan',
        summary: 'Assign a repaying loan to a collector (audited)',
        params: idParams('orderId'),
        body: assignInput,
        response: { 200: assignAnswer },
      },
    },
    async (request) =>
      service().assign(actor(request), orderIdOf(request), (request.body as { collectorId: string }).collectorId),
  );

  app.get(
    '/collections/collectors',
    {
      config: { permission: 'collections.supervise' },
      schema: {
        tags,
        operationId: 'listCollectors',
        summary: 'Who loans may be assigned to (active collectors and supervisors), with the repaying loans each holds',
        response: { 200: collectorsAnswer },
      },
    },
    async () => service().collectors(),
  );

  app.get(
    '/collections/templates',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'listCollectionTemplates',
        summary: 'Message templates, newest first (state=approved: the ones that can be sent)',
        querystring: templateListQuery,
        response: { 200: templateListAnswer },
      },
    },
    async (request) => ({ items: await service().templates((request.query as { state?: string }).state) }),
  );

  app.post(
    '/collections/templates',
    {
      config: { permission: 'collections.work' },
      schema: {
        tags,
        operationId: 'createCollectionTemplate',
        summary:
          'Propose a message template, a text per language (refused with wording MC 18 forbids); another person approves it',
        body: templateInput,
        response: { 201: templateView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service().createTemplate(actor(request), request.body as TemplateInput)),
  );

  app.post(
    '/collections/templates/:id/decision',
    {
      config: { permission: 'collections.supervise' },
      schema: {
        tags,
        operationId: 'decideCollectionTemplate',
        summary: "Approve (the wording checked again) or refuse another person's template",
        params: idParams('id'),
        body: templateDecisionInput,
        response: { 200: templateView },
      },
    },
    async (request) =>
      service().decideTemplate(
        actor(request),
        (request.params as { id: string }).id,
        (request.body as { approve: boolean }).approve,
      ),
  );

  app.get(
    '/collections/disputes',
    {
      config: { permission: 'collections.supervise' },
      schema: {
        tags,
        operationId: 'listCollectionDisputes',
        summary: 'Disputes, newest first, by state (audited)',
        querystring: disputeListQuery,
        response: { 200: disputeListAnswer },
      },
    },
    async (request) => {
      const query = request.query as DisputeListQuery;
      const { page, perPage } = pageOf(query);
      const answer = await service().disputeList(query.state, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'collection.disputes-listed',
        filters: { state: query.state },
        page,
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/collections/disputes/:id/resolution',
    {
      config: { permission: 'collections.supervise' },
      schema: {
        tags,
        operationId: 'resolveCollectionDispute',
        summary: 'Resolve an open dispute (collection contact may resume; the borrower gets a message; audited)',
        params: idParams('id'),
        body: disputeResolveInput,
        response: { 200: disputeView },
      },
    },
    async (request) =>
      service().resolveDispute(
        actor(request),
        (request.params as { id: string }).id,
        request.body as DisputeResolveInput,
      ),
  );

  app.get(
    '/collections/complaints',
    {
      config: { permission: 'complaints.read' },
      schema: {
        tags,
        operationId: 'listCollectionComplaints',
        summary:
          "Borrowers' complaints about collection with their age and deadlines, overdue first, then the oldest (audited)",
        querystring: complaintListQuery,
        response: { 200: complaintListAnswer },
      },
    },
    async (request) => {
      const query = request.query as ComplaintListQuery;
      const { page, perPage } = pageOf(query);
      const answer = await service().complaintList(query.state, page, perPage);
      await auditListRead(deps.db, request, {
        action: 'collection.complaints-listed',
        filters: { state: query.state },
        page,
        answer,
      });
      return answer;
    },
  );

  app.post(
    '/collections/complaints/:id/acknowledgement',
    {
      config: { permission: 'feedback.reply' },
      schema: {
        tags,
        operationId: 'acknowledgeCollectionComplaint',
        summary:
          'Take a received complaint in hand: in progress, who and when recorded (audited); complex: the longer period to resolve it',
        params: idParams('id'),
        body: complaintAcknowledgement,
        response: { 200: complaintView },
      },
    },
    async (request) =>
      service().acknowledgeComplaint(
        actor(request),
        (request.params as { id: string }).id,
        (request.body as ComplaintAcknowledgement | undefined)?.complex ?? false,
      ),
  );

  app.post(
    '/collections/complaints/:id/resolution',
    {
      config: { permission: 'feedback.reply' },
      schema: {
        tags,
        operationId: 'resolveCollectionComplaint',
        summary: 'Resolve a complaint with the answer the borrower reads in the app (a message tells them; audited)',
        params: idParams('id'),
        body: complaintResolveInput,
        response: { 200: complaintView },
      },
    },
    async (request) =>
      service().resolveComplaint(
        actor(request),
        (request.params as { id: string }).id,
        (request.body as ComplaintResolveInput).answer,
      ),
  );
});
