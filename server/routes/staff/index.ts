/**
 * The staff API under /api/v1/staff: each area is a staff route group (./group.ts) registered here.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '#server/db/database.ts';
import type { SmsProvider } from '#server/providers/sms/sms-provider.ts';
import type { FileStorage } from '#server/providers/storage/file-storage.ts';
import type { CollectionService } from '#server/services/collections.ts';
import type { CouponService } from '#server/services/coupons.ts';
import type { LoanService } from '#server/services/loans.ts';
import type { PublishedForms } from '#server/forms/published.ts';
import { staffAccountRoutes } from './accounts.ts';
import { staffAuditRoutes } from './audit.ts';
import { staffAuthRoutes } from './auth.ts';
import { staffDeletionRoutes } from './deletion.ts';
import { staffCustomerRoutes } from './customers.ts';
import { staffReviewRoutes } from './reviews.ts';
import { staffFormRoutes } from './forms.ts';
import { staffRefundRoutes } from './refunds.ts';
import { staffCollectionRoutes } from './collections.ts';
import { staffBookRoutes } from './book.ts';

/** What the staff routes need. */
export interface StaffApiDeps {
  readonly db: Database;
  /** The server's clock (DEMO_CLOCK's in a demonstration): reviews, customers, refunds, deletion, the studio. */
  readonly now: () => Date;
  /**
   * Staff sign-in, sessions and accounts (locks, second factors): the real time under DEMO_CLOCK, since a TOTP code
   * is checked against the authenticator's real clock; default `now`.
   */
  readonly securityNow?: () => Date;
  readonly sms: SmsProvider;
  readonly storage: FileStorage;
  readonly coupons: CouponService;
  /** Absent when the API serves no loans: the review routes answer NOT_FOUND then. */
  readonly loans?: LoanService;
  readonly productName: string;
  /** Collections (docs/collections.md); absent when the API serves no loans: its routes answer NOT_FOUND then. */
  readonly collections?: CollectionService;
  /** The published forms: the studio publishes through them. */
  readonly forms: PublishedForms;
  /** The providers running simulated (SMS, Facebook, payouts, collections): every staff member's console names them. */
  readonly simulatedProviders: readonly string[];
}

export const staffRoutes: FastifyPluginAsync<StaffApiDeps> = async (app, options) => {
  // The areas' own options: this plugin's prefix passed on would apply twice.
  const { prefix: _prefix, ...deps } = options as StaffApiDeps & { prefix?: string };
  // Areas register here: auth and accounts, reviews, customers, deletion, audit, forms, refunds, collections, the
  // book and its onboarding funnel.
  const security = { ...deps, now: deps.securityNow ?? deps.now };
  await app.register(staffAuthRoutes, security);
  await app.register(staffAccountRoutes, security);
  await app.register(staffAuditRoutes, deps);
  await app.register(staffDeletionRoutes, deps);
  await app.register(staffReviewRoutes, deps);
  await app.register(staffCustomerRoutes, deps);
  await app.register(staffFormRoutes, deps);
  await app.register(staffRefundRoutes, deps);
  await app.register(staffCollectionRoutes, deps);
  await app.register(staffBookRoutes, deps);
};
