/**
 * The coupon routes (contract: api-contract/coupons.ts): the caller's own coupons only (the customer comes from the
 * session, never the request). Coupons are issued by the server: the only issuing route is the add-to-home-screen
 * claim, once per borrower. Using a coupon is part of the loan routes (withdraw, payments).
 */
import { couponClaimAnswer, couponListAnswer, couponListQuery } from '#api-contract/coupons.ts';
import { callerOf } from '../plugins/auth.ts';
import type { CouponOperation, CouponService } from '../services/coupons.ts';
import { routeGroup } from './route-group.ts';

export interface CouponRouteOptions {
  readonly coupons: CouponService;
  /** The add-to-home-screen claim also raises the limit once (config/underwriting.json limitRaises.addToHomeScreen). */
  readonly onAddToHomeScreen?: (customerId: string) => Promise<unknown>;
}

export const couponRoutes = routeGroup<CouponRouteOptions>(
  { access: 'session', noStore: true },
  async (app, { coupons, onAddToHomeScreen }) => {
    app.get(
      '/coupons',
      {
        schema: {
          tags: ['coupons'],
          operationId: 'listCoupons',
          summary: 'Usable coupons (unused, within validity), soonest to expire first',
          querystring: couponListQuery,
          response: { 200: couponListAnswer },
        },
      },
      async (request) => {
        return coupons.usable(
          callerOf(request).customerId,
          (request.query as { appliesTo?: CouponOperation }).appliesTo,
        );
      },
    );

    app.get(
      '/coupons/invalid',
      {
        schema: {
          tags: ['coupons'],
          operationId: 'listInvalidCoupons',
          summary: 'Used and expired coupons, newest first (at most 100)',
          response: { 200: couponListAnswer },
        },
      },
      async (request) => {
        return coupons.invalid(callerOf(request).customerId);
      },
    );

    app.post(
      '/coupons/add-to-home-screen',
      {
        schema: {
          tags: ['coupons'],
          operationId: 'claimAddToHomeScreenCoupon',
          summary:
            'The app was opened from the home screen: issues its repayment coupon and raises the limit the first time, never again',
          body: { type: 'object', additionalProperties: false, properties: {} },
          response: { 200: couponClaimAnswer },
        },
      },
      async (request) => {
        const { customerId } = callerOf(request);
        const answer = await coupons.claimAddToHomeScreen(customerId);
        await onAddToHomeScreen?.(customerId);
        return answer;
      },
    );
  },
);
