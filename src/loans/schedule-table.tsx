/**
 * The plan of a loan as it stands (the order's `schedule`, read from its ledger): each period's due date, what it
 * has owed in all (principal, interest, extension fees, penalties), what has been paid of it and what is left. The
 * rows add up to the amount repaid and to the amount due shown above them, so the bill tells one story.
 */
import { useTranslation } from 'react-i18next';
import type { ScheduleRow } from '../../domain/loan-standing.ts';
import { formatPeso } from '../../domain/money.ts';
import { formatDay, languageOf } from './format.ts';

export function ScheduleTable({ rows }: { rows: readonly ScheduleRow[] }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <table className="loan-plan" data-testid="schedule">
      <thead>
        <tr>
          <th scope="col">{t('plan.period')}</th>
          <th scope="col">{t('plan.dueDate')}</th>
          <th scope="col">{t('plan.amount')}</th>
          <th scope="col">{t('plan.paid')}</th>
          <th scope="col">{t('plan.left')}</th>
          <th scope="col">{t('plan.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.period} data-period={r.period} data-status={r.state} className={r.state === 'paid' ? 'is-paid' : undefined}>
            <td>{r.period}</td>
            <td data-cell="dueDate">{formatDay(r.dueDate, lng)}</td>
            <td data-cell="amount">{formatPeso(r.amountCentavos)}</td>
            <td data-cell="paid">{formatPeso(r.paidCentavos)}</td>
            <td data-cell="left">{formatPeso(r.outstandingCentavos)}</td>
            <td className="loan-plan-status">{t(`plan.state.${r.state}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
