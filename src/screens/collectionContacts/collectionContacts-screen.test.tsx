// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '#src/loans/format.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen, signedInScreenSuite } from '#src/testing/render-screen.tsx';
import CollectionContactsScreen from './collectionContacts-screen.tsx';

const catalogs = readCatalogs('loan');
const errors = readCatalogs('errors');
const fill = (text: string | undefined, values: Record<string, string | number>) =>
  (text ?? 'missing').replace(/\{\{(\w+)\}\}/gu, (_, name: string) => String(values[name] ?? `{{${name}}}`));

const orderId = '00000000-0000-4000-8000-0000000000a1';
const call = {
  id: '00000000-0000-4000-8000-0000000000c1',
  at: '2026-05-04T14:30:00.000Z',
  channel: 'call',
  staffAlias: 'K7Q2',
  purpose: 'overdue',
  orderId,
  orderNo: 'PA2605040001AB',
  daysPastDue: 3,
  message: null,
};
const sms = {
  ...call,
  id: '00000000-0000-4000-8000-0000000000c2',
  at: '2026-05-05T01:00:00.000Z',
  channel: 'sms',
  purpose: 'promiseFollowUp',
  message: 'Your payment of PHP 500 for loan PA2605040001AB is due.',
};
const openDispute = {
  id: '00000000-0000-4000-8000-0000000000d1',
  orderId,
  orderNo: 'PA2605040001AB',
  reason: 'amountWrong',
  state: 'open',
  openedAt: '2026-05-05T03:00:00.000Z',
  resolution: null,
  resolvedAt: null,
};
const resolved = {
  ...openDispute,
  id: '00000000-0000-4000-8000-0000000000d2',
  reason: 'statedOnCall',
  state: 'resolved',
  resolution: 'corrected',
  resolvedAt: '2026-05-06T03:00:00.000Z',
};

const render = (language: 'en' | 'fil' | 'zh-CN' = 'en') =>
  renderScreen(<CollectionContactsScreen />, { language, namespaces: ['loan', 'errors'], path: '/collectionContacts' });

signedInScreenSuite(logIn);

describe('CollectionContactsScreen', () => {
  it.each(['en', 'fil', 'zh-CN'] as const)(
    'lists every contact (Manila time, channel, staff alias, why, the message sent) and the disputes with their state (%s)',
    async (language) => {
      const t = catalogs[language];
      mockApi({ 'GET /collection-contacts': { body: { items: [sms, call], disputes: [openDispute, resolved] } } });
      await render(language);
      const first = await screen.findByText(formatInstant(sms.at, language));
      // 14:30 UTC is 22:30 in Manila.
      expect(formatInstant(call.at, 'en')).toMatch(/10:30\s?PM/u);
      const rows = [...document.querySelectorAll('[data-contact]')];
      expect(rows.map((r) => r.getAttribute('data-contact'))).toEqual([sms.id, call.id]);
      expect(rows[0]!.contains(first)).toBe(true);
      expect(rows[0]!.textContent).toContain(t['collections.channels.sms']);
      expect(rows[0]!.textContent).toContain(fill(t['collections.staffAlias'], { alias: 'K7Q2' }));
      expect(rows[0]!.textContent).toContain(fill(t['collections.purposes.promiseFollowUp'], { orderNo: sms.orderNo }));
      expect(rows[0]!.querySelector('blockquote')?.textContent).toBe(sms.message);
      expect(rows[1]!.textContent).toContain(t['collections.channels.call']);
      expect(rows[1]!.textContent).toContain(formatInstant(call.at, language));
      expect(rows[1]!.textContent).toContain(
        fill(t['collections.purposes.overdue_other'], { orderNo: call.orderNo, count: 3 }),
      );
      expect(rows[1]!.querySelector('blockquote')).toBeNull();

      const disputes = [...document.querySelectorAll('[data-dispute]')];
      expect(disputes.map((d) => d.getAttribute('data-state'))).toEqual(['open', 'resolved']);
      expect(disputes[0]!.textContent).toContain(t['collections.disputeReasons.amountWrong']);
      expect(disputes[0]!.querySelector('[data-testid="dispute-state"]')?.textContent).toBe(
        t['collections.disputeStates.open'],
      );
      expect(disputes[1]!.querySelector('[data-testid="dispute-state"]')?.textContent).toBe(
        fill(t['collections.contacts.resolvedOn'], {
          date: formatInstant(resolved.resolvedAt, language),
          resolution: t['collections.resolutions.corrected'] ?? '',
        }),
      );
      expect(disputes[0]!.querySelector('a')?.getAttribute('href')).toBe(`/bill?order=${orderId}`);
      expect(screen.getByRole('heading', { name: t['collections.contacts.disputesTitle'] })).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/\{\{|\}\}/u);
    },
  );

  it('says when no collection contact was made', async () => {
    mockApi({ 'GET /collection-contacts': { body: { items: [], disputes: [] } } });
    await render();
    expect((await screen.findByTestId('empty')).textContent).toBe(catalogs.en['collections.contacts.empty']);
    expect(screen.queryByRole('heading', { name: catalogs.en['collections.contacts.disputesTitle'] })).toBeNull();
  });

  it('shows a skeleton while loading, and the reason with a retry when loading fails', async () => {
    const calls = mockApi({
      'GET /collection-contacts': ['network', { body: { items: [call], disputes: [] } }],
    });
    await render();
    expect(screen.getByTestId('loading')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    await screen.findByText(errors.en['NETWORK_ERROR'] ?? 'missing');
    fireEvent.click(alert.querySelector('button')!);
    expect(await screen.findByText(formatInstant(call.at, 'en'))).toBeTruthy();
    expect(callsTo(calls, 'GET', '/collection-contacts')).toHaveLength(2);
  });
});
