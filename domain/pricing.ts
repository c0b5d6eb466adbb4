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
import type { PlanPeriod, PricingConfig, Quote, QuoteInput, SubProductPricing } from './loan-types.ts';

const PPM = 1_000_000n;

/**
 * round-half-up(amount × ppm × times / 1,000,000) for non-negative integers, exact at any size (BigInt), so
 * interest on ₱10,000 for 120 days at any rate never loses a centavo to float rounding.
 */
export function applyPpm(amount: number, ppm: number, times = 1): Centavos {
  const num = BigInt(amount) * BigInt(ppm) * BigInt(times);
  return Number((num * 2n + PPM) / (2n * PPM));
}

/** floor(amount × ppm / 1,000,000): caps round down, so a rounded cap never allows a centavo more than the rule. */
export function capPpm(amount: number, ppm: number): Centavos {
  return Number((BigInt(amount) * BigInt(ppm)) / PPM);
}

/** The sub-product priced in `config`, or undefined (the API answers PRODUCT_NOT_FOUND). */
export function findSubProduct(config: PricingConfig, productId: string, subProductId: string): SubProductPricing | undefined {
  return config.products.find((p) => p.id === productId)?.subProducts.find((s) => s.id === subProductId);
}

/** Number of instalments (1 for a single-payment loan). */
export function instalmentCount(sub: SubProductPricing): number {
  return sub.instalments?.count ?? 1;
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
 * carry less interest. Service fee, credit report fee and tax are deducted at disbursement, as the spec's "received
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
  if (!Number.isSafeInteger(couponAsked) || couponAsked < 0) throw new RangeError(`coupon must be whole centavos >= 0, got ${couponAsked}`);
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
  const taxBase = config.tax.on === 'allFees' ? serviceFee + creditReportFee + interest : serviceFee;
  const tax = applyPpm(taxBase, config.tax.ratePpm);
  const deducted = serviceFee + creditReportFee + tax;
  if (deducted >= principal) throw new RangeError(`fees and tax (${deducted}) leave nothing of the principal (${principal})`);

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

/** True when the loan's effective monthly rate is at most `cap` ppm: NPV at the cap rate ≤ 0 (no rounding to ppm hides a breach). */
function withinEffectiveCap(q: Quote, cap: number): boolean {
  const period = q.termDays / q.plan.length;
  const flows = [{ day: 0, centavos: -q.receivedCentavos }, ...q.plan.map((p) => ({ day: p.period * period, centavos: p.amountCentavos }))];
  return npv(flows, cap / 1e6) <= 1e-9;
}

const percent = (ppm: number) => `${(ppm / 10_000).toFixed(2)} %`;
const peso = (c: number) => `PHP ${(c / 100).toFixed(2)}`;

/**
 * The config check: problems that make a pricing config unusable or unlawful, empty when it is fine. Every
 * sub-product is checked on every term and every amount of its grid (finite: min..max by step), without coupon,
 * against the caps: nominal interest a month, effective rate a month (IRR with all fees), total cost (interest, fees,
 * tax) of principal. Late penalties are not checked here: the accrual stops at the penalty cap whatever the rates.
 * Loans above the caps' principal or term scope are refused outright, so every loan we make falls under the caps.
 * Paths read `<product>.<subProduct>.<field>`; problems name the cap they break.
 */
export function checkPricing(config: PricingConfig): { path: string; problem: string }[] {
  const problems: { path: string; problem: string }[] = [];
  const report = (path: string, problem: string) => problems.push({ path, problem });
  const { caps } = config;
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
        report(`${at}.amount`, `amount range ${peso(min)}..${peso(max)} is empty or not positive`);
        gridOk = false;
      }
      if (step <= 0 || (max - min) % step !== 0) {
        report(`${at}.amount.stepCentavos`, `step ${peso(step)} does not divide ${peso(min)}..${peso(max)}`);
        gridOk = false;
      }
      if (max > caps.principalMaxCentavos) {
        report(`${at}.amount.maxCentavos`, `${peso(max)} passes caps.principalMaxCentavos ${peso(caps.principalMaxCentavos)}`);
      }
      const nominal = sub.dailyInterestPpm * 30;
      if (nominal > caps.nominalMonthlyMaxPpm) {
        report(`${at}.dailyInterestPpm`, `nominal interest ${percent(nominal)} a month passes caps.nominalMonthlyMaxPpm ${percent(caps.nominalMonthlyMaxPpm)}`);
      }
      const count = instalmentCount(sub);
      if (sub.termsDays.length === 0) report(`${at}.termsDays`, 'no term offered');
      for (const term of sub.termsDays) {
        let termOk = true;
        if (term > caps.termMaxDays) {
          report(`${at}.termsDays`, `${term} days passes caps.termMaxDays ${caps.termMaxDays}`);
        }
        if (!Number.isSafeInteger(term) || term <= 0 || term % count !== 0) {
          report(`${at}.termsDays`, `${term} days do not split into ${count} instalments`);
          termOk = false;
        }
        if (!gridOk || !termOk) continue;
        const breaches = { eir: [] as number[], cost: [] as number[] };
        for (let amount = min; amount <= max; amount += step) {
          let q: Quote;
          try {
            q = quote(config, sub, { principalCentavos: amount, termDays: term, loanDate: '2026-04-01' });
          } catch (error) {
            report(`${at}.termsDays`, `${term} days, ${peso(amount)} cannot be priced: ${(error as Error).message}`);
            break;
          }
          if (!withinEffectiveCap(q, caps.effectiveMonthlyMaxPpm)) breaches.eir.push(amount);
          const cost = q.interestCentavos + q.serviceFeeCentavos + q.creditReportFeeCentavos + q.taxCentavos;
          if (BigInt(cost) * PPM > BigInt(amount) * BigInt(caps.totalCostMaxPpm)) breaches.cost.push(amount);
        }
        const first = (list: number[]) => `${list.length} amount(s) from ${peso(list[0]!)}`;
        if (breaches.eir.length > 0) {
          const q = quote(config, sub, { principalCentavos: breaches.eir[0]!, termDays: term, loanDate: '2026-04-01' });
          report(`${at}.termsDays`, `${term} days, ${first(breaches.eir)}: effective rate ${percent(q.effectiveMonthlyRatePpm)} a month passes caps.effectiveMonthlyMaxPpm ${percent(caps.effectiveMonthlyMaxPpm)}`);
        }
        if (breaches.cost.length > 0) {
          report(`${at}.termsDays`, `${term} days, ${first(breaches.cost)}: total cost passes caps.totalCostMaxPpm ${percent(caps.totalCostMaxPpm)} of principal`);
        }
      }
    }
  }
  return problems;
}
