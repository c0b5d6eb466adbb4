/**
 * The borrower's side of collections (contract: api-contract/collections.ts; docs/collections.md): disputing what a
 * loan's bill says (collection contact pauses until a supervisor resolves it) and every collection contact made to
 * them: when, how, by whom (a staff alias) and why, and a complaint about them to customer service (RA 11765). The
 * caller's own loans and contacts only (the customer comes from the session).
 */
import {
  borrowerComplaintAnswer,
  borrowerComplaintInput,
  borrowerContactsAnswer,
  borrowerDisputeAnswer,
  borrowerDisputeInput,
  type BorrowerComplaintInput,
  type BorrowerDisputeInput,
} from '#api-contract/collections.ts';
import { idParams } from '#api-contract/staff-ops.ts';
import { callerOf } from '../plugins/auth.ts';
import type { CollectionService } from '../services/collections.ts';
import { routeGroup } from './route-group.ts';

export interface CollectionRouteOptions {
  readonly collections: CollectionService;
}

export const collectionRoutes = routeGroup<CollectionRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { collections }) => {
    app.post(
      '/loans/:id/dispute',
      {
        schema: {
          tags: ['loans'],
          operationId: 'disputeLoan',
          summary:
            'Dispute what the bill of a repaying loan says: collection contact pauses until a supervisor resolves it (once open, DISPUTE_OPEN)',
          params: idParams('id'),
          body: borrowerDisputeInput,
          response: { 201: borrowerDisputeAnswer },
        },
      },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        const answer = await collections.openDispute(
          callerOf(request).customerId,
          id,
          request.body as BorrowerDisputeInput,
          request.ip,
        );
        return reply.code(201).send(answer);
      },
    );

    app.get(
      '/collection-contacts',
      {
        schema: {
          tags: ['loans'],
          operationId: 'listCollectionContacts',
          summary:
            'Every collection contact made to the caller, newest first (at most 200): when, channel, staff alias, why; and their disputes',
          response: { 200: borrowerContactsAnswer },
        },
      },
      async (request) => collections.borrowerContacts(callerOf(request).customerId),
    );

    app.post(
      '/collection-complaints',
      {
        schema: {
          tags: ['loans'],
          operationId: 'complainAboutCollection',
          summary:
            "Complain about one of the caller's collection contacts, or collection in general: customer service answers it with its age tracked (one not resolved about a contact already: COMPLAINT_OPEN)",
          body: borrowerComplaintInput,
          response: { 201: borrowerComplaintAnswer },
        },
      },
      async (request, reply) => {
        const answer = await collections.createComplaint(
          callerOf(request).customerId,
          request.body as BorrowerComplaintInput,
          request.ip,
        );
        return reply.code(201).send(answer);
      },
    );
  },
);
