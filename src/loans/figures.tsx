/**
 * The figures of a quote: the live quote on home, the tax line and the payment plan (the bill, the disclosure).
 * Amounts through formatPeso, dates and rates through the language's Intl formats. The list itself is
 * figure-list.tsx; the Truth in Lending disclosure, shown on /loan only, truth-in-lending.tsx.
 */
import { useTranslation } from 'react-i18next';
import type { Quote } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { Figures, type Figure } from './figure-list.tsx';
import { formatDay, formatPercent, languageOf } from './format.ts';
import { configTextKey, pricing } from './pricing.ts';

export { Figures, type Figure } from './figure-list.tsx';

/**
 * The tax line of a quote, labelled as config/pricing.json `tax` names it, or null when the config has no tax line
 * (the default) and the quote charged none. A quote frozen while a tax was configured keeps its line, under the
 * generic label once the config no longer names it.
 */
export function useTaxFigure(quote: Pick<Quote, 'taxCentavos'>): Figure | null {
  const { t } = useTranslation('loan');
  const tax = pricing.tax ?? null;
  if (tax === null && quote.taxCentavos === 0) return null;
  return {
    id: 'tax',
    label: tax === null ? t('tax.generic') : t(configTextKey(tax.labelKey)),
    value: formatPeso(quote.taxCentavos),
  };
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
        {
          id: 'creditReportFee',
          label: t('figures.creditReportFee'),
          value: formatPeso(quote.creditReportFeeCentavos),
        },
        taxFigure,
        quote.couponCentavos > 0 && {
          id: 'coupon',
          label: t('figures.coupon'),
          value: formatPeso(quote.couponCentavos),
        },
        { id: 'amountDue', label: t('figures.amountDue'), value: formatPeso(quote.amountDueCentavos), strong: true },
        instalments && {
          id: 'firstDueDate',
          label: t('figures.firstDueDate'),
          value: formatDay(quote.firstDueDate, lng),
        },
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
  const statusOf = (period: number) =>
    !tracked ? null : period <= paidPeriods ? 'paid' : period === paidPeriods + 1 ? 'next' : 'upcoming';
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
            <tr
              key={p.period}
              data-period={p.period}
              data-status={status ?? undefined}
              className={status === 'paid' ? 'is-paid' : undefined}
            >
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
