/**
 * /staff/reviews/:orderId: the application (order, facts, masked profile, ID and face photos, repayment history,
 * notes) and the decision: approve with a limit, or reject with a reason code, a reapply date and a note. When someone
 * else decided first (ALREADY_DECIDED) the page says so and shows their decision.
 */
import { Suspense, useMemo, useState } from 'react';
import { CanAccess, useCustom, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ValidationError } from '#engine/validation/compiled-validator.ts';
import { formatPeso } from '#domain/money.ts';
import { StaffApiError } from '../api.ts';
import { StaffForm } from '../forms/staff-form.tsx';
import { FORMS_NS, fieldValue, type ProfileTranslator } from '../profile-text.ts';
import type { DecisionView, OptionsAnswer, ReviewAnswer } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText, Money, Section, StateView } from '../ui.tsx';
import { DocumentGallery } from './document-photo.tsx';
import { Notes } from './notes.tsx';
import { ProfileView, showValue } from './profile-view.tsx';

interface Decision {
  decision: 'approve' | 'reject';
  limitPesos?: number;
  reason?: string;
  reapplyAfter?: string;
  note?: string;
}

export function useOptions() {
  return useCustom<OptionsAnswer>({ url: '/options', method: 'get', queryOptions: { staleTime: 5 * 60_000 } });
}

/** The facts the rules used, labelled; the income band and employment type as the borrower's form names them. */
function Facts({ facts }: { facts: ReviewAnswer['order']['facts'] }) {
  const { t, i18n } = useTranslation(['staff', FORMS_NS]);
  if (!facts) return <>—</>;
  const text: ProfileTranslator = { t: (key, options) => t(key, options ?? {}), exists: (key) => i18n.exists(key) };
  const valueOf = (key: string, v: string | number | null) => {
    if (typeof v === 'number' && key.endsWith('Centavos')) return formatPeso(v);
    // The one-time limit raises granted, stored as one comma-separated text of their reasons.
    if (key === 'oneTimeRaises')
      return typeof v === 'string' && v !== ''
        ? v
            .split(',')
            .map((r) => t(`review.raiseReasons.${r}`, { defaultValue: r }))
            .join(', ')
        : '—';
    const field = FACT_FIELDS[key];
    return (field && fieldValue(text, 'workInfo', field, v)) ?? showValue(v);
  };
  return (
    <dl className="st-facts">
      {Object.entries(facts).map(([key, v]) => (
        <div key={key} data-fact={key}>
          <dt>{t(`review.factNames.${key}`, { defaultValue: key })}</dt>
          <dd>{valueOf(key, v)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Facts whose values are codes of a workInfo field (its option texts). */
const FACT_FIELDS: Readonly<Record<string, string>> = { incomeBand: 'monthlyIncome', employmentType: 'employmentType' };

function History({ history }: { history: ReviewAnswer['history'] }) {
  const { t } = useTranslation();
  if (history.length === 0) return <p className="st-empty">{t('review.noHistory')}</p>;
  return (
    <table className="st-table">
      <thead>
        <tr>
          <th>{t('reviews.orderNo')}</th>
          <th>{t('review.state')}</th>
          <th>{t('reviews.principal')}</th>
          <th>{t('orders.loanDate')}</th>
          <th>{t('orders.dueDate')}</th>
          <th>{t('orders.overdueDays')}</th>
          <th>{t('orders.repaid')}</th>
        </tr>
      </thead>
      <tbody>
        {history.map((h) => (
          <tr key={h.orderNo}>
            <td>{h.orderNo}</td>
            <td>{t(`orderStates.${h.state}`, { defaultValue: h.state })}</td>
            <td>
              <Money centavos={h.principalCentavos} />
            </td>
            <td>
              <DateTime value={h.loanDate} dateOnly />
            </td>
            <td>
              <DateTime value={h.dueDate} dateOnly />
            </td>
            <td>{h.overdueDays}</td>
            <td>
              <Money centavos={h.amountRepaidCentavos} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A decision as staff read it: the outcome, by whom and when, the approved limit or the reason and reapply day. */
export function DecisionSummary({ decision }: { decision: DecisionView }) {
  const { t } = useTranslation();
  const approved = decision.decision === 'approve';
  return (
    <dl className="st-facts" data-testid="decision-summary">
      <div>
        <dt>{t('review.outcome')}</dt>
        <dd data-testid="decision-outcome">
          {t(`reviewDecision.options.decision.${decision.decision}`, { defaultValue: decision.decision })}
        </dd>
      </div>
      <div>
        <dt>{t('review.decidedBy')}</dt>
        <dd data-testid="decided-by">{decision.by === 'system' ? t('review.byRules') : (decision.staffName ?? '—')}</dd>
      </div>
      <div>
        <dt>{t('review.decidedAt')}</dt>
        <dd>
          <DateTime value={decision.at} />
        </dd>
      </div>
      {approved ? (
        <div>
          <dt>{t('review.approvedLimit')}</dt>
          <dd data-testid="decision-limit">
            <Money centavos={decision.limit} />
          </dd>
        </div>
      ) : (
        <>
          <div>
            <dt>{t('reviewDecision.reason')}</dt>
            <dd data-testid="decision-reason">
              {decision.reason
                ? t(`reviewDecision.options.reason.${decision.reason}`, { defaultValue: decision.reason })
                : '—'}
            </dd>
          </div>
          <div>
            <dt>{t('reviewDecision.reapplyAfter')}</dt>
            <dd data-testid="decision-reapply">
              <DateTime value={decision.reapplyAfter} dateOnly />
            </dd>
          </div>
        </>
      )}
      {decision.note && (
        <div>
          <dt>{t('reviewDecision.note')}</dt>
          <dd>{decision.note}</dd>
        </div>
      )}
    </dl>
  );
}

function DecisionForm({
  orderId,
  options,
  onDecided,
}: {
  orderId: string;
  options: OptionsAnswer;
  onDecided: (conflict?: unknown) => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [data, setData] = useState<Decision | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const { minCentavos, maxCentavos } = options.limitRange;
  const enums = useMemo(() => ({ reason: options.rejectReasons }), [options.rejectReasons]);
  // The limit range is the server's configuration, not the schema's: checked here too, as the server does.
  const check = useMemo(
    () =>
      (value: unknown): ValidationError[] => {
        const limit = (value as Decision | undefined)?.limitPesos;
        if ((value as Decision | undefined)?.decision !== 'approve' || typeof limit !== 'number') return [];
        if (limit * 100 >= minCentavos && limit * 100 <= maxCentavos) return [];
        return [{ instancePath: '/limitPesos', schemaPath: '#/limitRange', keyword: 'limitRange', params: {} }];
      },
    [minCentavos, maxCentavos],
  );
  const submit = (value: Decision) => {
    setError(undefined);
    const body =
      value.decision === 'approve'
        ? { decision: 'approve', limitCentavos: (value.limitPesos ?? 0) * 100 }
        : {
            decision: 'reject',
            reason: value.reason,
            ...(value.reapplyAfter ? { reapplyAfter: value.reapplyAfter } : {}),
            ...(value.note ? { note: value.note } : {}),
          };
    mutate(
      {
        url: `/reviews/${orderId}/decision`,
        method: 'post',
        values: body,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => onDecided(),
        onError: (failure) => {
          if (failure instanceof StaffApiError && failure.code === 'ALREADY_DECIDED') onDecided(failure);
          else setError(failure);
        },
      },
    );
  };
  return (
    <>
      <p className="st-hint">
        {t('review.limitRange', {
          min: formatPeso(minCentavos, { wholeIfExact: true }),
          max: formatPeso(maxCentavos, { wholeIfExact: true }),
        })}
      </p>
      <StaffForm<Decision>
        name="reviewDecision"
        enums={enums}
        formData={data}
        onChange={setData}
        onSubmit={submit}
        check={check}
        disabled={mutation.isPending}
        submitText={t('review.submitDecision')}
      />
      <ErrorText error={error} />
    </>
  );
}

export default function ReviewShow() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const { query } = useCustom<ReviewAnswer>({ url: `/reviews/${encodeURIComponent(orderId)}`, method: 'get' });
  const { query: optionsQuery } = useOptions();
  const review = query.data?.data;
  const options = optionsQuery.data?.data;
  const [conflict, setConflict] = useState<unknown>(undefined);
  const reload = () => void query.refetch();
  const decidedNow = (failure?: unknown) => {
    setConflict(failure);
    reload();
  };
  const decided = review?.order.decision !== null && review?.order.decision !== undefined;
  return (
    <div className="st-page">
      <h1>{t('review.title', { orderNo: review?.order.orderNo ?? '' })}</h1>
      <StateView loading={query.isLoading} error={query.error} onRetry={reload}>
        {review && (
          <div className="st-columns">
            <div>
              <Section title={t('review.application')}>
                <dl className="st-facts">
                  <div>
                    <dt>{t('review.state')}</dt>
                    <dd data-testid="order-state">
                      {t(`orderStates.${review.order.state}`, { defaultValue: review.order.state })}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('reviews.principal')}</dt>
                    <dd>
                      <Money centavos={review.order.principalCentavos} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('reviews.term')}</dt>
                    <dd>{t('common.days', { count: review.order.termDays })}</dd>
                  </div>
                  <div>
                    <dt>{t('reviews.appliedAt')}</dt>
                    <dd>
                      <DateTime value={review.order.appliedAt} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('reviews.reason')}</dt>
                    <dd data-testid="review-reason">
                      {review.order.reason
                        ? t(`reviewReasons.${review.order.reason}`, { defaultValue: review.order.reason })
                        : '—'}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('review.customer')}</dt>
                    <dd>
                      {review.customer.nameMasked ?? '—'} · {review.customer.phoneMasked}
                    </dd>
                  </div>
                </dl>
              </Section>
              <Section title={t('review.facts')}>
                <Facts facts={review.order.facts} />
              </Section>
              <Section title={t('review.profile')}>
                <ProfileView profile={review.profile} />
              </Section>
              <Section title={t('review.documents')}>
                <DocumentGallery customerId={review.customer.id} documents={review.documents} />
              </Section>
              <Section title={t('review.history')}>
                <History history={review.history} />
              </Section>
            </div>
            <div>
              <Section title={t('review.decision')}>
                {decided ? (
                  <div data-testid="decided">
                    <ErrorText error={conflict} />
                    <p className="st-notice">{t('review.decided')}</p>
                    {review.order.decision && <DecisionSummary decision={review.order.decision} />}
                  </div>
                ) : options ? (
                  <CanAccess
                    resource="reviews"
                    action="decide"
                    fallback={<p className="st-hint">{t('review.cannotDecide')}</p>}
                  >
                    <Suspense
                      fallback={
                        <p className="st-state" aria-busy="true">
                          {t('common.loading')}
                        </p>
                      }
                    >
                      <DecisionForm orderId={review.order.id} options={options} onDecided={decidedNow} />
                    </Suspense>
                  </CanAccess>
                ) : (
                  <StateView loading={optionsQuery.isLoading} error={optionsQuery.error}>
                    {null}
                  </StateView>
                )}
              </Section>
              <Section title={t('review.notes')}>
                <Notes
                  customerId={review.customer.id}
                  orderId={review.order.id}
                  notes={review.notes}
                  onAdded={reload}
                />
              </Section>
            </div>
          </div>
        )}
      </StateView>
    </div>
  );
}
