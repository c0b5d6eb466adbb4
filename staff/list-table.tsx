/**
 * The console's one list: a resource read through Refine's useTable (server-side pages, filters) shown as a table with
 * its loading, error and empty states and a pager. Screens give the columns; filters they set through the returned
 * table (`setFilters`).
 */
import type { ReactNode } from 'react';
import { useTable, type BaseRecord, type CrudFilter, type useTableReturnType } from '@refinedev/core';
import { Pager, StateView } from './ui.tsx';

/** One column: its header text and how a row shows in it. */
export interface Column<T> {
  readonly id: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  readonly className?: string;
}

/**
 * useTable as every console list uses it: `pageSize` rows a page, not synced to the URL, optional fixed filters;
 * `search`: the filters are personal values, posted to `<resource>/search` (staff/providers/data-provider.ts).
 */
export function useListTable<T extends BaseRecord>(
  resource: string,
  options: { pageSize?: number; filters?: CrudFilter[]; search?: boolean } = {},
): useTableReturnType<T> {
  return useTable<T>({
    resource,
    pagination: { pageSize: options.pageSize ?? 20 },
    syncWithLocation: false,
    ...(options.filters ? { filters: { permanent: options.filters } } : {}),
    ...(options.search ? { meta: { search: true } } : {}),
  });
}

export function ListTable<T extends BaseRecord>({
  table,
  columns,
  rowKey,
  rowProps,
}: {
  table: useTableReturnType<T>;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Extra attributes of a row (data-* hooks for tests and styles). */
  rowProps?: (row: T) => Record<`data-${string}`, string>;
}) {
  const { tableQuery, result, currentPage, setCurrentPage, pageCount } = table;
  return (
    <StateView
      loading={tableQuery.isLoading}
      error={tableQuery.error}
      empty={result.data.length === 0}
      onRetry={() => void tableQuery.refetch()}
    >
      <table className="st-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.data.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <td key={c.id} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={currentPage} pageCount={pageCount} total={result.total} onPage={setCurrentPage} />
    </StateView>
  );
}
