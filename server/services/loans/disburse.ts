/**
 * Money out: the withdrawal (a money operation that records the payout and its `send_payout` job: the outbox), the
 * job that reaches the gateway, the gateway's result (callback, job or reconciliation: one function), and the payout
 * account: the signature on file, a change after a failed disbursement or for a re-loan, and the profile's payout
 * step, which is locked while a loan is open. The account check and change take the customer lock, as the
 * withdrawal does, so a change cannot slip in while a withdrawal commits.
 */
import { and, eq } from 'drizzle-orm';
import { manilaToday } from '#domain/calendar-date.ts';
import { openLedger } from '#domain/loan-ledger.ts';
import { isOpenOrder } from '#domain/loan-rules.ts';
import type { OrderState, Quote } from '#domain/loan-types.ts';
import { payoutDestinationOf, sameDestination, type BankInfoSection } from '#domain/payout-account.ts';
import { quote } from '#domain/pricing.ts';
import { coupons, documents, signatures } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { enqueue } from '#server/jobs/runner.ts';
import {
  orderFailureCode,
  ProviderError,
  reportsOtherMoney,
  type PayoutAccount,
  type PayoutResult,
} from '#server/providers/payout/payout-provider.ts';
import { checkUsable, lockCoupon, markUsed, type CouponRow } from '../coupons.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { PAYOUT_STEP, payoutSectionOf } from '../profile-sections.ts';
import type { Caller, LoanContext } from './context.ts';
import { ledgerPatch, type OrderRow, type Tx } from './repository.ts';
import { links, orderNotices } from './notices.ts';
import type { LoanViews } from './views.ts';
import { documentIdOf } from '#domain/document-ref.ts';

/** A payout that failed for a reason on the lender's side (balance, a temporary error) is sent again this much later. */
const PAYOUT_RETRY_MS = 15 * 60_000;

export function createDisbursement(ctx: LoanContext, views: LoanViews) {
  const { db, repo, now } = ctx;
  const { notifyOrder } = orderNotices(now);

  /**
   * The order's quote with a withdrawal coupon (the received amount rises by what the coupon takes off the fees, at
   * most the fees and tax): COUPON_UNAVAILABLE when the coupon cannot apply, or when the order already carries one (a
   * withdrawal again after a failed disbursement keeps the coupon of the first).
   */
  function withdrawalQuote(order: OrderRow, coupon: CouponRow | null): Quote {
    const current = order.quote as Quote;
    if (current.couponKind) throw new ApiError('COUPON_UNAVAILABLE', { reason: 'used' });
    const usable = checkUsable(coupon, 'withdrawal', order.principal, now());
    const sub = ctx.subOf(order.productId, order.subProductId);
    return quote(ctx.pricing, sub, {
      principalCentavos: order.principal,
      termDays: order.termDays,
      loanDate: current.loanDate,
      coupon: { kind: 'withdrawal', amountCentavos: usable.amount },
    });
  }

  /** What withdrawing would give, with the coupon when one is named (nothing is reserved: the withdrawal checks again). */
  async function withdrawQuote(caller: Caller, orderId: string, couponId: string | undefined): Promise<Quote> {
    const order = await repo.findOrder(db, orderId, caller.customerId);
    if (!order) throw new ApiError('NOT_FOUND');
    if (order.state !== 'withdrawable') throw new ApiError('ORDER_STATE');
    if (!couponId) return order.quote as Quote;
    const [coupon] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, couponId), eq(coupons.customerId, caller.customerId)));
    return withdrawalQuote(order, coupon ?? null);
  }

  async function withdraw(
    caller: Caller,
    key: string,
    hash: string,
    orderId: string,
    couponId?: string,
  ): Promise<StoredAnswer> {
    return ctx.money(caller, key, `withdraw:${orderId}`, hash, async (tx) => {
      const updated = await withdrawIn(tx, caller.customerId, orderId, couponId);
      return { status: 200, body: views.orderView(updated) };
    });
  }

  /**
   * THE withdrawal, for the borrower's POST /loans/:id/withdraw and Easy Re-loan's automatic payout alike, inside the
   * caller's transaction (the customer already locked): the order locked and withdrawable, the signature on file, the
   * payout to the bankInfo account as it is now (with the withdrawal coupon when one is named), and its `send_payout`
   * job (the outbox). Answers the order, disbursing.
   */
  async function withdrawIn(tx: Tx, customerId: string, orderId: string, couponId?: string): Promise<OrderRow> {
    const order = await repo.lockOrder(tx, orderId, customerId);
    const others = await repo.repayingOrderIdsOf(tx, customerId);
    if (others.some((o) => o.id !== order.id)) throw new ApiError('REPAYMENT_OUTSTANDING');
    if (order.state !== 'withdrawable') throw new ApiError('ORDER_STATE');
    const [signature] = await tx.select().from(signatures).where(eq(signatures.customerId, customerId));
    if (!signature) throw new ApiError('SIGNATURE_REQUIRED');
    const bank = await payoutSectionOf(tx, customerId);
    if (!bank) throw new ApiError('PAYOUT_ACCOUNT_INVALID');
    const account = payoutDestinationOf(bank as unknown as BankInfoSection);
    // The coupon row is locked after the order (repository.ts's lock order) and used in this transaction.
    let q = order.quote as Quote;
    if (couponId) {
      q = withdrawalQuote(order, await lockCoupon(tx, couponId, customerId));
      if (!(await markUsed(tx, couponId, order.id, `withdraw:${order.id}`, now())))
        throw new ApiError('COUPON_UNAVAILABLE', { reason: 'used' });
    }
    const amount = q.receivedCentavos;
    const payout = await repo.requestPayout(tx, { orderId: order.id, amount, account, createdAt: now() });
    const coupon = couponId ? { couponId, couponCentavos: q.couponCentavos } : {};
    const updated = await repo.transition(
      tx,
      order,
      'disbursing',
      'withdraw',
      { payoutAccount: account, failureCode: null, quote: q },
      { payoutId: payout.id, amountCentavos: amount, ...coupon },
    );
    await enqueue(tx, {
      kind: 'send_payout',
      key: `send_payout:${payout.id}`,
      payload: { payoutId: payout.id },
      runAt: now(),
    });
    return updated;
  }

  /** Records a payout as sent (once), with its event: the audit trail holds every state the money reached. */
  async function markSent(
    tx: Tx,
    orderId: string,
    payoutId: string,
    providerRef: string,
    attempts: number,
    amount: number,
  ): Promise<void> {
    await repo.markPayoutSent(tx, payoutId, { providerRef, sentAt: now(), attempts: attempts + 1 });
    await repo.recordEvent(tx, orderId, 'payout_sent', { payoutId, providerRef, amountCentavos: amount });
  }

  /** The `send_payout` job: reaches the gateway (idempotency key: the payout id), then records it sent. */
  async function sendPayout(payoutId: string): Promise<void> {
    const payout = await repo.findPayout(db, payoutId);
    if (!payout || payout.state !== 'requested') return;
    const order = await repo.findOrder(db, payout.orderId);
    let result: PayoutResult;
    try {
      result = await ctx.payout.createPayout({
        idempotencyKey: payout.id,
        referenceId: payout.id,
        amountCentavos: payout.amount,
        account: payout.account as PayoutAccount,
        description: `Loan ${order?.orderNo ?? ''}`,
      });
    } catch (error) {
      // A refusal no retry can change (a channel the gateway does not serve, details it rejects): the payout fails
      // now and the borrower corrects the account, instead of the job retrying until it gives up.
      if (!(error instanceof ProviderError) || error.retryable) throw error;
      await refusePayout(payoutId, error.code);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockOrder(tx, payout.orderId);
      const current = await repo.lockPayout(tx, payoutId);
      if (current?.state !== 'requested') return;
      await markSent(tx, locked.id, payoutId, result.providerRef, current.attempts, payout.amount);
    });
    if (result.status !== 'pending') await payoutResult(result);
  }

  /** A payout the gateway refused outright (never sent): failed, and its order disbursement_failed. */
  async function refusePayout(payoutId: string, providerFailureCode: string): Promise<void> {
    const pre = await repo.payoutKeysById(db, payoutId);
    if (!pre) return;
    await db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, pre.orderId);
      const payout = await repo.lockPayout(tx, payoutId);
      if (payout?.state !== 'requested') return;
      await repo.failPayout(tx, payoutId, { failureCode: providerFailureCode, completedAt: now() });
      if (order.state === 'disbursing') {
        await repo.transition(
          tx,
          order,
          'disbursement_failed',
          'payout_refused',
          { failureCode: 'PAYOUT_ACCOUNT_INVALID' },
          { payoutId, providerFailureCode },
        );
        await notifyOrder(tx, order, 'disbursementFailed', links.changeBank());
      } else await repo.recordEvent(tx, order.id, 'payout_refused', { payoutId, providerFailureCode });
    });
  }

  /**
   * Applies a payout result (callback, job or reconciliation); 'unknown' when no payout has that reference. Replays
   * change nothing. A success opens the loan's ledger on the Manila day the money arrived. A failure goes where its
   * outcome says: `fix_account`, the order waits for another account; `retry` (the lender's balance, a temporary
   * error), a new payout is sent later to the same account; `staff`, the order stays disbursing, held for staff. A
   * reversal after a success means the money never arrived: the loan is void and the borrower gives another account
   * (held for staff when anything was already repaid). A result whose amount or currency is not the payout's is
   * recorded and never applied.
   */
  async function payoutResult(
    result: PayoutResult,
  ): Promise<'applied' | 'replay' | 'pending' | 'mismatch' | 'unknown'> {
    const found = await repo.payoutKeysByProviderRef(db, result.providerRef);
    const byRef =
      found ??
      (/^[0-9a-f-]{36}$/u.test(result.referenceId) ? await repo.payoutKeysById(db, result.referenceId) : undefined);
    if (!byRef) return 'unknown';
    if (result.status === 'pending') return 'pending';
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, byRef.orderId);
      const payout = await repo.lockPayout(tx, byRef.id);
      if (
        !payout ||
        payout.state === 'failed' ||
        payout.state === 'reversed' ||
        (payout.state === 'succeeded' && result.status !== 'reversed')
      )
        return 'replay';
      if (reportsOtherMoney(result, payout.amount)) {
        await repo.recordEvent(tx, order.id, 'payout_mismatch', {
          payoutId: payout.id,
          amountCentavos: payout.amount,
          reportedCentavos: result.amountCentavos,
          currency: result.currency,
        });
        return 'mismatch';
      }
      // The result came before the job recorded the payout sent (a crash, or a fast gateway): record it first.
      if (payout.state === 'requested')
        await markSent(tx, order.id, payout.id, result.providerRef, payout.attempts, payout.amount);
      const at = now();
      const facts = {
        payoutId: payout.id,
        providerRef: result.providerRef,
        providerStatus: result.providerStatus,
        providerFailureCode: result.failureCode,
      };
      if (result.status === 'succeeded') {
        await repo.markPayoutSucceeded(tx, payout.id, { providerRef: result.providerRef, completedAt: at });
        if (order.state !== 'disbursing') {
          await repo.recordEvent(tx, order.id, 'payout_succeeded_unexpected', { ...facts, state: order.state });
          return 'applied';
        }
        // The loan starts on the Manila day the money arrives: the quote is re-dated to it and the ledger opens.
        const day = manilaToday(at);
        // A withdrawal coupon stays in the re-dated quote (the payout already carries it).
        const frozen = order.quote as Quote;
        const coupon = frozen.couponKind
          ? { kind: frozen.couponKind, amountCentavos: frozen.couponCentavos }
          : undefined;
        const q = quote(ctx.pricing, ctx.subOf(order.productId, order.subProductId), {
          principalCentavos: order.principal,
          termDays: order.termDays,
          loanDate: day,
          ...(coupon && { coupon }),
        });
        const ledger = openLedger(q);
        const patch = ledgerPatch(ledger, day);
        const disbursed = await repo.transition(
          tx,
          order,
          'repaying',
          'disbursed',
          { quote: q, loanDate: day, ...patch },
          { ...facts, amountCentavos: payout.amount },
        );
        await notifyOrder(tx, order, 'moneySent', links.bill(order), {
          amountCentavos: payout.amount,
          dueDate: patch.dueDate ?? q.repaymentDate,
        });
        await ctx.emit('disbursed', tx, disbursed);
        return 'applied';
      }
      if (result.status === 'reversed') {
        await repo.markPayoutReversed(tx, payout.id, {
          failureCode: result.failureCode ?? 'REVERSED',
          completedAt: at,
        });
        if (order.state === 'repaying' && order.amountRepaid === 0) {
          await repo.transition(
            tx,
            order,
            'disbursement_failed',
            'payout_reversed',
            {
              ledger: null,
              amountDue: 0,
              interestOutstanding: 0,
              lateFine: 0,
              damages: 0,
              overdueDays: 0,
              costCharged: 0,
              failureCode: 'DISBURSEMENT_ACCOUNT_UNAVAILABLE',
            },
            facts,
          );
          await notifyOrder(tx, order, 'disbursementFailed', links.changeBank());
        } else {
          await repo.recordEvent(tx, order.id, 'payout_reversed_needs_staff', {
            ...facts,
            state: order.state,
            amountRepaidCentavos: order.amountRepaid,
          });
        }
        return 'applied';
      }
      await repo.failPayout(tx, payout.id, {
        providerRef: result.providerRef,
        failureCode: result.failureCode,
        completedAt: at,
      });
      if (order.state !== 'disbursing') {
        await repo.recordEvent(tx, order.id, 'payout_failed', { ...facts, outcome: result.outcome });
      } else if (result.outcome === 'fix_account') {
        await repo.transition(
          tx,
          order,
          'disbursement_failed',
          'payout_failed',
          { failureCode: orderFailureCode(result.failureCode) },
          facts,
        );
        await notifyOrder(tx, order, 'disbursementFailed', links.changeBank());
      } else if (result.outcome === 'retry') {
        // Same account, a new payout (a failed payout is final at the gateway: a new idempotency key), a while later.
        const next = await repo.requestPayout(tx, {
          orderId: order.id,
          amount: payout.amount,
          account: payout.account,
          createdAt: at,
        });
        await repo.update(tx, order, 'payout_retry', {}, { ...facts, nextPayoutId: next.id });
        await enqueue(tx, {
          kind: 'send_payout',
          key: `send_payout:${next.id}`,
          payload: { payoutId: next.id },
          runAt: new Date(at.getTime() + PAYOUT_RETRY_MS),
        });
      } else {
        await repo.update(tx, order, 'payout_needs_staff', { failureCode: 'DISBURSEMENT_UNDER_REVIEW' }, facts);
      }
      return 'applied';
    });
  }

  /**
   * Bank maintenance stops a change of the payout account, never its first setting (onboarding) nor saving the same
   * account again: BANK_CHANGE_MAINTENANCE only when an account is on file and `next` names another.
   */
  function refuseChangeUnderMaintenance(old: Record<string, unknown> | undefined, next: BankInfoSection): void {
    if (!ctx.settings.bankChangeMaintenance || !old) return;
    if (!sameDestination(payoutDestinationOf(old as unknown as BankInfoSection), payoutDestinationOf(next)))
      throw new ApiError('BANK_CHANGE_MAINTENANCE');
  }

  /**
   * The profile's payout step inside the transaction that saves it: a change is refused during bank maintenance, and
   * any save while a loan is open (the account belongs to that order; PUT /payout-account has the rules for changing
   * it).
   */
  async function guardPayoutStep(tx: Tx, customerId: string, step: string, data: unknown): Promise<void> {
    if (step !== PAYOUT_STEP) return;
    await repo.lockCustomer(tx, customerId);
    refuseChangeUnderMaintenance(await payoutSectionOf(tx, customerId), data as BankInfoSection);
    const orders = await repo.ordersOf(tx, customerId);
    if (orders.some((o) => isOpenOrder(o.state as OrderState))) throw new ApiError('PAYOUT_ACCOUNT_LOCKED');
  }

  /**
   * A new payout account after a failed disbursement or for a re-loan: validated as PUT /profile/bankInfo, saved as
   * the bankInfo section, and every disbursement_failed order of the borrower goes back to withdrawable (its view then
   * names the new account: views.ts); all under the customer lock, in the transaction that saves the section. Bank
   * maintenance refuses it (it always replaces an account on file).
   */
  async function changePayoutAccount(caller: Caller, input: unknown): Promise<{ ok: true; reopened: string[] }> {
    const reopened: string[] = [];
    await ctx.profile.put(caller, PAYOUT_STEP, input, async (tx, data) => {
      await repo.lockCustomer(tx, caller.customerId);
      const old = await payoutSectionOf(tx, caller.customerId);
      const next = data as BankInfoSection;
      refuseChangeUnderMaintenance(old, next);
      const orders = await repo.ordersOf(tx, caller.customerId);
      if (orders.some((o) => o.state === 'disbursing')) throw new ApiError('ORDER_STATE');
      if (!orders.some((o) => o.state === 'disbursement_failed' || o.state === 'settled'))
        throw new ApiError('BANK_CHANGE_NOT_ALLOWED');
      if (old && sameDestination(payoutDestinationOf(old as unknown as BankInfoSection), payoutDestinationOf(next)))
        throw new ApiError('BANK_SAME_AS_OLD');
      for (const failed of orders.filter((o) => o.state === 'disbursement_failed')) {
        const order = await repo.lockOrder(tx, failed.id);
        await repo.transition(
          tx,
          order,
          'withdrawable',
          'payout_account_changed',
          { failureCode: null },
          { method: next.payoutMethod },
        );
        reopened.push(order.id);
      }
    });
    return { ok: true, reopened };
  }

  async function signature(customerId: string) {
    const [row] = await db.select().from(signatures).where(eq(signatures.customerId, customerId));
    return { signed: row !== undefined, signedAt: row?.signedAt.toISOString() ?? null };
  }

  async function sign(customerId: string, ref: string) {
    const id = documentIdOf(ref);
    const [doc] = id
      ? await db
          .select({ id: documents.id })
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.customerId, customerId), eq(documents.kind, 'signature')))
      : [];
    if (!doc)
      throw new ApiError('VALIDATION_FAILED', {
        errors: [{ instancePath: '/signature', keyword: 'document', params: {} }],
      });
    const signedAt = now();
    await db
      .insert(signatures)
      .values({ customerId, documentId: doc.id, signedAt })
      .onConflictDoUpdate({ target: signatures.customerId, set: { documentId: doc.id, signedAt } });
    return { signed: true as const, signedAt: signedAt.toISOString() };
  }

  return {
    withdraw,
    withdrawIn,
    withdrawQuote,
    sendPayout,
    refusePayout,
    payoutResult,
    guardPayoutStep,
    changePayoutAccount,
    signature,
    sign,
  };
}
