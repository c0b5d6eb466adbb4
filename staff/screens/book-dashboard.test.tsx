// @vitest-environment jsdom
/**
 * The book dashboard against fixed answers of the contract (api-contract/book.ts): the figures as a supervisor reads
 * them (pesos from centavos, percent from basis points, a dash for a ratio without a base), the CSV download's address
 * and session, and a range the server refuses: its translated error, the typed days kept.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookAnswer, FunnelAnswer } from '#api-contract/book.ts';
import errors from '#locales/en/errors.json' with { type: 'json' };
import forms from '#locales/en/forms.json' with { type: 'json' };
import staff from '#locales/en/staff.json' with { type: 'json' };
import { dataProvider } from '../providers/data-provider.ts';
import { setSessionToken } from '../session.ts';
import BookDashboard from './book-dashboard.tsx';
import { basisPointsOf, formatBasisPoints } from './book-parts.tsx';

const flow = (day: string, disbursed: number, repaid: number) => ({
  day,
  disbursed,
  disbursedLoans: disbursed > 0 ? 1 : 0,
  repaid,
  approved: 2,
  rejected: 1,
});

const BOOK: BookAnswer = {
  asOf: '2026-11-27',
  from: '2026-10-29',
  to: '2026-11-27',
  days: [flow('2026-11-26', 500000, 0), flow('2026-11-27', 0, 123450)],
  weeks: [flow('2026-11-23', 500000, 123450)],
  book: { loans: 120, principal: 123456789, owed: 150000050 },
  par: [
    { days: 1, loans: 10, principal: 12345679, basisPoints: 1000 },
    { days: 30, loans: 4, principal: 5000000, basisPoints: 405 },
    { days: 60, loans: 2, principal: 3086420, basisPoints: 250 },
    { days: 90, loans: 1, principal: 1523457, basisPoints: 123 },
  ],
  buckets: [
    { bucket: 'd1to7', loans: 6, principal: 7345679, overdue: 210000 },
    { bucket: 'd31to60', loans: 2, principal: 3086420, overdue: 1500075 },
  ],
  rollRates: [{ from: 'current', to: 'd1to7', loans: 110, rolled: 6, basisPoints: 545 }],
  collection: {
    byBucket: [{ bucket: 'd1to7', loans: 6, overdue: 300000, collected: 100000, basisPoints: 3333 }],
    byCollector: [
      {
        collector: { id: '00000000-0000-4000-8000-000000000001', name: 'Carla Cruz' },
        loans: 5,
        overdue: 300000,
        collected: 150000,
        basisPoints: 5000,
      },
      { collector: null, loans: 0, overdue: 0, collected: 0, basisPoints: null },
    ],
  },
  promises: { made: 9, kept: 3, broken: 1, pending: 5, basisPoints: 7500 },
};

const FUNNEL: FunnelAnswer = {
  from: '2026-10-29',
  to: '2026-11-27',
  steps: [
    {
      step: 'identityInfo',
      formVersion: 2,
      reached: 200,
      completed: 150,
      errors: [{ field: 'idNumber', borrowers: 12 }],
    },
    { step: 'baseInfo', formVersion: null, reached: 3, completed: 1, errors: [] },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The staff API as the screen sees it; a `/book` asked with `refuse` in its range answers the server's refusal. */
function stubApi(refuse?: { from: string; to: string }) {
  const fetch = vi.fn(async (input: string, _init?: RequestInit) => {
    const url = new URL(String(input), 'http://staff.test');
    if (url.pathname === '/api/v1/staff/book/export')
      return new Response('day,disbursed\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    if (refuse && url.searchParams.get('from') === refuse.from && url.searchParams.get('to') === refuse.to)
      return json({ code: 'INVALID_INPUT', message: 'from is after to', statusCode: 422 }, 422);
    if (url.pathname === '/api/v1/staff/book/funnel') return json(FUNNEL);
    if (url.pathname === '/api/v1/staff/book') return json(BOOK);
    return json({ code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderDashboard() {
  render(
    <MemoryRouter>
      <Refine
        dataProvider={dataProvider}
        options={{
          disableTelemetry: true,
          syncWithLocation: false,
          // As the console runs (staff/app.tsx): a refusal is shown at once, never asked again.
          reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } },
        }}
      >
        <BookDashboard />
      </Refine>
    </MemoryRouter>,
  );
}

/** Text of each cell of a table's body rows. */
const cells = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

beforeAll(async () => {
  await i18next
    .createInstance()
    .use(initReactI18next)
    .init({
      lng: 'en',
      resources: { en: { staff, errors, forms } },
      ns: ['staff', 'errors', 'forms'],
      defaultNS: 'staff',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionToken(undefined);
});

describe('ratios as percent', () => {
  it('shows basis points with one or two decimals, a dash for none', () => {
    expect([1234, 1250, 1200, 5, 0, 10000].map((bp) => formatBasisPoints(bp, 'en'))).toEqual([
      '12.34%',
      '12.5%',
      '12.0%',
      '0.05%',
      '0.0%',
      '100.0%',
    ]);
    expect(formatBasisPoints(null, 'en')).toBe('—');
    expect([basisPointsOf(1, 3), basisPointsOf(2, 3), basisPointsOf(0, 0)]).toEqual([3333, 6667, null]);
  });
});

describe('the book at a glance', () => {
  it('shows the server default range and the figures: pesos from centavos, percent from basis points', async () => {
    const fetch = stubApi();
    renderDashboard();
    const summary = await screen.findByTestId('book-summary');
    // The first requests leave the range to the server (the last 30 days); the inputs then show it.
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining(['/api/v1/staff/book', '/api/v1/staff/book/funnel']),
    );
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-10-29');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-11-27');
    expect(screen.getByTestId('book-as-of').textContent).toBe(
      'Oct 29, 2026 to Nov 27, 2026; the book and the buckets as of Nov 27, 2026.',
    );

    const card = (name: string) =>
      [...summary.querySelectorAll('.bk-figure-card')].find((c) => c.querySelector('dt')?.textContent === name);
    expect(card('Loans being repaid')?.querySelector('dd')?.textContent).toBe('120');
    expect(card('Principal outstanding')?.querySelector('dd')?.textContent).toBe('₱1,234,567.89');
    expect(card('Owed in all')?.querySelector('dd')?.textContent).toBe('₱1,500,000.50');
    expect([...(card('PAR 30')?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent)).toEqual([
      '4.05%',
      '₱50,000.00 · 4 loans',
    ]);
    expect(card('PAR 1')?.querySelector('dd')?.textContent).toBe('10.0%');
    expect(card('PAR 60')?.querySelector('dd')?.textContent).toBe('2.5%');

    expect(cells('book-par')).toEqual([
      ['PAR 1', '10', '₱123,456.79', '10.0%'],
      ['PAR 30', '4', '₱50,000.00', '4.05%'],
      ['PAR 60', '2', '₱30,864.20', '2.5%'],
      ['PAR 90', '1', '₱15,234.57', '1.23%'],
    ]);
    expect(cells('book-buckets')).toEqual([
      ['1-7 days past due', '6', '₱73,456.79', '₱2,100.00'],
      ['31-60 days past due', '2', '₱30,864.20', '₱15,000.75'],
    ]);
    expect(cells('book-roll-rates')).toEqual([['Current (not past due)', '1-7 days past due', '110', '6', '5.45%']]);
    expect(cells('book-collection-bucket')).toEqual([['1-7 days past due', '6', '₱3,000.00', '₱1,000.00', '33.33%']]);
    expect(cells('book-collection-collector')).toEqual([
      ['Carla Cruz', '5', '₱3,000.00', '₱1,500.00', '50.0%'],
      ['Nobody', '0', '₱0.00', '₱0.00', '—'],
    ]);
    expect(cells('book-flows')).toEqual([
      ['2026-11-26', '₱5,000.00', '1', '₱0.00', '2', '1'],
      ['2026-11-27', '₱0.00', '0', '₱1,234.50', '2', '1'],
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'By week' }));
    expect(cells('book-flows')).toEqual([['2026-11-23', '₱5,000.00', '1', '₱1,234.50', '2', '1']]);
    // The download follows the tab: the weeks' table.
    expect(
      screen.getByRole('button', { name: 'Download CSV: Money and decisions (By week)' }).getAttribute('data-csv'),
    ).toBe('weeks');

    const promises = screen.getByTestId('book-promises');
    expect([...promises.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['9', '3', '1', '5', '75.0%']);

    await screen.findByTestId('book-funnel');
    expect(cells('book-funnel')).toEqual([
      ['Identity', 'Version 2', '200', '150', '75.0%', 'ID number: 12 borrowers'],
      ['Basic information', '—', '3', '1', '33.33%', '—'],
    ]);
    // Each chart is one image named for screen readers; its figures are in the table beside it.
    expect(
      screen.getByRole('img', { name: 'Chart: Portfolio at risk. The same figures are in the table.' }),
    ).toBeTruthy();
  });

  it('downloads a table as CSV from the export, for the range shown, with the staff session', async () => {
    setSessionToken('staff-token');
    const fetch = stubApi();
    const createObjectURL = vi.fn(() => 'blob:book');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderDashboard();
    await screen.findByTestId('book-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV: Portfolio at risk' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exports = fetch.mock.calls.filter(([url]) => String(url).includes('/export'));
    expect(exports.map(([url]) => url)).toEqual(['/api/v1/staff/book/export?from=2026-10-29&to=2026-11-27&table=par']);
    expect(new Headers(exports[0]?.[1]?.headers).get('authorization')).toBe('Bearer staff-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('book-par-2026-10-29-2026-11-27.csv');
    click.mockRestore();
  });

  it('a range the server refuses shows its translated error and keeps the days typed', async () => {
    const fetch = stubApi({ from: '2026-11-30', to: '2026-11-01' });
    renderDashboard();
    await screen.findByTestId('book-summary');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.submit(screen.getByTestId('book-range'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please check what you entered.');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/v1/staff/book?from=2026-11-30&to=2026-11-01');
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-11-30');
    expect(screen.getByLabelText('To')).toHaveProperty('value', '2026-11-01');
    expect(screen.queryByTestId('book-summary')).toBeNull();
    // Correcting the days shows the figures again.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-27' } });
    fireEvent.submit(screen.getByTestId('book-range'));
    expect(within(await screen.findByTestId('book-summary')).getByText('₱1,234,567.89')).toBeTruthy();
  });
});
