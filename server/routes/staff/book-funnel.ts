/**
 * The onboarding funnel of the book's dashboard (contract: api-contract/book.ts `funnelAnswer`; service:
 * server/services/onboarding-funnel.ts; docs/onboarding-funnel.md): per information step and form version, the
 * borrowers who reached and completed it in the range and the fields whose errors stopped them most. Counts only:
 * no borrower is named, so reading it is not audited as a read of personal data.
 */
import { bookQuery, funnelAnswer, type BookQuery } from '#api-contract/book.ts';
import { bookRange } from '#server/services/book.ts';
import { funnelOf } from '#server/services/onboarding-funnel.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';

export const staffBookFunnelRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  app.get(
    '/book/funnel',
    {
      config: { permission: 'book.read' },
      schema: {
        tags: ['staff'],
        operationId: 'bookFunnel',
        summary:
          'The onboarding funnel: borrowers who reached and completed each information step per form version, and the fields whose errors stopped them most',
        querystring: bookQuery,
        response: { 200: funnelAnswer },
      },
    },
    async (request) => funnelOf(deps.db, bookRange(request.query as BookQuery, deps.now())),
  );
});
