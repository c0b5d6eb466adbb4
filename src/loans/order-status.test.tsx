// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { renderScreen } from '../testing/render-screen.tsx';
import { OrderBadge } from './order-status.tsx';

const loan = (lng: string) =>
  JSON.parse(readFileSync(`locales/${lng}/loan.json`, 'utf8')) as { state: Record<string, string> };

afterEach(cleanup);

describe("an order's state badge", () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    'says a re-loan the borrower cancelled is cancelled, not refused (%s)',
    async (language) => {
      await renderScreen(
        <>
          <OrderBadge order={{ state: 'rejected', dueStatus: null, overdueDays: 0, cancelled: true }} />
          <OrderBadge order={{ state: 'rejected', dueStatus: null, overdueDays: 0, cancelled: false }} />
        </>,
        { language, namespaces: ['loan'] },
      );
      const [cancelled, refused] = screen.getAllByText(/./u, { selector: '.loan-badge' });
      expect(cancelled!.textContent).toBe(loan(language).state['cancelled']);
      expect(cancelled!.className).toContain('loan-badge-done');
      expect(refused!.textContent).toBe(loan(language).state['rejected']);
      expect(refused!.className).toContain('loan-badge-danger');
    },
  );
});
