// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi } from '#src/testing/api-mock.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import StartScreen from './start-screen.tsx';

beforeEach(() => {
  localStorage.clear();
  useCoreStore.setState({ publicData: {} });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the code step of /start', () => {
  it('keeps a wrong code, selected for retyping, marked in the error colour, and clears the mark once it is changed', async () => {
    mockApi({
      'POST /auth/sms-code': { body: { resendAfterSeconds: 60 } },
      'POST /auth/login': { status: 400, body: { code: 'CODE_INVALID', message: 'Wrong code', attemptsLeft: 4 } },
    });
    await renderScreen(<StartScreen />, { namespaces: ['login', 'errors'], path: '/start' });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const code = (await screen.findByLabelText('4-digit code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Wrong code.*4 tries left/u));
    expect(code.value).toBe('1234');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect([code.selectionStart, code.selectionEnd]).toEqual([0, 4]);
    fireEvent.change(code, { target: { value: '5' } });
    expect(code.getAttribute('aria-invalid')).toBeNull();
  });

  it('lays out "new code" and "change number" as the same kind of button', async () => {
    mockApi({ 'POST /auth/sms-code': { body: { resendAfterSeconds: 60 } } });
    await renderScreen(<StartScreen />, { namespaces: ['login', 'errors'], path: '/start' });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    const resend = await screen.findByRole('button', { name: /Get a new code in \d+ s/u });
    const change = screen.getByRole('button', { name: 'Change number' });
    expect(resend.className).toBe(change.className);
    expect(resend.parentElement?.className).toBe('start-links');
  });
});

describe('the wait before another code', () => {
  it('belongs to the number the code went to: another number gets its code at once, the first keeps what is left of its wait', async () => {
    // Only the clock is faked: the screen reads Date.now, and Testing Library's waits keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
    const calls = mockApi({ 'POST /auth/sms-code': { body: { resendAfterSeconds: 60 } } });
    await renderScreen(<StartScreen />, { namespaces: ['login', 'errors'], path: '/start' });
    const typeNumber = (value: string) =>
      fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value } });
    typeNumber('9171234567');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: 'Get a new code in 60 s' });
    vi.setSystemTime(new Date('2026-11-27T08:00:20Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    // Another number may have its code now...
    typeNumber('0918 123 4567');
    expect(screen.getByRole('button', { name: 'Get code' }).hasAttribute('disabled')).toBe(false);
    // ...while the number the code went to still waits.
    typeNumber('9171234567');
    expect(screen.getByRole('button', { name: 'Get a new code in 40 s' }).hasAttribute('disabled')).toBe(true);
    typeNumber('0918 123 4567');
    const send = screen.getByRole('button', { name: 'Get code' });
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.click(send);
    await screen.findByRole('button', { name: 'Get a new code in 60 s' });
    // Back to the first number: what is left of its own wait, not the second number's.
    vi.setSystemTime(new Date('2026-11-27T08:00:25Z'));
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    typeNumber('9171234567');
    expect(screen.getByRole('button', { name: 'Get a new code in 35 s' }).hasAttribute('disabled')).toBe(true);
    typeNumber('09181234567');
    expect(screen.getByRole('button', { name: 'Get a new code in 55 s' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(calls, 'POST', '/auth/sms-code').map((c) => (c.body as { phone: string }).phone)).toEqual([
      '9171234567',
      '9181234567',
    ]);
  });

  it('says "1 try left" for one try and "2 tries left" for two', async () => {
    mockApi({
      'POST /auth/sms-code': { body: { resendAfterSeconds: 60 } },
      'POST /auth/login': [
        { status: 400, body: { code: 'CODE_INVALID', attemptsLeft: 2 } },
        { status: 400, body: { code: 'CODE_INVALID', attemptsLeft: 1 } },
      ],
    });
    await renderScreen(<StartScreen />, { namespaces: ['login', 'errors'], path: '/start' });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9171234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    fireEvent.change(await screen.findByLabelText('4-digit code'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/ 2 tries left\.$/u));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/ 1 try left\.$/u));
  });
});

describe('a code asked for without a network', () => {
  it('says the borrower is offline, in their language, and never shows a code', async () => {
    for (const language of ['en', 'fil', 'zh-CN'] as const) {
      // Offline, the errors catalog cannot be fetched either: only what is loaded already can be shown.
      i18next.removeResourceBundle(language, 'errors');
      mockApi({ 'POST /auth/sms-code': 'network' });
      vi.spyOn(i18next, 'loadNamespaces').mockResolvedValue(undefined);
      await renderScreen(<StartScreen />, { language, path: '/start' });
      fireEvent.change(screen.getByRole('textbox'), { target: { value: '9171234567' } });
      fireEvent.click(screen.getByRole('button', { name: i18next.t('login:sendCode') }));
      const expected = i18next.t('common:network.offline');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expected));
      expect(expected).not.toMatch(/NETWORK_ERROR|UNKNOWN|network\./u);
      vi.restoreAllMocks();
      cleanup();
    }
    await i18next.reloadResources(['en', 'fil', 'zh-CN'], ['errors']);
  });
});
