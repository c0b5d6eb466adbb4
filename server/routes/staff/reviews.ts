/**
 * The review queue and staff options (contract: api-contract/staff-ops.ts): the console builds its forms from
 * GET /staff/options; underwriters list, open and decide the orders the underwriting job left for a person.
 */
import {
  decisionAnswer,
  decisionInput,
  idParams,
  optionsAnswer,
  pageOf,
  pageQuery,
  reviewAnswer,
  reviewListAnswer,
  type DecisionInput,
  type PageQuery,
} from '#api-contract/staff-ops.ts';
import { ApiError } from '#server/errors.ts';
import { staffOf } from '#server/plugins/staff-auth.ts';
import { couponDefinition } from '#server/services/coupons.ts';
import { pricingConfig, underwritingConfig } from '#server/services/loans.ts';
import { createReviewService } from '#server/services/staff/reviews.ts';
import { staffConfig } from '#server/services/staff/staff-config.ts';
import type { StaffApiDeps } from './index.ts';
import { staffRouteGroup } from './group.ts';
import { auditListRead } from './read-audit.ts';

const tags = ['staff'];

export const staffReviewRoutes = staffRouteGroup<StaffApiDeps>(async (app, deps) => {
  const reviews = deps.loans && createReviewService({ db: deps.db, now: deps.now, loans: deps.loans });
  const service = () => {
    if (!reviews) throw new ApiError('NOT_FOUND');
    return reviews;
  };

  app.get(
    '/options',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        operationId: 'staffOptions',
        summary:
          "What the console's forms offer: reject reasons, deletion verifications, grantable coupons, the approvable limit range",
        response: { 200: optionsAnswer },
      },
    },
    async () => {
      const underwriting = deps.loans?.underwriting ?? underwritingConfig;
      // The smallest minimum of any sub-product; one order's own range is checked on its decision.
      const mins = pricingConfig.products.flatMap((p) => p.subProducts.map((s) => s.amount.minCentavos));
      return {
        rejectReasons: staffConfig.rejectReasons,
        deletionVerifications: staffConfig.deletionVerifications,
        couponDefinitions: staffConfig.couponGrant.definitions.map((id) => {
          const def = couponDefinition(id);
          return {
            id,
            type: def.type,
            amountCentavos: def.amountCentavos,
            needsApproval: def.amountCentavos > staffConfig.couponGrant.approvalAboveCentavos,
          };
        }),
        couponGrantCaps: staffConfig.couponGrant.caps,
        limitRange: { minCentavos: Math.min(...mins), maxCentavos: underwriting.maxLimitCentavos },
        rejectReapplyDays: underwriting.rejectReapplyDays,
      };
    },
  );

  app.get(
    '/reviews',
    {
      config: { permission: 'reviews.read' },
      schema: {
        tags,
        operationId: 'listReviews',
        summary: 'Orders waiting for a person, oldest first (audited)',
        querystring: pageQuery,
        response: { 200: reviewListAnswer },
      },
    },
    async (request) => {
      const { page, perPage } = pageOf(request.query as PageQuery);
      const answer = await service().queue(page, perPage);
      await auditListRead(deps.db, request, { action: 'review.listed', page, answer });
      return answer;
    },
  );

  app.get(
    '/reviews/:orderId',
    {
      config: { permission: 'reviews.read' },
      schema: {
        tags,
        operationId: 'getReview',
        summary: "One order's application, masked (audited)",
        params: idParams('orderId'),
        response: { 200: reviewAnswer },
      },
    },
    async (request) => {
      const { orderId } = request.params as { orderId: string };
      return service().review(orderId, staffOf(request).staffId, request.ip);
    },
  );

  app.post(
    '/reviews/:orderId/decision',
    {
      config: { permission: 'reviews.decide' },
      schema: {
        tags,
        operationId: 'decideReview',
        summary: 'Approve with a limit or reject with a reason (audited)',
        params: idParams('orderId'),
        body: decisionInput,
        response: { 200: decisionAnswer },
      },
    },
    async (request) => {
      const { orderId } = request.params as { orderId: string };
      return service().decide(orderId, request.body as DecisionInput, staffOf(request).staffId, request.ip);
    },
  );
});
