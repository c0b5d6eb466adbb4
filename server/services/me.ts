/**
 * The profile tab's summary (GET /me) and the borrower's preferences (PATCH /me/preferences): one request renders the
 * whole tab. Every figure comes from the service that owns it: completeness from the profile, the limit and the open
 * loan from the loans (home), coupons and unread messages from their counts.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { MeAnswer, PreferencesAnswer, PreferencesInput } from '#api-contract/me.ts';
import { destinationView, payoutDestinationOf, type BankInfoSection } from '#domain/payout-account.ts';
import type { Database } from '../db/database.ts';
import { customers, feedback } from '../db/tables.ts';
import { ApiError } from '../errors.ts';
import { audit } from './audit.ts';
import { usableCouponCount } from './coupons.ts';
import type { LoanService } from './loans.ts';
import { unreadCounts } from './messages.ts';
import type { ProfileService } from './profile.ts';

/** The information step that holds the payout account (config/flow.json). */
const PAYOUT_STEP = 'bankInfo';

/** A national mobile number (9XXXXXXXXX) with all but its first 3 and last 4 digits hidden. */
export function maskPhone(phone: string): string {
  return phone.length <= 7 ? phone : `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

export interface MeDeps {
  readonly db: Database;
  readonly profile: ProfileService;
  readonly loans?: LoanService;
  readonly now: () => Date;
}

export function createMeService({ db, profile, loans, now }: MeDeps) {
  async function preferences(customerId: string): Promise<PreferencesAnswer> {
    const [row] = await db
      .select({
        language: customers.language,
        smsReminders: customers.smsReminders,
        contactFrom: customers.contactFrom,
        contactTo: customers.contactTo,
      })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!row) throw new ApiError('UNAUTHORIZED');
    return {
      language: row.language as PreferencesAnswer['language'],
      smsReminders: row.smsReminders,
      contactHours: row.contactFrom && row.contactTo ? { from: row.contactFrom, to: row.contactTo } : null,
    };
  }

  return {
    preferences,

    async summary(caller: { customerId: string; phone: string }): Promise<MeAnswer> {
      const at = now();
      const [prefs, overview, home, usableCoupons, unread, [open], steps] = await Promise.all([
        preferences(caller.customerId),
        profile.overview(caller.customerId),
        loans?.home(caller),
        usableCouponCount(db, caller.customerId, at),
        unreadCounts(db, caller.customerId, at),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(feedback)
          .where(
            and(
              eq(feedback.customerId, caller.customerId),
              ne(feedback.state, 'answered'),
              ne(feedback.state, 'closed'),
            ),
          ),
        profile.flow(),
      ]);
      const payoutLocked = home?.currentOrder != null;
      const bank = overview.sections[PAYOUT_STEP]?.data as BankInfoSection | undefined;
      return {
        phoneMasked: maskPhone(caller.phone),
        preferences: prefs,
        creditLimitCentavos: home?.creditLimitCentavos ?? null,
        steps: steps.map((s) => ({
          step: s.step,
          route: s.route,
          state:
            payoutLocked && s.step === PAYOUT_STEP
              ? 'locked'
              : overview.summary.completed.includes(s.step)
                ? 'complete'
                : 'incomplete',
        })),
        profileComplete: overview.summary.complete,
        payoutLocked,
        payoutAccount: bank ? destinationView(payoutDestinationOf(bank)) : null,
        bankChangeAvailable: home?.bankChangeAvailable ?? false,
        usableCoupons,
        unread,
        openFeedback: open?.n ?? 0,
      };
    },

    /**
     * Changes what `input` names; answers every preference. Consent to collection contact at other hours is kept with
     * its time and written to the audit log (the evidence MC 18 asks for).
     */
    async setPreferences(
      customerId: string,
      input: PreferencesInput,
      ip: string | null = null,
    ): Promise<PreferencesAnswer> {
      const set: Partial<typeof customers.$inferInsert> = {};
      if (input.language !== undefined) set.language = input.language;
      if (input.smsReminders !== undefined) set.smsReminders = input.smsReminders;
      if (input.contactHours !== undefined) {
        set.contactFrom = input.contactHours?.from ?? null;
        set.contactTo = input.contactHours?.to ?? null;
        set.contactConsentAt = input.contactHours ? now() : null;
      }
      if (Object.keys(set).length > 0)
        await db.transaction(async (tx) => {
          await tx.update(customers).set(set).where(eq(customers.id, customerId));
          if (input.contactHours !== undefined)
            await audit(tx, {
              event: 'collection.consent-changed',
              customerId,
              ip,
              detail: { contactHours: input.contactHours ?? null },
            });
        });
      return preferences(customerId);
    },
  };
}

export type MeService = ReturnType<typeof createMeService>;
