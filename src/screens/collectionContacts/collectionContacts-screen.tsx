/**
 * The collection contacts made to the borrower (/collectionContacts; docs/collections.md, Transparency and
 * Complaints): from one request (GET /collection-contacts), every contact, newest first, with when (Manila time), how
 * (the channel), who (a staff alias, never a name), why (the loan past due, or a promise to pay followed up) and the
 * text of a message sent; then their disputes with their state, and their complaints with their reference, state and
 * customer service's answer. A complaint is made here, about one contact or collection in general (a reason of
 * COMPLAINT_REASONS and the borrower's own words; POST /collection-complaints); a refusal shows the server's translated
 * error and keeps what was typed. Reached from the Profile tab and from an overdue loan's bill. Drawn with the kit's
 * list classes only: a page stylesheet would add its file's name to every route's first download.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPLAINT_REASONS, COMPLAINT_TEXT_LENGTH, type ComplaintReason } from '#domain/collection-complaints.ts';
import type { BorrowerComplaintAnswer, BorrowerComplaintInput } from '#api-contract/collections.ts';
import type { CollectionContact, CollectionContacts, LoanDispute } from '#src/api/collections.ts';
import { ApiError } from '#src/api/client.ts';
import { errorCode } from '#src/api/error-message.ts';
import { sessionRequest } from '#src/api/session.ts';
import { codeMessage } from '#src/loans/errors.ts';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

/** What the complaint form is about: one contact, or collection in general (`contactId` null). */
interface ComplaintTarget {
  readonly contactId: string | null;
}

export default function CollectionContactsScreen() {
  const { t } = useTranslation('loan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  // The request itself, not src/api/collections.ts's (the dispute's chunk): a module shared by the two would be a
  // chunk of its own, and its name a few bytes more in every route's first download and in the bill's.
  const answer = useLoad(`collection-contacts:${session}`, (signal) =>
    sessionRequest<CollectionContacts>('/collection-contacts', { signal }),
  );
  const [target, setTarget] = useState<ComplaintTarget | null>(null);
  if (!answer.data) {
    return (
      <div className="page collectionContacts">
        {answer.error ? <LoadFailed error={answer.error} onRetry={answer.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  }
  const data = answer.data;
  const { items, disputes, complaints } = data;
  const added = (complaint: BorrowerComplaintAnswer) => {
    setTarget(null);
    answer.setData({ ...data, complaints: [complaint, ...complaints] });
  };
  // A contact with a complaint not yet resolved offers no second one (the server would answer COMPLAINT_OPEN).
  const pending = new Set(complaints.filter((c) => c.state !== 'resolved').map((c) => c.contactId));
  // A general complaint names the loan when every contact was about the same one.
  const loans = new Set(items.map((c) => c.orderId));
  const generalOrderId = loans.size === 1 ? [...loans][0] : undefined;
  const form = (about: ComplaintTarget) => (
    <ComplaintForm
      contactId={about.contactId}
      orderId={about.contactId === null ? generalOrderId : undefined}
      onSent={added}
      onCancel={() => setTarget(null)}
    />
  );
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
              <ContactRow key={contact.id} contact={contact}>
                {target?.contactId === contact.id ? (
                  form(target)
                ) : pending.has(contact.id) ? null : (
                  <button
                    type="button"
                    className="btn"
                    data-testid="complain-contact"
                    onClick={() => setTarget({ contactId: contact.id })}
                  >
                    {t('collections.complaints.aboutContact')}
                  </button>
                )}
              </ContactRow>
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
      {complaints.length > 0 && (
        <section aria-labelledby="collectionContacts-complaints">
          <h2 id="collectionContacts-complaints" className="section-title">
            {t('collections.complaints.title')}
          </h2>
          <ul className="list">
            {complaints.map((complaint) => (
              <ComplaintRow
                key={complaint.id}
                complaint={complaint}
                contact={items.find((c) => c.id === complaint.contactId)}
              />
            ))}
          </ul>
        </section>
      )}
      {target?.contactId === null ? (
        form(target)
      ) : (
        <button
          type="button"
          className="btn btn-block"
          data-testid="complain-general"
          onClick={() => setTarget({ contactId: null })}
        >
          {t('collections.contacts.complaint')}
        </button>
      )}
    </div>
  );
}

function ContactRow({ contact: c, children }: { contact: CollectionContact; children: ReactNode }) {
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
        {children}
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

function ComplaintRow({
  complaint: c,
  contact,
}: {
  complaint: BorrowerComplaintAnswer;
  contact: CollectionContact | undefined;
}) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  return (
    <li className="list-item" data-complaint={c.id} data-state={c.state}>
      <div className="list-item-label">
        <strong data-testid="complaint-reference">
          {t('collections.complaints.reference', { reference: c.reference })}
        </strong>
        <p>{t(`collections.complaintReasons.${c.reason}`)}</p>
        <p className="muted">
          {contact
            ? t('collections.complaints.aboutOne', { date: formatInstant(contact.at, lng) })
            : t('collections.complaints.aboutGeneral')}
        </p>
        <blockquote className="loan-note">{c.text}</blockquote>
        <p className={c.state === 'resolved' ? 'muted' : 'loan-note loan-note-warn'} data-testid="complaint-state">
          {t(`collections.complaintStates.${c.state}`)}
        </p>
        {c.answer !== null && (
          <div data-testid="complaint-answer">
            <strong>{t('collections.complaints.answer')}</strong>
            <p>{c.answer}</p>
            <p className="muted">
              {t('collections.complaints.answeredOn', { date: formatInstant(c.answeredAt, lng) })}
            </p>
          </div>
        )}
      </div>
      <time className="list-item-value muted" dateTime={c.receivedAt}>
        {formatInstant(c.receivedAt, lng)}
      </time>
    </li>
  );
}

function ComplaintForm({
  contactId,
  orderId,
  onSent,
  onCancel,
}: {
  contactId: string | null;
  orderId: string | undefined;
  onSent: (complaint: BorrowerComplaintAnswer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('loan');
  const id = useId();
  // A second submit while the first is on its way (a double tap, Enter twice) sends nothing.
  const sending = useRef(false);
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const ready = reason !== '' && text.trim().length >= COMPLAINT_TEXT_LENGTH.min;

  const send = async () => {
    if (reason === '' || sending.current) return;
    const body: BorrowerComplaintInput = {
      reason,
      text: text.trim(),
      ...(contactId !== null ? { contactId } : orderId !== undefined ? { orderId } : {}),
    };
    sending.current = true;
    setBusy(true);
    setFailure('');
    try {
      onSent(await sessionRequest<BorrowerComplaintAnswer>('/collection-complaints', { method: 'POST', body }));
    } catch (error) {
      setFailure(await codeMessage(errorCode(error), error instanceof ApiError ? error.details : {}));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form className="card" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="complaint-form" noValidate>
      <h3 id={`${id}-title`} className="section-title">
        {t(contactId === null ? 'collections.complaints.formTitleGeneral' : 'collections.complaints.formTitleContact')}
      </h3>
      <p className="muted">{t('collections.complaints.intro')}</p>
      <label htmlFor={`${id}-reason`}>{t('collections.complaints.reasonLabel')}</label>
      <select
        id={`${id}-reason`}
        value={reason}
        disabled={busy}
        required
        data-testid="complaint-reason"
        onChange={(e) => setReason(e.target.value as ComplaintReason)}
      >
        <option value="" disabled />
        {COMPLAINT_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`collections.complaintReasons.${r}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-text`}>{t('collections.complaints.textLabel')}</label>
      <textarea
        id={`${id}-text`}
        rows={4}
        required
        minLength={COMPLAINT_TEXT_LENGTH.min}
        maxLength={COMPLAINT_TEXT_LENGTH.max}
        aria-describedby={`${id}-hint`}
        value={text}
        disabled={busy}
        data-testid="complaint-text"
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-hint`} className="muted">
        {t('collections.complaints.textHint', COMPLAINT_TEXT_LENGTH)}
      </p>
      {failure && (
        <p className="loan-note loan-note-danger" role="alert" data-testid="complaint-error">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy || !ready}
        aria-busy={busy}
        data-testid="complaint-send"
      >
        {t('collections.complaints.send')}
      </button>
      <button type="button" className="btn btn-block" disabled={busy} onClick={onCancel}>
        {t('collections.complaints.cancel')}
      </button>
    </form>
  );
}
