/**
 * The Truth in Lending disclosure (amount financed, every finance charge, net proceeds, payment schedule, effective
 * rate, the charges that can arise later), shown before signing on /loan and before every automatic Easy Re-loan
 * payout on /appointLoanList. Its own module so that only those screens load the domain's charges disclosure.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { chargesDisclosure } from '#domain/disclosure.ts';
import type { Quote, SubProductPricing } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { Figures } from './figure-list.tsx';
import { PlanTable, useTaxFigure } from './figures.tsx';
import { formatDay, formatPercent, languageOf } from './format.ts';
import { pricing } from './pricing.ts';
import './truth-in-lending.css';

/**
 * The Truth in Lending disclosure (RA 3765) of a quote, shown before the borrower signs: with the order's sub-product
 * (`sub`), also every charge that can arise after it (late fine, overdue damages, their cap, the extension, the
 * total-cost cap), since the agreement says the only charges are those in the disclosure. `intro` replaces the
 * signing screen's opening sentence where nothing is signed (an Easy Re-loan before its automatic payout).
 */
export function TruthInLending({
  quote,
  sub,
  intro,
}: {
  quote: Quote;
  sub: SubProductPricing | undefined;
  intro?: string;
}) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const taxFigure = useTaxFigure(quote);
  // A list of re-loans shows several disclosures: each heading its own id.
  const titleId = useId();
  return (
    <section className="card loan-til" aria-labelledby={titleId} data-testid="truth-in-lending">
      <h2 id={titleId} className="section-title">
        {t('til.title')}
      </h2>
      <p className="muted">{intro ?? t('til.intro')}</p>
      <Figures
        items={[
          {
            id: 'amountFinanced',
            label: t('til.amountFinanced'),
            value: formatPeso(quote.principalCentavos),
            strong: true,
          },
          { id: 'term', label: t('figures.term'), value: t('picker.days', { count: quote.termDays }) },
          { id: 'dailyRate', label: t('figures.dailyRate'), value: formatPercent(quote.dailyInterestPpm, lng) },
        ]}
      />
      <h3 className="loan-til-sub">{t('til.financeCharges')}</h3>
      <Figures
        items={[
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
            value: `-${formatPeso(quote.couponCentavos)}`,
          },
          {
            id: 'financeCharge',
            label: t('til.totalFinanceCharge'),
            value: formatPeso(quote.financeChargeCentavos),
            strong: true,
          },
        ]}
      />
      <Figures
        items={[
          { id: 'received', label: t('til.netProceeds'), value: formatPeso(quote.receivedCentavos), strong: true },
          { id: 'amountDue', label: t('til.totalPayments'), value: formatPeso(quote.amountDueCentavos), strong: true },
          {
            id: 'eirMonthly',
            label: t('figures.eirMonthly'),
            value: formatPercent(quote.effectiveMonthlyRatePpm, lng),
          },
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
            value: t('til.lateFineValue', {
              rate: formatPercent(c.lateFineDailyPpm, lng),
              amount: formatPeso(c.lateFineDailyCentavos),
              basis,
            }),
          },
          {
            id: 'damages',
            label: t('figures.damages'),
            value: t('til.damagesValue', {
              rate: formatPercent(c.overdueDamagesPpm, lng),
              amount: formatPeso(c.overdueDamagesCentavos),
              basis,
            }),
          },
          {
            id: 'penaltyCap',
            label: t('til.penaltyCap'),
            value: t('til.penaltyCapValue', {
              rate: formatPercent(c.latePenaltyMonthlyMaxPpm, lng),
              amount: formatPeso(c.latePenaltyMonthlyMaxCentavos),
              basis,
            }),
          },
          ext
            ? {
                id: 'extensionFee',
                label: t('til.extensionFee'),
                value: t('til.extensionFeeValue', {
                  amount: formatPeso(ext.feeCentavos),
                  rate: formatPercent(ext.feePpm, lng),
                  period: t('picker.days', { count: ext.days }),
                }),
              }
            : { id: 'extensionFee', label: t('til.extensionFee'), value: t('til.extensionNone') },
          ext && {
            id: 'extensionPayment',
            label: t('til.extensionPayment'),
            value: t('til.extensionPaymentValue', {
              amount: formatPeso(ext.firstPaymentCentavos),
              interest: formatPeso(quote.interestCentavos),
              fee: formatPeso(ext.feeCentavos),
            }),
          },
          ext && {
            id: 'extensionInterest',
            label: t('til.extensionInterest'),
            value: t('til.extensionInterestValue', {
              amount: formatPeso(ext.interestCentavos),
              period: t('picker.days', { count: ext.days }),
              times: ext.maxTimes,
            }),
          },
          // Interest accrues by the day (domain/loan-ledger.ts): repaying early costs less, never more.
          { id: 'prepayment', label: t('til.prepayment'), value: t('til.prepaymentValue') },
          {
            id: 'totalCostCap',
            label: t('til.totalCostCap'),
            value: t('til.totalCostCapValue', {
              amount: formatPeso(c.totalCostMaxCentavos),
              rate: formatPercent(c.totalCostMaxPpm, lng),
            }),
          },
        ]}
      />
    </>
  );
}
