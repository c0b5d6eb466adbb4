/**
 * The book dashboard's small parts without the charting library: ratios as percent, a table of figures with its
 * caption, and the CSV download of one of the book's tables (fetched with the staff session, saved as a blob).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookTable } from '#api-contract/book.ts';
import { apiBlob, withQuery } from '../api.ts';
import { ErrorText } from '../ui.tsx';

export const DASH = '—';

/**
 * Integer basis points (1/100 of a percent) as a percent with one or two decimals in the staff member's language:
 * 1234 is 12.34%, 1250 is 12.5%, 1200 is 12.0%; null (a ratio whose base is zero) is a dash.
 */
export function formatBasisPoints(basisPoints: number | null | undefined, language: string): string {
  if (basisPoints === null || basisPoints === undefined) return DASH;
  // A display-only division: a ratio, never an amount of money.
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(basisPoints / 10_000);
}

/** `part` of `whole` in basis points, rounded half up; null when the whole is zero (as the server's ratios are). */
export function basisPointsOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 10_000) / whole);
}

/** The text of a ratio in the language shown. */
export function usePercent(): (basisPoints: number | null | undefined) => string {
  const { i18n } = useTranslation();
  return (basisPoints) => formatBasisPoints(basisPoints, i18n.language);
}

export interface FigureColumn<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** Figures are right-aligned so their digits line up. */
  readonly figure?: boolean;
}

/** A table of figures, named by its caption for screen readers; wide tables scroll inside their box at narrow widths. */
export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
}: {
  caption: string;
  columns: readonly FigureColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    // A table wider than its box scrolls, and a keyboard must be able to scroll it too: the box takes the focus.
    <div className="bk-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="st-table bk-table" data-testid={testId}>
        <caption className="bk-caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} scope="col" className={c.figure ? 'bk-figure' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="st-empty">
                {t('common.empty')}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((c) => (
                  <td key={c.id} className={c.figure ? 'bk-figure' : undefined}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The export's address for one table of the range shown (under the staff API, `STAFF_API` added by the client). */
export const exportPath = (table: BookTable, from: string, to: string): string =>
  withQuery('/book/export', { from, to, table });

/**
 * "Download CSV" of one table for the range shown: fetched with the session's bearer token (a plain link would carry
 * no session), then saved from a blob under a name that says the table and the days.
 */
export function CsvButton({ table, from, to, title }: { table: BookTable; from: string; to: string; title: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const download = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const blob = await apiBlob(exportPath(table, from, to));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `book-${table}-${from}-${to}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="bk-csv">
      <button
        type="button"
        className="st-button st-secondary"
        disabled={busy}
        aria-label={t('book.downloadCsvOf', { title })}
        data-csv={table}
        onClick={() => void download()}
      >
        {t('book.downloadCsv')}
      </button>
      <ErrorText error={error} />
    </span>
  );
}
