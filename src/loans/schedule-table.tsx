/**
 * The plan of a loan as it stands (the order's `schedule`, read from its ledger): each period's due date, what it
 * has owed in all (principal, interest, extension fees, penalties), what has been paid of it and what is left. The
 * rows add up to the amount repaid and to the amount due shown above them, so the bill tells one story.
 *
 * On a 390-px phone it fits in five columns: each row's state sits under its due date, dates and amounts never
 * break (`loan-plan-date`, `loan-plan-money`), headers break only between words (`loan-plan-head`: a Chinese header
 * would otherwise stack one character a line); a narrower screen scrolls the table sideways inside its frame.
 */
import { useTranslation } from 'react-i18next';
import type { ScheduleRow } from '#domain/loan-standing.ts';
import { formatPeso } from '#domain/money.ts';
import { formatDay, languageOf } from './format.ts';

export function ScheduleTable({ rows }: { rows: readonly ScheduleRow[] }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <div className="loan-plan-frame">
      <table className="loan-plan" data-testid="schedule">
        <thead>
          <tr>
            <th scope="col" className="loan-plan-head">
              {t('plan.period')}
            </th>
            <th scope="col" className="loan-plan-head">
              {t('plan.dueDate')}
            </th>
            <th scope="col" className="loan-plan-head">
              {t('plan.amount')}
            </th>
            <th scope="col" className="loan-plan-head">
              {t('plan.paid')}
            </th>
            <th scope="col" className="loan-plan-head">
              {t('plan.left')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.period}
              data-period={r.period}
              data-status={r.state}
              className={r.state === 'paid' ? 'is-paid' : undefined}
            >
              <td>{r.period}</td>
              <td className="loan-plan-date">
                <span data-cell="dueDate">{formatDay(r.dueDate, lng)}</span>
                <span className="loan-plan-status">{t(`plan.state.${r.state}`)}</span>
              </td>
              <td data-cell="amount" className="loan-plan-money">
                {formatPeso(r.amountCentavos)}
              </td>
              <td data-cell="paid" className="loan-plan-money">
                {formatPeso(r.paidCentavos)}
              </td>
              <td data-cell="left" className="loan-plan-money">
                {formatPeso(r.outstandingCentavos)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
