/**
 * /staff/customers/:customerId: one customer in sections — profile (masked; "Show" per field or "Show all" asks the
 * unmask route, which the audit log records), documents, orders with events, payments and overpayment refunds (+ retry a
 * failed one), coupons (+ grant), messages, feedback (+ reply), notes (+ add), deletion requests (+ open one) and who
 * looked at this customer.
 */
import { Suspense, useMemo, useState } from 'react';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatPeso } from '#domain/money.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { GrantCaps, GrantWaits } from '../coupon-grant-waits.tsx';
import type { ListedDeletionRequest } from '#api-contract/staff-deletion.ts';
import type {
  CustomerAnswer,
  CustomerOrder,
  GrantCreatedAnswer,
  MaskedProfileStep,
  OptionsAnswer,
} from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText, manilaText, Money, Section, StateView, Tabs } from '../ui.tsx';
import { DocumentGallery } from './document-photo.tsx';
import { FeedbackCard } from './feedback-reply.tsx';
import { Notes } from './notes.tsx';
import { FORMS_NS } from '../profile-text.ts';
import { ProfileView, showValue, type ShownProfileStep } from './profile-view.tsx';
import { CustomerRefunds } from './refund-list.tsx';

const TABS = [
  'profile',
  'documents',
  'orders',
  'coupons',
  'messages',
  'feedback',
  'notes',
  'deletion',
  'lookedAt',
] as const;
type Tab = (typeof TABS)[number];

/** Clear values by `<step>.<key>` from an unmask answer ({profile:[...]}, {fields:[{step,key,value}]} or a map). */
export function clearValues(answer: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!answer || typeof answer !== 'object') return out;
  const a = answer as Record<string, unknown>;
  if (Array.isArray(a['profile'])) {
    for (const step of a['profile'] as ShownProfileStep[])
      for (const f of step.fields) out[`${step.step}.${f.key}`] = f.value;
    return out;
  }
  if (Array.isArray(a['fields'])) {
    for (const f of a['fields'] as { step?: string; key?: string; field?: string; value: unknown }[])
      out[f.field ?? `${f.step}.${f.key}`] = f.value;
    return out;
  }
  const values = (a['values'] && typeof a['values'] === 'object' ? a['values'] : a) as Record<string, unknown>;
  Object.assign(out, values);
  return out;
}

function ProfileSection({ customerId, profile }: { customerId: string; profile: readonly MaskedProfileStep[] }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [clear, setClear] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<unknown>(undefined);
  const unmask = (body: { fields: string[] } | { all: true }) => {
    setError(undefined);
    mutate(
      {
        url: `/customers/${customerId}/unmask`,
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: ({ data }) => setClear((c) => ({ ...c, ...clearValues(data) })), onError: setError },
    );
  };
  const shown = useMemo(
    () =>
      profile.map((step) => ({
        ...step,
        fields: step.fields.map((f) =>
          `${step.step}.${f.key}` in clear ? { ...f, value: clear[`${step.step}.${f.key}`] } : f,
        ),
      })),
    [profile, clear],
  );
  return (
    <>
      <CanAccess resource="customers" action="unmask">
        <div className="st-unmask">
          <p className="st-hint">{t('customer.unmaskAudited')}</p>
          <button
            type="button"
            className="st-button st-secondary"
            disabled={mutation.isPending}
            onClick={() => unmask({ all: true })}
          >
            {t('customer.showAll')}
          </button>
        </div>
      </CanAccess>
      <ErrorText error={error} />
      <ProfileView
        profile={shown}
        action={(step, key) =>
          `${step}.${key}` in clear ? null : (
            <CanAccess resource="customers" action="unmask">
              <button
                type="button"
                className="st-link"
                disabled={mutation.isPending}
                onClick={() => unmask({ fields: [`${step}.${key}`] })}
              >
                {t('customer.show')}
              </button>
            </CanAccess>
          )
        }
      />
    </>
  );
}

function Orders({ orders }: { orders: readonly CustomerOrder[] }) {
  const { t } = useTranslation();
  if (orders.length === 0) return <p className="st-empty">{t('common.empty')}</p>;
  return (
    <>
      {orders.map((o) => (
        <article key={o.id} className="st-card" data-order={o.orderNo}>
          <header className="st-card-head">
            <strong>{o.orderNo}</strong>
            <span className="st-badge">{t(`orderStates.${o.state}`, { defaultValue: o.state })}</span>
            <Money centavos={o.principalCentavos} /> · {t('common.days', { count: o.termDays })}
          </header>
          <dl className="st-facts st-inline">
            <div>
              <dt>{t('orders.loanDate')}</dt>
              <dd>
                <DateTime value={o.loanDate} dateOnly />
              </dd>
            </div>
            <div>
              <dt>{t('orders.dueDate')}</dt>
              <dd>
                <DateTime value={o.dueDate} dateOnly />
              </dd>
            </div>
            <div>
              <dt>{t('orders.amountDue')}</dt>
              <dd>
                <Money centavos={o.amountDueCentavos} />
              </dd>
            </div>
            <div>
              <dt>{t('orders.repaid')}</dt>
              <dd>
                <Money centavos={o.amountRepaidCentavos} />
              </dd>
            </div>
            <div>
              <dt>{t('orders.overdueDays')}</dt>
              <dd>{o.overdueDays ?? 0}</dd>
            </div>
          </dl>
          <div className="st-columns">
            <div>
              <h4>{t('orders.events')}</h4>
              <ul className="st-list st-compact">
                {o.events.map((e, i) => (
                  <li key={i}>
                    <DateTime value={e.at} /> · {e.kind}
                    {e.toState ? ` → ${t(`orderStates.${e.toState}`, { defaultValue: e.toState })}` : ''}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4>{t('orders.payments')}</h4>
              {o.payments.length === 0 ? (
                <p className="st-empty">{t('common.empty')}</p>
              ) : (
                <ul className="st-list st-compact">
                  {o.payments.map((p) => (
                    <li key={p.id}>
                      <DateTime value={p.createdAt} /> · {t(`orders.paymentKinds.${p.kind}`, { defaultValue: p.kind })}{' '}
                      · {t(`orders.channels.${p.channel}`, { defaultValue: p.channel })} ·{' '}
                      <Money centavos={p.amountCentavos} /> ·{' '}
                      {t(`orders.paymentStates.${p.state}`, { defaultValue: p.state })}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        </article>
      ))}
    </>
  );
}

function Records({ items }: { items: readonly Record<string, unknown>[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="st-empty">{t('common.empty')}</p>;
  const columns = [...new Set(items.flatMap((i) => Object.keys(i)))].filter((c) => c !== 'id');
  return (
    <table className="st-table">
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {items.map((item, i) => (
          <tr key={String(item['id'] ?? i)}>
            {columns.map((c) => (
              <td key={c}>
                {/Centavos$/u.test(c) && typeof item[c] === 'number' ? formatPeso(item[c]) : showValue(item[c])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function GrantCoupon({
  customerId,
  options,
  onDone,
}: {
  customerId: string;
  options: OptionsAnswer;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<GrantCreatedAnswer>();
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<GrantCreatedAnswer | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const enums = useMemo(
    () => ({ definitionId: options.couponDefinitions.map((d) => d.id) }),
    [options.couponDefinitions],
  );
  const grant = (values: { definitionId: string; reason: string }) => {
    setError(undefined);
    setResult(undefined);
    mutate(
      {
        url: `/customers/${customerId}/coupon-grants`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          setResult(data);
          setRound((n) => n + 1);
          onDone();
        },
        onError: setError,
      },
    );
  };
  return (
    <div className="st-subform">
      <h3>{t('couponGrant.title')}</h3>
      <ul className="st-hint st-compact">
        {options.couponDefinitions.map((d) => (
          <li key={d.id}>
            {t(`couponGrant.options.definitionId.${d.id}`, { defaultValue: d.id })}:{' '}
            {formatPeso(d.amountCentavos, { wholeIfExact: true })}
            {d.needsApproval ? ` · ${t('couponGrant.needsApproval')}` : ''}
          </li>
        ))}
      </ul>
      <GrantCaps caps={options.couponGrantCaps} />
      <Suspense fallback={null}>
        <StaffForm
          key={round}
          name="couponGrant"
          enums={enums}
          onSubmit={grant}
          disabled={mutation.isPending}
          submitText={t('couponGrant.submit')}
        />
      </Suspense>
      {result && (
        <div className="st-notice" role="status">
          <p>{t(result.state === 'pending' ? 'couponGrant.pending' : 'couponGrant.issued')}</p>
          <GrantWaits waits={result.waitsFor} />
        </div>
      )}
      <ErrorText error={error} />
    </div>
  );
}

function DeletionSection({ customerId, options }: { customerId: string; options: OptionsAnswer | undefined }) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<ListedDeletionRequest[] | { items: ListedDeletionRequest[] }>({
    url: `/customers/${customerId}/deletion-requests`,
    method: 'get',
  });
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const [round, setRound] = useState(0);
  const raw = query.data?.data;
  const requests = Array.isArray(raw) ? raw : (raw?.items ?? []);
  const enums = useMemo(() => ({ verification: options?.deletionVerifications ?? [] }), [options]);
  const open = (values: { verification: string; note?: string }) => {
    setError(undefined);
    mutate(
      {
        url: `/customers/${customerId}/deletion-requests`,
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setRound((n) => n + 1);
          void query.refetch();
        },
        onError: setError,
      },
    );
  };
  return (
    <>
      <StateView loading={query.isLoading} error={query.error} onRetry={() => void query.refetch()}>
        {requests.length === 0 ? (
          <p className="st-empty">{t('deletion.none')}</p>
        ) : (
          <ul className="st-list">
            {requests.map((r) => (
              <li key={r.id} data-deletion={r.state}>
                <span className="st-badge">{t(`deletion.states.${r.state}`, { defaultValue: r.state })}</span>{' '}
                {t(`deletionRequest.options.verification.${r.verification}`, { defaultValue: r.verification })} ·{' '}
                {r.requestedBy.name} · <DateTime value={r.createdAt} />
                {r.refusalCode && <p>{t(`deletion.refusal.${r.refusalCode}`)}</p>}
                {r.retainUntil && (
                  <p className="st-hint">
                    {t('deletion.retainUntil', { date: manilaText(r.retainUntil, i18n.language) ?? r.retainUntil })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </StateView>
      <CanAccess resource="deletion-requests" action="create">
        {options && (
          <div className="st-subform">
            <h3>{t('deletionRequest.title')}</h3>
            <p className="st-hint">{t('deletion.hint')}</p>
            <Suspense fallback={null}>
              <StaffForm
                key={round}
                name="deletionRequest"
                enums={enums}
                onSubmit={open}
                disabled={mutation.isPending}
                submitText={t('deletion.submit')}
              />
            </Suspense>
            <ErrorText error={error} />
          </div>
        )}
      </CanAccess>
    </>
  );
}

export default function CustomerShow() {
  // The profile names its steps and fields from the forms' catalog: waited for with the page's own loading state, so
  // the page never shows and then hides behind it when the profile arrives first.
  const { t } = useTranslation(['staff', FORMS_NS]);
  const { customerId = '' } = useParams();
  const [tab, setTab] = useState<Tab>('profile');
  const { query } = useCustom<CustomerAnswer>({ url: `/customers/${encodeURIComponent(customerId)}`, method: 'get' });
  const { query: optionsQuery } = useCustom<OptionsAnswer>({
    url: '/options',
    method: 'get',
    queryOptions: { staleTime: 5 * 60_000 },
  });
  const detail = query.data?.data;
  const options = optionsQuery.data?.data;
  const reload = () => void query.refetch();
  return (
    <div className="st-page">
      <h1>{t('customer.title', { phone: detail?.customer.phoneMasked ?? '' })}</h1>
      <StateView loading={query.isLoading} error={query.error} onRetry={reload}>
        {detail && (
          <>
            <dl className="st-facts st-inline">
              <div>
                <dt>{t('customer.id')}</dt>
                <dd>{detail.customer.id}</dd>
              </div>
              <div>
                <dt>{t('customer.language')}</dt>
                <dd>{t(`languages.${detail.customer.language}`, { defaultValue: detail.customer.language })}</dd>
              </div>
              <div>
                <dt>{t('customers.since')}</dt>
                <dd>
                  <DateTime value={detail.customer.createdAt} dateOnly />
                </dd>
              </div>
              {detail.customer.erased && (
                <div>
                  <dt>{t('customers.erased')}</dt>
                  <dd>✓</dd>
                </div>
              )}
            </dl>
            <Tabs options={TABS} value={tab} onChange={setTab} label={(name) => t(`customer.tabs.${name}`)} />
            <div role="tabpanel">
              {tab === 'profile' && (
                <Section title={t('customer.tabs.profile')}>
                  <ProfileSection customerId={customerId} profile={detail.profile} />
                </Section>
              )}
              {tab === 'documents' && (
                <Section title={t('customer.tabs.documents')}>
                  <DocumentGallery customerId={customerId} documents={detail.documents} />
                </Section>
              )}
              {tab === 'orders' && (
                <Section title={t('customer.tabs.orders')}>
                  <Orders orders={detail.orders} />
                  <h3>{t('refunds.title')}</h3>
                  <CustomerRefunds customerId={customerId} />
                </Section>
              )}
              {tab === 'coupons' && (
                <Section title={t('customer.tabs.coupons')}>
                  <Records items={detail.coupons} />
                  <h3>{t('customer.grants')}</h3>
                  <Records items={detail.couponGrants as unknown as Record<string, unknown>[]} />
                  <CanAccess resource="coupon-grants" action="create">
                    {options && <GrantCoupon customerId={customerId} options={options} onDone={reload} />}
                  </CanAccess>
                </Section>
              )}
              {tab === 'messages' && (
                <Section title={t('customer.tabs.messages')}>
                  <Records items={detail.messages} />
                </Section>
              )}
              {tab === 'feedback' && (
                <Section title={t('customer.tabs.feedback')}>
                  {detail.feedback.length === 0 ? (
                    <p className="st-empty">{t('common.empty')}</p>
                  ) : (
                    detail.feedback.map((f) => <FeedbackCard key={f.id} item={f} onReplied={reload} />)
                  )}
                </Section>
              )}
              {tab === 'notes' && (
                <Section title={t('customer.tabs.notes')}>
                  <Notes customerId={customerId} notes={detail.notes} onAdded={reload} />
                </Section>
              )}
              {tab === 'deletion' && (
                <Section title={t('customer.tabs.deletion')}>
                  <DeletionSection customerId={customerId} options={options} />
                </Section>
              )}
              {tab === 'lookedAt' && (
                <Section title={t('customer.tabs.lookedAt')}>
                  <Records items={detail.lookedAtBy as unknown as Record<string, unknown>[]} />
                </Section>
              )}
            </div>
          </>
        )}
      </StateView>
    </div>
  );
}
