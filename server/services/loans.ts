/**
 * Loans (issue 5; the routes' contract is /work/notes/loans-api.md): apply, underwriting, acceptance, signature,
 * withdrawal, disbursement, repayment and extension, overdue accrual. Pricing and the rules of a loan are the pure
 * domain's (domain/pricing.ts, loan-rules.ts, underwriting.ts); this file holds the money and the state.
 *
 * Every money operation (apply, withdraw, payment create) runs in ONE transaction under its Idempotency-Key
 * (services/idempotency.ts) with the order row locked (`FOR UPDATE`; apply locks the customer row, as there is no
 * order yet), and every state change and money movement writes a loan_events row in that transaction. Lock order is
 * always order, then its payout or payment, so two transactions never wait on each other in a circle.
 *
 * Providers are never called inside a transaction: the withdrawal enqueues a `send_payout` job in its transaction
 * (outbox) and the job calls the gateway with the payout id as the idempotency key; a payment asks the gateway for
 * its reference just before its transaction (idempotency key from the caller's key, so a retry gets the same one).
 * (On PGlite a transaction holds the one connection, so a provider using the database inside it would wait forever.)
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import pricingJson from '../../config/pricing.json' with { type: 'json' };
import underwritingJson from '../../config/underwriting.json' with { type: 'json' };
import { ageOn, manilaToday } from '../../domain/calendar-date.ts';
import { accrue, canTransition, dueStatus, extensionOffer, nextInstalment, type ExtensionOffer, type InstalmentDue } from '../../domain/loan-rules.ts';
import type { OrderState, PaymentChannel, PaymentKind, PricingConfig, Quote, SubProductPricing } from '../../domain/loan-types.ts';
import { checkQuoteInput, findSubProduct, instalmentCount, quote } from '../../domain/pricing.ts';
import { creditLimitCentavos, decide, type UnderwritingConfig, type UnderwritingFacts } from '../../domain/underwriting.ts';
import type { Database } from '../db/database.ts';
import { customers, documents, loanEvents, loanOrders, payments, payouts, profileSections, signatures } from '../db/schema.ts';
import { ApiError, type ErrorCode } from '../errors.ts';
import { enqueue, type ClaimedJob, type JobHandler, type Schedule } from '../jobs/runner.ts';
import type { CollectionEvent, CollectionProvider } from '../providers/collection/collection-provider.ts';
import { orderFailureCode, ProviderError, type PayoutAccount, type PayoutProvider, type PayoutResult } from '../providers/payout/payout-provider.ts';
import { withIdempotency, type Answer, type StoredAnswer, type Tx } from './idempotency.ts';
import type { ProfileService } from './profile.ts';

export const pricingConfig = pricingJson as unknown as PricingConfig;
export const underwritingConfig = underwritingJson as unknown as UnderwritingConfig;

export interface LoanSettings {
  /** Seconds between applying and the underwriting decision. */
  readonly approvalDelaySeconds: number;
  /** BANK_CHANGE_MAINTENANCE=1: PUT /payout-account answers BANK_CHANGE_MAINTENANCE. */
  readonly bankChangeMaintenance: boolean;
  /** A payout `sent` this long without a callback is asked of the gateway (reconcile job). */
  readonly reconcileAfterMs: number;
  /** How long a payment reference stays payable. */
  readonly paymentTtlMs: number;
}

export const DEFAULT_LOAN_SETTINGS: LoanSettings = {
  approvalDelaySeconds: underwritingConfig.approvalDelaySeconds,
  bankChangeMaintenance: false,
  reconcileAfterMs: 10 * 60_000,
  paymentTtlMs: 24 * 3_600_000,
};

export interface LoanDeps {
  readonly db: Database;
  readonly now: () => Date;
  readonly profile: ProfileService;
  readonly payout: PayoutProvider;
  readonly collection: CollectionProvider;
  readonly settings: LoanSettings;
  readonly pricing?: PricingConfig;
  readonly underwriting?: UnderwritingConfig;
}

type OrderRow = typeof loanOrders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export interface Caller {
  readonly customerId: string;
  readonly phone: string;
}

export interface LoanInput {
  readonly productId: string;
  readonly subProductId: string;
  readonly principalCentavos: number;
  readonly termDays: number;
}

/** bankInfo step data (schemas/bankInfo.schema.json), as stored. */
interface BankInfo {
  payoutMethod: 'bank' | 'eWallet' | 'remittance';
  bankCode?: string;
  accountNumber?: string;
  eWalletProvider?: string;
  eWalletNumber?: string;
  remittanceShop?: string;
  payeeLastName: string;
  payeeFirstName: string;
  payeeMiddleName?: string;
  withdrawalPhone: string;
}

/** The payout snapshot of a bankInfo section. */
export function payoutAccountOf(bank: BankInfo): PayoutAccount {
  const holderName = [bank.payeeFirstName, bank.payeeMiddleName, bank.payeeLastName].filter(Boolean).join(' ');
  const base = { holderName, phone: bank.withdrawalPhone };
  if (bank.payoutMethod === 'bank') return { method: 'bank', bankCode: bank.bankCode, accountNumber: bank.accountNumber, ...base };
  if (bank.payoutMethod === 'eWallet') return { method: 'eWallet', eWalletProvider: bank.eWalletProvider, eWalletNumber: bank.eWalletNumber, ...base };
  return { method: 'remittance', remittanceShop: bank.remittanceShop, ...base };
}

/** Same destination: same method, same bank / wallet / shop, same account (BANK_SAME_AS_OLD). */
function sameDestination(a: PayoutAccount, b: PayoutAccount): boolean {
  if (a.method !== b.method) return false;
  if (a.method === 'bank') return a.bankCode === b.bankCode && a.accountNumber === b.accountNumber;
  if (a.method === 'eWallet') return a.eWalletProvider === b.eWalletProvider && a.eWalletNumber === b.eWalletNumber;
  return a.remittanceShop === b.remittanceShop && a.phone === b.phone;
}

const mask = (value: string): string => (value.length <= 4 ? value : `${'*'.repeat(Math.min(6, value.length - 4))}${value.slice(-4)}`);

function payoutView(account: PayoutAccount | null) {
  if (!account) return null;
  if (account.method === 'bank') return { method: account.method, label: account.bankCode ?? '', accountMasked: mask(account.accountNumber ?? '') };
  if (account.method === 'eWallet') return { method: account.method, label: account.eWalletProvider ?? '', accountMasked: mask(account.eWalletNumber ?? '') };
  return { method: account.method, label: account.remittanceShop ?? '', accountMasked: mask(account.phone) };
}

/** Interest, fees and tax of a quote: what is charged on disbursement (the total-cost cap's numerator). */
const costOf = (q: Quote): number => q.interestCentavos + q.serviceFeeCentavos + q.creditReportFeeCentavos + q.taxCentavos;

/** The start of a Manila calendar day as an instant. */
const manilaMidnight = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export function createLoanService(deps: LoanDeps) {
  const { db, now, profile, settings } = deps;
  const pricing = deps.pricing ?? pricingConfig;
  const underwriting = deps.underwriting ?? underwritingConfig;
  const today = () => manilaToday(now());

  function subOf(productId: string, subProductId: string): SubProductPricing {
    const sub = findSubProduct(pricing, productId, subProductId);
    if (!sub) throw new ApiError('PRODUCT_NOT_FOUND');
    return sub;
  }

  // ---- Views ----

  function offerOf(order: OrderRow, day: string): ExtensionOffer | null {
    if (order.state !== 'repaying' || !order.dueDate) return null;
    const sub = findSubProduct(pricing, order.productId, order.subProductId);
    if (!sub) return null;
    return extensionOffer(pricing, sub, {
      principalCentavos: order.principal,
      interestOutstandingCentavos: order.interestOutstanding,
      costChargedCentavos: order.costCharged,
      dueDate: order.dueDate,
      totalTermDays: order.totalTermDays,
      instalmentCount: instalmentCount(sub),
    }, day);
  }

  /** What full settlement pays now: the remaining plan and the penalties. */
  const settlementOf = (order: OrderRow): number => order.amountDue + order.lateFine + order.damages;

  /**
   * The next unpaid instalment of a repaying instalment order (its due date is the order's dueDate), or null for a
   * single-payment order or one not repaying. The plan is the frozen quote's, re-dated at disbursement.
   */
  function instalmentOf(order: OrderRow): InstalmentDue | null {
    if (order.state !== 'repaying') return null;
    return nextInstalment((order.quote as Quote).plan, order.paidPeriods, order.amountDue);
  }

  function orderView(order: OrderRow, day = today()) {
    const offer = offerOf(order, day);
    const instalment = instalmentOf(order);
    return {
      id: order.id,
      orderNo: order.orderNo,
      productId: order.productId,
      subProductId: order.subProductId,
      state: order.state as OrderState,
      dueStatus: order.state === 'repaying' && order.dueDate ? dueStatus(pricing, order.dueDate, day) : null,
      principalCentavos: order.principal,
      termDays: order.termDays,
      quote: order.quote as Quote,
      loanDate: order.loanDate,
      dueDate: order.dueDate,
      overdueDays: order.overdueDays,
      lateFineCentavos: order.lateFine,
      damagesCentavos: order.damages,
      amountDueCentavos: order.state === 'settled' ? 0 : settlementOf(order),
      extension: offer ? { amountCentavos: offer.amountCentavos, newDueDate: offer.newDueDate } : null,
      instalment: instalment ? { period: instalment.period, count: instalment.count, amountCentavos: instalment.amountCentavos + order.lateFine + order.damages, dueDate: instalment.dueDate } : null,
      paidPeriods: order.paidPeriods,
      amountRepaidCentavos: order.amountRepaid,
      extensionCount: order.extensionCount,
      reapplyAfter: order.reapplyAfter,
      failureCode: order.failureCode,
      payout: payoutView(order.payoutAccount as PayoutAccount | null),
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
    };
  }
  type OrderView = ReturnType<typeof orderView>;

  function paymentView(payment: PaymentRow, orderNo: string) {
    return {
      id: payment.id,
      orderId: payment.orderId,
      orderNo,
      kind: payment.kind as PaymentKind,
      channel: payment.channel as PaymentChannel,
      state: payment.state as 'in_progress' | 'success' | 'fail',
      amountCentavos: payment.amount,
      reference: payment.reference,
      checkoutUrl: payment.checkoutUrl,
      expiresAt: payment.expiresAt.toISOString(),
      failureCode: payment.failureCode,
      createdAt: payment.createdAt.toISOString(),
      completedAt: payment.completedAt?.toISOString() ?? null,
    };
  }

  // ---- Reads and writes shared by the operations ----

  async function lockOrder(tx: Tx, orderId: string, customerId?: string): Promise<OrderRow> {
    const [order] = await tx
      .select()
      .from(loanOrders)
      .where(customerId ? and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)) : eq(loanOrders.id, orderId))
      .for('update');
    if (!order) throw new ApiError('NOT_FOUND');
    return order;
  }

  async function recordEvent(tx: Tx, orderId: string, kind: string, data: Record<string, unknown> | null, from: string | null = null, to: string | null = null) {
    await tx.insert(loanEvents).values({ orderId, kind, data, fromState: from, toState: to, at: now() });
  }

  /** Moves a locked order to `to` (the domain's state machine must allow it) with its other changes and the event. */
  async function transition(tx: Tx, order: OrderRow, to: OrderState, kind: string, patch: Partial<typeof loanOrders.$inferInsert> = {}, data: Record<string, unknown> | null = null): Promise<OrderRow> {
    if (!canTransition(order.state as OrderState, to)) throw new ApiError('ORDER_STATE');
    const [updated] = await tx.update(loanOrders).set({ ...patch, state: to, updatedAt: now() }).where(eq(loanOrders.id, order.id)).returning();
    await recordEvent(tx, order.id, kind, data, order.state, to);
    return updated!;
  }

  async function update(tx: Tx, order: OrderRow, kind: string, patch: Partial<typeof loanOrders.$inferInsert>, data: Record<string, unknown>): Promise<OrderRow> {
    const [updated] = await tx.update(loanOrders).set({ ...patch, updatedAt: now() }).where(eq(loanOrders.id, order.id)).returning();
    await recordEvent(tx, order.id, kind, data, order.state, updated!.state);
    return updated!;
  }

  async function sectionOf(q: Pick<Database, 'select'>, customerId: string, step: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await q.select({ data: profileSections.data }).from(profileSections).where(and(eq(profileSections.customerId, customerId), eq(profileSections.step, step)));
    return row?.data as Record<string, unknown> | undefined;
  }

  async function ordersOf(q: Pick<Database, 'select'>, customerId: string): Promise<OrderRow[]> {
    return q.select().from(loanOrders).where(eq(loanOrders.customerId, customerId)).orderBy(desc(loanOrders.createdAt), desc(loanOrders.orderNo));
  }

  const isOpen = (o: OrderRow) => o.state !== 'settled' && o.state !== 'rejected';

  /** The borrower's limit: from the income band and settled orders; the config's maximum when the band does not approve (underwriting decides). */
  function limitOf(workInfo: Record<string, unknown> | undefined, orders: readonly OrderRow[]): number {
    const incomeBand = typeof workInfo?.['monthlyIncome'] === 'string' ? workInfo['monthlyIncome'] : null;
    const settledOrders = orders.filter((o) => o.state === 'settled').length;
    return creditLimitCentavos(underwriting, { incomeBand, settledOrders }) ?? underwriting.maxLimitCentavos;
  }

  /** Why a new application is refused now, or null. */
  function applyBlock(orders: readonly OrderRow[], day: string): { code: ErrorCode; details?: Record<string, unknown> } | null {
    const open = orders.find(isOpen);
    if (open) return { code: open.state === 'repaying' ? 'REPAYMENT_OUTSTANDING' : 'ORDER_IN_PROGRESS' };
    const newest = orders[0];
    if (newest?.state === 'rejected' && newest.reapplyAfter && newest.reapplyAfter > day) return { code: 'REAPPLY_LATER', details: { reapplyAfter: newest.reapplyAfter } };
    return null;
  }

  async function newOrderNo(tx: Tx, day: string): Promise<string> {
    const result = (await tx.execute(sql`select nextval('loan_order_no_seq')::text as n`)) as unknown as { rows: { n: string }[] };
    const row = result.rows[0];
    const letters = [...randomBytes(2)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
    return `PA${day.slice(2).replaceAll('-', '')}${String(row?.n ?? '0').padStart(4, '0')}${letters}`;
  }

  // ---- Money operations ----

  async function money(caller: Caller, key: string, operation: string, hash: string, fn: (tx: Tx) => Promise<Answer>): Promise<StoredAnswer> {
    return db.transaction((tx) => withIdempotency(tx, caller.customerId, key, operation, hash, fn));
  }

  async function apply(caller: Caller, key: string, hash: string, input: LoanInput): Promise<StoredAnswer> {
    // Read before the transaction (a transaction may use only its own connection); re-checked under the lock below.
    const summary = await profile.summary(caller.customerId);
    const workInfo = await sectionOf(db, caller.customerId, 'workInfo');
    return money(caller, key, 'apply', hash, async (tx) => {
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, caller.customerId)).for('update');
      if (!summary.complete) throw new ApiError('PROFILE_INCOMPLETE', { next: summary.next });
      const day = today();
      const orders = await ordersOf(tx, caller.customerId);
      const block = applyBlock(orders, day);
      if (block) throw new ApiError(block.code, block.details);
      const sub = subOf(input.productId, input.subProductId);
      const problem = checkQuoteInput(sub, input, limitOf(workInfo, orders));
      if (problem) throw new ApiError(problem);
      const q = quote(pricing, sub, { principalCentavos: input.principalCentavos, termDays: input.termDays, loanDate: day });
      const [order] = await tx
        .insert(loanOrders)
        .values({
          customerId: caller.customerId,
          orderNo: await newOrderNo(tx, day),
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
        })
        .returning();
      await recordEvent(tx, order!.id, 'applied', { principalCentavos: input.principalCentavos, termDays: input.termDays }, null, 'under_review');
      await enqueue(tx, { kind: 'underwrite', key: `underwrite:${order!.id}`, payload: { orderId: order!.id }, runAt: new Date(now().getTime() + settings.approvalDelaySeconds * 1000) });
      return { status: 201, body: orderView(order!, day) };
    });
  }

  async function withdraw(caller: Caller, key: string, hash: string, orderId: string): Promise<StoredAnswer> {
    return money(caller, key, `withdraw:${orderId}`, hash, async (tx) => {
      const order = await lockOrder(tx, orderId, caller.customerId);
      const others = await tx.select({ id: loanOrders.id }).from(loanOrders).where(and(eq(loanOrders.customerId, caller.customerId), eq(loanOrders.state, 'repaying')));
      if (others.some((o) => o.id !== order.id)) throw new ApiError('REPAYMENT_OUTSTANDING');
      if (order.state !== 'withdrawable') throw new ApiError('ORDER_STATE');
      const [signature] = await tx.select().from(signatures).where(eq(signatures.customerId, caller.customerId));
      if (!signature) throw new ApiError('SIGNATURE_REQUIRED');
      const bank = await sectionOf(tx, caller.customerId, 'bankInfo');
      if (!bank) throw new ApiError('PAYOUT_ACCOUNT_INVALID');
      const account = payoutAccountOf(bank as unknown as BankInfo);
      const amount = (order.quote as Quote).receivedCentavos;
      const [payout] = await tx.insert(payouts).values({ orderId: order.id, amount, account, state: 'requested', createdAt: now() }).returning();
      const updated = await transition(tx, order, 'disbursing', 'withdraw', { payoutAccount: account, failureCode: null }, { payoutId: payout!.id, amountCentavos: amount });
      await enqueue(tx, { kind: 'send_payout', key: `send_payout:${payout!.id}`, payload: { payoutId: payout!.id }, runAt: now() });
      return { status: 200, body: orderView(updated) };
    });
  }

  /** The amount a payment of `kind` asks now, or the refusal. */
  function paymentAmount(order: OrderRow, kind: PaymentKind, day: string): number {
    if (order.state !== 'repaying') throw new ApiError('ORDER_STATE');
    if (kind === 'settle') return settlementOf(order);
    if (kind === 'instalment') {
      const instalment = instalmentOf(order);
      if (!instalment) throw new ApiError('INSTALMENT_UNAVAILABLE');
      return instalment.amountCentavos + order.lateFine + order.damages;
    }
    const offer = offerOf(order, day);
    if (!offer) throw new ApiError('EXTENSION_UNAVAILABLE');
    return offer.amountCentavos;
  }

  async function createPayment(caller: Caller, key: string, hash: string, orderId: string, input: { kind: PaymentKind; channel: PaymentChannel }): Promise<StoredAnswer> {
    const operation = `payment:${orderId}`;
    // The gateway's reference first, outside the transaction, when the payment looks possible; the transaction
    // checks again under the lock. The gateway's idempotency key is the caller's, so a repeat gets the same intent.
    let intent: Awaited<ReturnType<CollectionProvider['createPayment']>> | undefined;
    const [pre] = await db.select().from(loanOrders).where(and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, caller.customerId)));
    let amount: number | undefined;
    try {
      if (pre) amount = paymentAmount(pre, input.kind, today());
    } catch {
      amount = undefined;
    }
    if (pre && amount !== undefined) {
      const [running] = await db.select({ id: payments.id }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.state, 'in_progress'), gte(payments.expiresAt, now())));
      if (!running) {
        const bank = (await sectionOf(db, caller.customerId, 'bankInfo')) as BankInfo | undefined;
        try {
          intent = await deps.collection.createPayment({
            idempotencyKey: `${caller.customerId}:${key}`,
            amountCentavos: amount,
            channel: input.channel,
            payer: { phone: caller.phone, name: bank ? payoutAccountOf(bank).holderName : '' },
            description: `${pre.orderNo} ${input.kind}`,
            expiresAt: new Date(now().getTime() + settings.paymentTtlMs),
            metadata: { orderId, orderNo: pre.orderNo, kind: input.kind },
          });
        } catch {
          throw new ApiError('PROVIDER_UNAVAILABLE');
        }
      }
    }
    return money(caller, key, operation, hash, async (tx) => {
      const order = await lockOrder(tx, orderId, caller.customerId);
      const at = now();
      const running = await tx.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.state, 'in_progress'))).for('update');
      for (const payment of running) {
        if (payment.expiresAt > at) throw new ApiError('PAYMENT_IN_PROGRESS');
        // Expired unpaid: closed, so a new one can be made (a late success is still applied: see paymentEvent).
        await tx.update(payments).set({ state: 'fail', failureCode: 'EXPIRED', completedAt: at }).where(eq(payments.id, payment.id));
        await recordEvent(tx, order.id, 'payment_expired', { paymentId: payment.id });
      }
      const due = paymentAmount(order, input.kind, today());
      if (!intent || intent.amountCentavos !== due) throw new ApiError('ORDER_STATE');
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId,
          customerId: caller.customerId,
          kind: input.kind,
          channel: input.channel,
          amount: due,
          reference: intent.reference,
          providerRef: intent.providerRef,
          checkoutUrl: intent.action?.url ?? null,
          state: 'in_progress',
          expiresAt: new Date(at.getTime() + settings.paymentTtlMs),
          createdAt: at,
        })
        .returning();
      await recordEvent(tx, order.id, 'payment_created', { paymentId: payment!.id, kind: input.kind, amountCentavos: due });
      return { status: 201, body: paymentView(payment!, order.orderNo) };
    });
  }

  // ---- Gateway results (webhooks, jobs, reconciliation) ----

  /** Applies a payout result; 'unknown' when no payout has that reference. Replays change nothing. */
  async function payoutResult(result: PayoutResult): Promise<'applied' | 'replay' | 'pending' | 'unknown'> {
    const [found] = await db.select({ id: payouts.id, orderId: payouts.orderId }).from(payouts).where(eq(payouts.providerRef, result.providerRef));
    const [byRef] = found ? [found] : /^[0-9a-f-]{36}$/u.test(result.referenceId) ? await db.select({ id: payouts.id, orderId: payouts.orderId }).from(payouts).where(eq(payouts.id, result.referenceId)) : [];
    if (!byRef) return 'unknown';
    if (result.status === 'pending') return 'pending';
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, byRef.orderId);
      const [payout] = await tx.select().from(payouts).where(eq(payouts.id, byRef.id)).for('update');
      if (!payout || payout.state === 'succeeded' || payout.state === 'failed') return 'replay';
      const at = now();
      if (result.status === 'succeeded') {
        await tx.update(payouts).set({ state: 'succeeded', providerRef: result.providerRef, completedAt: at }).where(eq(payouts.id, payout.id));
        if (order.state !== 'disbursing') {
          await recordEvent(tx, order.id, 'payout_succeeded_unexpected', { payoutId: payout.id, state: order.state });
          return 'applied';
        }
        // The loan starts on the Manila day the money arrives: the quote is re-dated to it.
        const day = manilaToday(at);
        const sub = subOf(order.productId, order.subProductId);
        const q = quote(pricing, sub, { principalCentavos: order.principal, termDays: order.termDays, loanDate: day });
        await transition(tx, order, 'repaying', 'disbursed', {
          quote: q,
          loanDate: day,
          dueDate: q.firstDueDate,
          amountDue: q.amountDueCentavos,
          interestOutstanding: q.interestCentavos,
          costCharged: costOf(q),
          totalTermDays: order.termDays,
        }, { payoutId: payout.id, amountCentavos: payout.amount, providerRef: result.providerRef });
        return 'applied';
      }
      await tx.update(payouts).set({ state: 'failed', providerRef: result.providerRef, failureCode: result.failureCode, completedAt: at }).where(eq(payouts.id, payout.id));
      if (order.state === 'disbursing') {
        await transition(tx, order, 'disbursement_failed', 'payout_failed', { failureCode: orderFailureCode(result.failureCode) }, { payoutId: payout.id, providerFailureCode: result.failureCode });
      }
      return 'applied';
    });
  }

  /**
   * Applies a collection webhook; 'unknown' when no payment has that reference. Under the order lock: a repeat is a
   * no-op. A success pays what it carries: enough for the payment's purpose (settlement, or the extension offer of
   * today, or the next instalment with the penalties) applies it; paying an instalment pays that period and the
   * penalties (they were paid, not waived), moves the due date to the next period, and settles on the last period;
   * an extension or instalment payment that no longer buys its purpose but covers settlement settles; anything
   * less is recorded as a partial repayment (amount repaid and the plan's amount due go down, penalties stay) and the
   * order stays repaying; money for an order no longer repaying is recorded as unapplied (to refund).
   */
  async function paymentEvent(event: CollectionEvent): Promise<'applied' | 'replay' | 'unknown'> {
    const [found] = await db.select({ id: payments.id, orderId: payments.orderId }).from(payments).where(eq(payments.providerRef, event.providerRef));
    if (!found) return 'unknown';
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, found.orderId);
      const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
      const at = now();
      if (!payment || payment.state === 'success' || (payment.state === 'fail' && payment.failureCode !== 'EXPIRED')) return 'replay';
      if (event.kind === 'attempt_failed') {
        if (payment.state !== 'in_progress') return 'replay';
        await tx.update(payments).set({ state: 'fail', failureCode: event.failureCode ?? 'PAYMENT_FAILED', completedAt: at }).where(eq(payments.id, payment.id));
        await recordEvent(tx, order.id, 'payment_failed', { paymentId: payment.id, failureCode: event.failureCode });
        return 'applied';
      }
      const received = event.amountCentavos;
      const day = manilaToday(at);
      const money = { paymentId: payment.id, receivedCentavos: received, askedCentavos: payment.amount };
      let applied: 'settled' | 'extended' | 'instalment' | 'partial' | 'unapplied';
      if (order.state !== 'repaying') {
        applied = 'unapplied';
        await recordEvent(tx, order.id, 'payment_unapplied', money);
      } else {
        const offer = payment.kind === 'extend' ? offerOf(order, day) : null;
        const instalment = payment.kind === 'instalment' ? instalmentOf(order) : null;
        const penalties = order.lateFine + order.damages;
        if (instalment && !instalment.last && received >= instalment.amountCentavos + penalties) {
          // One period and the penalties; anything over goes to the remaining plan (the last periods first).
          applied = 'instalment';
          const next = (order.quote as Quote).plan[instalment.period]!;
          const extra = Math.min(received - instalment.amountCentavos - penalties, order.amountDue - instalment.amountCentavos);
          await update(tx, order, 'instalment_paid', {
            paidPeriods: order.paidPeriods + 1,
            dueDate: next.dueDate,
            amountDue: order.amountDue - instalment.amountCentavos - extra,
            interestOutstanding: Math.max(0, order.interestOutstanding - instalment.interestCentavos - extra),
            lateFine: 0,
            damages: 0,
            overdueDays: 0,
            costCharged: order.costCharged + penalties,
            amountRepaid: order.amountRepaid + received,
          }, { ...money, period: instalment.period, count: instalment.count, instalmentCentavos: instalment.amountCentavos, lateFineCentavos: order.lateFine, damagesCentavos: order.damages, extraCentavos: extra, newDueDate: next.dueDate });
        } else if (offer && received >= offer.amountCentavos) {
          applied = 'extended';
          await update(tx, order, 'extended', {
            dueDate: offer.newDueDate,
            lateFine: 0,
            damages: 0,
            overdueDays: 0,
            interestOutstanding: offer.newInterestCentavos,
            amountDue: offer.newAmountDueCentavos,
            costCharged: order.costCharged + offer.feeCentavos + offer.newInterestCentavos,
            extensionCount: order.extensionCount + 1,
            totalTermDays: order.totalTermDays + pricing.extensionDays,
            amountRepaid: order.amountRepaid + received,
          }, { ...money, newDueDate: offer.newDueDate, feeCentavos: offer.feeCentavos, waived: { lateFineCentavos: order.lateFine, damagesCentavos: order.damages } });
        } else if (received >= settlementOf(order)) {
          applied = 'settled';
          await transition(tx, order, 'settled', 'settled', { amountRepaid: order.amountRepaid + received, amountDue: 0, interestOutstanding: 0, lateFine: 0, damages: 0, costCharged: order.costCharged + penalties, paidPeriods: (order.quote as Quote).plan.length }, { ...money, settlementCentavos: settlementOf(order), ...(instalment && { period: instalment.period, count: instalment.count }) });
        } else {
          applied = 'partial';
          const toPlan = Math.min(received, order.amountDue);
          await update(tx, order, 'partial_repayment', {
            amountRepaid: order.amountRepaid + received,
            amountDue: order.amountDue - toPlan,
            interestOutstanding: Math.max(0, order.interestOutstanding - toPlan),
          }, money);
        }
      }
      await tx.update(payments).set({ state: 'success', failureCode: null, applied, completedAt: at }).where(eq(payments.id, payment.id));
      return 'applied';
    });
  }

  // ---- Jobs ----

  /** The underwriting decision, run `approvalDelaySeconds` after applying. */
  async function underwrite(orderId: string): Promise<void> {
    const [pre] = await db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
    if (!pre || pre.state !== 'under_review' || pre.decision) return;
    const day = today();
    const identity = await sectionOf(db, pre.customerId, 'identityInfo');
    const workInfo = await sectionOf(db, pre.customerId, 'workInfo');
    const history = await db
      .select({ settled: sql<number>`count(*) filter (where ${loanOrders.state} = 'settled')`.mapWith(Number), worst: sql<number>`coalesce(max(${loanOrders.overdueDays}), 0)`.mapWith(Number) })
      .from(loanOrders)
      .where(and(eq(loanOrders.customerId, pre.customerId), inArray(loanOrders.state, ['settled', 'repaying'])));
    const birthDate = identity?.['birthDate'];
    const facts: UnderwritingFacts = {
      age: typeof birthDate === 'string' ? ageOn(birthDate, day) : null,
      incomeBand: typeof workInfo?.['monthlyIncome'] === 'string' ? workInfo['monthlyIncome'] : null,
      employmentType: typeof workInfo?.['employmentType'] === 'string' ? workInfo['employmentType'] : null,
      settledOrders: history[0]?.settled ?? 0,
      worstOverdueDays: history[0]?.worst ?? 0,
      requestedPrincipalCentavos: pre.principal,
    };
    let decision = decide(underwriting, facts, day);
    const sub = subOf(pre.productId, pre.subProductId);
    let principal = pre.principal;
    if (decision.decision === 'review' && decision.reason === 'OVER_LIMIT') {
      // The limit moved since applying: approve the largest amount of the grid within the limit, when there is one.
      const limit = creditLimitCentavos(underwriting, facts) ?? 0;
      const { minCentavos, stepCentavos } = sub.amount;
      if (limit >= minCentavos) {
        principal = minCentavos + Math.floor((limit - minCentavos) / stepCentavos) * stepCentavos;
        decision = { decision: 'approve', limitCentavos: limit };
      }
    }
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (order.state !== 'under_review' || order.decision) return;
      const noted = { ...decision, facts, decidedAt: now().toISOString() };
      if (decision.decision === 'approve') {
        const q = principal === order.principal ? (order.quote as Quote) : quote(pricing, sub, { principalCentavos: principal, termDays: order.termDays, loanDate: day });
        await transition(tx, order, 'accepted', 'approved', { decision: noted, creditLimit: decision.limitCentavos, principal, quote: q, amountDue: q.amountDueCentavos, interestOutstanding: q.interestCentavos }, { limitCentavos: decision.limitCentavos, principalCentavos: principal, lowered: principal !== order.principal });
      } else if (decision.decision === 'reject') {
        await transition(tx, order, 'rejected', 'rejected', { decision: noted, reapplyAfter: decision.reapplyAfter }, { reason: decision.reason, reapplyAfter: decision.reapplyAfter });
      } else {
        await update(tx, order, 'review', { decision: noted }, { reason: decision.reason });
      }
    });
  }

  /** Sends a requested payout to the gateway (idempotency key: the payout id), then records it sent. */
  async function sendPayout(payoutId: string): Promise<void> {
    const [payout] = await db.select().from(payouts).where(eq(payouts.id, payoutId));
    if (!payout || payout.state !== 'requested') return;
    const [order] = await db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, payout.orderId));
    let result: PayoutResult;
    try {
      result = await deps.payout.createPayout({
        idempotencyKey: payout.id,
        referenceId: payout.id,
        amountCentavos: payout.amount,
        account: payout.account as PayoutAccount,
        description: `Loan ${order?.orderNo ?? ''}`,
      });
    } catch (error) {
      // A refusal that no retry can change (a channel the gateway does not serve, details it rejects): the payout
      // fails now and the borrower corrects the account, instead of the job retrying until it gives up.
      if (!(error instanceof ProviderError) || error.retryable) throw error;
      await refusePayout(payoutId, error.code);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, payout.orderId);
      const [current] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (current?.state !== 'requested') return;
      await tx.update(payouts).set({ state: 'sent', providerRef: result.providerRef, sentAt: now(), attempts: current.attempts + 1 }).where(eq(payouts.id, payoutId));
      await recordEvent(tx, locked.id, 'payout_sent', { payoutId, providerRef: result.providerRef, amountCentavos: payout.amount });
    });
    if (result.status !== 'pending') await payoutResult(result);
  }

  /** A payout the gateway refused outright (never sent): failed, and its order disbursement_failed. */
  async function refusePayout(payoutId: string, providerFailureCode: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [pre] = await tx.select({ orderId: payouts.orderId }).from(payouts).where(eq(payouts.id, payoutId));
      if (!pre) return;
      const order = await lockOrder(tx, pre.orderId);
      const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
      if (payout?.state !== 'requested') return;
      await tx.update(payouts).set({ state: 'failed', failureCode: providerFailureCode, completedAt: now() }).where(eq(payouts.id, payoutId));
      if (order.state === 'disbursing') {
        await transition(tx, order, 'disbursement_failed', 'payout_refused', { failureCode: 'PAYOUT_ACCOUNT_INVALID' }, { payoutId, providerFailureCode });
      }
    });
  }

  /** Sets every overdue order's overdue days, late fine and damages for today (sets, never adds: safe to rerun). */
  async function accrueAll(): Promise<number> {
    const day = today();
    const due = await db.select({ id: loanOrders.id }).from(loanOrders).where(and(eq(loanOrders.state, 'repaying'), lt(loanOrders.dueDate, day)));
    let changed = 0;
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (order.state !== 'repaying' || !order.dueDate) return;
        const sub = findSubProduct(pricing, order.productId, order.subProductId);
        if (!sub) return;
        // An instalment order owes penalties on the overdue instalment, not on the whole remaining plan.
        const basis = instalmentOf(order)?.amountCentavos ?? order.amountDue;
        const a = accrue(pricing, sub, { amountDueCentavos: basis, principalCentavos: order.principal, costChargedCentavos: order.costCharged, dueDate: order.dueDate }, day);
        if (a.overdueDays === order.overdueDays && a.lateFineCentavos === order.lateFine && a.damagesCentavos === order.damages) return;
        await update(tx, order, 'accrual', { overdueDays: a.overdueDays, lateFine: a.lateFineCentavos, damages: a.damagesCentavos }, { day, basisCentavos: basis, ...a });
        changed += 1;
      });
    }
    return changed;
  }

  /** Asks the gateways about payouts sent and payments made long ago without news (a lost callback). */
  async function reconcile(): Promise<number> {
    const before = new Date(now().getTime() - settings.reconcileAfterMs);
    let applied = 0;
    const stale = await db.select().from(payouts).where(and(eq(payouts.state, 'sent'), lte(payouts.sentAt, before))).limit(100);
    for (const payout of stale) {
      const result = payout.providerRef ? await deps.payout.getPayout(payout.providerRef) : null;
      if (result && result.status !== 'pending' && (await payoutResult(result)) === 'applied') applied += 1;
    }
    const waiting = await db.select().from(payments).where(and(eq(payments.state, 'in_progress'), lte(payments.createdAt, before))).limit(100);
    for (const payment of waiting) {
      const result = await deps.collection.getPayment(payment.providerRef);
      if (!result || result.status === 'pending') continue;
      const outcome = await paymentEvent({ eventId: `reconcile-${payment.id}`, providerRef: payment.providerRef, paymentId: null, amountCentavos: result.amountCentavos, currency: result.currency, ...(result.status === 'paid' ? { kind: 'paid' as const, failureCode: null } : { kind: 'attempt_failed' as const, failureCode: result.failureCode }) });
      if (outcome === 'applied') applied += 1;
    }
    return applied;
  }

  const handlers: Record<string, JobHandler> = {
    underwrite: (job: ClaimedJob) => underwrite(String(job.payload['orderId'])),
    send_payout: (job: ClaimedJob) => sendPayout(String(job.payload['payoutId'])),
    accrue: async () => {
      await accrueAll();
    },
    reconcile: async () => {
      await reconcile();
    },
  };

  /** The daily accrual at 00:05 Manila, and the reconciliation every `reconcileAfterMs / 2`, once per slot for all instances. */
  const schedules: Schedule[] = [
    (at) => {
      const day = manilaToday(new Date(at.getTime() - 5 * 60_000));
      return { kind: 'accrue', key: `accrue:${day}`, runAt: new Date(manilaMidnight(day).getTime() + 5 * 60_000) };
    },
    (at) => {
      const every = Math.max(60_000, Math.floor(settings.reconcileAfterMs / 2));
      const slot = Math.floor(at.getTime() / every);
      return { kind: 'reconcile', key: `reconcile:${slot}`, runAt: new Date(slot * every) };
    },
  ];

  return {
    handlers,
    schedules,
    accrueAll,
    reconcile,
    payoutResult,
    paymentEvent,
    apply,
    withdraw,
    createPayment,

    quote(input: LoanInput): Quote {
      const sub = subOf(input.productId, input.subProductId);
      const problem = checkQuoteInput(sub, input);
      if (problem) throw new ApiError(problem);
      return quote(pricing, sub, { principalCentavos: input.principalCentavos, termDays: input.termDays, loanDate: today() });
    },

    async home(caller: Caller) {
      const day = today();
      const [summary, orders, workInfo, [signature]] = await Promise.all([
        profile.summary(caller.customerId),
        ordersOf(db, caller.customerId),
        sectionOf(db, caller.customerId, 'workInfo'),
        db.select().from(signatures).where(eq(signatures.customerId, caller.customerId)),
      ]);
      const current = orders.find(isOpen) ?? null;
      const newest = orders[0];
      const block = summary.complete ? applyBlock(orders, day) : { code: 'PROFILE_INCOMPLETE' as const };
      return {
        today: day,
        creditLimitCentavos: limitOf(workInfo, orders),
        profile: { complete: summary.complete, next: summary.complete ? null : summary.next },
        currentOrder: current ? orderView(current, day) : null,
        lastRejected: newest?.state === 'rejected' ? { reapplyAfter: newest.reapplyAfter } : null,
        canApply: block === null,
        applyBlockedCode: block?.code ?? null,
        signed: signature !== undefined,
        reloan: orders.some((o) => o.state === 'settled'),
        bankChangeAvailable: !settings.bankChangeMaintenance,
      };
    },

    async list(customerId: string): Promise<{ orders: OrderView[] }> {
      const day = today();
      return { orders: (await ordersOf(db, customerId)).map((o) => orderView(o, day)) };
    },

    async get(customerId: string, orderId: string) {
      const [order] = await db.select().from(loanOrders).where(and(eq(loanOrders.id, orderId), eq(loanOrders.customerId, customerId)));
      if (!order) throw new ApiError('NOT_FOUND');
      const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
      return { ...orderView(order), payments: rows.map((p) => paymentView(p, order.orderNo)) };
    },

    async accept(customerId: string, orderId: string, body: { agreePrivacy?: unknown; agreeAgreement?: unknown }) {
      if (body.agreePrivacy !== true || body.agreeAgreement !== true) throw new ApiError('AGREEMENT_REQUIRED');
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, orderId, customerId);
        if (order.state !== 'accepted') throw new ApiError('ORDER_STATE');
        return orderView(await transition(tx, order, 'withdrawable', 'terms_accepted', {}, { agreePrivacy: true, agreeAgreement: true }));
      });
    },

    async signature(customerId: string) {
      const [row] = await db.select().from(signatures).where(eq(signatures.customerId, customerId));
      return { signed: row !== undefined, signedAt: row?.signedAt.toISOString() ?? null };
    },

    async sign(customerId: string, ref: string) {
      const id = /^doc:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/u.exec(ref)?.[1];
      const [doc] = id ? await db.select({ id: documents.id }).from(documents).where(and(eq(documents.id, id), eq(documents.customerId, customerId), eq(documents.kind, 'signature'))) : [];
      if (!doc) throw new ApiError('VALIDATION_FAILED', { errors: [{ instancePath: '/signature', keyword: 'document', params: {} }] });
      const signedAt = now();
      await db.insert(signatures).values({ customerId, documentId: doc.id, signedAt }).onConflictDoUpdate({ target: signatures.customerId, set: { documentId: doc.id, signedAt } });
      return { signed: true as const, signedAt: signedAt.toISOString() };
    },

    /**
     * A new payout account after a failed disbursement or for a re-loan: validated as PUT /profile/bankInfo, saved
     * as the bankInfo section, and every disbursement_failed order of the borrower goes back to withdrawable.
     */
    async changePayoutAccount(caller: Caller, input: unknown): Promise<{ ok: true; reopened: string[] }> {
      if (settings.bankChangeMaintenance) throw new ApiError('BANK_CHANGE_MAINTENANCE');
      const orders = await ordersOf(db, caller.customerId);
      if (orders.some((o) => o.state === 'disbursing')) throw new ApiError('ORDER_STATE');
      if (!orders.some((o) => o.state === 'disbursement_failed' || o.state === 'settled')) throw new ApiError('BANK_CHANGE_NOT_ALLOWED');
      const data = (await profile.check(caller, 'bankInfo', input)) as BankInfo;
      const old = await sectionOf(db, caller.customerId, 'bankInfo');
      if (old && sameDestination(payoutAccountOf(old as unknown as BankInfo), payoutAccountOf(data))) throw new ApiError('BANK_SAME_AS_OLD');
      await profile.put(caller, 'bankInfo', data);
      const reopened: string[] = [];
      for (const failed of orders.filter((o) => o.state === 'disbursement_failed')) {
        await db.transaction(async (tx) => {
          const order = await lockOrder(tx, failed.id);
          if (order.state !== 'disbursement_failed') return;
          await transition(tx, order, 'withdrawable', 'payout_account_changed', { failureCode: null }, { method: data.payoutMethod });
          reopened.push(order.id);
        });
      }
      return { ok: true, reopened };
    },

    async payment(customerId: string, paymentId: string) {
      const [row] = await db
        .select({ payment: payments, orderNo: loanOrders.orderNo })
        .from(payments)
        .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
        .where(and(eq(payments.id, paymentId), eq(payments.customerId, customerId)));
      if (!row) throw new ApiError('NOT_FOUND');
      return paymentView(row.payment, row.orderNo);
    },

    /** The borrower's payments of the last 3 months (Manila calendar), newest first. */
    async payments(customerId: string) {
      const [y, m, d] = today().split('-').map(Number) as [number, number, number];
      const back = new Date(Date.UTC(y, m - 1 - 3, 1));
      const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
      const since = `${back.getUTCFullYear()}-${String(back.getUTCMonth() + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
      const rows = await db
        .select({ payment: payments, orderNo: loanOrders.orderNo })
        .from(payments)
        .innerJoin(loanOrders, eq(loanOrders.id, payments.orderId))
        .where(and(eq(payments.customerId, customerId), gte(payments.createdAt, manilaMidnight(since))))
        .orderBy(desc(payments.createdAt));
      return { payments: rows.map((r) => paymentView(r.payment, r.orderNo)) };
    },
  };
}

export type LoanService = ReturnType<typeof createLoanService>;
