/**
 * The collection contacts made to the borrower (/collectionContacts; docs/collections.md, Transparency): from one
 * request (GET /collection-contacts), every contact, newest first, with when (Manila time), how (the channel), who (a
 * staff alias, never a name), why (the loan past due, or a promise to pay followed up) and the text of a message sent;
 * then their disputes with their state. Reached from the Profile tab and from an overdue loan's bill. Drawn with the
 * kit's list classes only: a page stylesheet would add its file's name to every route's first download.
 */
import { useTranslation } from 'react-i18next';
import type { CollectionContact, CollectionContacts, LoanDispute } from '#src/api/collections.ts';
import { sessionRequest } from '#src/api/session.ts';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

export default function CollectionContactsScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  // The request itself, not src/api/collections.ts's (the dispute's chunk): a module shared by the two would be a
  // chunk of its own, and its name a few bytes more in every route's first download and in the bill's.
  const answer = useLoad(`collection-contacts:${session}`, (signal) =>
    sessionRequest<CollectionContacts>('/collection-contacts', { signal }),
  );
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
          <ul className="list">
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
          <ul className="list">
            {disputes.map((dispute) => (
              <DisputeRow key={dispute.id} dispute={dispute} />
            ))}
          </ul>
        </section>
      )}
      <Link to="/help">{t('collections.contacts.complaint')}</Link>
    </div>
  );
}

function ContactRow({ contact: c }: { contact: CollectionContact }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <li className="list-item" data-contact={c.id}>
      <div className="list-item-label">
        <strong>{t(`collections.channels.${c.channel}`)}</strong>
        <p data-testid="contact-staff">{t('collections.staffAlias', { alias: c.staffAlias })}</p>
        <p className="muted" data-testid="contact-purpose">
          {t(`collections.purposes.${c.purpose}`, { orderNo: c.orderNo, count: c.daysPastDue })}
        </p>
        {c.message !== null && (
          <blockquote className="loan-note loan-note-warn" aria-label={t('collections.contacts.message')}>
            {c.message}
          </blockquote>
        )}
      </div>
      <time className="list-item-value muted" dateTime={c.at}>
        {formatInstant(c.at, lng)}
      </time>
    </li>
  );
}

function DisputeRow({ dispute: d }: { dispute: LoanDispute }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <li className="list-item" data-dispute={d.id} data-state={d.state}>
      <div className="list-item-label">
        <Link to={`/bill?order=${encodeURIComponent(d.orderId)}`}>
          {t('collections.contacts.loan', { orderNo: d.orderNo })}
        </Link>
        <p>{t(`collections.disputeReasons.${d.reason}`)}</p>
        <p className={d.state === 'open' ? 'loan-note loan-note-warn' : 'muted'} data-testid="dispute-state">
          {d.state === 'resolved' && d.resolution
            ? t('collections.contacts.resolvedOn', {
                date: formatInstant(d.resolvedAt, lng),
                resolution: t(`collections.resolutions.${d.resolution}`),
              })
            : t(`collections.disputeStates.${d.state}`)}
        </p>
      </div>
      <time className="list-item-value muted" dateTime={d.openedAt}>
        {formatInstant(d.openedAt, lng)}
      </time>
    </li>
  );
}
