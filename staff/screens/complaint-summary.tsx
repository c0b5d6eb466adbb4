/**
 * One complaint about collection as staff read it (RA 11765; docs/collections.md, Complaints): the reason, the contact
 * it is about or collection in general, the borrower's words, its state, age and deadline, who acknowledged and
 * answered it. Shown by customer service's list (collection-complaints.tsx) and a supervisor's loan view
 * (collection-loan.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { ComplaintView } from '#api-contract/collections.ts';
import { manilaText } from '../ui.tsx';

/** What a complaint says and where it stands: reason, words, age and deadlines, who acknowledged and answered. */
export function ComplaintSummary({ complaint: c }: { complaint: ComplaintView }) {
  const { t, i18n } = useTranslation();
  const when = (value: string) => manilaText(value, i18n.language) ?? value;
  return (
    <>
      <strong>{t(`collections.complaintReasons.${c.reason}`)}</strong>
      <span className="st-hint">
        {' · '}
        {c.contact ? (
          <>
            {t('collections.complaints.aboutContact', {
              channel: t(`collections.channels.${c.contact.channel}`),
              date: when(c.contact.at),
            })}{' '}
            · {c.contact.staffName}
          </>
        ) : (
          t('collections.complaints.aboutGeneral')
        )}
      </span>
      <p className="st-quote">{c.text}</p>
      <p>
        <span className={`st-badge st-state-${c.state}`} data-testid="complaint-state">
          {t(`collections.complaintStates.${c.state}`)}
        </span>{' '}
        {c.complex && (
          <span className="st-badge" data-testid="complaint-complex">
            {t('collections.complaints.complex')}{' '}
          </span>
        )}
        {c.state !== 'resolved' && (
          <>
            <span data-testid="complaint-age">{t('collections.complaints.age', { count: c.ageDays })}</span>
            {c.overdue && (
              <span className="st-badge st-state-overdue" data-testid="complaint-overdue">
                {' '}
                {t('collections.complaints.overdue')}
              </span>
            )}
            <span className="st-hint">
              {' · '}
              {c.state === 'received'
                ? t('collections.complaints.acknowledgeBy', { date: when(c.acknowledgeBy) })
                : t('collections.complaints.resolveBy', { date: when(c.resolveBy) })}
            </span>
          </>
        )}
      </p>
      {c.acknowledgedAt && c.acknowledgedByName && (
        <p className="st-hint">
          {t('collections.complaints.acknowledgedBy', { name: c.acknowledgedByName, date: when(c.acknowledgedAt) })}
        </p>
      )}
      {c.answer !== null && (
        <div className="st-reply" data-testid="complaint-answer-text">
          <p>{c.answer}</p>
          <small>
            {t('collections.complaints.answeredBy', {
              name: c.answeredByName ?? '',
              date: c.answeredAt ? when(c.answeredAt) : '',
            })}
          </small>
        </div>
      )}
    </>
  );
}
