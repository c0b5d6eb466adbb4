/**
 * The staff API under /api/v1/staff (issue 13): each area is a staff route group (./group.ts) registered here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { SmsProvider } from '../../providers/sms/sms-provider.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { CouponService } from '../../services/coupons.ts';
import type { LoanService } from '../../services/loans.ts';
import { staffCustomerRoutes } from './customers.ts';
import { staffReviewRoutes } from './reviews.ts';

/** What the staff routes need. */
export interface StaffApiDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly sms: SmsProvider;
  readonly storage: FileStorage;
  readonly coupons: CouponService;
  /** Absent when the API serves no loans: the review routes answer NOT_FOUND then. */
  readonly loans?: LoanService;
  readonly productName: string;
}

export const staffRoutes: FastifyPluginAsync<StaffApiDeps> = async (app, deps) => {
  // Areas register here: auth and accounts, reviews, customers, deletion, audit.
  // The group's options without the prefix this plugin was registered under (a second prefix would nest it).
  const { db, now, sms, storage, coupons, loans, productName } = deps;
  const areaDeps: StaffApiDeps = { db, now, sms, storage, coupons, loans, productName };
  await app.register(staffReviewRoutes, areaDeps);
  await app.register(staffCustomerRoutes, areaDeps);
};
