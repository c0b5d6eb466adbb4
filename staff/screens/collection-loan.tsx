/**
 * /staff/collections/:orderId: one loan's collection view (server/routes/staff/collections.ts): what is overdue by
 * component, the borrower's own contact details and preferences (never the emergency contacts: the server does not
 * send them), what the rules of SEC MC 18 allow now, and the actions: record a contact (with a promise when the
 * borrower makes one), record a promise, send an approved template, and, for a supervisor, assign the loan. The
 * server refuses what the rules forbid (outside the hours, over the day's cap, disputed) with a code shown here.
 */
import { Suspense, useMemo, useState } from 'react';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type {
  BorrowerContactDetails,
  CollectionView,
  CollectorsAnswer,
  TemplateListAnswer,
} from '#api-contract/collections.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { DateTime, ErrorText, manilaText, Money, Section, StateView } from '../ui.tsx';
import { ComplaintSummary } from './complaint-summary.tsx';

interface ContactForm {
  channel: string;
  outcome: string;
  note?: string;
  promisedOn?: string;
  promisePesos?: number;
}
interface PromiseForm {
  promisedOn: string;
  promisePesos: number;
}

const centavosOf = (pesos: number) => Math.round(pesos * 100);

/** A POST of the collection view's actions, its error kept to show. */
function usePost(onDone: () => void) {
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const post = (url: string, values: object, after?: () => void) => {
    setError(undefined);
    mutate(
      { url, method: 'post', values, successNotification: false, errorNotification: false },
      {
        onSuccess: () => {
          after?.();
          onDone();
        },
        onError: setError,
      },
    );
  };
  return { post, error, pending: mutation.isPending };
}

function Overdue({ view }: { view: CollectionView }) {
  const { t } = useTranslation();
  const { delinquency: d } = view;
  const parts = ['principal', 'interest', 'fee', 'lateFine', 'damages'] as const;
  return (
    <dl className="st-facts" data-testid="overdue">
      <div>
        <dt>{t('collections.bucket')}</dt>
        <dd data-testid="bucket">{d.bucket ? t(`collections.buckets.${d.bucket}`) : '—'}</dd>
      </div>
      <div>
        <dt>{t('collections.daysPastDue')}</dt>
        <dd data-testid="days-past-due">{d.daysPastDue}</dd>
      </div>
      {parts.map((part) => (
        <div key={part} data-component={part}>
          <dt>{t(`collections.components.${part}`)}</dt>
          <dd>
            <Money centavos={d.overdue[part]} />
          </dd>
        </div>
      ))}
      <div>
        <dt>{t('collections.overdue')}</dt>
        <dd data-testid="overdue-total">
          <Money centavos={d.overdueCentavos} />
        </dd>
      </div>
      <div>
        <dt>{t('collections.amountDue')}</dt>
        <dd>
          <Money centavos={view.order.amountDueCentavos} />
        </dd>
      </div>
    </dl>
  );
}

function Borrower({ view }: { view: CollectionView }) {
  const { t } = useTranslation();
  const b = view.borrower;
  // Masked until the collector asks, to reach the borrower: each ask is audited, and nothing is kept once they leave.
  const [asked, setAsked] = useState(false);
  const { query } = useCustom<BorrowerContactDetails>({
    url: `/collections/loans/${view.order.id}/contact-details`,
    method: 'get',
    queryOptions: { enabled: asked, gcTime: 0, staleTime: Infinity },
  });
  const clear = query.data?.data;
  return (
    <>
      <dl className="st-facts" data-testid="borrower">
        <div>
          <dt>{t('collections.name')}</dt>
          <dd data-testid="borrower-name">{(clear?.name ?? b.name) || '—'}</dd>
        </div>
        <div>
          <dt>{t('collections.phone')}</dt>
          <dd data-testid="borrower-phone">{clear?.phone ?? b.phone}</dd>
        </div>
        <div>
          <dt>{t('collections.email')}</dt>
          <dd>{(clear ? clear.email : b.email) ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('collections.language')}</dt>
          <dd>{t(`languages.${b.language}`, { defaultValue: b.language })}</dd>
        </div>
        <div>
          <dt>{t('collections.consentedHours')}</dt>
          <dd data-testid="consented-hours">
            {b.contactHours ? `${b.contactHours.from}-${b.contactHours.to}` : t('collections.noConsent')}
          </dd>
        </div>
        <div>
          <dt>{t('collections.smsReminders')}</dt>
          <dd>{b.smsReminders ? t('collections.on') : t('collections.off')}</dd>
        </div>
      </dl>
      {!clear && (
        <button
          type="button"
          className="st-button st-secondary"
          disabled={asked && query.isFetching}
          onClick={() => (asked ? void query.refetch() : setAsked(true))}
        >
          {t('collections.showContact')}
        </button>
      )}
      <ErrorText error={query.error ?? undefined} />
    </>
  );
}

function Rules({ view }: { view: CollectionView }) {
  const { t } = useTranslation();
  const r = view.rules;
  return (
    <p
      className={r.contactAllowedNow ? 'st-notice' : 'st-error'}
      data-testid="rules"
      data-allowed={String(r.contactAllowedNow)}
    >
      {t(`collections.why.${r.why}`)} · {t('collections.hours', { from: r.contactHours.from, to: r.contactHours.to })} ·{' '}
      {t('collections.today', { n: r.contactsToday, max: r.maxContactsPerDay })}
    </p>
  );
}

function RecordContact({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [data, setData] = useState<ContactForm | undefined>(undefined);
  // A new form after each contact recorded: the next one starts empty.
  const [round, setRound] = useState(0);
  const { post, error, pending } = usePost(onDone);
  const submit = (value: ContactForm) =>
    post(
      `/collections/loans/${orderId}/contacts`,
      {
        channel: value.channel,
        outcome: value.outcome,
        ...(value.note ? { note: value.note } : {}),
        ...(value.outcome === 'promise' && value.promisedOn && value.promisePesos
          ? { promise: { promisedOn: value.promisedOn, amountCentavos: centavosOf(value.promisePesos) } }
          : {}),
      },
      () => {
        setData(undefined);
        setRound((n) => n + 1);
      },
    );
  return (
    <>
      <StaffForm<ContactForm>
        key={round}
        name="collectionContact"
        formData={data}
        onChange={setData}
        onSubmit={submit}
        disabled={pending}
        submitText={t('collections.recordContact')}
      />
      <ErrorText error={error} />
    </>
  );
}

function RecordPromise({ orderId, lastDay, onDone }: { orderId: string; lastDay: string; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [data, setData] = useState<PromiseForm | undefined>(undefined);
  const [round, setRound] = useState(0);
  const { post, error, pending } = usePost(onDone);
  const submit = (value: PromiseForm) =>
    post(
      `/collections/loans/${orderId}/promises`,
      { promisedOn: value.promisedOn, amountCentavos: centavosOf(value.promisePesos) },
      () => {
        setData(undefined);
        setRound((n) => n + 1);
      },
    );
  return (
    <>
      <p className="st-hint">{t('collections.promiseUntil', { day: manilaText(lastDay, i18n.language) ?? lastDay })}</p>
      <StaffForm<PromiseForm>
        key={round}
        name="collectionPromise"
        formData={data}
        onChange={setData}
        onSubmit={submit}
        disabled={pending}
        submitText={t('collections.recordPromise')}
      />
      <ErrorText error={error} />
    </>
  );
}

function SendTemplate({ view, onDone }: { view: CollectionView; onDone: () => void }) {
  const { t } = useTranslation();
  const { query } = useCustom<TemplateListAnswer>({
    url: '/collections/templates',
    method: 'get',
    config: { query: { state: 'approved' } },
  });
  const templates = query.data?.data.items ?? [];
  const [chosen, setChosen] = useState('');
  const { post, error, pending } = usePost(onDone);
  // What the borrower would receive: in their language, with this loan's figures (the server's own filling).
  const preview = view.messages.find((m) => m.templateId === chosen);
  if (templates.length === 0) return <p className="st-hint">{t('collections.noTemplates')}</p>;
  return (
    <div className="st-actions">
      <select
        aria-label={t('collections.template')}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        data-testid="template-choice"
      >
        <option value="">{t('collections.chooseTemplate')}</option>
        {templates.map((x) => (
          <option key={x.id} value={x.id}>
            {x.name}
          </option>
        ))}
      </select>
      {preview && (
        <figure className="st-preview" data-testid="template-preview">
          <figcaption className="st-hint">
            {t('collections.previewIn', {
              language: t(`languages.${preview.language}`, { defaultValue: preview.language }),
            })}
          </figcaption>
          <p className="st-quote" lang={preview.language}>
            {preview.text}
          </p>
        </figure>
      )}
      <button
        type="button"
        className="st-button"
        disabled={!chosen || pending}
        onClick={() => post(`/collections/loans/${view.order.id}/messages`, { templateId: chosen })}
      >
        {t('collections.send')}
      </button>
      <ErrorText error={error} />
    </div>
  );
}

function Assign({ view, onDone }: { view: CollectionView; onDone: () => void }) {
  const { t } = useTranslation();
  const { query } = useCustom<CollectorsAnswer>({ url: '/collections/collectors', method: 'get' });
  const people = query.data?.data.items ?? [];
  const [chosen, setChosen] = useState(view.collector?.id ?? '');
  const { post, error, pending } = usePost(onDone);
  return (
    <div className="st-actions">
      <select aria-label={t('collections.collector')} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{t('collections.nobody')}</option>
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} · {t(`roles.${p.role}`, { defaultValue: p.role })} ·{' '}
            {t('collections.openLoans', { n: p.openLoans })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="st-button"
        disabled={!chosen || chosen === view.collector?.id || pending}
        onClick={() => post(`/collections/loans/${view.order.id}/assignment`, { collectorId: chosen })}
      >
        {t('collections.assign')}
      </button>
      <ErrorText error={error} />
    </div>
  );
}

function History({ view }: { view: CollectionView }) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('collections.contacts')}>
        {view.contacts.length === 0 ? (
          <p className="st-empty">{t('common.empty')}</p>
        ) : (
          <table className="st-table" data-testid="contacts">
            <thead>
              <tr>
                <th>{t('collections.at')}</th>
                <th>{t('collectionContact.channel')}</th>
                <th>{t('collectionContact.outcome')}</th>
                <th>{t('collections.by')}</th>
                <th>{t('collectionContact.note')}</th>
              </tr>
            </thead>
            <tbody>
              {view.contacts.map((c) => (
                <tr key={c.id} data-contact={c.id}>
                  <td>
                    <DateTime value={c.at} />
                  </td>
                  <td>{t(`collections.channels.${c.channel}`)}</td>
                  <td>{c.outcome ? t(`collections.outcomes.${c.outcome}`) : t('collections.messageSent')}</td>
                  <td>{c.staffName}</td>
                  <td>{c.note ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t('collections.promises')}>
        {view.promises.length === 0 ? (
          <p className="st-empty">{t('common.empty')}</p>
        ) : (
          <table className="st-table" data-testid="promises">
            <tbody>
              {view.promises.map((p) => (
                <tr key={p.id} data-promise-state={p.state}>
                  <td>
                    <DateTime value={p.promisedOn} dateOnly />
                  </td>
                  <td>
                    <Money centavos={p.amountCentavos} />
                  </td>
                  <td>{t(`collections.promiseStates.${p.state}`)}</td>
                  <td>{p.staffName}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t('collections.payments')}>
        {view.payments.length === 0 ? (
          <p className="st-empty">{t('common.empty')}</p>
        ) : (
          <table className="st-table">
            <tbody>
              {view.payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    <DateTime value={p.completedAt ?? p.createdAt} />
                  </td>
                  <td>{t(`orders.paymentKinds.${p.kind}`, { defaultValue: p.kind })}</td>
                  <td>
                    <Money centavos={p.amountCentavos} />
                  </td>
                  <td>{p.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>
      <Section title={t('collections.disputes')}>
        {view.disputes.length === 0 ? (
          <p className="st-empty">{t('common.empty')}</p>
        ) : (
          <ul className="st-list" data-testid="loan-disputes">
            {view.disputes.map((d) => (
              <li key={d.id} data-dispute-state={d.state}>
                <DateTime value={d.openedAt} /> · {t(`collections.disputeReasons.${d.reason}`)} ·{' '}
                {d.state === 'open'
                  ? t('collections.disputeOpen')
                  : t(`collections.disputeResolutions.${d.resolution ?? 'confirmed'}`)}
              </li>
            ))}
          </ul>
        )}
      </Section>
      {view.complaints !== null && (
        <Section title={t('collections.complaints.loanTitle')}>
          {view.complaints.length === 0 ? (
            <p className="st-empty">{t('collections.complaints.none')}</p>
          ) : (
            <ul className="st-list" data-testid="loan-complaints">
              {view.complaints.map((c) => (
                <li key={c.id} data-complaint={c.id} data-state={c.state} data-overdue={String(c.overdue)}>
                  <strong>{c.reference}</strong> · <DateTime value={c.receivedAt} />
                  <ComplaintSummary complaint={c} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}
    </>
  );
}

export default function CollectionLoan() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const { query } = useCustom<CollectionView>({
    url: `/collections/loans/${encodeURIComponent(orderId)}`,
    method: 'get',
  });
  const view = query.data?.data;
  const reload = () => void query.refetch();
  const loading = useMemo(() => <p className="st-state" aria-busy="true" />, []);
  return (
    <div className="st-page">
      <h1>{t('collections.loanTitle', { orderNo: view?.order.orderNo ?? '' })}</h1>
      <StateView loading={query.isLoading} error={query.error} onRetry={reload}>
        {view && (
          <div className="st-columns">
            <div>
              <Section title={t('collections.overdueTitle')}>
                <Overdue view={view} />
              </Section>
              <Section title={t('collections.borrower')}>
                <Borrower view={view} />
              </Section>
              <History view={view} />
            </div>
            <div>
              <Rules view={view} />
              <Section title={t('collections.recordContact')}>
                <Suspense fallback={loading}>
                  <RecordContact orderId={view.order.id} onDone={reload} />
                </Suspense>
              </Section>
              <Section title={t('collections.sendTitle')}>
                <SendTemplate view={view} onDone={reload} />
              </Section>
              <Section title={t('collections.recordPromise')}>
                <Suspense fallback={loading}>
                  <RecordPromise orderId={view.order.id} lastDay={view.rules.promiseLastDay} onDone={reload} />
                </Suspense>
              </Section>
              <CanAccess resource="collections" action="assign">
                <Section title={t('collections.assignTitle')}>
                  <Assign view={view} onDone={reload} />
                </Section>
              </CanAccess>
            </div>
          </div>
        )}
      </StateView>
    </div>
  );
}
