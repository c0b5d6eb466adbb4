/**
 * Refine's data provider for the staff API: a resource is a path under /api/v1/staff; lists answer {items, total}
 * and take page and perPage; filters are `eq` pairs sent as query parameters (state, staffId, from...). A list whose
 * filters are personal values (a customer search, the audit log's search by value: `meta: { search: true }`) is a
 * POST to `<resource>/search` with them in the body: never in a URL, which proxies, server logs and browser history
 * keep.
 */
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { api, STAFF_API, withQuery, type Query } from '../api.ts';

function filterQuery(filters: readonly CrudFilter[] | undefined): Query {
  const query: Query = {};
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.operator === 'eq' && filter.value !== undefined && filter.value !== null)
      query[filter.field] = String(filter.value);
  }
  return query;
}

const path = (resource: string, id?: string | number) =>
  id === undefined ? `/${resource}` : `/${resource}/${encodeURIComponent(String(id))}`;

export const dataProvider: DataProvider = {
  getApiUrl: () => STAFF_API,
  async getList<T extends BaseRecord>({ resource, pagination, filters, meta }: Parameters<DataProvider['getList']>[0]) {
    const page = pagination?.currentPage ?? 1;
    const perPage = pagination?.pageSize ?? 20;
    const query: Query = { ...filterQuery(filters), ...(pagination?.mode === 'off' ? {} : { page, perPage }) };
    // The body's page and perPage are strings, as a query string writes them (the API reads both the same way).
    const answer = meta?.['search']
      ? await api<{ items: T[]; total: number }>(
          'POST',
          `${path(resource)}/search`,
          Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
        )
      : await api<{ items: T[]; total: number }>('GET', withQuery(path(resource), query));
    return { data: answer.items, total: answer.total };
  },
  async getOne<T extends BaseRecord>({ resource, id }: Parameters<DataProvider['getOne']>[0]) {
    return { data: await api<T>('GET', path(resource, id)) };
  },
  async create<T extends BaseRecord>({ resource, variables }: Parameters<DataProvider['create']>[0]) {
    return { data: await api<T>('POST', path(resource), variables) };
  },
  async update<T extends BaseRecord>({ resource, id, variables }: Parameters<DataProvider['update']>[0]) {
    return { data: await api<T>('PATCH', path(resource, id), variables) };
  },
  async deleteOne<T extends BaseRecord>({ resource, id }: Parameters<DataProvider['deleteOne']>[0]) {
    return { data: await api<T>('DELETE', path(resource, id)) };
  },
  async custom<T extends BaseRecord>({
    url,
    method,
    payload,
    query,
  }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
    const target = withQuery(url.startsWith(STAFF_API) ? url.slice(STAFF_API.length) : url, (query ?? {}) as Query);
    return { data: (await api<T>(method.toUpperCase(), target, method === 'get' ? undefined : payload)) ?? ({} as T) };
  },
};
