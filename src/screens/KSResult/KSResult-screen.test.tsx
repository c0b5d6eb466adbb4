// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useLocation, useNavigate } from '#src/router.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { product, type Language } from '#src/config.ts';
import { checkIcon, clockIcon, crossIcon } from '#engine/ui/icon-set.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import KSResultScreen from './KSResult-screen.tsx';
import {
  CONTINUE_TO,
  parseResult,
  RESULT_STATUSES,
  RESULT_TEXTS,
  RESULT_TYPES,
  type ResultStatus,
  type ResultType,
} from './result-table.ts';

const catalogs = readCatalogs('result');
const allTypes: ResultType[] = [...RESULT_TYPES, 'generic'];
const combos = allTypes.flatMap((type) =>
  RESULT_STATUSES.map((status) => [type, status] as [ResultType, ResultStatus]),
);
const ICON_OF: Record<ResultStatus, string> = { success: checkIcon, fail: crossIcon, pending: clockIcon };

afterEach(cleanup);

function renderResult(path: string, language: Language = 'en') {
  return renderScreen(<KSResultScreen />, { language, namespaces: ['result'], path });
}

describe('result catalogs and table', () => {
  it('have the same keys and placeholders in every language and no product facts typed in', () => {
    expect(catalogProblems('result')).toEqual([]);
  });

  it('have a distinct title and a message for every type and status in every language', () => {
    for (const lng of product.languages) {
      const titles = new Set<string>();
      for (const [type, status] of combos) {
        const { title, message } = RESULT_TEXTS[type][status];
        expect(catalogs[lng][title], `${lng} ${title}`).toBeTruthy();
        expect(catalogs[lng][message], `${lng} ${message}`).toBeTruthy();
        titles.add(catalogs[lng][title] ?? '');
      }
      expect(titles.size).toBe(combos.length);
    }
  });
});

describe('parseResult', () => {
  const parse = (query: string) => parseResult(new URLSearchParams(query));
  it.each([
    ['status=success&type=identity', 'success', 'identity'],
    ['status=fail&type=face', 'fail', 'face'],
    ['status=pending&type=payment', 'pending', 'payment'],
    ['type=facebook&status=success', 'success', 'facebook'],
    ['status=SUCCESS&type=Payment', 'success', 'payment'],
    ['status=ok&type=identity', 'pending', 'identity'],
    ['status=fail&type=loan', 'fail', 'generic'],
    ['', 'pending', 'generic'],
    ['status=&type=', 'pending', 'generic'],
  ])('?%s -> %s / %s', (query, status, type) => {
    expect(parse(query)).toEqual({ status, type });
  });
});

describe('KSResultScreen', () => {
  it.each(combos)('shows the %s / %s texts and icon', async (type, status) => {
    const { container } = await renderResult(`/KSResult?status=${status}&type=${type}`);
    const en = catalogs.en;
    expect(await screen.findByRole('heading', { name: en[`ks.${type}.${status}.title`] })).toBeTruthy();
    expect(screen.getByText(en[`ks.${type}.${status}.message`] ?? '-')).toBeTruthy();
    expect(screen.getByTestId('result-icon').getAttribute('data-icon')).toBe(ICON_OF[status]);
    expect(screen.queryByRole('button', { name: en['ks.tryAgain'] }) !== null).toBe(status === 'fail');
    expect(container.innerHTML).not.toContain('{{');
  });

  it('treats an unknown status as pending and an unknown type as generic', async () => {
    await renderResult('/KSResult?status=weird&type=unknown');
    expect(await screen.findByRole('heading', { name: catalogs.en['ks.generic.pending.title'] })).toBeTruthy();
    expect(screen.getByTestId('result-icon').getAttribute('data-icon')).toBe(clockIcon);
  });

  it.each(['fil', 'zh-CN'] as const)('speaks %s', async (language) => {
    await renderResult('/KSResult?status=fail&type=payment', language);
    const texts = catalogs[language];
    expect(await screen.findByRole('heading', { name: texts['ks.payment.fail.title'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts['ks.continue'] })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts['ks.tryAgain'] })).toBeTruthy();
  });

  it('continues to the home screen', async () => {
    await renderResult('/KSResult?status=success&type=identity');
    fireEvent.click(await screen.findByRole('button', { name: catalogs.en['ks.continue'] }));
    expect(screen.getByTestId('location').textContent).toBe(CONTINUE_TO);
    expect(CONTINUE_TO).toBe('/homeIndex');
  });

  it('on failure, "try again" goes back in history', async () => {
    function Flow() {
      const { pathname } = useLocation();
      const navigate = useNavigate();
      if (pathname === '/KSResult') return <KSResultScreen />;
      return (
        <button type="button" onClick={() => void navigate('/KSResult?status=fail&type=face')}>
          start-flow
        </button>
      );
    }
    await renderScreen(<Flow />, { language: 'en', namespaces: ['result'], path: '/identityInfo' });
    fireEvent.click(screen.getByRole('button', { name: 'start-flow' }));
    fireEvent.click(await screen.findByRole('button', { name: catalogs.en['ks.tryAgain'] }));
    expect(screen.getByTestId('location').textContent).toBe('/identityInfo');
  });
});
