/**
 * /staff/book (supervisors and administrators, `book.read`): the book at a glance for a range of Manila days. Money
 * disbursed and repaid, approvals and rejections, the outstanding book, portfolio at risk, the delinquency buckets,
 * roll rates, collection rates, promises to pay (`GET /book`) and the onboarding funnel (`GET /book/funnel`), each
 * table downloadable as CSV (`GET /book/export`). Every figure is the server's: the screen only formats it (pesos
 * from centavos, percent from basis points). Loaded as its own chunk with the charting library.
 */
import { Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useCustom, type BaseRecord } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { BookAnswer, BookTable, FunnelAnswer } from '#api-contract/book.ts';
import { fieldLabel, FORMS_NS, schemaOf } from '../profile-text.ts';
import { manilaText, Money, Section, StateView, Tabs } from '../ui.tsx';
import { BarsChart, COLORS } from './book-charts.tsx';
import { basisPointsOf, CsvButton, DASH, FigureTable, usePercent, type FigureColumn } from './book-parts.tsx';
import './book-dashboard.css';

interface Range {
  from?: string;
  to?: string;
}
type Flow = BookAnswer['days'][number];
type FunnelStep = FunnelAnswer['steps'][number];

/** The figures of `GET /book` or `/book/funnel` for a range (none: the server's default, the last 30 days). */
function useBook<T extends object>(url: string, range: Range) {
  const { query } = useCustom<BaseRecord>({
    url,
    method: 'get',
    config: { query: { from: range.from, to: range.to } },
    errorNotification: false,
  });
  return {
    data: query.data?.data as T | undefined,
    loading: query.isLoading,
    error: query.error,
    retry: query.refetch,
  };
}

export default function BookDashboard() {
  const { t } = useTranslation();
  // The funnel names steps and fields from the forms' catalog: asked for now, beside the figures, without waiting.
  useTranslation(FORMS_NS, { useSuspense: false });
  // The range asked for, and the one being typed: an error answer leaves the typed one as it is.
  const [range, setRange] = useState<Range>({});
  const [draft, setDraft] = useState<Required<Range> | undefined>(undefined);
  const book = useBook<BookAnswer>('/book', range);
  const funnel = useBook<FunnelAnswer>('/book/funnel', range);
  const shown = draft ?? { from: range.from ?? book.data?.from ?? '', to: range.to ?? book.data?.to ?? '' };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange({ from: shown.from, to: shown.to });
  };
  return (
    <div className="st-page bk-page">
      <h1>{t('book.title')}</h1>
      <p className="st-hint">{t('book.hint')}</p>
      <form className="st-filters" onSubmit={submit} data-testid="book-range">
        {(['from', 'to'] as const).map((field) => (
          <label key={field} className="st-field">
            <span>{t(`book.${field}`)}</span>
            <input
              type="date"
              name={field}
              value={shown[field]}
              onChange={(e) => setDraft({ ...shown, [field]: e.target.value })}
            />
          </label>
        ))}
        <button type="submit" className="st-button st-secondary">
          {t('book.show')}
        </button>
      </form>
      <StateView loading={book.loading} error={book.error} onRetry={() => void book.retry()}>
        {book.data && <Book answer={book.data} />}
      </StateView>
      {book.data && (
        <StateView loading={funnel.loading} error={funnel.error} onRetry={() => void funnel.retry()}>
          {/* Until the forms' catalog is in, only the funnel waits: the figures above stay on screen. */}
          <Suspense fallback={<p className="st-state" aria-busy="true" />}>
            {funnel.data && <Funnel answer={funnel.data} />}
          </Suspense>
        </StateView>
      )}
    </div>
  );
}

/** A section's title with its CSV action. */
function Titled({
  title,
  table,
  from,
  to,
  hint,
  children,
}: {
  title: string;
  table: BookTable;
  from: string;
  to: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} actions={<CsvButton table={table} from={from} to={to} title={title} />}>
      {hint && <p className="st-hint">{hint}</p>}
      {children}
    </Section>
  );
}

const count = (language: string) => (value: number) => new Intl.NumberFormat(language).format(value);

function Book({ answer }: { answer: BookAnswer }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const n = count(i18n.language);
  const { from, to } = answer;
  const day = (value: string) => manilaText(value, i18n.language) ?? value;
  const bucketName = (id: string) =>
    id === 'current' ? t('book.current') : t(`collections.buckets.${id}`, { defaultValue: id });
  return (
    <>
      <p className="st-hint" data-testid="book-as-of">
        {t('book.range', { from: day(from), to: day(to), asOf: day(answer.asOf) })}
      </p>
      <Summary answer={answer} />
      <Flows answer={answer} />
      <div className="bk-grid">
        <Titled title={t('book.par.title')} table="par" from={from} to={to} hint={t('book.par.hint')}>
          <BarsChart
            title={t('book.par.title')}
            data={answer.par}
            category="days"
            categoryLabel={(days) => t('book.par.label', { days })}
            bars={[{ key: 'basisPoints', name: t('book.par.share'), color: COLORS.red }]}
            measure="basisPoints"
          />
          <FigureTable
            caption={t('book.par.title')}
            testId="book-par"
            rows={answer.par}
            rowKey={(r) => String(r.days)}
            columns={[
              { id: 'days', header: t('book.par.threshold'), cell: (r) => t('book.par.label', { days: r.days }) },
              { id: 'loans', header: t('book.loans'), cell: (r) => n(r.loans), figure: true },
              {
                id: 'principal',
                header: t('book.principal'),
                cell: (r) => <Money centavos={r.principal} />,
                figure: true,
              },
              { id: 'share', header: t('book.par.share'), cell: (r) => percent(r.basisPoints), figure: true },
            ]}
          />
        </Titled>
        <Titled title={t('book.buckets.title')} table="buckets" from={from} to={to}>
          <BarsChart
            title={t('book.buckets.title')}
            data={answer.buckets}
            category="bucket"
            categoryLabel={bucketName}
            bars={[
              { key: 'principal', name: t('book.principal'), color: COLORS.blue },
              { key: 'overdue', name: t('book.overdue'), color: COLORS.orange },
              { key: 'loans', name: t('book.loans'), color: COLORS.grey, right: true },
            ]}
            measure="money"
          />
          <FigureTable
            caption={t('book.buckets.title')}
            testId="book-buckets"
            rows={answer.buckets}
            rowKey={(r) => r.bucket}
            columns={[
              { id: 'bucket', header: t('book.bucket'), cell: (r) => bucketName(r.bucket) },
              { id: 'loans', header: t('book.loans'), cell: (r) => n(r.loans), figure: true },
              {
                id: 'principal',
                header: t('book.principal'),
                cell: (r) => <Money centavos={r.principal} />,
                figure: true,
              },
              { id: 'overdue', header: t('book.overdue'), cell: (r) => <Money centavos={r.overdue} />, figure: true },
            ]}
          />
        </Titled>
        <Titled
          title={t('book.rollRates.title')}
          table="rollRates"
          from={from}
          to={to}
          hint={t('book.rollRates.hint', { from: day(from), to: day(to) })}
        >
          <FigureTable
            caption={t('book.rollRates.title')}
            testId="book-roll-rates"
            rows={answer.rollRates}
            rowKey={(r) => `${r.from}:${r.to}`}
            columns={[
              { id: 'from', header: t('book.rollRates.from'), cell: (r) => bucketName(r.from) },
              { id: 'to', header: t('book.rollRates.to'), cell: (r) => bucketName(r.to) },
              { id: 'loans', header: t('book.loans'), cell: (r) => n(r.loans), figure: true },
              { id: 'rolled', header: t('book.rollRates.rolled'), cell: (r) => n(r.rolled), figure: true },
              { id: 'rate', header: t('book.rollRates.rate'), cell: (r) => percent(r.basisPoints), figure: true },
            ]}
          />
        </Titled>
        <Promises answer={answer} />
        <Titled
          title={t('book.collection.byBucket')}
          table="collectionByBucket"
          from={from}
          to={to}
          hint={t('book.collection.hint')}
        >
          <BarsChart
            title={t('book.collection.byBucket')}
            data={answer.collection.byBucket}
            category="bucket"
            categoryLabel={bucketName}
            bars={[{ key: 'basisPoints', name: t('book.collection.rate'), color: COLORS.green }]}
            measure="basisPoints"
          />
          <FigureTable
            caption={t('book.collection.byBucket')}
            testId="book-collection-bucket"
            rows={answer.collection.byBucket}
            rowKey={(r) => r.bucket}
            columns={[
              { id: 'bucket', header: t('book.bucket'), cell: (r) => bucketName(r.bucket) },
              ...collectionColumns(t, n, percent),
            ]}
          />
        </Titled>
        <Titled title={t('book.collection.byCollector')} table="collectionByCollector" from={from} to={to}>
          <BarsChart
            title={t('book.collection.byCollector')}
            data={answer.collection.byCollector.map((r) => ({
              name: r.collector?.name ?? t('collections.nobody'),
              basisPoints: r.basisPoints,
            }))}
            category="name"
            bars={[{ key: 'basisPoints', name: t('book.collection.rate'), color: COLORS.green }]}
            measure="basisPoints"
          />
          <FigureTable
            caption={t('book.collection.byCollector')}
            testId="book-collection-collector"
            rows={answer.collection.byCollector}
            rowKey={(r) => r.collector?.id ?? 'nobody'}
            columns={[
              {
                id: 'collector',
                header: t('collections.collector'),
                cell: (r) => r.collector?.name ?? t('collections.nobody'),
              },
              ...collectionColumns(t, n, percent),
            ]}
          />
        </Titled>
      </div>
    </>
  );
}

type Collected = BookAnswer['collection']['byBucket'][number];
function collectionColumns(
  t: (key: string) => string,
  n: (value: number) => string,
  percent: (basisPoints: number | null) => string,
): FigureColumn<Pick<Collected, 'loans' | 'overdue' | 'collected' | 'basisPoints'>>[] {
  return [
    { id: 'loans', header: t('book.loans'), cell: (r) => n(r.loans), figure: true },
    { id: 'overdue', header: t('book.overdue'), cell: (r) => <Money centavos={r.overdue} />, figure: true },
    {
      id: 'collected',
      header: t('book.collection.collected'),
      cell: (r) => <Money centavos={r.collected} />,
      figure: true,
    },
    { id: 'rate', header: t('book.collection.rate'), cell: (r) => percent(r.basisPoints), figure: true },
  ];
}

/** The book on `asOf` and portfolio at risk, as figures. */
function Summary({ answer }: { answer: BookAnswer }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const n = count(i18n.language);
  const { from, to } = answer;
  return (
    <Section
      title={t('book.summary.title', { asOf: manilaText(answer.asOf, i18n.language) ?? answer.asOf })}
      actions={<CsvButton table="book" from={from} to={to} title={t('book.summary.csv')} />}
    >
      <dl className="bk-figures" data-testid="book-summary">
        <div className="bk-figure-card">
          <dt>{t('book.summary.loans')}</dt>
          <dd className="bk-big">{n(answer.book.loans)}</dd>
        </div>
        <div className="bk-figure-card">
          <dt>{t('book.summary.principal')}</dt>
          <dd className="bk-big">
            <Money centavos={answer.book.principal} />
          </dd>
        </div>
        <div className="bk-figure-card">
          <dt>{t('book.summary.owed')}</dt>
          <dd className="bk-big">
            <Money centavos={answer.book.owed} />
          </dd>
        </div>
        {answer.par.map((row) => (
          <div key={row.days} className="bk-figure-card" data-par={row.days}>
            <dt>{t('book.par.label', { days: row.days })}</dt>
            <dd className="bk-big">{percent(row.basisPoints)}</dd>
            <dd className="bk-small">
              <Money centavos={row.principal} /> · {t('book.loanCount', { count: row.loans })}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** Money disbursed and repaid, approvals and rejections, by day or by week. */
function Flows({ answer }: { answer: BookAnswer }) {
  const { t, i18n } = useTranslation();
  const n = count(i18n.language);
  const [by, setBy] = useState<'days' | 'weeks'>('days');
  const rows: readonly Flow[] = answer[by];
  const periodHeader = by === 'days' ? t('book.flows.day') : t('book.flows.week');
  const short = (day: string) => day.slice(5);
  return (
    <Section
      title={t('book.flows.title')}
      actions={
        <CsvButton
          table={by}
          from={answer.from}
          to={answer.to}
          title={`${t('book.flows.title')} (${t(`book.flows.${by}`)})`}
        />
      }
    >
      <Tabs
        options={['days', 'weeks'] as const}
        value={by}
        onChange={setBy}
        label={(option) => t(`book.flows.${option}`)}
        ariaLabel={t('book.flows.by')}
      />
      <div className="bk-grid">
        <div>
          <h3>{t('book.flows.money')}</h3>
          <BarsChart
            title={`${t('book.flows.money')} (${t(`book.flows.${by}`)})`}
            data={rows}
            category="day"
            categoryLabel={short}
            bars={[
              { key: 'disbursed', name: t('book.flows.disbursed'), color: COLORS.blue },
              { key: 'repaid', name: t('book.flows.repaid'), color: COLORS.green },
            ]}
            measure="money"
          />
        </div>
        <div>
          <h3>{t('book.flows.decisions')}</h3>
          <BarsChart
            title={`${t('book.flows.decisions')} (${t(`book.flows.${by}`)})`}
            data={rows}
            category="day"
            categoryLabel={short}
            bars={[
              { key: 'approved', name: t('book.flows.approved'), color: COLORS.green },
              { key: 'rejected', name: t('book.flows.rejected'), color: COLORS.red },
            ]}
            measure="count"
          />
        </div>
      </div>
      <details className="bk-details">
        <summary>{t('book.showTable')}</summary>
        <FigureTable
          caption={`${t('book.flows.title')} (${t(`book.flows.${by}`)})`}
          testId="book-flows"
          rows={rows}
          rowKey={(r) => r.day}
          columns={[
            { id: 'day', header: periodHeader, cell: (r) => r.day },
            {
              id: 'disbursed',
              header: t('book.flows.disbursed'),
              cell: (r) => <Money centavos={r.disbursed} />,
              figure: true,
            },
            {
              id: 'disbursedLoans',
              header: t('book.flows.disbursedLoans'),
              cell: (r) => n(r.disbursedLoans),
              figure: true,
            },
            { id: 'repaid', header: t('book.flows.repaid'), cell: (r) => <Money centavos={r.repaid} />, figure: true },
            { id: 'approved', header: t('book.flows.approved'), cell: (r) => n(r.approved), figure: true },
            { id: 'rejected', header: t('book.flows.rejected'), cell: (r) => n(r.rejected), figure: true },
          ]}
        />
      </details>
    </Section>
  );
}

function Promises({ answer }: { answer: BookAnswer }) {
  const { t, i18n } = useTranslation();
  const percent = usePercent();
  const n = count(i18n.language);
  const { promises, from, to } = answer;
  const states = ['kept', 'broken', 'pending'] as const;
  const colors = { kept: COLORS.green, broken: COLORS.red, pending: COLORS.grey };
  return (
    <Titled title={t('book.promises.title')} table="promises" from={from} to={to} hint={t('book.promises.hint')}>
      <BarsChart
        title={t('book.promises.title')}
        data={[{ state: '', ...promises }]}
        category="state"
        categoryLabel={() => t('book.promises.made', { count: promises.made })}
        bars={states.map((state) => ({ key: state, name: t(`book.promises.${state}`), color: colors[state] }))}
        measure="count"
        height={200}
      />
      <dl className="bk-figures" data-testid="book-promises">
        <div className="bk-figure-card">
          <dt>{t('book.promises.madeLabel')}</dt>
          <dd className="bk-big">{n(promises.made)}</dd>
        </div>
        {states.map((state) => (
          <div key={state} className="bk-figure-card">
            <dt>{t(`book.promises.${state}`)}</dt>
            <dd className="bk-big">{n(promises[state])}</dd>
          </div>
        ))}
        <div className="bk-figure-card">
          <dt>{t('book.promises.rate')}</dt>
          <dd className="bk-big">{percent(promises.basisPoints)}</dd>
        </div>
      </dl>
    </Titled>
  );
}

/** The onboarding funnel per step and form version, with the fields whose errors stopped borrowers most. */
function Funnel({ answer }: { answer: FunnelAnswer }) {
  const { t, i18n } = useTranslation(['staff', FORMS_NS]);
  const percent = usePercent();
  const n = count(i18n.language);
  const stepName = (step: string) =>
    t(`steps.${step}`, { defaultValue: t(`steps.${schemaOf(step)}`, { defaultValue: step }) });
  const version = (v: number | null) => (v === null ? DASH : t('book.funnel.versionN', { version: v }));
  const rowName = (r: FunnelStep) => `${stepName(r.step)} · ${version(r.formVersion)}`;
  const translator = { t: (key: string, options?: Record<string, unknown>) => t(key, options), exists: i18n.exists };
  const title = t('book.funnel.title');
  return (
    <Titled title={title} table="funnel" from={answer.from} to={answer.to} hint={t('book.funnel.hint')}>
      <BarsChart
        title={title}
        data={answer.steps.map((r) => ({ name: rowName(r), reached: r.reached, completed: r.completed }))}
        category="name"
        bars={[
          { key: 'reached', name: t('book.funnel.reached'), color: COLORS.blue },
          { key: 'completed', name: t('book.funnel.completed'), color: COLORS.green },
        ]}
        measure="count"
      />
      <FigureTable
        caption={title}
        testId="book-funnel"
        rows={answer.steps}
        rowKey={(r) => `${r.step}:${String(r.formVersion)}`}
        columns={[
          { id: 'step', header: t('book.funnel.step'), cell: (r) => stepName(r.step) },
          { id: 'version', header: t('book.funnel.version'), cell: (r) => version(r.formVersion) },
          { id: 'reached', header: t('book.funnel.reached'), cell: (r) => n(r.reached), figure: true },
          { id: 'completed', header: t('book.funnel.completed'), cell: (r) => n(r.completed), figure: true },
          {
            id: 'conversion',
            header: t('book.funnel.conversion'),
            cell: (r) => percent(basisPointsOf(r.completed, r.reached)),
            figure: true,
          },
          {
            id: 'errors',
            header: t('book.funnel.errors'),
            cell: (r) =>
              r.errors.length === 0 ? (
                DASH
              ) : (
                <ul className="bk-errors">
                  {r.errors.map((e) => (
                    <li key={e.field}>
                      {t('book.funnel.errorField', {
                        field: fieldLabel(translator, r.step, e.field),
                        count: e.borrowers,
                      })}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
    </Titled>
  );
}
