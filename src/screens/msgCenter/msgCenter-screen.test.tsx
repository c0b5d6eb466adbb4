// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import messagesConfig from '#config/messages.json' with { type: 'json' };
import { formatPeso } from '#domain/money.ts';
import type { MessageView } from '#src/api/messages.ts';
import { product } from '#src/config.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { setUnread } from '#src/shell/unread.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import MsgDetailScreen from '../msgDetail/msgDetail-screen.tsx';
import MsgCenterScreen from './msgCenter-screen.tsx';
import { messageValues } from '#src/messages/message-text.ts';

const catalogs = readCatalogs('messages');
const fill = (text: string | undefined, values: Record<string, string>) =>
  (text ?? 'missing').replace(/\{\{(\w+)\}\}/gu, (_, name: string) => values[name] ?? `{{${name}}}`);

const approved: MessageView = {
  id: '42',
  tab: 'notify',
  template: 'approved',
  params: { orderNo: 'PA2611240001AB', amountCentavos: 300000, limitCentavos: 500000 },
  link: '/loan?order=o-1',
  createdAt: '2026-11-24T05:00:00.000Z',
  read: false,
};
const received: MessageView = {
  ...approved,
  id: '41',
  template: 'applicationReceived',
  params: { orderNo: 'PA2611240001AB', amountCentavos: 300000 },
  link: '/homeIndex',
  read: true,
};
const page = (messages: MessageView[], next: string | null = null) => ({ tab: 'notify', messages, next });
const unread = { notify: 1, activity: 2, total: 3 };

beforeEach(() => {
  logIn();
  setUnread(null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MsgCenterScreen', () => {
  it('lists Notify messages rendered from template and params, with unread counts per tab', async () => {
    mockApi({ 'GET /messages?tab=notify': { body: page([approved, received]) } });
    setUnread(unread);
    await renderScreen(<MsgCenterScreen />, { namespaces: ['messages', 'errors'], path: '/msgCenter' });
    const values = { orderNo: 'PA2611240001AB', amount: formatPeso(300000), limit: formatPeso(500000) };
    expect(await screen.findByText(fill(catalogs.en['notify.approved.title'], values))).toBeTruthy();
    expect(screen.getByText(fill(catalogs.en['notify.approved.body'], values))).toBeTruthy();
    expect(document.querySelector('[data-message="42"]')?.getAttribute('href')).toBe('/msgDetail?tab=notify&id=42');
    expect(document.querySelector('[data-message="42"]')?.getAttribute('data-read')).toBe('false');
    expect(screen.getByTestId('unread-notify').textContent).toBe('1');
    expect(screen.getByTestId('unread-activity').textContent).toBe('2');
  });

  it.each(['en', 'fil', 'zh-CN'] as const)(
    'names each tab with its own unread count for screen readers (%s)',
    async (language) => {
      mockApi({ 'GET /messages?tab=notify': { body: page([approved]) } });
      setUnread(unread);
      await renderScreen(<MsgCenterScreen />, { language, namespaces: ['messages', 'errors'], path: '/msgCenter' });
      await screen.findByTestId('unread-notify');
      const name = (id: string) => document.querySelector(`[data-tab="${id}"] .visually-hidden`)?.textContent ?? '';
      expect(name('notify')).toBe(fill(catalogs[language]['center.unread'], { count: '1' }));
      expect(name('activity')).toBe(fill(catalogs[language]['center.unread'], { count: '2' }));
      expect(name('notify') + name('activity')).not.toMatch(/\{\{|\}\}/u);
      expect(name('notify')).toMatch(/1/u);
      expect(name('activity')).toMatch(/2/u);
    },
  );

  it('loads the next page past 20, and clears unread', async () => {
    const calls = mockApi({
      'GET /messages?tab=notify': { body: page([approved], '42') },
      'GET /messages?tab=notify&before=42': { body: page([received]) },
      'POST /messages/clear-unread': { body: { notify: 0, activity: 0, total: 0 } },
    });
    setUnread(unread);
    await renderScreen(<MsgCenterScreen />, { namespaces: ['messages', 'errors'], path: '/msgCenter' });
    fireEvent.click(await screen.findByRole('button', { name: catalogs.en['center.loadMore'] }));
    expect(await screen.findByText(fill(catalogs.en['notify.applicationReceived.title'], {}))).toBeTruthy();
    expect(screen.queryByRole('button', { name: catalogs.en['center.loadMore'] })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: catalogs.en['center.clearUnread'] }));
    await vi.waitFor(() => expect(screen.queryByTestId('unread-notify')).toBeNull());
    expect(document.querySelector('[data-message="42"]')?.getAttribute('data-read')).toBe('true');
    expect(callsTo(calls, 'POST', '/messages/clear-unread')).toHaveLength(1);
  });

  it('shows the empty state of a tab', async () => {
    mockApi({ 'GET /messages?tab=activity': { body: { tab: 'activity', messages: [], next: null } } });
    await renderScreen(<MsgCenterScreen />, { namespaces: ['messages', 'errors'], path: '/msgCenter?tab=activity' });
    expect((await screen.findByTestId('empty')).textContent).toBe(catalogs.en['center.empty.activity']);
  });
});

describe('MsgDetailScreen', () => {
  it('opens the message (marked read) and re-renders the same message in Filipino when the language changes', async () => {
    const calls = mockApi({
      'POST /messages/notify/42/open': { body: { ...approved, read: true } },
      'GET /messages/unread': { body: { notify: 0, activity: 0, total: 0 } },
    });
    await renderScreen(<MsgDetailScreen />, {
      namespaces: ['messages', 'errors'],
      path: '/msgDetail?tab=notify&id=42',
    });
    const en = { orderNo: 'PA2611240001AB', amount: formatPeso(300000), limit: formatPeso(500000) };
    expect(await screen.findByText(fill(catalogs.en['notify.approved.body'], en))).toBeTruthy();
    expect(callsTo(calls, 'POST', '/messages/notify/42/open')).toHaveLength(1);

    await act(async () => {
      await i18next.loadNamespaces('messages');
      await i18next.changeLanguage('fil');
      await i18next.loadNamespaces('messages');
    });
    expect(await screen.findByText(fill(catalogs.fil['notify.approved.title'], en))).toBeTruthy();
    expect(screen.getByText(fill(catalogs.fil['notify.approved.body'], en))).toBeTruthy();
    expect(screen.queryByText(fill(catalogs.en['notify.approved.body'], en))).toBeNull();
    // Opened once: the language switch re-renders, it does not ask again.
    expect(callsTo(calls, 'POST', '/messages/notify/42/open')).toHaveLength(1);
    expect(screen.getByTestId('open-link').textContent).toBe(catalogs.fil['center.go.loan']);
    fireEvent.click(screen.getByTestId('open-link'));
    expect(screen.getByTestId('location').textContent).toBe('/loan?order=o-1');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
  });

  it("says when a message is no one's or gone", async () => {
    mockApi({});
    await renderScreen(<MsgDetailScreen />, { namespaces: ['messages', 'errors'], path: '/msgDetail?tab=notify&id=7' });
    expect((await screen.findByTestId('gone')).textContent).toBe(catalogs.en['center.gone']);
  });
});

describe('messages catalog', () => {
  it('has a title and body for every template the server writes and every configured announcement, with no number or product fact typed in', () => {
    const templates = [
      'applicationReceived',
      'approved',
      'reloanApproved',
      'rejected',
      'moneySent',
      'disbursementFailed',
      'paymentSucceeded',
      'paymentFailed',
      'extended',
      'settled',
      'dueIn3Days',
      'dueToday',
      'overdue',
    ];
    const keys = [
      ...templates.flatMap((x) => [`notify.${x}.title`, `notify.${x}.body`]),
      ...messagesConfig.announcements.flatMap((a) => [`activity.${a.id}.title`, `activity.${a.id}.body`]),
    ];
    for (const [lng, catalog] of Object.entries(catalogs)) {
      expect(
        keys.filter((k) => !catalog[k]),
        lng,
      ).toEqual([]);
      expect(
        Object.entries(catalog)
          .filter(([, text]) => /\d/u.test(text.replace(/\{\{\w+\}\}/gu, '')) || text.includes(product.displayName))
          .map(([k]) => k),
        lng,
      ).toEqual([]);
    }
  });

  it("fills amounts as pesos, Manila days as the language writes them, and the product's name and timings from config", () => {
    expect(messageValues({ amountCentavos: 300000, dueDate: '2026-05-04', orderNo: 'PA1' }, 'en')).toMatchObject({
      amount: formatPeso(300000),
      dueDate: 'May 4, 2026',
      orderNo: 'PA1',
      product: product.displayName,
      approvalMinutes: product.timings.approvalMinutes,
      applicationMinutes: product.timings.applicationMinutes,
    });
  });
});
