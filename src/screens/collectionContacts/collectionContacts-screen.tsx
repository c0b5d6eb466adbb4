/**
 * The collection contacts made to the borrower (/collectionContacts; docs/collections.md, Transparency): from one
 * request (GET /collection-contacts), every contact, newest first, with when (Manila time), how (the channel), who (a
 * staff alias, never a name), why (the loan past due, or a promise to pay followed up) and the text of a message sent;
 * then their disputes with their state. Reached from the Profile tab and from an overdue loan's bill.
 */
import { useTranslation } from 'react-i18next';
import { collectionsApi, type CollectionContact, type LoanDispute } from '#src/api/collections.ts';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './collectionContacts.page.css';

export default function CollectionContactsScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const answer = useLoad(`collection-contacts:${session}`, (signal) => collectionsApi.contacts(signal));
  if (!answer.data) {
    return (
      <div className="page collectionContacts">
        {answer.error ? <LoadFailed error={answer.error} onRetry={answer.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  }
  const { items, disputes } = answer.data;
  return (
    <div className="page collectionContacts">
      <p className="muted">{t('collections.contacts.intro')}</p>
      <section aria-labelledby="collectionContacts-list">
        <h2 id="collectionContacts-list" className="section-title">
          {t('collections.contacts.listTitle')}
        </h2>
        {items.length === 0 ? (
          <p className="card muted" data-testid="empty">
            {t('collections.contacts.empty')}
          </p>
        ) : (
          <ul className="collectionContacts-list">
            {items.map((contact) => (
              <ContactRow key={contact.id} contact={contact} />
            ))}
          </ul>
        )}
      </section>
      {disputes.length > 0 && (
        <section aria-labelledby="collectionContacts-disputes">
          <h2 id="collectionContacts-disputes" className="section-title">
            {t('collections.contacts.disputesTitle')}
          </h2>
          <ul className="collectionContacts-list">
            {disputes.map((dispute) => (
              <DisputeRow key={dispute.id} dispute={dispute} />
            ))}
          </ul>
        </section>
      )}
      <Link className="collectionContacts-help" to="/help">
        {t('collections.contacts.complaint')}
      </Link>
    </div>
  );
}

function ContactRow({ contact: c }: { contact: CollectionContact }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <li className="card collectionContacts-item" data-contact={c.id}>
      <p className="collectionContacts-row">
        <strong>{t(`collections.channels.${c.channel}`)}</strong>
        <time className="muted collectionContacts-date" dateTime={c.at}>
          {formatInstant(c.at, lng)}
        </time>
      </p>
      <p data-testid="contact-staff">{t('collections.staffAlias', { alias: c.staffAlias })}</p>
      <p data-testid="contact-purpose">
        {t(`collections.purposes.${c.purpose}`, { orderNo: c.orderNo, days: c.daysPastDue })}
      </p>
      {c.message !== null && (
        <blockquote className="collectionContacts-message" aria-label={t('collections.contacts.message')}>
          {c.message}
        </blockquote>
      )}
    </li>
  );
}

function DisputeRow({ dispute: d }: { dispute: LoanDispute }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <li className="card collectionContacts-item" data-dispute={d.id} data-state={d.state}>
      <p className="collectionContacts-row">
        <Link to={`/bill?order=${encodeURIComponent(d.orderId)}`}>
          {t('collections.contacts.loan', { orderNo: d.orderNo })}
        </Link>
        <time className="muted collectionContacts-date" dateTime={d.openedAt}>
          {formatInstant(d.openedAt, lng)}
        </time>
      </p>
      <p>{t(`collections.disputeReasons.${d.reason}`)}</p>
      <p className={d.state === 'open' ? 'loan-note loan-note-warn' : 'muted'} data-testid="dispute-state">
        {d.state === 'resolved' && d.resolution
          ? t('collections.contacts.resolvedOn', {
              date: formatInstant(d.resolvedAt, lng),
              resolution: t(`collections.resolutions.${d.resolution}`),
            })
          : t(`collections.disputeStates.${d.state}`)}
      </p>
    </li>
  );
}
