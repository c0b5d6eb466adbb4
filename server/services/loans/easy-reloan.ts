/**
 * Easy Re-loan (docs/loans-and-money.md, "Easy Re-loan"): when a borrower who turned it on settles a loan, the next one
 * is applied for, underwritten and paid out by itself, through THE application (apply.ts createOrder), THE decision
 * (decideOrder) and THE withdrawal (disburse.ts withdrawIn) of the loan core, with the signature on file.
 *
 * The life of a re-loan (table easy_reloans, one per settled loan: its unique source):
 * - the `settled` hook enqueues `reloan_apply` (key: the settled order) in the settlement's transaction;
 * - `reloan_apply` applies under the customer lock, with the re-loan row in the same transaction (state applied);
 * - the `decided` hook, on approval, writes the notice (the disclosure's key figures, opening the full Truth in
 *   Lending disclosure on /appointLoanList) and enqueues `reloan_disburse` at the payout time, `cancelWindowMinutes`
 *   later (state noticed); a rejection ends it;
 * - `reloan_disburse` accepts the terms for the borrower (the Easy Re-loan agreement covers them) and withdraws, in ONE
 *   transaction under the customer, order and re-loan locks, only in state noticed and at or after the payout time:
 *   a second run, a second instance or a crash before commit moves no money twice (state disbursing);
 * - the `disbursed` hook (the money arrived) marks it done, issues its voucher (a repayment coupon, issue key the
 *   re-loan) and counts it; at `disbursementsBeforeTurnOff` the feature turns itself off and asks to be turned on.
 * The borrower cancels a re-loan before its payout (the order closes as rejected, nothing is sent) and turns the
 * feature off unless a voucher of this turn-on was used.
 *
 * Lock order (repository.ts's, extended): customer -> order -> re-loan -> payout -> coupon. The setting row is
 * updated after the customer (turning on or off, applying) or last (the disbursed hook), never with an order lock
 * taken after it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { manilaToday } from '#domain/calendar-date.ts';
import { nextReloanAmount, reloanCancellable, turnsOff } from '#domain/easy-reloan.ts';
import type { Quote } from '#domain/loan-types.ts';
import { destinationView, payoutDestinationOf, type BankInfoSection } from '#domain/payout-account.ts';
import { checkQuoteInput, quote } from '#domain/pricing.ts';
import easyReloanJson from '#config/easy-reloan.json' with { type: 'json' };
import productJson from '#config/product.json' with { type: 'json' };
import type { EasyReloanConfig as EasyReloanFigures } from '#config/types/easy-reloan.ts';
import type { ProductConfig } from '#config/types/product.ts';
import { coupons, easyReloans, easyReloanSettings, signatures } from '#server/db/tables.ts';
import { ApiError } from '#server/errors.ts';
import { enqueue, type ClaimedJob, type JobHandler } from '#server/jobs/runner.ts';
import { couponsConfig, issue } from '../coupons.ts';
import { notify } from '../messages.ts';
import { payoutSectionOf, sectionOf } from '../profile-sections.ts';
import type { Application } from './apply.ts';
import type { LoanContext } from './context.ts';
import type { createDisbursement } from './disburse.ts';
import type { OrderRow, Tx } from './repository.ts';

/**
 * Easy Re-loan's settings, the server's one reader of them: whether it is offered (config/product.json
 * easyReloan.enabled, which the profile screen reads too) and its figures (config/easy-reloan.json), each typed by
 * its meta-schema.
 */
export interface EasyReloanConfig extends EasyReloanFigures {
  readonly enabled: boolean;
}
export const easyReloanConfig: EasyReloanConfig = {
  enabled: (productJson as ProductConfig).easyReloan?.enabled === true,
  ...(easyReloanJson as EasyReloanFigures),
};

export type ReloanState = 'applied' | 'noticed' | 'disbursing' | 'done' | 'cancelled' | 'not_approved' | 'failed';
type ReloanRow = typeof easyReloans.$inferSelect;
type SettingsRow = typeof easyReloanSettings.$inferSelect;

export interface EasyReloanInputBody {
  readonly principalCentavos: number | null;
  readonly termDays: number;
  readonly agreeAgreement: boolean;
}

const MINUTE_MS = 60_000;

/** "HH:mm" of an instant in Manila (UTC+8, no daylight saving). */
function manilaTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(11, 16);
}

/** A rate in ppm as a percent with two decimals (the same digits in every language). */
const percent = (ppm: number): string => (ppm / 10_000).toFixed(2);

export function createEasyReloan(
  ctx: LoanContext,
  application: Application,
  disbursement: ReturnType<typeof createDisbursement>,
  config: EasyReloanConfig = easyReloanConfig,
) {
  const { db, repo, now } = ctx;

  async function settingsOf(q: Tx | typeof db, customerId: string): Promise<SettingsRow | undefined> {
    const [row] = await q.select().from(easyReloanSettings).where(eq(easyReloanSettings.customerId, customerId));
    return row;
  }

  /** The re-loan of an order, locked (after the order: the lock order above). */
  async function lockReloanOfOrder(tx: Tx, orderId: string): Promise<ReloanRow | undefined> {
    const [row] = await tx.select().from(easyReloans).where(eq(easyReloans.orderId, orderId)).for('update');
    return row;
  }

  /** A voucher of the current turn-on was used (or is held by a payment): the feature cannot be turned off. */
  async function voucherUsed(q: Tx | typeof db, customerId: string, cycle: number): Promise<boolean> {
    const [row] = await q
      .select({ n: sql<number>`count(*)::int` })
      .from(easyReloans)
      .innerJoin(coupons, eq(coupons.id, easyReloans.voucherCouponId))
      .where(
        and(
          eq(easyReloans.customerId, customerId),
          eq(easyReloans.cycle, cycle),
          inArray(coupons.state, ['used', 'held']),
        ),
      );
    return (row?.n ?? 0) > 0;
  }

  /** GET /easy-reloan: the setting, the limit now and the next amount, the payout account on file. */
  async function status(customerId: string) {
    const workInfo = await sectionOf(db, customerId, 'workInfo');
    const bank = await payoutSectionOf(db, customerId);
    const orders = await repo.ordersOf(db, customerId);
    const settings = await settingsOf(db, customerId);
    const lastSettled = orders.find((o) => o.state === 'settled');
    const productId = settings?.productId ?? lastSettled?.productId ?? null;
    const subProductId = settings?.subProductId ?? lastSettled?.subProductId ?? null;
    const sub = productId && subProductId ? ctx.subOf(productId, subProductId) : null;
    const limit = application.limits.limitOf(workInfo, orders, await application.limits.grantedRaises(db, customerId));
    const used = settings ? await voucherUsed(db, customerId, settings.cycle) : false;
    return {
      available: config.enabled,
      eligible: lastSettled !== undefined,
      enabled: settings?.enabled ?? false,
      offReason: (settings && !settings.enabled ? settings.offReason : null) as 'borrower' | 'auto' | null,
      principalCentavos: settings?.principal ?? null,
      termDays: settings?.termDays ?? null,
      productId,
      subProductId,
      limitCentavos: limit,
      nextAmountCentavos: sub ? (nextReloanAmount(sub.amount, limit, settings?.principal ?? null) ?? 0) : 0,
      amount: sub ? { ...sub.amount } : { minCentavos: 0, maxCentavos: 0, stepCentavos: 1 },
      termsDays: sub ? [...sub.termsDays] : [],
      payout: bank ? destinationView(payoutDestinationOf(bank as unknown as BankInfoSection)) : null,
      voucherCentavos: config.voucherCentavos,
      cancelWindowMinutes: config.cancelWindowMinutes,
      disbursementsBeforeTurnOff: config.disbursementsBeforeTurnOff,
      disbursedInCycle: settings?.enabled ? settings.disbursedInCycle : 0,
      voucherUsed: settings?.enabled ? used : false,
      // A re-loan follows the settlement of an open loan: with none open, nothing happens until the borrower applies.
      noLoanOpen: orders.every((o) => o.state === 'settled' || o.state === 'rejected'),
    };
  }

  /**
   * PUT /easy-reloan: turns it on after the agreement (or changes the amount or term while on). Only a borrower who
   * repaid a loan, with a signature and a payout account on file; the amount and term must be the sub-product's of
   * the last repaid loan, within the limit now (each re-loan takes the limit of its day again).
   */
  async function turnOn(customerId: string, input: EasyReloanInputBody) {
    if (!config.enabled) throw new ApiError('RELOAN_UNAVAILABLE');
    if (input.agreeAgreement !== true) throw new ApiError('RELOAN_AGREEMENT_REQUIRED');
    const workInfo = await sectionOf(db, customerId, 'workInfo');
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      const orders = await repo.ordersOf(tx, customerId);
      const lastSettled = orders.find((o) => o.state === 'settled');
      if (!lastSettled) throw new ApiError('RELOAN_NOT_ELIGIBLE');
      const [signature] = await tx
        .select({ id: signatures.customerId })
        .from(signatures)
        .where(eq(signatures.customerId, customerId));
      if (!signature) throw new ApiError('SIGNATURE_REQUIRED');
      if (!(await payoutSectionOf(tx, customerId))) throw new ApiError('PAYOUT_ACCOUNT_INVALID');
      const sub = ctx.subOf(lastSettled.productId, lastSettled.subProductId);
      const p = input.principalCentavos;
      const problem = checkQuoteInput(
        sub,
        { principalCentavos: p ?? sub.amount.minCentavos, termDays: input.termDays },
        p === null
          ? undefined
          : application.limits.limitOf(workInfo, orders, await application.limits.grantedRaises(tx, customerId)),
      );
      if (problem) throw new ApiError(problem);
      const at = now();
      const old = await settingsOf(tx, customerId);
      const fresh = {
        principal: p,
        termDays: input.termDays,
        productId: lastSettled.productId,
        subProductId: lastSettled.subProductId,
        agreedAt: at,
        offReason: null,
        updatedAt: at,
      };
      if (!old)
        await tx
          .insert(easyReloanSettings)
          .values({ customerId, enabled: true, cycle: 1, disbursedInCycle: 0, ...fresh });
      else if (old.enabled)
        await tx.update(easyReloanSettings).set(fresh).where(eq(easyReloanSettings.customerId, customerId));
      else
        await tx
          .update(easyReloanSettings)
          .set({ ...fresh, enabled: true, cycle: old.cycle + 1, disbursedInCycle: 0 })
          .where(eq(easyReloanSettings.customerId, customerId));
    });
    return status(customerId);
  }

  /**
   * DELETE /easy-reloan: turns it off (RELOAN_VOUCHER_USED once a voucher of this turn-on was used). Re-loans still
   * waiting (before their payout) are cancelled with it: turned off means no money is sent by itself.
   */
  async function turnOff(customerId: string) {
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      const settings = await settingsOf(tx, customerId);
      if (!settings?.enabled) return;
      if (await voucherUsed(tx, customerId, settings.cycle)) throw new ApiError('RELOAN_VOUCHER_USED');
      const waiting = await tx
        .select({ id: easyReloans.id, orderId: easyReloans.orderId })
        .from(easyReloans)
        .where(and(eq(easyReloans.customerId, customerId), inArray(easyReloans.state, ['applied', 'noticed'])));
      for (const w of waiting) await cancelIn(tx, customerId, w.id, false);
      await tx
        .update(easyReloanSettings)
        .set({ enabled: false, offReason: 'borrower', updatedAt: now() })
        .where(eq(easyReloanSettings.customerId, customerId));
    });
    return status(customerId);
  }

  /** Cancels a waiting re-loan in `tx` (the customer locked): its order closes as rejected; false when it no longer waits. */
  async function cancelIn(tx: Tx, customerId: string, reloanId: string, strict: boolean): Promise<boolean> {
    const [pre] = await tx
      .select({ orderId: easyReloans.orderId })
      .from(easyReloans)
      .where(and(eq(easyReloans.id, reloanId), eq(easyReloans.customerId, customerId)));
    if (!pre) throw new ApiError('NOT_FOUND');
    const order = await repo.lockOrder(tx, pre.orderId, customerId);
    const [run] = await tx.select().from(easyReloans).where(eq(easyReloans.id, reloanId)).for('update');
    const at = now();
    if (
      !run ||
      !reloanCancellable(run.state, run.payoutAt, at) ||
      (order.state !== 'under_review' && order.state !== 'accepted')
    ) {
      if (strict) throw new ApiError('RELOAN_CANCEL_CLOSED', { state: run?.state ?? null });
      return false;
    }
    await repo.transition(
      tx,
      order,
      'rejected',
      'reloan_cancelled',
      { decision: { decision: 'cancelled', by: 'borrower', decidedAt: at.toISOString() }, reapplyAfter: null },
      { reloanId },
    );
    await tx.update(easyReloans).set({ state: 'cancelled', cancelledAt: at }).where(eq(easyReloans.id, reloanId));
    return true;
  }

  /** POST /easy-reloan/reloans/:id/cancel: before the payout only (RELOAN_CANCEL_CLOSED after). */
  async function cancel(customerId: string, reloanId: string) {
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      await cancelIn(tx, customerId, reloanId, true);
    });
    const list = await reloans(customerId);
    return list.reloans.find((r) => r.id === reloanId)!;
  }

  /** GET /easy-reloan/reloans: every re-loan with its order's figures, newest first. */
  async function reloans(customerId: string) {
    const at = now();
    const rows = await repo.reloansWithOrders(db, customerId);
    return {
      reloans: rows.map((r) => ({
        id: r.run.id,
        state: r.run.state as ReloanState,
        orderId: r.run.orderId,
        orderNo: r.orderNo,
        productId: r.productId,
        subProductId: r.subProductId,
        principalCentavos: r.principal,
        termDays: r.termDays,
        quote: r.quote as Quote,
        payoutAt: r.run.payoutAt?.toISOString() ?? null,
        cancellable: reloanCancellable(r.run.state, r.run.payoutAt, at),
        voucherCentavos: r.voucher ?? null,
        createdAt: r.run.createdAt.toISOString(),
        doneAt: r.run.doneAt?.toISOString() ?? null,
        cancelledAt: r.run.cancelledAt?.toISOString() ?? null,
      })),
    };
  }

  /** The `settled` hook: a loan settled while Easy Re-loan is on schedules the next one (once per settled loan). */
  async function onSettled(tx: Tx, order: OrderRow): Promise<void> {
    if (!config.enabled) return;
    const settings = await settingsOf(tx, order.customerId);
    if (!settings?.enabled) return;
    await enqueue(tx, {
      kind: 'reloan_apply',
      key: `reloan_apply:${order.id}`,
      payload: { sourceOrderId: order.id, customerId: order.customerId },
      runAt: now(),
    });
  }

  /**
   * The `reloan_apply` job: the application of the re-loan of `sourceOrderId` and its re-loan row, in one transaction
   * under the customer lock; nothing when the feature was turned off since, the re-loan exists already (a second
   * run), or the borrower cannot apply now (an order of their own is open, the profile is incomplete, the limit is
   * below the minimum): the loan core's refusal, taken in a savepoint.
   */
  async function applyReloan(sourceOrderId: string, customerId: string): Promise<void> {
    const summary = await ctx.profile.summary(customerId);
    const workInfo = await sectionOf(db, customerId, 'workInfo');
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, customerId);
      const settings = await settingsOf(tx, customerId);
      if (!settings?.enabled || !summary.complete) return;
      const [existing] = await tx
        .select({ id: easyReloans.id })
        .from(easyReloans)
        .where(eq(easyReloans.sourceOrderId, sourceOrderId));
      if (existing) return;
      const orders = await repo.ordersOf(tx, customerId);
      const source = orders.find((o) => o.id === sourceOrderId);
      if (source?.state !== 'settled') return;
      const sub = ctx.subOf(settings.productId, settings.subProductId);
      const principal = nextReloanAmount(
        sub.amount,
        application.limits.limitOf(workInfo, orders, await application.limits.grantedRaises(tx, customerId)),
        settings.principal,
      );
      if (principal === null || !sub.termsDays.includes(settings.termDays)) return;
      let order: OrderRow;
      try {
        order = await tx.transaction((sp) =>
          application.createOrder(
            sp,
            customerId,
            {
              productId: settings.productId,
              subProductId: settings.subProductId,
              principalCentavos: principal,
              termDays: settings.termDays,
            },
            workInfo,
          ),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return;
        throw error;
      }
      await tx.insert(easyReloans).values({
        customerId,
        cycle: settings.cycle,
        sourceOrderId,
        orderId: order.id,
        state: 'applied',
        createdAt: now(),
      });
      await repo.recordEvent(tx, order.id, 'reloan_applied', { sourceOrderId });
    });
  }

  /**
   * The `decided` hook: an approved re-loan gets its notice and its payout job at the end of the cancel window; a
   * rejected one ends. The notice gives the key figures of the loan as it will be made, on the payout day, and opens
   * /appointLoanList, where the re-loan shows the full Truth in Lending disclosure the signing screen shows (every
   * finance charge, a tax line only when a tax is configured or charged, and the charges that can arise later). The
   * message is one text for every loan, so it itemizes no fee: it could not leave out a tax line that is not charged.
   */
  async function onDecided(tx: Tx, order: OrderRow): Promise<void> {
    const run = await lockReloanOfOrder(tx, order.id);
    if (!run || run.state !== 'applied') return;
    if (order.state !== 'accepted') {
      await tx.update(easyReloans).set({ state: 'not_approved' }).where(eq(easyReloans.id, run.id));
      return;
    }
    const at = now();
    const payoutAt = new Date(
      at.getTime() + (ctx.settings.reloanCancelWindowMs ?? config.cancelWindowMinutes * MINUTE_MS),
    );
    const q = quote(ctx.pricing, ctx.subOf(order.productId, order.subProductId), {
      principalCentavos: order.principal,
      termDays: order.termDays,
      loanDate: manilaToday(payoutAt),
    });
    await tx.update(easyReloans).set({ state: 'noticed', noticedAt: at, payoutAt }).where(eq(easyReloans.id, run.id));
    await notify(tx, {
      customerId: order.customerId,
      template: 'reloanNotice',
      link: '/appointLoanList',
      dedupeKey: `reloanNotice:${run.id}`,
      at,
      params: {
        orderNo: order.orderNo,
        amountCentavos: q.principalCentavos,
        financeChargeCentavos: q.financeChargeCentavos,
        receivedCentavos: q.receivedCentavos,
        amountDueCentavos: q.amountDueCentavos,
        periods: q.plan.length,
        firstDueDate: q.firstDueDate,
        dueDate: q.repaymentDate,
        termDays: q.termDays,
        eirMonthly: percent(q.effectiveMonthlyRatePpm),
        eirAnnual: percent(q.effectiveAnnualRatePpm),
        payoutDate: manilaToday(payoutAt),
        payoutTime: manilaTime(payoutAt),
      },
    });
    await repo.recordEvent(tx, order.id, 'reloan_noticed', { reloanId: run.id, payoutAt: payoutAt.toISOString() });
    await enqueue(tx, {
      kind: 'reloan_disburse',
      key: `reloan_disburse:${run.id}`,
      payload: { reloanId: run.id },
      runAt: payoutAt,
    });
  }

  /**
   * The `reloan_disburse` job: at or after the payout time, a noticed re-loan is accepted and withdrawn in ONE
   * transaction (customer, order, re-loan locked in that order). A refusal of the withdrawal (no signature or payout
   * account any more) leaves the order accepted for the borrower and the re-loan failed.
   */
  async function disburse(reloanId: string): Promise<void> {
    const [pre] = await db
      .select({ customerId: easyReloans.customerId, orderId: easyReloans.orderId })
      .from(easyReloans)
      .where(eq(easyReloans.id, reloanId));
    if (!pre) return;
    await db.transaction(async (tx) => {
      await repo.lockCustomer(tx, pre.customerId);
      const order = await repo.lockOrder(tx, pre.orderId);
      const [run] = await tx.select().from(easyReloans).where(eq(easyReloans.id, reloanId)).for('update');
      const at = now();
      if (
        !run ||
        run.state !== 'noticed' ||
        !run.noticedAt ||
        !run.payoutAt ||
        run.payoutAt > at ||
        order.state !== 'accepted'
      )
        return;
      try {
        await tx.transaction(async (sp) => {
          const accepted = await repo.transition(
            sp,
            order,
            'withdrawable',
            'terms_accepted',
            {},
            { easyReloan: true, reloanId },
          );
          await disbursement.withdrawIn(sp, accepted.customerId, accepted.id);
        });
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) throw error;
        await tx.update(easyReloans).set({ state: 'failed' }).where(eq(easyReloans.id, reloanId));
        await repo.recordEvent(tx, order.id, 'reloan_payout_refused', { reloanId, code: error.code });
        return;
      }
      await tx.update(easyReloans).set({ state: 'disbursing' }).where(eq(easyReloans.id, reloanId));
    });
  }

  /**
   * The `disbursed` hook: the money of an automatic re-loan arrived: done, its voucher (once per re-loan: the issue
   * key), counted; at the configured count the feature turns itself off and asks to be turned on again.
   */
  async function onDisbursed(tx: Tx, order: OrderRow): Promise<void> {
    const run = await lockReloanOfOrder(tx, order.id);
    if (!run || run.state !== 'disbursing') return;
    const at = now();
    // The automatic payout failed and the borrower withdrew by hand (after changing the account): not an automatic
    // disbursement, so no voucher and no count towards the turn-off.
    if (await repo.everEntered(tx, order.id, 'disbursement_failed')) {
      await tx.update(easyReloans).set({ state: 'failed' }).where(eq(easyReloans.id, run.id));
      return;
    }
    const definitionId = couponsConfig.easyReloan;
    const voucher = definitionId
      ? await issue(
          tx,
          order.customerId,
          definitionId,
          'easyReloan',
          `easyReloan:${run.id}`,
          at,
          config.voucherCentavos,
        )
      : null;
    await tx
      .update(easyReloans)
      .set({ state: 'done', doneAt: at, voucherCouponId: voucher?.id ?? null })
      .where(eq(easyReloans.id, run.id));
    const [counted] = await tx
      .update(easyReloanSettings)
      .set({ disbursedInCycle: sql`${easyReloanSettings.disbursedInCycle} + 1`, updatedAt: at })
      .where(
        and(
          eq(easyReloanSettings.customerId, order.customerId),
          eq(easyReloanSettings.cycle, run.cycle),
          eq(easyReloanSettings.enabled, true),
        ),
      )
      .returning({ disbursed: easyReloanSettings.disbursedInCycle });
    if (counted && turnsOff(counted.disbursed, config.disbursementsBeforeTurnOff)) {
      await tx
        .update(easyReloanSettings)
        .set({ enabled: false, offReason: 'auto' })
        .where(eq(easyReloanSettings.customerId, order.customerId));
      await notify(tx, {
        customerId: order.customerId,
        template: 'reloanTurnedOff',
        link: '/appointLoan',
        dedupeKey: `reloanTurnedOff:${run.id}`,
        params: { total: counted.disbursed },
        at,
      });
    }
  }

  ctx.hooks.settled.push(onSettled);
  ctx.hooks.decided.push(onDecided);
  ctx.hooks.disbursed.push(onDisbursed);

  const handlers: Record<string, JobHandler> = {
    reloan_apply: (job: ClaimedJob) =>
      applyReloan(String(job.payload['sourceOrderId']), String(job.payload['customerId'])),
    reloan_disburse: (job: ClaimedJob) => disburse(String(job.payload['reloanId'])),
  };

  return { status, turnOn, turnOff, cancel, reloans, applyReloan, disburse, handlers };
}

export type EasyReloan = ReturnType<typeof createEasyReloan>;
