// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LimitView } from '#src/api/limits.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { catalogProblems, readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import CreditLimitScreen from './creditLimit-screen.tsx';

const catalogs = readCatalogs('limit');
const errors = readCatalogs('errors');

function view(overrides: Partial<LimitView> = {}): LimitView {
  return {
    creditLimitCentavos: 550000,
    history: [
      {
        reason: 'addToHomeScreen',
        amountCentavos: 50000,
        limitAfterCentavos: 550000,
        at: '2026-05-02T01:00:00.000Z',
        grantedBy: 'system',
      },
      { reason: 'incomeBand', amountCentavos: 500000, limitAfterCentavos: 500000, at: null, grantedBy: 'system' },
    ],
    next: [
      { reason: 'repaidOnTime', amountCentavos: 100000, stepCentavos: 100000, ceilingCentavos: 1000000 },
      { reason: 'facebookBinding', amountCentavos: 50000, stepCentavos: 50000, ceilingCentavos: 800000 },
    ],
    facebook: { bound: false, name: null },
    ...overrides,
  };
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

signedInScreenSuite(logIn);

describe('the credit limit screen', () => {
  it('has the same keys and placeholders in every language and no product figures typed in', () => {
    expect(catalogProblems('limit')).toEqual([]);
  });

  it("shows the limit, what raises it next with the server's figures, and its history", async () => {
    mockApi({ 'GET /limit': { body: view() } });
    await renderScreen(<CreditLimitScreen />, { namespaces: ['limit'] });
    expect((await screen.findByTestId('limit-amount')).textContent).toBe('₱5,500');
    const next = within(screen.getByTestId('limit-next')).getAllByRole('listitem');
    expect(next.map((li) => li.dataset['reason'])).toEqual(['repaidOnTime', 'facebookBinding']);
    expect(next[1]!.textContent).toContain('+₱500, up to ₱8,000');
    const history = within(screen.getByTestId('limit-history')).getAllByRole('listitem');
    expect(history.map((li) => li.dataset['reason'])).toEqual(['addToHomeScreen', 'incomeBand']);
    expect(history[0]!.textContent).toContain('+₱500');
    expect(history[0]!.textContent).toContain('Limit ₱5,500');
    expect(document.body.innerHTML).not.toContain('{{');
  });

  it("hands Facebook's redirect to the server once, drops it from the address and shows the raise", async () => {
    const calls = mockApi({
      'GET /limit': { body: view() },
      'POST /facebook/binding': {
        body: {
          ...view({ creditLimitCentavos: 600000, facebook: { bound: true, name: 'Maria Santos' } }),
          raisedCentavos: 50000,
        },
      },
    });
    await renderScreen(<CreditLimitScreen />, { namespaces: ['limit'], path: '/creditLimit?code=abc&state=s1#_=_' });
    expect((await screen.findByTestId('limit-facebook-name')).textContent).toContain('Maria Santos');
    await settle();
    expect(callsTo(calls, 'POST', '/facebook/binding').map((c) => c.body)).toEqual([{ state: 's1', code: 'abc' }]);
    expect(screen.getByTestId('location').textContent).toBe('/creditLimit');
    expect(screen.getByTestId('limit-amount').textContent).toBe('₱6,000');
    expect(document.body.textContent).toContain(catalogs.en['facebook.boundRaised']!.replace('{{amount}}', '₱500'));
  });

  it('says why a denied consent was not bound, in Filipino too', async () => {
    const calls = mockApi({
      'GET /limit': { body: view() },
      'POST /facebook/binding': { status: 422, body: { code: 'FACEBOOK_DENIED', message: 'x' } },
    });
    await renderScreen(<CreditLimitScreen />, {
      language: 'fil',
      namespaces: ['limit'],
      path: '/creditLimit?error=access_denied&error_reason=user_denied&state=s2',
    });
    expect((await screen.findByTestId('limit-problem')).textContent).toBe(errors.fil['FACEBOOK_DENIED']!);
    expect(callsTo(calls, 'POST', '/facebook/binding').map((c) => c.body)).toEqual([
      { state: 's2', error: 'access_denied' },
    ]);
    expect(screen.getByRole('button', { name: catalogs.fil['facebook.bind']! })).toBeTruthy();
  });

  it('unbinds after asking, and the limit stays', async () => {
    const calls = mockApi({
      'GET /limit': { body: view({ facebook: { bound: true, name: 'Maria Santos' } }) },
      'DELETE /facebook/binding': { body: view() },
    });
    await renderScreen(<CreditLimitScreen />, { namespaces: ['limit'] });
    fireEvent.click(await screen.findByRole('button', { name: catalogs.en['facebook.unbind']! }));
    fireEvent.click(await screen.findByRole('button', { name: catalogs.en['facebook.unbindConfirm']! }));
    await screen.findByRole('button', { name: catalogs.en['facebook.bind']! });
    expect(callsTo(calls, 'DELETE', '/facebook/binding')).toHaveLength(1);
    expect(screen.getByTestId('limit-amount').textContent).toBe('₱5,500');
  });
});
