// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedbackView } from '#src/api/me.ts';
import { logIn, mockApi } from '#src/testing/api-mock.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import FeedbackScreen from './feedback-screen.tsx';

const help = readCatalogs('help');
const forms = readCatalogs('forms');

const item = (overrides: Partial<FeedbackView> = {}): FeedbackView => ({
  id: '0b7a1c2e-1111-4c2b-9a51-000000000001',
  category: 'app',
  text: 'The app is slow today',
  hasScreenshot: false,
  state: 'open',
  reply: null,
  repliedAt: null,
  createdAt: '2026-05-04T02:00:00.000Z',
  ...overrides,
});

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

signedInScreenSuite(logIn);

describe('the feedback screen', () => {
  it('lists what was sent with its state and the reply', async () => {
    mockApi({
      'GET /feedback': {
        body: {
          items: [
            item({ state: 'answered', reply: 'Fixed, thank you' }),
            item({ id: '0b7a1c2e-1111-4c2b-9a51-000000000002' }),
          ],
        },
      },
    });
    await renderScreen(<FeedbackScreen />, { namespaces: ['help', 'forms'] });
    const list = await screen.findByTestId('feedback-list');
    expect(list.textContent).toContain(help.en['feedback.state.answered']);
    expect(list.textContent).toContain(help.en['feedback.state.open']);
    expect(list.textContent).toContain('Fixed, thank you');
    expect(list.textContent).toContain(forms.en['feedback.options.category.app']);
  });

  it.each(['en', 'fil'] as const)(
    'refuses 9 characters with the translated message, keeping them, and sends 10 (%s)',
    async (lng) => {
      const calls = mockApi({
        'GET /feedback': { body: { items: [] } },
        'POST /feedback': (init) => ({
          status: 201,
          body: item({ text: (JSON.parse(String(init.body)) as { text: string }).text }),
        }),
      });
      await renderScreen(<FeedbackScreen />, { language: lng, namespaces: ['help', 'forms'] });
      await screen.findByTestId('feedback-none');
      const text = await screen.findByRole('textbox');
      fireEvent.click(screen.getByRole('radio', { name: forms[lng]['feedback.options.category.app'] }));
      fireEvent.change(text, { target: { value: '123456789' } });
      fireEvent.click(screen.getByRole('button', { name: help[lng]['feedback.submit'] }));
      await settle();
      expect(screen.getByText(forms[lng]['feedback.errors.text.minLength']!.replace('{{limit}}', '10'))).toBeTruthy();
      expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('123456789');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      fireEvent.change(screen.getByRole('textbox'), { target: { value: '1234567890' } });
      fireEvent.click(screen.getByRole('button', { name: help[lng]['feedback.submit'] }));
      await settle();
      await settle();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { category: 'app', text: '1234567890' },
      ]);
      expect((await screen.findByTestId('feedback-list')).textContent).toContain('1234567890');
      expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    },
  );
});
