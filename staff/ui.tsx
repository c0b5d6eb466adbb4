/** The console's small shared pieces: loading, empty and error states, a pager, money, dates, a translated error. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { StaffApiError } from './api.ts';

/** The translated text of an API error: the errors namespace by code, with the server's details interpolated. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation(['staff', 'errors']);
  return (error) => {
    const code = error instanceof StaffApiError ? error.code : 'UNKNOWN';
    const details = error instanceof StaffApiError ? error.details : {};
    const minutes =
      typeof details['retryAfterSeconds'] === 'number'
        ? Math.ceil(details['retryAfterSeconds'] / 60)
        : details['retryAfterMinutes'];
    // A reason picks the text that says why (errors.json PASSWORD_REFUSED_<reason>), else the code's own.
    const context = typeof details['reason'] === 'string' ? details['reason'] : undefined;
    return t(`errors:${code}`, {
      ...details,
      retryAfterMinutes: minutes,
      ...(context && { context }),
      defaultValue: t('errors:UNKNOWN'),
    });
  };
}

export function ErrorText({ error }: { error: unknown }) {
  const text = useErrorText();
  if (!error) return null;
  return (
    <p className="st-error" role="alert">
      {text(error)}
    </p>
  );
}

/** Loading, error or empty, else the content. */
export function StateView({
  loading,
  error,
  empty,
  onRetry,
  children,
}: {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (loading)
    return (
      <p className="st-state" aria-busy="true">
        {t('common.loading')}
      </p>
    );
  if (error)
    return (
      <div className="st-state">
        <ErrorText error={error} />
        {onRetry && (
          <button type="button" className="st-button" onClick={onRetry}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  if (empty) return <p className="st-state st-empty">{t('common.empty')}</p>;
  return <>{children}</>;
}

export function Pager({
  page,
  pageCount,
  total,
  onPage,
}: {
  page: number;
  pageCount: number;
  total: number | undefined;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="st-pager" aria-label={t('common.pagination')}>
      <button type="button" className="st-button st-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.pageOf', { page, pages: Math.max(pageCount, 1), total: total ?? 0 })}</span>
      <button
        type="button"
        className="st-button st-secondary"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

export const Money = ({ centavos }: { centavos: number | null | undefined }) => (
  <span className="st-money">{typeof centavos === 'number' ? formatPeso(centavos) : '—'}</span>
);

/**
 * An instant, or a Manila day (YYYY-MM-DD), as staff read it in `language`: Manila's date in words ("Jan 31, 2027",
 * never "1/31/2027", which reads as another day where the day comes first), with the time for an instant unless
 * `dateOnly`. Undefined for a value that is no date.
 */
export function manilaText(value: string, language: string, dateOnly = false): string | undefined {
  const day = /^\d{4}-\d{2}-\d{2}$/u.test(value);
  const date = new Date(day ? `${value}T00:00:00+08:00` : value);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleString(language, {
    timeZone: 'Asia/Manila',
    dateStyle: 'medium',
    ...(!day && !dateOnly && { timeStyle: 'short' }),
  });
}

export function DateTime({ value, dateOnly }: { value: string | null | undefined; dateOnly?: boolean }) {
  const { i18n } = useTranslation();
  if (!value) return <>—</>;
  const text = manilaText(value, i18n.language, dateOnly);
  return text === undefined ? <>{value}</> : <time dateTime={value}>{text}</time>;
}

/** A waiting time as hours and minutes. */
export function Waiting({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const minutes = Math.floor(seconds / 60);
  return (
    <>
      {minutes >= 60
        ? t('common.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
        : t('common.minutes', { count: minutes })}
    </>
  );
}

export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="st-section">
      <header className="st-section-head">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

/**
 * A row of tabs (a tablist): a button per option, the chosen one selected. `label` names an option; `data` gives a
 * tab's data attributes (tests find tabs by them).
 */
export function Tabs<T extends string>({
  options,
  value,
  onChange,
  label,
  ariaLabel,
  data,
}: {
  options: readonly T[];
  value: T;
  onChange: (option: T) => void;
  label: (option: T) => ReactNode;
  ariaLabel?: string;
  data?: (option: T) => Record<`data-${string}`, string>;
}) {
  return (
    <div className="st-tabs" role="tablist" aria-label={ariaLabel}>
      {options.map((option) => (
        <button
          key={option || 'all'}
          type="button"
          role="tab"
          aria-selected={value === option}
          className="st-tab"
          onClick={() => onChange(option)}
          {...data?.(option)}
        >
          {label(option)}
        </button>
      ))}
    </div>
  );
}
