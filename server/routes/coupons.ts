/**
 * The coupon routes (contract: api-schema/coupons.ts): the caller's own coupons only (the customer comes from the
 * session, never the request). Coupons are issued by the server: the only issuing route is the add-to-home-screen
 * claim, once per borrower. Using a coupon is part of the loan routes (withdraw, payments).
 */
import { couponClaimAnswer, couponListAnswer, couponListQuery } from '../../api-schema/coupons.ts';
import { callerOf } from '../plugins/auth.ts';
import type { CouponOperation, CouponService } from '../services/coupons.ts';
import { routeGroup } from './route-group.ts';

export const couponRoutes = routeGroup<{ coupons: CouponService }>({ access: 'session', noStore: true }, async (app, { coupons }) => {
  app.get('/coupons', {
    schema: { tags: ['coupons'], operationId: 'listCoupons', summary: 'Usable coupons (unused, within validity), soonest to expire first', querystring: couponListQuery, response: { 200: couponListAnswer } },
  }, async (request) => {
    return coupons.usable(callerOf(request).customerId, (request.query as { appliesTo?: CouponOperation }).appliesTo);
  });

  app.get('/coupons/invalid', {
    schema: { tags: ['coupons'], operationId: 'listInvalidCoupons', summary: 'Used and expired coupons, newest first (at most 100)', response: { 200: couponListAnswer } },
  }, async (request) => {
    return coupons.invalid(callerOf(request).customerId);
  });

  app.post('/coupons/add-to-home-screen', {
    schema: {
      tags: ['coupons'],
      operationId: 'claimAddToHomeScreenCoupon',
      summary: 'The app was opened from the home screen: issues its repayment coupon the first time, never again',
      body: { type: 'object', additionalProperties: false, properties: {} },
      response: { 200: couponClaimAnswer },
    },
  }, async (request) => {
    return coupons.claimAddToHomeScreen(callerOf(request).customerId);
  });
});
