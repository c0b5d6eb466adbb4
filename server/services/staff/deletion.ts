/**
 * Account deletion (docs/staff-console.md, "Account deletion"; Data Privacy Act right to erasure, SEC record keeping).
 * Customer service opens a request after checking the person's identity; a supervisor who is not the requester approves
 * it, and the erasure runs at once in one transaction (`eraseCustomer`). Irreversible.
 *
 * Open loans block it: any order that is not settled or rejected (domain/loan-rules.ts isOpenOrder), including an
 * accepted or disbursement_failed order that was never disbursed. Such an order is still a live contract offer or a
 * pending disbursement, so staff must first see it closed (settled or rejected); this keeps one simple rule.
 *
 * After the erasure the customer row stays (loan records point at it) with no personal value: `phone` becomes
 * `erased:<keyed hash>`. A new SMS login with the same number therefore starts a brand-new, empty account.
 */
import { and, asc, count, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { manilaStartOfDay, manilaToday } from '#domain/calendar-date.ts';
import type { PayoutDestination } from '#domain/payout-account.ts';
import { toE164 } from '#domain/ph-phone.ts';
import type {
  DeletionRequestAnswer,
  DeletionRequestInput,
  DeletionDecisionInput,
  DeletionRequestList,
} from '#api-contract/staff-deletion.ts';
import { pageOf } from '#api-contract/staff.ts';
import { dataKeys } from '#server/crypto/data-keys.ts';
import { erasedPhone, phoneHashes } from '#server/crypto/lookup-hashes.ts';
import type { Database } from '#server/db/database.ts';
import {
  auditLog,
  collectionContacts,
  collectionDisputes,
  couponGrants,
  customers,
  deletionRequests,
  documents,
  facebookBindings,
  facebookLogins,
  feedback,
  idempotencyKeys,
  messages,
  onboardingVisits,
  otpChallenges,
  profileSections,
  sessions,
  signatures,
  staffAccounts,
  staffNotes,
  announcementReads,
} from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import type { SmsProvider } from '#server/providers/sms/sms-provider.ts';
import type { FileStorage } from '#server/providers/storage/file-storage.ts';
import { eraseFromSimulatedGateways } from '#server/providers/simulated/database.ts';
import { enqueueFileErasure } from './deletion-jobs.ts';
import { staffAudit } from '../audit.ts';
import { customerHeads, maskedWho } from './customer-facts.ts';
import { staffConfig } from './staff-config.ts';
import type { Tx } from '../idempotency.ts';
import {
  hasOpenOrder,
  lockCustomer,
  paymentIdsOfCustomer,
  replaceOrderPayoutAccounts,
  replacePayoutAccounts,
} from '../loans/repository.ts';
import { smsText } from '../sms-text.ts';
import type { StaffCaller } from './sessions.ts';

const VERIFICATIONS: readonly string[] = staffConfig.deletionVerifications;

/** What an erasure removed or rewrote: counts only, for the audit log. */
export interface ErasureCounts {
  readonly profileSections: number;
  readonly documents: number;
  readonly feedback: number;
  readonly staffNotes: number;
  readonly messages: number;
  readonly sessions: number;
  readonly otpChallenges: number;
  readonly auditRows: number;
  readonly loanOrders: number;
  readonly payouts: number;
  readonly payments: number;
}

export interface Erasure {
  readonly counts: ErasureCounts;
  /** Storage keys of the deleted documents: their files go once the transaction has committed. */
  readonly files: readonly string[];
  /** The clear phone and language, held in memory only, for the last SMS after commit. */
  readonly phone: string;
  readonly language: string;
}

/** A payout account without number, name or phone: which rail and provider, nothing that points at a person. */
function accountStub(account: unknown): PayoutDestination {
  const a = (typeof account === 'object' && account !== null ? account : {}) as Partial<PayoutDestination>;
  return {
    method: a.method ?? 'bank',
    ...(a.bankCode !== undefined && { bankCode: a.bankCode }),
    ...(a.eWalletProvider !== undefined && { eWalletProvider: a.eWalletProvider }),
    ...(a.remittanceShop !== undefined && { remittanceShop: a.remittanceShop }),
    holderName: '',
    phone: '',
  };
}

/**
 * Erases a customer's personal data inside `tx` (the caller holds the customer's row lock and has checked that no
 * order is open). Kept: the customer row (phone as a keyed hash, language), orders, events, payouts and payments
 * without identity, coupons (no personal data). Files are not touched here: the caller deletes `files` after commit
 * (and enqueues their deletion in this transaction, deletion-jobs.ts).
 */
export async function eraseCustomer(tx: Tx, customerId: string, now: Date): Promise<Erasure> {
  const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId));
  if (!customer || customer.erasedAt) throw new ApiError('NOT_FOUND');
  const keyring = dataKeys();
  const { phone } = customer;

  const profile = await tx
    .delete(profileSections)
    .where(eq(profileSections.customerId, customerId))
    .returning({ step: profileSections.step });
  // What the app reported of the onboarding steps (the funnel loses this borrower: counts are of borrowers who exist).
  await tx.delete(onboardingVisits).where(eq(onboardingVisits.customerId, customerId));
  // Documents are referenced by the signature and by feedback: those rows go first.
  await tx.delete(signatures).where(eq(signatures.customerId, customerId));
  const feedbackRows = await tx
    .delete(feedback)
    .where(eq(feedback.customerId, customerId))
    .returning({ id: feedback.id });
  const docs = await tx
    .delete(documents)
    .where(eq(documents.customerId, customerId))
    .returning({ key: documents.storageKey });
  const notes = await tx
    .delete(staffNotes)
    .where(eq(staffNotes.customerId, customerId))
    .returning({ id: staffNotes.id });
  // Notify messages hold template parameters (amounts, order numbers): nothing a lender must keep, so they go.
  const messageRows = await tx
    .delete(messages)
    .where(eq(messages.customerId, customerId))
    .returning({ id: messages.id });
  await tx.delete(announcementReads).where(eq(announcementReads.customerId, customerId));
  // Sessions go entirely (the token stops working; another instance's 5-second session cache aside).
  const sessionRows = await tx
    .delete(sessions)
    .where(eq(sessions.customerId, customerId))
    .returning({ id: sessions.id });
  // Stored answers of money operations (they may hold a masked account): no repeat can come from an erased account.
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.customerId, customerId));
  await tx.update(couponGrants).set({ reason: '' }).where(eq(couponGrants.customerId, customerId));
  // The Facebook account (id and name) goes, and the logins started; the limit raises (no personal data) stay.
  await tx.delete(facebookBindings).where(eq(facebookBindings.customerId, customerId));
  await tx.delete(facebookLogins).where(eq(facebookLogins.customerId, customerId));
  await tx.update(deletionRequests).set({ note: null }).where(eq(deletionRequests.customerId, customerId));
  // Collection records stay with the loan records (what was done, when, by whom), without their free text.
  await tx.update(collectionContacts).set({ note: null }).where(eq(collectionContacts.customerId, customerId));
  await tx
    .update(collectionDisputes)
    .set({ note: null, resolutionNote: null })
    .where(eq(collectionDisputes.customerId, customerId));

  // SMS codes: today's are re-keyed to the erased form (the daily limit still counts them, server/services/auth.ts),
  // older ones go.
  const hashedPhone = erasedPhone(keyring, phone);
  const startOfDay = manilaStartOfDay(manilaToday(now));
  const oldCodes = await tx
    .delete(otpChallenges)
    .where(and(eq(otpChallenges.phone, phone), lt(otpChallenges.createdAt, startOfDay)))
    .returning({ id: otpChallenges.id });
  const todayCodes = await tx
    .update(otpChallenges)
    .set({ phone: hashedPhone, ip: null, deviceId: null })
    .where(and(eq(otpChallenges.phone, phone), gte(otpChallenges.createdAt, startOfDay)))
    .returning({ id: otpChallenges.id });

  // The audit log keeps events (security record) without the phone; the keyed hash stays as the issue allows.
  const auditRows = await tx
    .update(auditLog)
    .set({ phone: null, deviceId: null })
    .where(or(eq(auditLog.customerId, customerId), inArray(auditLog.phoneHash, phoneHashes(keyring, phone))))
    .returning({ id: auditLog.id });

  // Loan records stay for the SEC, without the payout account's number, name or phone.
  const orderIds = await replaceOrderPayoutAccounts(tx, customerId, accountStub);
  const payoutIds = await replacePayoutAccounts(tx, orderIds, accountStub);
  const paymentIds = await paymentIdsOfCustomer(tx, customerId);
  // The simulated gateways' own records, where they run (a real provider gets a deletion request of its own instead).
  await eraseFromSimulatedGateways(tx, { payoutIds, paymentIds });

  await tx
    .update(customers)
    .set({
      phone: hashedPhone,
      erasedAt: now,
      smsReminders: false,
      contactFrom: null,
      contactTo: null,
      contactConsentAt: null,
    })
    .where(eq(customers.id, customerId));

  return {
    counts: {
      profileSections: profile.length,
      documents: docs.length,
      feedback: feedbackRows.length,
      staffNotes: notes.length,
      messages: messageRows.length,
      sessions: sessionRows.length,
      otpChallenges: oldCodes.length + todayCodes.length,
      auditRows: auditRows.length,
      loanOrders: orderIds.length,
      payouts: payoutIds.length,
      payments: paymentIds.length,
    },
    files: docs.map((d) => d.key),
    phone,
    language: customer.language,
  };
}

/** The day the loan records may go: today in Manila plus the retention years. */
export function retentionEnd(now: Date, years: number = staffConfig.loanRecordRetentionYears): string {
  const [y, m, d] = manilaToday(now).split('-').map(Number) as [number, number, number];
  // 29 February moves to 1 March: later, never earlier, than the law's end.
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}

export interface DeletionDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly sms: SmsProvider;
  readonly storage: FileStorage;
  readonly productName: string;
  readonly log?: (message: string, detail: Record<string, unknown>) => void;
}

const requester = alias(staffAccounts, 'requester');
const decider = alias(staffAccounts, 'decider');

export function createDeletionService(deps: DeletionDeps) {
  const { db, now } = deps;

  const selectRequests = () =>
    db
      .select({ r: deletionRequests, requesterName: requester.name, deciderName: decider.name })
      .from(deletionRequests)
      .innerJoin(requester, eq(requester.id, deletionRequests.requestedBy))
      .leftJoin(decider, eq(decider.id, deletionRequests.decidedBy));

  type Row = { r: typeof deletionRequests.$inferSelect; requesterName: string; deciderName: string | null };
  const view = ({ r, requesterName, deciderName }: Row): DeletionRequestAnswer => ({
    id: r.id,
    customerId: r.customerId,
    state: r.state as DeletionRequestAnswer['state'],
    verification: r.verification,
    requestedBy: { id: r.requestedBy, name: requesterName },
    decidedBy: r.decidedBy ? { id: r.decidedBy, name: deciderName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
    executedAt: r.executedAt?.toISOString() ?? null,
    refusalCode: r.refusalCode as DeletionRequestAnswer['refusalCode'],
    retainUntil: r.retainUntil,
  });

  async function one(id: string): Promise<DeletionRequestAnswer> {
    const [row] = await selectRequests().where(eq(deletionRequests.id, id));
    if (!row) throw new ApiError('NOT_FOUND');
    return view(row);
  }

  /**
   * Deletes the erased files at once; one that fails is left to the `erase_files` job the erasure enqueued
   * (deletion-jobs.ts), which retries until the store answers. Answers how many failed.
   */
  async function deleteFiles(keys: readonly string[]): Promise<number> {
    let failed = 0;
    for (const key of keys) await deps.storage.delete(key).catch(() => (failed += 1));
    return failed;
  }

  return {
    async open(
      caller: StaffCaller,
      customerId: string,
      input: DeletionRequestInput,
      ip: string,
    ): Promise<DeletionRequestAnswer> {
      if (!VERIFICATIONS.includes(input.verification)) {
        throw new ApiError('VALIDATION_FAILED', {
          errors: [{ instancePath: '/verification', keyword: 'enum', params: { allowedValues: VERIFICATIONS } }],
        });
      }
      const id = await db.transaction(async (tx) => {
        const [customer] = await tx
          .select({ erasedAt: customers.erasedAt })
          .from(customers)
          .where(eq(customers.id, customerId))
          .for('update');
        if (!customer || customer.erasedAt) throw new ApiError('NOT_FOUND');
        if (await hasOpenOrder(tx, customerId)) throw new ApiError('LOAN_OPEN');
        const [open] = await tx
          .select({ id: deletionRequests.id })
          .from(deletionRequests)
          .where(
            and(eq(deletionRequests.customerId, customerId), inArray(deletionRequests.state, ['pending', 'approved'])),
          );
        if (open) throw new ApiError('REQUEST_STATE', { state: 'pending' });
        const [row] = await tx
          .insert(deletionRequests)
          .values({
            customerId,
            state: 'pending',
            verification: input.verification,
            note: input.note ?? null,
            requestedBy: caller.staffId,
            createdAt: now(),
          })
          .returning({ id: deletionRequests.id });
        await staffAudit(tx, {
          staffId: caller.staffId,
          action: 'deletion.requested',
          customerId,
          ip,
          detail: { requestId: row!.id, verification: input.verification },
        });
        return row!.id;
      });
      return one(id);
    },

    async list(query: {
      state?: string;
      page?: string;
      perPage?: string;
      customerId?: string;
    }): Promise<DeletionRequestList> {
      const { page, perPage } = pageOf(query);
      const where = and(
        query.state ? eq(deletionRequests.state, query.state) : undefined,
        query.customerId ? eq(deletionRequests.customerId, query.customerId) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        selectRequests()
          .where(where)
          .orderBy(asc(deletionRequests.createdAt), asc(deletionRequests.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(deletionRequests).where(where),
      ]);
      const heads = await customerHeads(
        db,
        rows.map((row) => row.r.customerId),
      );
      return {
        items: rows.map((row) => ({ ...view(row), customer: maskedWho(heads, row.r.customerId) })),
        total: total?.n ?? 0,
      };
    },

    async decide(
      caller: StaffCaller,
      id: string,
      input: DeletionDecisionInput,
      ip: string,
    ): Promise<DeletionRequestAnswer> {
      if (!input.approve && input.refusalCode === undefined) {
        throw new ApiError('VALIDATION_FAILED', {
          errors: [{ instancePath: '/refusalCode', keyword: 'required', params: { missingProperty: 'refusalCode' } }],
        });
      }
      const at = now();
      const erasure = await db.transaction(async (tx) => {
        // The request's row lock: of two concurrent decisions one wins, the other finds it decided.
        const [request] = await tx.select().from(deletionRequests).where(eq(deletionRequests.id, id)).for('update');
        if (!request) throw new ApiError('NOT_FOUND');
        if (request.state !== 'pending') throw new ApiError('REQUEST_STATE', { state: request.state });
        if (!input.approve) {
          await tx
            .update(deletionRequests)
            .set({
              state: 'refused',
              decidedBy: caller.staffId,
              decidedAt: at,
              refusalCode: input.refusalCode ?? 'OTHER',
              note: null,
            })
            .where(eq(deletionRequests.id, id));
          await staffAudit(tx, {
            staffId: caller.staffId,
            action: 'deletion.refused',
            customerId: request.customerId,
            ip,
            detail: { requestId: id, refusalCode: input.refusalCode },
          });
          return null;
        }
        if (request.requestedBy === caller.staffId) throw new ApiError('SAME_PERSON');
        // The customer's lock (the one applying for a loan takes, services/loans/repository.ts) before the check.
        await lockCustomer(tx, request.customerId);
        if (await hasOpenOrder(tx, request.customerId)) throw new ApiError('LOAN_OPEN');
        await tx
          .update(deletionRequests)
          .set({ state: 'approved', decidedBy: caller.staffId, decidedAt: at })
          .where(eq(deletionRequests.id, id));
        await staffAudit(tx, {
          staffId: caller.staffId,
          action: 'deletion.approved',
          customerId: request.customerId,
          ip,
          detail: { requestId: id, requestedBy: request.requestedBy },
        });
        const result = await eraseCustomer(tx, request.customerId, at);
        await enqueueFileErasure(tx, id, result.files, at);
        const retainUntil = retentionEnd(at);
        await tx
          .update(deletionRequests)
          .set({ state: 'executed', executedAt: at, retainUntil })
          .where(eq(deletionRequests.id, id));
        await staffAudit(tx, {
          staffId: caller.staffId,
          action: 'deletion.executed',
          customerId: request.customerId,
          ip,
          detail: { requestId: id, retainUntil, ...result.counts, files: result.files.length },
        });
        return result;
      });
      if (erasure) {
        // After commit: the files, then the last SMS to the number only this process still holds.
        const failed = await deleteFiles(erasure.files);
        if (failed > 0) deps.log?.('deletion: files left to the erase_files job', { requestId: id, failed });
        const to = toE164(erasure.phone);
        if (to) {
          await deps.sms
            .send({ to, text: smsText(erasure.language, 'accountDeleted', { product: deps.productName }) })
            .catch((error: unknown) => {
              deps.log?.('deletion: last SMS failed', { requestId: id, err: error });
            });
        }
      }
      return one(id);
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
