/**
 * The dispute of an overdue loan's bill (docs/collections.md, Disputes), its own chunk fetched only when the bill is
 * of an overdue loan (src/screens/bill/bill-screen.tsx). It reads the borrower's disputes (GET /collection-contacts):
 * an open one on this loan says so (collection contact is paused until a supervisor resolves it); otherwise "Dispute
 * this amount" opens a small form (a reason, an optional note) that posts POST /loans/:id/dispute. A refusal shows
 * the server's translated error and keeps what was typed. Both link to the list of collection contacts. Styled by the
 * bill's own classes (bill.page.css), so the chunk needs no stylesheet of its own.
 */
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPUTE_REASONS } from '#domain/collections.ts';
import {
  collectionsApi,
  type CollectionContacts,
  type DisputeReasonChoice,
  type LoanDispute,
} from '#src/api/collections.ts';
import { loanErrorMessage } from '#src/loans/errors.ts';
import { formatInstant, languageOf } from '#src/loans/format.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';

const NOTE_MAX = 1000;

export default function DisputePanel({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation('loan');
  const lng = languageOf(i18n);
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const contacts = useLoad<CollectionContacts>(`collection-contacts:${session}`, (signal) =>
    collectionsApi.contacts(signal),
  );
  const [opened, setOpened] = useState<LoanDispute | null>(null);
  const dispute =
    (opened?.orderId === orderId ? opened : undefined) ??
    contacts.data?.disputes.find((d) => d.orderId === orderId && d.state === 'open');
  // Nothing until the disputes are known (a failure to read them still lets the borrower dispute).
  if (!dispute && !contacts.data && !contacts.error) return null;
  const contactsLink = (
    <Link to="/collectionContacts" data-testid="contacts-link">
      {t('collections.contactsLink')}
    </Link>
  );
  if (dispute) {
    return (
      <section className="card" role="status" data-testid="disputed" aria-labelledby="disputed">
        <h2 id="disputed" className="section-title">
          {t('collections.disputedTitle')}
        </h2>
        <p className="loan-note loan-note-warn">{t('collections.disputedNote')}</p>
        <p className="muted">
          {t('collections.disputedOn', {
            date: formatInstant(dispute.openedAt, lng),
            reason: t(`collections.disputeReasons.${dispute.reason}`),
          })}
        </p>
        {contactsLink}
      </section>
    );
  }
  return (
    <DisputeForm orderId={orderId} onOpened={setOpened}>
      {contactsLink}
    </DisputeForm>
  );
}

function DisputeForm({
  orderId,
  onOpened,
  children,
}: {
  orderId: string;
  onOpened: (dispute: LoanDispute) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('loan');
  const id = useId();
  // A second submit while the first is on its way (a double tap, Enter twice) sends nothing.
  const sending = useRef(false);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReasonChoice | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const send = async () => {
    if (!reason || sending.current) return;
    const trimmed = note.trim();
    sending.current = true;
    setBusy(true);
    setFailure('');
    try {
      onOpened(await collectionsApi.dispute(orderId, trimmed ? { reason, note: trimmed } : { reason }));
    } catch (error) {
      setFailure(await loanErrorMessage(error));
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
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section-title">
        {t('collections.disputeTitle')}
      </h2>
      <p className="muted">{t('collections.disputeIntro')}</p>
      {!open ? (
        <button
          type="button"
          className="btn btn-block"
          aria-expanded={false}
          data-testid="dispute-open"
          onClick={() => setOpen(true)}
        >
          {t('collections.disputeAction')}
        </button>
      ) : (
        <form className="bill-channels" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
          <fieldset className="bill-channels" disabled={busy}>
            <legend className="loan-picker-label">{t('collections.reasonLabel')}</legend>
            {DISPUTE_REASONS.map((r) => (
              <label key={r} className={r === reason ? 'bill-channel is-selected' : 'bill-channel'}>
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={r === reason}
                  required
                  onChange={() => setReason(r)}
                />
                <span>{t(`collections.disputeReasons.${r}`)}</span>
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-note`}>{t('collections.noteLabel')}</label>
          <textarea
            id={`${id}-note`}

            rows={3}
            maxLength={NOTE_MAX}
            value={note}
            disabled={busy}
            onChange={(e) => setNote(e.target.value)}
          />
          {failure && (
            <p className="loan-note loan-note-danger" role="alert" data-testid="dispute-error">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={busy || !reason}
            aria-busy={busy}
            data-testid="dispute-send"
          >
            {t('collections.disputeSend')}
          </button>
          <button type="button" className="btn btn-block" disabled={busy} onClick={() => setOpen(false)}>
            {t('collections.disputeCancel')}
          </button>
        </form>
      )}
      {children}
    </section>
  );
}
