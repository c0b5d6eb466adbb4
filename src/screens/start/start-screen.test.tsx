// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '#src/testing/api-mock.ts';
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
