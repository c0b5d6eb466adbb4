/**
 * The figures of a loan: a label/value list (the live quote on home, the bill), and the Truth in Lending disclosure
 * shown before signing (amount financed, every finance charge, net proceeds, payment schedule, effective rate).
 * Amounts through formatPeso, dates and rates through the language's Intl formats.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chargesDisclosure } from '../../domain/disclosure.ts';
import type { Quote, SubProductPricing } from '../../domain/loan-types.ts';
import { formatPeso } from '../../domain/money.ts';
import { formatDay, formatPercent, languageOf } from './format.ts';
import { configTextKey, pricing } from './pricing.ts';
import './loans.css';

export interface Figure {
  /** Stable id (tests, keys). */
  id: string;
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** A definition list of figures. */
export function Figures({ items, className }: { items: readonly (Figure | false | null | undefined)[]; className?: string }) {
  return (
    <dl className={className ? `loan-figures ${className}` : 'loan-figures'}>
      {items.filter((item): item is Figure => Boolean(item)).map((item) => (
        <div key={item.id} className={item.strong ? 'loan-figure loan-figure-strong' : 'loan-figure'} data-figure={item.id}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The tax line of a quote, labelled as config/pricing.json `tax` names it, or null when the config has no tax line
 * (the default) and the quote charged none. A quote frozen while a tax was configured keeps its line, under the
 * generic label once the config no longer names it.
 */
export function useTaxFigure(quote: Pick<Quote, 'taxCentavos'>): Figure | null {
  const { t } = useTranslation('loan');
  const tax = pricing.tax ?? null;
  if (tax === null && quote.taxCentavos === 0) return null;
  return { id: 'tax', label: tax === null ? t('tax.generic') : t(configTextKey(tax.labelKey)), value: formatPeso(quote.taxCentavos) };
}

/** The live quote a borrower sees while picking: what they receive, what it costs, what they repay and when. */
export function QuoteSummary({ quote }: { quote: Quote }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const taxFigure = useTaxFigure(quote);
  const instalments = quote.plan.length > 1;
  return (
    <Figures
      className="loan-quote"
      items={[
        { id: 'received', label: t('figures.received'), value: formatPeso(quote.receivedCentavos), strong: true },
        { id: 'interest', label: t('figures.interest'), value: formatPeso(quote.interestCentavos) },
        { id: 'serviceFee', label: t('figures.serviceFee'), value: formatPeso(quote.serviceFeeCentavos) },
        { id: 'creditReportFee', label: t('figures.creditReportFee'), value: formatPeso(quote.creditReportFeeCentavos) },
        taxFigure,
        quote.couponCentavos > 0 && { id: 'coupon', label: t('figures.coupon'), value: formatPeso(quote.couponCentavos) },
        { id: 'amountDue', label: t('figures.amountDue'), value: formatPeso(quote.amountDueCentavos), strong: true },
        instalments && { id: 'firstDueDate', label: t('figures.firstDueDate'), value: formatDay(quote.firstDueDate, lng) },
        { id: 'repaymentDate', label: t('figures.repaymentDate'), value: formatDay(quote.repaymentDate, lng) },
        { id: 'eirMonthly', label: t('figures.eirMonthly'), value: formatPercent(quote.effectiveMonthlyRatePpm, lng) },
      ]}
    />
  );
}

/**
 * The repayment plan: each period's due date, principal, interest and amount. With `paidPeriods` (a loan being
 * repaid or repaid), a status column marks the periods paid and the next one to pay.
 */
export function PlanTable({ quote, paidPeriods }: { quote: Quote; paidPeriods?: number }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const tracked = paidPeriods !== undefined;
  const statusOf = (period: number) => (!tracked ? null : period <= paidPeriods ? 'paid' : period === paidPeriods + 1 ? 'next' : 'upcoming');
  return (
    <table className="loan-plan">
      <thead>
        <tr>
          <th scope="col">{t('plan.period')}</th>
          <th scope="col">{t('plan.dueDate')}</th>
          <th scope="col">{t('plan.principal')}</th>
          <th scope="col">{t('plan.interest')}</th>
          <th scope="col">{t('plan.amount')}</th>
          {tracked && <th scope="col">{t('plan.status')}</th>}
        </tr>
      </thead>
      <tbody>
        {quote.plan.map((p) => {
          const status = statusOf(p.period);
          return (
            <tr key={p.period} data-period={p.period} data-status={status ?? undefined} className={status === 'paid' ? 'is-paid' : undefined}>
              <td>{p.period}</td>
              <td>{formatDay(p.dueDate, lng)}</td>
              <td>{formatPeso(p.principalCentavos)}</td>
              <td>{formatPeso(p.interestCentavos)}</td>
              <td>{formatPeso(p.amountCentavos)}</td>
              {tracked && <td className="loan-plan-status">{status === 'upcoming' ? '' : t(`plan.${status}`)}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The Truth in Lending disclosure (RA 3765) of a quote, shown before the borrower signs: with the order's sub-product
 * (`sub`), also every charge that can arise after it (late fine, overdue damages, their cap, the extension, the
 * total-cost cap), since the agreement says the only charges are those in the disclosure.
 */
export function TruthInLending({ quote, sub }: { quote: Quote; sub: SubProductPricing | undefined }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const taxFigure = useTaxFigure(quote);
  return (
    <section className="card loan-til" aria-labelledby="loan-til-title" data-testid="truth-in-lending">
      <h2 id="loan-til-title" className="section-title">
        {t('til.title')}
      </h2>
      <p className="muted">{t('til.intro')}</p>
      <Figures
        items={[
          { id: 'amountFinanced', label: t('til.amountFinanced'), value: formatPeso(quote.principalCentavos), strong: true },
          { id: 'term', label: t('figures.term'), value: t('picker.days', { count: quote.termDays }) },
          { id: 'dailyRate', label: t('figures.dailyRate'), value: formatPercent(quote.dailyInterestPpm, lng) },
        ]}
      />
      <h3 className="loan-til-sub">{t('til.financeCharges')}</h3>
      <Figures
        items={[
          { id: 'interest', label: t('figures.interest'), value: formatPeso(quote.interestCentavos) },
          { id: 'serviceFee', label: t('figures.serviceFee'), value: formatPeso(quote.serviceFeeCentavos) },
          { id: 'creditReportFee', label: t('figures.creditReportFee'), value: formatPeso(quote.creditReportFeeCentavos) },
          taxFigure,
          quote.couponCentavos > 0 && { id: 'coupon', label: t('figures.coupon'), value: `-${formatPeso(quote.couponCentavos)}` },
          { id: 'financeCharge', label: t('til.totalFinanceCharge'), value: formatPeso(quote.financeChargeCentavos), strong: true },
        ]}
      />
      <Figures
        items={[
          { id: 'received', label: t('til.netProceeds'), value: formatPeso(quote.receivedCentavos), strong: true },
          { id: 'amountDue', label: t('til.totalPayments'), value: formatPeso(quote.amountDueCentavos), strong: true },
          { id: 'eirMonthly', label: t('figures.eirMonthly'), value: formatPercent(quote.effectiveMonthlyRatePpm, lng) },
          { id: 'eirAnnual', label: t('figures.eirAnnual'), value: formatPercent(quote.effectiveAnnualRatePpm, lng) },
          { id: 'loanDate', label: t('figures.loanDate'), value: formatDay(quote.loanDate, lng) },
          { id: 'firstDueDate', label: t('figures.firstDueDate'), value: formatDay(quote.firstDueDate, lng) },
          { id: 'repaymentDate', label: t('figures.repaymentDate'), value: formatDay(quote.repaymentDate, lng) },
        ]}
      />
      {sub && <OtherCharges quote={quote} sub={sub} />}
      <h3 className="loan-til-sub">{t('til.schedule')}</h3>
      <PlanTable quote={quote} />
      <p className="muted">{t('til.loanDateNote')}</p>
    </section>
  );
}

/**
 * The charges that can arise besides the finance charge, computed by the domain for this loan (chargesDisclosure):
 * in pesos on the amount the quote fixes, with the rate beside; the late fine, which grows by the day, as a rate a
 * day with its pesos a day.
 */
function OtherCharges({ quote, sub }: { quote: Quote; sub: SubProductPricing }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const c = chargesDisclosure(pricing, sub, quote);
  const basis = formatPeso(c.penaltyBasisCentavos);
  const ext = c.extension;
  return (
    <>
      <h3 className="loan-til-sub">{t('til.otherCharges')}</h3>
      <p className="muted">{t('til.otherChargesIntro')}</p>
      <Figures
        className="loan-til-other"
        items={[
          {
            id: 'lateFine',
            label: t('figures.lateFine'),
            value: t('til.lateFineValue', { rate: formatPercent(c.lateFineDailyPpm, lng), amount: formatPeso(c.lateFineDailyCentavos), basis }),
          },
          {
            id: 'damages',
            label: t('figures.damages'),
            value: t('til.damagesValue', { rate: formatPercent(c.overdueDamagesPpm, lng), amount: formatPeso(c.overdueDamagesCentavos), basis }),
          },
          {
            id: 'penaltyCap',
            label: t('til.penaltyCap'),
            value: t('til.penaltyCapValue', { rate: formatPercent(c.latePenaltyMonthlyMaxPpm, lng), amount: formatPeso(c.latePenaltyMonthlyMaxCentavos), basis }),
          },
          ext
            ? {
                id: 'extensionFee',
                label: t('til.extensionFee'),
                value: t('til.extensionFeeValue', { amount: formatPeso(ext.feeCentavos), rate: formatPercent(ext.feePpm, lng), period: t('picker.days', { count: ext.days }) }),
              }
            : { id: 'extensionFee', label: t('til.extensionFee'), value: t('til.extensionNone') },
          ext && {
            id: 'extensionPayment',
            label: t('til.extensionPayment'),
            value: t('til.extensionPaymentValue', { amount: formatPeso(ext.firstPaymentCentavos), interest: formatPeso(quote.interestCentavos), fee: formatPeso(ext.feeCentavos) }),
          },
          ext && {
            id: 'extensionInterest',
            label: t('til.extensionInterest'),
            value: t('til.extensionInterestValue', { amount: formatPeso(ext.interestCentavos), period: t('picker.days', { count: ext.days }), times: ext.maxTimes }),
          },
          {
            id: 'totalCostCap',
            label: t('til.totalCostCap'),
            value: t('til.totalCostCapValue', { amount: formatPeso(c.totalCostMaxCentavos), rate: formatPercent(c.totalCostMaxPpm, lng) }),
          },
        ]}
      />
    </>
  );
}
