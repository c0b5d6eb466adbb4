/**
 * What every part of the loan core shares: its dependencies and settings, the pricing and underwriting config, the
 * Manila day, and the order's money as the domain sees it (its ledger, its caps, its extension terms). The parts
 * (apply.ts, disburse.ts, repay.ts, jobs.ts, reads.ts) are functions of this context.
 */
import { pricingFile } from '#config/pricing.ts';
import underwritingJson from '#config/underwriting.json' with { type: 'json' };
import { manilaToday } from '#domain/calendar-date.ts';
import {
  accrue,
  allocate,
  extensionTerms,
  openLedger,
  type ExtensionRules,
  type ExtensionTerms,
  type Ledger,
} from '#domain/loan-ledger.ts';
import type { LendingCaps, PricingConfig, Quote, SubProductPricing } from '#domain/loan-types.ts';
import { findSubProduct } from '#domain/pricing.ts';
import { capsFor } from '#domain/regulation.ts';
import type { UnderwritingConfig } from '#domain/underwriting.ts';
import type { Database } from '#server/db/database.ts';
import { ApiError } from '#server/errors.ts';
import type { CollectionProvider } from '#server/providers/collection/collection-provider.ts';
import type { PayoutProvider } from '#server/providers/payout/payout-provider.ts';
import type { ProfileService } from '../profile.ts';
import { createMoneyOperation } from './money-operation.ts';
import { createLoanRepository, type LoanRepository, type OrderRow, type Tx } from './repository.ts';

export const pricingConfig: PricingConfig = pricingFile;
export const underwritingConfig = underwritingJson as unknown as UnderwritingConfig;

export interface LoanSettings {
  /** Seconds between applying and the underwriting decision. */
  readonly approvalDelaySeconds: number;
  /** BANK_CHANGE_MAINTENANCE=1: PUT /payout-account answers BANK_CHANGE_MAINTENANCE. */
  readonly bankChangeMaintenance: boolean;
  /** A payout `sent` (or a payment in progress) this long without a callback is asked of the gateway (reconcile job). */
  readonly reconcileAfterMs: number;
  /**
   * How long a payment stays payable when its gateway sets no limit for the channel (over the counter). A QR Ph (or
   * e-wallet) payment lives as long as its code: CollectionProvider.paymentExpiryMs (QRPH_EXPIRY_SECONDS).
   */
  readonly paymentTtlMs: number;
  /** Easy Re-loan's notice-to-payout window; undefined: config/easy-reloan.json cancelWindowMinutes (RELOAN_CANCEL_WINDOW_SECONDS). */
  readonly reloanCancelWindowMs?: number;
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

/** The borrower calling (from the session, never from the request). */
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

/** A listener of an order event, called inside the event's transaction with the order as it is now (locked). */
export type OrderHook = (tx: Tx, order: OrderRow) => Promise<void>;

/**
 * The loan core's events other features follow (Easy Re-loan): `settled` (fully repaid), `decided` (underwriting
 * approved or rejected it), `disbursed` (the money arrived). Each hook runs in the event's transaction after the
 * order's lock, so it happens exactly when the event does; a hook takes its own rows after the order's.
 */
export interface LoanHooks {
  readonly settled: OrderHook[];
  readonly decided: OrderHook[];
  readonly disbursed: OrderHook[];
}

export function createLoanContext(deps: LoanDeps) {
  const pricing = deps.pricing ?? pricingConfig;
  const underwriting = deps.underwriting ?? underwritingConfig;
  const repo: LoanRepository = createLoanRepository(deps.now);
  const today = () => manilaToday(deps.now());

  function subOf(productId: string, subProductId: string): SubProductPricing {
    const sub = findSubProduct(pricing, productId, subProductId);
    if (!sub) throw new ApiError('PRODUCT_NOT_FOUND');
    return sub;
  }

  /** The caps a loan made on `loanDate` keeps to. */
  const capsOf = (loanDate: string): LendingCaps => capsFor(pricing, loanDate);

  /**
   * The ledger of a disbursed order as stored. Orders disbursed before the ledger was kept get one from their frozen
   * quote (the term's interest charged at opening, as it then was), their due date and what they repaid.
   */
  function ledgerOf(order: OrderRow): Ledger | null {
    if (order.ledger) return order.ledger as Ledger;
    if (order.state !== 'repaying' && order.state !== 'settled') return null;
    const opened = openLedger(order.quote as Quote, { chargedAtOpening: true });
    const rows =
      opened.rows.length === 1 && order.dueDate ? [{ ...opened.rows[0]!, dueDate: order.dueDate }] : opened.rows;
    return allocate(
      { ...opened, rows, extensionCount: order.extensionCount, totalTermDays: order.totalTermDays },
      order.amountRepaid,
    ).ledger;
  }

  /**
   * The ledger of a repaying order brought to `day`: the interest of every day and the penalties of every overdue
   * day up to it (what the daily job would store). Every read and money operation works on this, so a figure never
   * waits for the job; a settled order's ledger is as it closed.
   */
  function ledgerOn(order: OrderRow, day: string): Ledger | null {
    const ledger = ledgerOf(order);
    if (!ledger || order.state !== 'repaying') return ledger;
    const sub = findSubProduct(pricing, order.productId, order.subProductId);
    return sub ? accrue(ledger, sub, capsOf(ledger.loanDate), day).ledger : ledger;
  }

  /** The extension rules of a loan made on `loanDate`. */
  const rulesOf = (loanDate: string): ExtensionRules => ({
    caps: capsOf(loanDate),
    extensionDays: pricing.extensionDays,
    windowDays: pricing.expiringDays,
  });

  /** The extension a repaying order is offered on `day`, or null. */
  function extensionOf(order: OrderRow, day: string): ExtensionTerms | null {
    const ledger = ledgerOn(order, day);
    if (order.state !== 'repaying' || !ledger) return null;
    const sub = findSubProduct(pricing, order.productId, order.subProductId);
    if (!sub) return null;
    return extensionTerms(ledger, sub, rulesOf(ledger.loanDate), day);
  }

  const hooks: LoanHooks = { settled: [], decided: [], disbursed: [] };

  /** Calls the hooks of one event in order. */
  async function emit(event: keyof LoanHooks, tx: Tx, order: OrderRow): Promise<void> {
    for (const hook of hooks[event]) await hook(tx, order);
  }

  return {
    ...deps,
    pricing,
    underwriting,
    repo,
    /** The transaction of every money operation (./money-operation.ts). */
    money: createMoneyOperation(deps.db, repo),
    today,
    subOf,
    capsOf,
    rulesOf,
    ledgerOf,
    ledgerOn,
    extensionOf,
    hooks,
    emit,
  };
}

export type LoanContext = ReturnType<typeof createLoanContext>;
