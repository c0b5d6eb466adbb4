// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import theme2 from '#config/themes/theme-2.json';
import { formatPeso } from '#domain/money.ts';
import { quote } from '#domain/pricing.ts';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { homeView, TODAY } from '#src/testing/loan-views.ts';
import { loanProduct, pricing } from '#src/loans/pricing.ts';
import { amountChoices } from '#src/loans/quote.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import SubIndexScreen from './subIndex-screen.tsx';

const en = readCatalogs('loan').en;
const plus = loanProduct.subProducts.find((s) => s.theme === 2)!;

beforeEach(() => logIn());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubIndexScreen', () => {
  it('shows one sub-product in its own theme, on the screen only, with its quote and plan', async () => {
    mockApi({ 'GET /loans/home': { body: homeView({ creditLimitCentavos: 1000000 }) } });
    await renderScreen(<SubIndexScreen />, { namespaces: ['loan', 'errors'], path: `/subIndex?sub=${plus.id}` });
    await screen.findByTestId('amount');
    const root = document.querySelector<HTMLElement>('.subIndex')!;
    expect(root.dataset['theme']).toBe('2');
    expect(root.style.getPropertyValue('--color-primary')).toBe(theme2.properties['--color-primary']);
    expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('');
    expect(screen.getByText(en[plus.nameKey.replace(/^loan\./, '')]!)).toBeTruthy();

    const top = amountChoices(plus, 1000000).at(-1)!;
    const q = quote(pricing, plus, { principalCentavos: top, termDays: plus.termsDays[0]!, loanDate: TODAY });
    expect(document.querySelector('[data-figure="amountDue"] dd')?.textContent).toBe(formatPeso(q.amountDueCentavos));
    expect(document.querySelector('[data-figure="firstDueDate"]')).not.toBeNull();
  });

  it("says what the product lends this borrower, up to their limit, as home's card says it", async () => {
    const standard = loanProduct.subProducts[0]!;
    const limit = 500_000;
    expect(standard.amount.maxCentavos).toBeGreaterThan(limit);
    mockApi({ 'GET /loans/home': { body: homeView({ creditLimitCentavos: limit }) } });
    await renderScreen(<SubIndexScreen />, { namespaces: ['loan', 'errors'], path: `/subIndex?sub=${standard.id}` });
    await screen.findByTestId('amount');
    const range = (min: number, max: number) =>
      en['home.productRange']!.replace('{{min}}', formatPeso(min, { wholeIfExact: true })).replace(
        '{{max}}',
        formatPeso(max, { wholeIfExact: true }),
      );
    expect(screen.getByTestId('sub-range').textContent).toBe(range(standard.amount.minCentavos, limit));
  });
});
