/**
 * Loan pricing: the quote a borrower sees before signing (Truth in Lending disclosure) and the config check that
 * keeps every sub-product within the SEC MC 14 s.2025 caps. Pure and shared: the web app's live quote and the
 * server's frozen quote run this same code, so the two can never disagree by a centavo.
 *
 * Money is integer centavos and rates integer ppm; every product of the two goes through BigInt and is rounded half
 * up once, so no float ever touches money. Only the effective rate (an IRR, which has no closed form) is solved in
 * floating point, on the rate alone.
 */
import { addDays, isCalendarDate } from './calendar-date.ts';
import type { Centavos } from './money.ts';
import type { LendingCaps, PlanPeriod, PricingConfig, Quote, QuoteInput, SubProductPricing } from './loan-types.ts';
import { CAP_NAMES, REGULATIONS, capSources, capsFor, regulationFor } from './regulation.ts';
import { applyPpm, extensionTerms, instalmentCount, maxExtensions, PPM } from './pricing-core.ts';

export {
  applyPpm,
  capPpm,
  extensionTerms,
  instalmentCount,
  maxExtensions,
  type ExtensionTerms,
} from './pricing-core.ts';

/** The sub-product priced in `config`, or undefined (the API answers PRODUCT_NOT_FOUND). */
export function findSubProduct(
  config: PricingConfig,
  productId: string,
  subProductId: string,
): SubProductPricing | undefined {
  return config.products.find((p) => p.id === productId)?.subProducts.find((s) => s.id === subProductId);
}

/**
 * Why a borrower's pick cannot be quoted, or null when it can. The amount must be on the slider's grid (min, min +
 * step, ... max) and, when given, within the borrower's credit limit `maxCentavos`; the term must be one offered.
 */
export function checkQuoteInput(
  sub: SubProductPricing,
  input: Pick<QuoteInput, 'principalCentavos' | 'termDays'>,
  maxCentavos?: Centavos,
): null | 'AMOUNT_OUT_OF_RANGE' | 'TERM_NOT_OFFERED' {
  const { minCentavos, maxCentavos: subMax, stepCentavos } = sub.amount;
  const amount = input.principalCentavos;
  const onGrid =
    Number.isSafeInteger(amount) &&
    amount >= minCentavos &&
    amount <= subMax &&
    stepCentavos > 0 &&
    (amount - minCentavos) % stepCentavos === 0 &&
    (maxCentavos === undefined || amount <= maxCentavos);
  if (!onGrid) return 'AMOUNT_OUT_OF_RANGE';
  if (!sub.termsDays.includes(input.termDays)) return 'TERM_NOT_OFFERED';
  return null;
}

/**
 * Every figure of a loan. Interest accrues daily on the outstanding principal: with instalments the term splits into
 * equal periods, each repaying an equal share of principal (the remainder centavos on the last), so later periods
 * carry less interest. Service fee, credit report fee and the tax line (when the config has one; none by default) are deducted at disbursement, as the spec's "received
 * amount" shows. A withdrawal coupon gives back at most the fees and tax (it never pays out more than the principal);
 * a repayment coupon lowers the last period by at most the interest (it never forgives principal). The coupon in the
 * quote is the amount that applies after those limits.
 *
 * Throws RangeError for input checkQuoteInput refuses, a negative or fractional coupon, a term that the instalment
 * count does not divide, a loan date that is not a calendar date, or fees and tax that eat the whole principal
 * (checkPricing reports such configs).
 */
export function quote(config: PricingConfig, sub: SubProductPricing, input: QuoteInput): Quote {
  const refusal = checkQuoteInput(sub, input);
  if (refusal !== null) throw new RangeError(`${refusal}: ${input.principalCentavos} for ${input.termDays} days`);
  if (!isCalendarDate(input.loanDate)) throw new RangeError(`loanDate is not a calendar date: ${input.loanDate}`);
  const couponAsked = input.coupon?.amountCentavos ?? 0;
  if (!Number.isSafeInteger(couponAsked) || couponAsked < 0)
    throw new RangeError(`coupon must be whole centavos >= 0, got ${couponAsked}`);
  const count = instalmentCount(sub);
  if (!Number.isSafeInteger(count) || count < 1 || input.termDays % count !== 0) {
    throw new RangeError(`${input.termDays} days do not split into ${count} instalments`);
  }

  const principal = input.principalCentavos;
  const periodDays = input.termDays / count;
  const share = Math.floor(principal / count);
  const rows: { dueDate: string; principalCentavos: number; interestCentavos: number }[] = [];
  let outstanding = principal;
  for (let k = 1; k <= count; k += 1) {
    const part = k === count ? outstanding : share;
    rows.push({
      dueDate: addDays(input.loanDate, k * periodDays),
      principalCentavos: part,
      interestCentavos: applyPpm(outstanding, sub.dailyInterestPpm, periodDays),
    });
    outstanding -= part;
  }
  const interest = rows.reduce((sum, r) => sum + r.interestCentavos, 0);

  const serviceFee = applyPpm(principal, sub.serviceFeePpm);
  const creditReportFee = sub.creditReportFeeCentavos;
  const taxLine = config.tax ?? null;
  // The fees are the service and credit report fees: interest is not a fee, and a tax on all fees does not tax it.
  const taxBase = taxLine?.on === 'allFees' ? serviceFee + creditReportFee : serviceFee;
  const tax = taxLine === null ? 0 : applyPpm(taxBase, taxLine.ratePpm);
  const deducted = serviceFee + creditReportFee + tax;
  if (deducted >= principal)
    throw new RangeError(`fees and tax (${deducted}) leave nothing of the principal (${principal})`);

  const kind = input.coupon?.kind ?? null;
  const last = rows[rows.length - 1]!;
  const coupon =
    kind === 'withdrawal'
      ? Math.min(couponAsked, deducted)
      : kind === 'repayment'
        ? Math.min(couponAsked, interest, last.principalCentavos + last.interestCentavos)
        : 0;
  const withdrawalCoupon = kind === 'withdrawal' ? coupon : 0;
  const repaymentCoupon = kind === 'repayment' ? coupon : 0;

  const plan: PlanPeriod[] = rows.map((r, i) => ({
    period: i + 1,
    dueDate: r.dueDate,
    principalCentavos: r.principalCentavos,
    interestCentavos: r.interestCentavos,
    amountCentavos: r.principalCentavos + r.interestCentavos - (i === rows.length - 1 ? repaymentCoupon : 0),
  }));
  const received = principal - deducted + withdrawalCoupon;
  const amountDue = principal + interest - repaymentCoupon;
  const monthly = effectiveMonthlyRatePpm([
    { day: 0, centavos: -received },
    ...plan.map((p, i) => ({ day: (i + 1) * periodDays, centavos: p.amountCentavos })),
  ]);

  return {
    principalCentavos: principal,
    termDays: input.termDays,
    dailyInterestPpm: sub.dailyInterestPpm,
    interestCentavos: interest,
    serviceFeeCentavos: serviceFee,
    creditReportFeeCentavos: creditReportFee,
    taxCentavos: tax,
    couponCentavos: coupon,
    couponKind: kind,
    receivedCentavos: received,
    financeChargeCentavos: interest + deducted - coupon,
    loanDate: input.loanDate,
    repaymentDate: plan[plan.length - 1]!.dueDate,
    firstDueDate: plan[0]!.dueDate,
    plan,
    amountDueCentavos: amountDue,
    effectiveMonthlyRatePpm: monthly,
    effectiveAnnualRatePpm: annualFromMonthlyPpm(monthly),
  };
}

/**
 * The annual rate shown beside the monthly one: monthly × 365 / 30, simple (not compounded), rounded half up. The caps
 * are monthly; the annual figure is for disclosure only, and the simple form is the one borrowers can check by hand.
 */
export function annualFromMonthlyPpm(monthlyPpm: number): number {
  return Math.floor((monthlyPpm * 365 * 2 + 30) / 60);
}

/** Net present value of `cashflows` at `rate` per 30-day month, each discounted by its day / 30 months. */
function npv(cashflows: readonly { day: number; centavos: number }[], rate: number): number {
  let sum = 0;
  for (const cf of cashflows) sum += cf.centavos / Math.pow(1 + rate, cf.day / 30);
  return sum;
}

/**
 * The effective interest rate per 30-day month: the internal rate of return of the cash flows (day 0: −received;
 * each due day: the payment), as SEC MC 14 s.2025 defines it on the net proceeds with all fees. Amounts stay
 * integers; only the rate is a float, found by bisection (the NPV of a loan, one outflow then inflows, falls as the
 * rate rises, so the root is unique). Rounded half up to integer ppm. Throws RangeError without both an outflow and
 * an inflow, or when the rate passes 10^9 a month (the ppm would leave safe integers).
 */
export function effectiveMonthlyRatePpm(cashflows: readonly { day: number; centavos: number }[]): number {
  if (!cashflows.some((c) => c.centavos < 0) || !cashflows.some((c) => c.centavos > 0)) {
    throw new RangeError('an effective rate needs money lent and money repaid');
  }
  let lo = -0.999_999_999;
  let hi = 1;
  while (npv(cashflows, hi) > 0) {
    hi *= 2;
    if (hi > 1e9) throw new RangeError('effective rate beyond any sane bound');
  }
  for (let i = 0; i < 200 && hi - lo > 1e-13; i += 1) {
    const mid = (lo + hi) / 2;
    if (npv(cashflows, mid) > 0) lo = mid;
    else hi = mid;
  }
  const ppm = Math.round(((lo + hi) / 2) * 1e6);
  return ppm === 0 ? 0 : ppm; // never -0
}

/** A cash flow of a loan: the day from the loan date and the centavos (negative: lent, positive: repaid). */
export interface Cashflow {
  readonly day: number;
  readonly centavos: Centavos;
}

/** The cash flows of a quote as scheduled: day 0 the net proceeds out, each due day its plan amount in. */
export function quoteCashflows(q: Quote): Cashflow[] {
  const period = q.termDays / q.plan.length;
  return [
    { day: 0, centavos: -q.receivedCentavos },
    ...q.plan.map((p) => ({ day: p.period * period, centavos: p.amountCentavos })),
  ];
}

/** True when the effective monthly rate of `flows` is at most `cap` ppm: NPV at the cap rate ≤ 0 (no rounding to ppm hides a breach). */
export function withinEffectiveCap(flows: readonly Cashflow[], cap: number): boolean {
  return npv(flows, cap / 1e6) <= 1e-9;
}

/**
 * The cash flows of quote `q` extended `extensions` times that read the highest effective rate at `capPpm` a month,
 * among every history the ledger allows (domain/loan-ledger.ts): extension j is bought on any day from
 * `expiringDays` before the due date then in force to that due date plus the extension days, paying the fee and the
 * interest accrued to that day (none accrues past a due date until it moves); the principal and the interest since
 * the last extension are paid on the last due date. Found exactly by dynamic programming over the days (the flows
 * add up, each extension's payment depending only on the day of the one before). With 0 extensions, the quote's
 * own flows. Extensions: single-payment quotes only.
 */
export function extendedCashflows(
  config: Pick<PricingConfig, 'extensionDays' | 'expiringDays'>,
  sub: SubProductPricing,
  q: Quote,
  extensions: number,
  capPpm = 0,
): Cashflow[] {
  if (extensions === 0) return quoteCashflows(q);
  if (q.plan.length !== 1) throw new RangeError('only a single-payment loan can be extended');
  const ext = extensionTerms(config, sub, q.principalCentavos);
  const perDay = (q.principalCentavos * q.dailyInterestPpm) / 1e6;
  const v = (day: number) => Math.pow(1 + capPpm / 1e6, -day / 30);
  const dueBefore = (j: number) => q.termDays + (j - 1) * ext.days; // the due date extension j moves
  // best.get(t): the highest present value of extensions 1..j with the j-th on day t, and the days that reach it.
  let best = new Map<number, { value: number; days: number[] }>([[0, { value: 0, days: [] }]]);
  for (let j = 1; j <= extensions; j += 1) {
    const due = dueBefore(j);
    const next = new Map<number, { value: number; days: number[] }>();
    for (const [prev, at] of best) {
      const covered = j === 1 ? 0 : Math.min(prev, dueBefore(j - 1));
      for (let t = Math.max(prev, due - config.expiringDays, 0); t <= due + ext.days; t += 1) {
        const paid = ext.feeCentavos + perDay * Math.max(0, Math.min(t, due) - covered);
        const value = at.value + paid * v(t);
        const seen = next.get(t);
        if (!seen || value > seen.value) next.set(t, { value, days: [...at.days, t] });
      }
    }
    best = next;
  }
  const last = q.termDays + extensions * ext.days;
  let worst: { value: number; days: number[] } | null = null;
  for (const [t, at] of best) {
    const covered = Math.min(t, dueBefore(extensions));
    const value = at.value + (q.principalCentavos + perDay * (last - covered)) * v(last);
    if (!worst || value > worst.value) worst = { value, days: at.days };
  }
  const flows: Cashflow[] = [{ day: 0, centavos: -q.receivedCentavos }];
  let covered = 0;
  worst!.days.forEach((t, i) => {
    const due = dueBefore(i + 1);
    flows.push({ day: t, centavos: ext.feeCentavos + perDay * Math.max(0, Math.min(t, due) - covered) });
    covered = Math.max(covered, Math.min(t, due));
  });
  flows.push({ day: last, centavos: q.principalCentavos + perDay * (last - covered) });
  return flows;
}

/** Interest, fees and tax a quote charges, and its extensions' fees and interest: the total-cost cap's numerator, penalties apart. */
export function costOfPath(
  config: Pick<PricingConfig, 'extensionDays'>,
  sub: SubProductPricing,
  q: Quote,
  extensions: number,
): Centavos {
  const ext = extensionTerms(config, sub, q.principalCentavos);
  const base = q.interestCentavos + q.serviceFeeCentavos + q.creditReportFeeCentavos + q.taxCentavos;
  return base + extensions * (ext.feeCentavos + ext.interestCentavos);
}

const percentTo = (digits: number) => (ppm: number) => `${(ppm / 10_000).toFixed(digits)} %`;
const percent = percentTo(2);
const peso = (c: number) => `PHP ${(c / 100).toFixed(2)}`;

/**
 * A value and the limit it passes, in percent with as many decimals as it takes for them to read differently (two,
 * unless a value passes its limit by a hair: never "5.00 % passes 5.00 %").
 */
function apart(ppm: number, limitPpm: number): [string, string] {
  for (let digits = 2; digits < 8; digits++) {
    const format = percentTo(digits);
    if (format(ppm) !== format(limitPpm)) return [format(ppm), format(limitPpm)];
  }
  return [percentTo(8)(ppm), percentTo(8)(limitPpm)];
}
const CAP_FORMAT: Record<keyof LendingCaps, (value: number) => string> = {
  principalMaxCentavos: peso,
  termMaxDays: (days) => `${days} days`,
  nominalMonthlyMaxPpm: percent,
  effectiveMonthlyMaxPpm: percent,
  latePenaltyMonthlyMaxPpm: percent,
  totalCostMaxPpm: percent,
};

/**
 * The config check: problems that make a pricing config unusable or unlawful, empty when it is fine. Paths read
 * `caps.<cap>` or `<product>.<subProduct>.<field>`; every problem about a sub-product names it and the cap it breaks
 * (`caps.<cap> <value> (<regulation or config/pricing.json>)`).
 *
 * The caps are the law's (domain/regulation.ts), tightened by the config's optional `caps`: a config limit above the
 * law is refused. The config is checked against every regulation from the one in force on `today` (every one when
 * omitted; the first when none is in force yet, as capsFor applies it), so a dated rule to come is checked too.
 * Against each, every sub-product on every term and every amount of its grid (finite: min..max by step), without
 * coupon:
 * - scope: amount and term within the principal and term caps (we make no loan outside them);
 * - nominal interest a month;
 * - late penalties: late fine a day × 30 + overdue damages (both of the amount due) within the penalty cap a month;
 * - effective rate a month (IRR with all fees, on the net proceeds) and total cost (interest, fees, tax) of principal,
 *   on the loan as quoted and, for a single-payment loan, extended once, twice, ... as many times as the term cap
 *   allows, each on any day it is offered: the effective rate of the worst history the ledger allows
 *   (extendedCashflows).
 */
export function checkPricing(config: PricingConfig, today?: string): { path: string; problem: string }[] {
  const problems: { path: string; problem: string }[] = [];
  const seen = new Set<string>();
  const report = (path: string, problem: string) => {
    const key = `${path}\u0000${problem}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ path, problem });
  };
  const current = today === undefined ? null : regulationFor(today);
  const from = current?.inForceFrom ?? REGULATIONS[0]!.inForceFrom;
  const regulations = today === undefined ? REGULATIONS : REGULATIONS.filter((r) => r.inForceFrom >= from);
  for (const regulation of regulations) {
    for (const name of CAP_NAMES) {
      const own = config.caps?.[name];
      if (own !== undefined && own > regulation.caps[name]) {
        const law = regulation.caps[name];
        const [mine, limit] =
          CAP_FORMAT[name] === percent ? apart(own, law) : [CAP_FORMAT[name](own), CAP_FORMAT[name](law)];
        report(
          `caps.${name}`,
          `${mine} is above the law: ${regulation.id} caps ${name} at ${limit}; config may only be stricter`,
        );
      }
    }
    checkAgainst(config, regulation.inForceFrom, report);
  }
  return problems;
}

/** The sub-product checks of checkPricing against the caps of loans made on `loanDate`. */
function checkAgainst(config: PricingConfig, loanDate: string, report: (path: string, problem: string) => void): void {
  const caps = capsFor(config, loanDate);
  const sources = capSources(config, loanDate);
  /** The cap `name` as a problem names it; beside `value` (a percent passing it), with the decimals that tell them apart. */
  const cap = (name: keyof LendingCaps, value?: number) =>
    `caps.${name} ${value === undefined ? CAP_FORMAT[name](caps[name]) : apart(value, caps[name])[1]} (${sources[name] === 'config' ? 'config/pricing.json' : sources[name]})`;
  const passing = (value: number, name: keyof LendingCaps) => apart(value, caps[name])[0];
  const productIds = new Set<string>();
  for (const product of config.products) {
    if (productIds.has(product.id)) report(product.id, 'duplicate product id');
    productIds.add(product.id);
    const subIds = new Set<string>();
    for (const sub of product.subProducts) {
      const at = `${product.id}.${sub.id}`;
      if (subIds.has(sub.id)) report(at, 'duplicate sub-product id');
      subIds.add(sub.id);
      const { minCentavos: min, maxCentavos: max, stepCentavos: step } = sub.amount;
      let gridOk = true;
      if (min <= 0 || min > max) {
        report(`${at}.amount`, `${at}: amount range ${peso(min)}..${peso(max)} is empty or not positive`);
        gridOk = false;
      }
      if (step <= 0 || (max - min) % step !== 0) {
        report(`${at}.amount.stepCentavos`, `${at}: step ${peso(step)} does not divide ${peso(min)}..${peso(max)}`);
        gridOk = false;
      }
      if (max > caps.principalMaxCentavos) {
        report(`${at}.amount.maxCentavos`, `${at}: ${peso(max)} passes ${cap('principalMaxCentavos')}`);
      }
      const nominal = sub.dailyInterestPpm * 30;
      if (nominal > caps.nominalMonthlyMaxPpm) {
        report(
          `${at}.dailyInterestPpm`,
          `${at}: nominal interest ${passing(nominal, 'nominalMonthlyMaxPpm')} a month passes ${cap('nominalMonthlyMaxPpm', nominal)}`,
        );
      }
      const penalties = sub.lateFineDailyPpm * 30 + sub.overdueDamagesPpm;
      if (penalties > caps.latePenaltyMonthlyMaxPpm) {
        report(
          `${at}.lateFineDailyPpm`,
          `${at}: late fine ${percent(sub.lateFineDailyPpm)} a day x 30 + overdue damages ${percent(sub.overdueDamagesPpm)} = ${passing(penalties, 'latePenaltyMonthlyMaxPpm')} of the amount due a month passes ${cap('latePenaltyMonthlyMaxPpm', penalties)}`,
        );
      }
      const count = instalmentCount(sub);
      if (sub.termsDays.length === 0) report(`${at}.termsDays`, `${at}: no term offered`);
      for (const term of sub.termsDays) {
        let termOk = true;
        if (term > caps.termMaxDays) {
          report(`${at}.termsDays`, `${at}: ${term} days passes ${cap('termMaxDays')}`);
        }
        if (!Number.isSafeInteger(term) || term <= 0 || term % count !== 0) {
          report(`${at}.termsDays`, `${at}: ${term} days do not split into ${count} instalments`);
          termOk = false;
        }
        if (!gridOk || !termOk) continue;
        checkTerm(config, sub, at, term, caps, cap, report);
      }
    }
  }
}

/** Effective rate and total cost of every amount of `sub`'s grid for `term` days, quoted and on every extension path. */
function checkTerm(
  config: PricingConfig,
  sub: SubProductPricing,
  at: string,
  term: number,
  caps: LendingCaps,
  cap: (name: keyof LendingCaps, value?: number) => string,
  report: (path: string, problem: string) => void,
): void {
  const { minCentavos: min, maxCentavos: max, stepCentavos: step } = sub.amount;
  const extensions = maxExtensions(config, sub, term, caps.termMaxDays);
  const breaches = {
    eir: [] as { amount: number; extensions: number; ppm: number }[],
    cost: [] as { amount: number; extensions: number }[],
  };
  for (let amount = min; amount <= max; amount += step) {
    let q: Quote;
    try {
      q = quote(config, sub, { principalCentavos: amount, termDays: term, loanDate: '2026-04-01' });
    } catch (error) {
      report(`${at}.termsDays`, `${at}: ${term} days, ${peso(amount)} cannot be priced: ${(error as Error).message}`);
      return;
    }
    for (let k = 0; k <= extensions; k += 1) {
      const flows = extendedCashflows(config, sub, q, k, caps.effectiveMonthlyMaxPpm);
      if (!withinEffectiveCap(flows, caps.effectiveMonthlyMaxPpm)) {
        breaches.eir.push({ amount, extensions: k, ppm: effectiveMonthlyRatePpm(flows) });
        break;
      }
    }
    // Cost only grows with each extension: the longest path is the worst.
    const longest = Math.max(0, extensions);
    for (let k = 0; k <= longest; k += 1) {
      if (BigInt(costOfPath(config, sub, q, k)) * PPM > BigInt(amount) * BigInt(caps.totalCostMaxPpm)) {
        breaches.cost.push({ amount, extensions: k });
        break;
      }
    }
  }
  const how = (k: number) => (k === 0 ? '' : ` extended ${k} time(s) by ${config.extensionDays} days`);
  const eir = breaches.eir[0];
  if (eir) {
    report(
      `${at}.termsDays`,
      `${at}: ${term} days, ${breaches.eir.length} amount(s) from ${peso(eir.amount)}${how(eir.extensions)}: effective rate ${apart(eir.ppm, caps.effectiveMonthlyMaxPpm)[0]} a month passes ${cap('effectiveMonthlyMaxPpm', eir.ppm)}`,
    );
  }
  const cost = breaches.cost[0];
  if (cost) {
    report(
      `${at}.termsDays`,
      `${at}: ${term} days, ${breaches.cost.length} amount(s) from ${peso(cost.amount)}${how(cost.extensions)}: total cost passes ${cap('totalCostMaxPpm')} of principal`,
    );
  }
}
