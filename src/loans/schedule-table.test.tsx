// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { ScheduleRow } from '#domain/loan-standing.ts';
import { renderScreen } from '../testing/render-screen.tsx';
import { ScheduleTable } from './schedule-table.tsx';

const row = (period: number, dueDate: string, state: ScheduleRow['state']): ScheduleRow => ({
  period,
  dueDate,
  principalCentavos: 300000,
  interestCentavos: 18000,
  feeCentavos: 0,
  penaltiesCentavos: 0,
  amountCentavos: 318000,
  paidCentavos: state === 'paid' ? 318000 : 0,
  outstandingCentavos: state === 'paid' ? 0 : 318000,
  waivedCentavos: 0,
  state,
});

afterEach(cleanup);

describe('the repayment plan on a phone', () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    'keeps dates and amounts unbroken, the state under the date (%s), in a frame that scrolls rather than squeezes',
    async (language) => {
      await renderScreen(<ScheduleTable rows={[row(1, '2026-12-24', 'paid'), row(2, '2027-01-23', 'due')]} />, {
        language,
        namespaces: ['loan'],
      });
      const table = screen.getByTestId('schedule');
      expect(table.parentElement?.className).toBe('loan-plan-frame');
      expect([...table.querySelectorAll('th')].every((th) => th.classList.contains('loan-plan-head'))).toBe(true);
      expect(table.querySelectorAll('th')).toHaveLength(5);
      const dates = [...table.querySelectorAll('td.loan-plan-date')];
      expect(dates.map((td) => td.querySelector('[data-cell="dueDate"]')?.textContent)).toHaveLength(2);
      // The state sits under the due date, not in a sixth column.
      expect(dates.every((td) => td.querySelector('.loan-plan-status') !== null)).toBe(true);
      for (const cell of ['amount', 'paid', 'left']) {
        expect(
          [...table.querySelectorAll(`td[data-cell="${cell}"]`)].every((td) =>
            td.classList.contains('loan-plan-money'),
          ),
        ).toBe(true);
      }
    },
  );

  it('styles those classes so that dates and amounts never break and a Chinese header breaks only between words', () => {
    const css = readFileSync('src/loans/loans.css', 'utf8').replace(/\s+/gu, ' ');
    expect(css).toMatch(/\.loan-plan-date, \.loan-plan-money \{ white-space: nowrap; \}/u);
    expect(css).toMatch(/\.loan-plan-head \{ word-break: keep-all;/u);
    expect(css).toMatch(/\.loan-plan-frame \{ max-width: 100%; overflow-x: auto; \}/u);
  });
});
