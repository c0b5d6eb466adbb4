// @vitest-environment jsdom
/**
 * The console's two searches by a personal value post it, never put it in a URL: the customer
 * search (POST /customers/search) and the audit log's "who searched for a value" (POST /audit/search).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../providers/data-provider.ts';
import AuditLog from './audit-log.tsx';
import CustomerList from './customer-list.tsx';

const PHONE = '09171234567';

function stubFetch() {
  const fetch = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ items: [], total: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderScreen(screenElement: React.ReactNode) {
  render(
    <MemoryRouter>
      <Refine dataProvider={dataProvider} options={{ disableTelemetry: true, syncWithLocation: false }}>
        {screenElement}
      </Refine>
    </MemoryRouter>,
  );
}

/** The calls that carried `value` somewhere: [url, method, body]. */
const callsWith = (fetch: ReturnType<typeof stubFetch>, value: string) =>
  fetch.mock.calls
    .map(([url, init]) => [String(url), init?.method ?? 'GET', String(init?.body ?? '')] as const)
    .filter(([url, , body]) => url.includes(value) || body.includes(value));

beforeAll(async () => {
  // No catalogue: texts are their keys.
  await i18next.createInstance().use(initReactI18next).init({ lng: 'en', resources: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searches by a personal value in the console', () => {
  it('the customer search posts the query to /customers/search', async () => {
    const fetch = stubFetch();
    renderScreen(<CustomerList />);
    fireEvent.change(screen.getByLabelText('customers.query'), { target: { value: PHONE } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(callsWith(fetch, PHONE)).toHaveLength(1));
    const [[url, method, body]] = callsWith(fetch, PHONE) as [readonly [string, string, string]];
    expect([url, method]).toEqual(['/api/v1/staff/customers/search', 'POST']);
    expect(JSON.parse(body)).toMatchObject({ by: 'phone', q: PHONE });
  });

  it('the audit log posts the value looked for to /audit/search; its own filters stay a GET', async () => {
    const fetch = stubFetch();
    renderScreen(<AuditLog />);
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/v1/staff/audit?page=1&perPage=50'),
    );
    fireEvent.change(screen.getByLabelText('audit.search.value'), { target: { value: PHONE } });
    fireEvent.click(screen.getByRole('button', { name: 'audit.search.submit' }));
    await waitFor(() => expect(callsWith(fetch, PHONE)).toHaveLength(1));
    const [[url, method, body]] = callsWith(fetch, PHONE) as [readonly [string, string, string]];
    expect([url, method]).toEqual(['/api/v1/staff/audit/search', 'POST']);
    expect(JSON.parse(body)).toEqual({ by: 'phone', value: PHONE, page: '1', perPage: '50' });
  });
});
