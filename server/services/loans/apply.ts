/**
 * From application to acceptance: apply (a money operation, ./money-operation.ts), the underwriting
 * decision (the `underwrite` job; staff decisions will take the same path), and the borrower accepting the terms.
 */
import { ageOn } from '#domain/calendar-date.ts';
import { hasIdentityFacts, IDENTITY_STEP } from '#domain/identity-facts.ts';
import { isOpenOrder } from '#domain/loan-rules.ts';
import type { OrderState, Quote } from '#domain/loan-types.ts';
import { checkQuoteInput, quote } from '#domain/pricing.ts';
import { decide, type UnderwritingDecision, type UnderwritingFacts } from '#domain/underwriting.ts';
import { ApiError, type ErrorCode } from '#server/errors.ts';
import { enqueue } from '#server/jobs/runner.ts';
import type { StoredAnswer } from '../idempotency.ts';
import { sectionOf } from '../profile-sections.ts';
import type { Caller, LoanContext, LoanInput } from './context.ts';
import type { OrderRow, Tx } from './repository.ts';
import { links, orderNotices } from './notices.ts';
import { createLimits } from './limits.ts';
import type { LoanViews } from './views.ts';

/** Who decided an order: the automatic job or a staff member. */
export type DecidedBy = 'system' | { readonly staffId: string };

/** A staff decision's reject reason is config/staff.json's, not the automatic rules'. */
export type Decision =
  UnderwritingDecision | { readonly decision: 'reject'; readonly reason: string; readonly reapplyAfter: string };

export function createApplication(ctx: LoanContext, views: LoanViews) {
  const { db, repo, now, money } = ctx;
  const { notifyApproved, notifyOrder } = orderNotices(now);
  const limits = createLimits(ctx);

  /** Why a new application is refused now, or null. */
  function applyBlock(
    orders: readonly OrderRow[],
    day: string,
  ): { code: ErrorCode; details?: Record<string, unknown> } | null {
    const open = orders.find((o) => isOpenOrder(o.state as OrderState));
    if (open) return { code: open.state === 'repaying' ? 'REPAYMENT_OUTSTANDING' : 'ORDER_IN_PROGRESS' };
    const newest = orders[0];
    if (newest?.state === 'rejected' && newest.reapplyAfter && newest.reapplyAfter > day)
      return { code: 'REAPPLY_LATER', details: { reapplyAfter: newest.reapplyAfter } };
    return null;
  }

  async function apply(caller: Caller, key: string, hash: string, input: LoanInput): Promise<StoredAnswer> {
    // Read before the transaction (on PGlite a transaction holds the one connection); re-checked under the lock.
    const summary = await ctx.profile.summary(caller.customerId);
    const workInfo = await sectionOf(db, caller.customerId, 'workInfo');
    const identity = await sectionOf(db, caller.customerId, IDENTITY_STEP);
    return money(caller, key, 'apply', hash, async (tx) => {
      if (!summary.complete) throw new ApiError('PROFILE_INCOMPLETE', { next: summary.next });
      // Whatever the published step order holds: no loan without knowing who borrows.
      if (!hasIdentityFacts(identity)) throw new ApiError('PROFILE_INCOMPLETE', { next: `/${IDENTITY_STEP}` });
      const order = await createOrder(tx, caller.customerId, input, workInfo);
      return { status: 201, body: views.orderView(order, ctx.today()) };
    });
  }

  /**
   * THE application, for the borrower's POST /loans and Easy Re-loan alike, inside the caller's transaction (the
   * customer already locked): refused while an order is open or before the reapply day, or when the amount or term
   * is not the sub-product's or above the limit; otherwise the order under review, its event, its message and its
   * `underwrite` job. `workInfo` is read before the transaction (PGlite holds one connection in a transaction).
   */
  async function createOrder(
    tx: Tx,
    customerId: string,
    input: LoanInput,
    workInfo: Record<string, unknown> | undefined,
  ): Promise<OrderRow> {
    const day = ctx.today();
    const orders = await repo.ordersOf(tx, customerId);
    const block = applyBlock(orders, day);
    if (block) throw new ApiError(block.code, block.details);
    const sub = ctx.subOf(input.productId, input.subProductId);
    const problem = checkQuoteInput(
      sub,
      input,
      limits.limitOf(workInfo, orders, await limits.grantedRaises(tx, customerId)),
    );
    if (problem) throw new ApiError(problem);
    const q = quote(ctx.pricing, sub, {
      principalCentavos: input.principalCentavos,
      termDays: input.termDays,
      loanDate: day,
    });
    const order = await repo.insertOrder(tx, {
      customerId,
      orderNo: await repo.newOrderNo(tx, day),
      productId: input.productId,
      subProductId: input.subProductId,
      state: 'under_review',
      principal: input.principalCentavos,
      termDays: input.termDays,
      quote: q,
      amountDue: q.amountDueCentavos,
      interestOutstanding: q.interestCentavos,
      totalTermDays: input.termDays,
      createdAt: now(),
      updatedAt: now(),
    });
    await repo.recordEvent(
      tx,
      order.id,
      'applied',
      { principalCentavos: input.principalCentavos, termDays: input.termDays },
      null,
      'under_review',
    );
    await notifyOrder(tx, order, 'applicationReceived', links.home(), { amountCentavos: input.principalCentavos });
    await enqueue(tx, {
      kind: 'underwrite',
      key: `underwrite:${order.id}`,
      payload: { orderId: order.id },
      runAt: new Date(now().getTime() + ctx.settings.approvalDelaySeconds * 1000),
    });
    return order;
  }

  /** The underwriting decision, run `approvalDelaySeconds` after applying. */
  async function underwrite(orderId: string): Promise<void> {
    const pre = await repo.findOrder(db, orderId);
    if (!pre || pre.state !== 'under_review' || pre.decision) return;
    const day = ctx.today();
    const identity = await sectionOf(db, pre.customerId, 'identityInfo');
    const workInfo = await sectionOf(db, pre.customerId, 'workInfo');
    const history = await repo.repaymentHistory(db, pre.customerId);
    const past = await repo.ordersOf(db, pre.customerId);
    const granted = await limits.grantedRaises(db, pre.customerId);
    const worstEver = Math.max(history?.worst ?? 0, ...past.map((o) => ctx.ledgerOf(o)?.worstOverdueDays ?? 0));
    const birthDate = identity?.['birthDate'];
    const facts: UnderwritingFacts = {
      age: typeof birthDate === 'string' ? ageOn(birthDate, day) : null,
      incomeBand: typeof workInfo?.['monthlyIncome'] === 'string' ? workInfo['monthlyIncome'] : null,
      employmentType: typeof workInfo?.['employmentType'] === 'string' ? workInfo['employmentType'] : null,
      settledOrders: limits.repaidOnTime(past).length,
      oneTimeRaises: granted.map((g) => g.reason),
      worstOverdueDays: worstEver,
      requestedPrincipalCentavos: pre.principal,
    };
    const decision = decide(ctx.underwriting, facts, day);
    if (decision.decision === 'review' && decision.reason === 'OVER_LIMIT') {
      // The limit moved since applying: approve the largest amount of the grid within the limit, when there is one.
      const limit = limits.limitOf(workInfo, past, granted);
      if (limit >= ctx.subOf(pre.productId, pre.subProductId).amount.minCentavos) {
        await decideOrder(orderId, { decision: 'approve', limitCentavos: limit }, 'system', facts);
        return;
      }
    }
    await decideOrder(orderId, decision, 'system', facts);
  }

  /**
   * THE decision path, for the automatic job and staff alike: locks the order, checks it still waits for a decision,
   * then approves (accepted, the principal lowered to the largest grid amount within the limit), rejects (with the
   * reapply day) or leaves it for review; the borrower's message is written here, so a staff decision reads exactly as
   * an automatic one. The job decides only an undecided order; staff decide one that the job left for review.
   * Refuses ALREADY_DECIDED (details.state) when the order no longer waits.
   */
  async function decideOrder(
    orderId: string,
    decision: Decision,
    by: DecidedBy,
    facts?: UnderwritingFacts,
    note?: string,
  ): Promise<OrderRow> {
    const day = ctx.today();
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId);
      const previous = order.decision as { decision?: string; reason?: string; facts?: UnderwritingFacts } | null;
      const waiting = order.state === 'under_review' && (by === 'system' ? !previous : previous?.decision === 'review');
      if (!waiting) {
        if (by === 'system') return order;
        throw new ApiError('ALREADY_DECIDED', { state: order.state });
      }
      // Stored facts are flat values (the staff review shows them): the one-time raises as one comma-separated text.
      const flat = facts ? { ...facts, oneTimeRaises: facts.oneTimeRaises?.join(',') ?? null } : null;
      // Why underwriting left the order for a person stays readable after a person decided it (reviewReason).
      const reviewReason = previous?.decision === 'review' ? previous.reason : undefined;
      const noted = {
        ...decision,
        facts: flat ?? previous?.facts ?? null,
        by,
        ...(reviewReason ? { reviewReason } : {}),
        ...(note ? { note } : {}),
        decidedAt: now().toISOString(),
      };
      const sub = ctx.subOf(order.productId, order.subProductId);
      if (decision.decision === 'approve') {
        // No approval, by the rules or by a person, of an order whose borrower's identity is not known.
        if (!hasIdentityFacts(await sectionOf(tx, order.customerId, IDENTITY_STEP)))
          throw new ApiError('IDENTITY_MISSING');
        const { minCentavos, stepCentavos } = sub.amount;
        const principal =
          decision.limitCentavos < order.principal
            ? minCentavos + Math.floor((decision.limitCentavos - minCentavos) / stepCentavos) * stepCentavos
            : order.principal;
        const q =
          principal === order.principal
            ? (order.quote as Quote)
            : quote(ctx.pricing, sub, { principalCentavos: principal, termDays: order.termDays, loanDate: day });
        const updated = await repo.transition(
          tx,
          order,
          'accepted',
          'approved',
          {
            decision: noted,
            creditLimit: decision.limitCentavos,
            principal,
            quote: q,
            amountDue: q.amountDueCentavos,
            interestOutstanding: q.interestCentavos,
          },
          {
            limitCentavos: decision.limitCentavos,
            principalCentavos: principal,
            lowered: principal !== order.principal,
            by,
          },
        );
        await notifyApproved(tx, order, {
          amountCentavos: principal,
          limitCentavos: decision.limitCentavos,
        });
        await ctx.emit('decided', tx, updated);
        return updated;
      }
      if (decision.decision === 'reject') {
        const updated = await repo.transition(
          tx,
          order,
          'rejected',
          'rejected',
          { decision: noted, reapplyAfter: decision.reapplyAfter },
          { reason: decision.reason, reapplyAfter: decision.reapplyAfter, by, ...(note ? { note } : {}) },
        );
        await notifyOrder(tx, order, 'rejected', links.home(), { reapplyAfter: decision.reapplyAfter });
        await ctx.emit('decided', tx, updated);
        return updated;
      }
      return repo.update(tx, order, 'review', { decision: noted }, { reason: decision.reason });
    });
  }

  /** The borrower accepts the terms (both consents): accepted -> withdrawable. */
  async function accept(
    customerId: string,
    orderId: string,
    body: { agreePrivacy?: unknown; agreeAgreement?: unknown },
  ) {
    if (body.agreePrivacy !== true || body.agreeAgreement !== true) throw new ApiError('AGREEMENT_REQUIRED');
    return db.transaction(async (tx) => {
      const order = await repo.lockOrder(tx, orderId, customerId);
      if (order.state !== 'accepted') throw new ApiError('ORDER_STATE');
      return views.orderView(
        await repo.transition(
          tx,
          order,
          'withdrawable',
          'terms_accepted',
          {},
          { agreePrivacy: true, agreeAgreement: true },
        ),
      );
    });
  }

  return { limits, applyBlock, apply, createOrder, underwrite, decideOrder, accept };
}

export type Application = ReturnType<typeof createApplication>;
