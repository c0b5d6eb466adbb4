// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
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
      mockApi({
        'GET /collection-contacts': { body: { items: [sms, call], disputes: [openDispute, resolved], complaints: [] } },
      });
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
    mockApi({ 'GET /collection-contacts': { body: { items: [], disputes: [], complaints: [] } } });
    await render();
    expect((await screen.findByTestId('empty')).textContent).toBe(catalogs.en['collections.contacts.empty']);
    expect(screen.queryByRole('heading', { name: catalogs.en['collections.contacts.disputesTitle'] })).toBeNull();
  });

  it('shows a skeleton while loading, and the reason with a retry when loading fails', async () => {
    const calls = mockApi({
      'GET /collection-contacts': ['network', { body: { items: [call], disputes: [], complaints: [] } }],
    });
    await render();
    expect(screen.getByTestId('loading')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    await screen.findByText(errors.en['NETWORK_ERROR'] ?? 'missing');
    fireEvent.click(alert.querySelector('button')!);
    expect(await screen.findByText(formatInstant(call.at, 'en'))).toBeTruthy();
    expect(callsTo(calls, 'GET', '/collection-contacts')).toHaveLength(2);
  });

  const received = {
    id: '00000000-0000-4000-8000-0000000000e1',
    reference: 'CC-00000000',
    contactId: call.id,
    orderId,
    orderNo: call.orderNo,
    reason: 'rudeOrThreatening',
    text: 'The agent shouted at me on the phone.',
    state: 'received',
    receivedAt: '2026-05-06T02:00:00.000Z',
    answer: null,
    answeredAt: null,
  };
  const answered = {
    ...received,
    id: '00000000-0000-4000-8000-0000000000e2',
    reference: 'CC-00000001',
    contactId: null,
    reason: 'tooManyContacts',
    state: 'resolved',
    answer: 'We reviewed the calls and limited them.',
    answeredAt: '2026-05-07T02:00:00.000Z',
  };

  it.each(['en', 'fil', 'zh-CN'] as const)(
    'shows each complaint with its reference, state and customer service’s answer (%s)',
    async (language) => {
      const t = catalogs[language];
      mockApi({
        'GET /collection-contacts': { body: { items: [call], disputes: [], complaints: [answered, received] } },
      });
      await render(language);
      await screen.findByRole('heading', { name: t['collections.complaints.title'] });
      const rows = [...document.querySelectorAll('[data-complaint]')];
      expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['resolved', 'received']);
      expect(rows[0]!.querySelector('[data-testid="complaint-reference"]')?.textContent).toBe(
        fill(t['collections.complaints.reference'], { reference: 'CC-00000001' }),
      );
      expect(rows[0]!.textContent).toContain(t['collections.complaintReasons.tooManyContacts']);
      expect(rows[0]!.textContent).toContain(t['collections.complaints.aboutGeneral']);
      expect(rows[0]!.querySelector('[data-testid="complaint-answer"]')?.textContent).toContain(answered.answer);
      expect(rows[0]!.textContent).toContain(
        fill(t['collections.complaints.answeredOn'], { date: formatInstant(answered.answeredAt, language) }),
      );
      expect(rows[1]!.querySelector('[data-testid="complaint-state"]')?.textContent).toBe(
        t['collections.complaintStates.received'],
      );
      expect(rows[1]!.textContent).toContain(
        fill(t['collections.complaints.aboutOne'], { date: formatInstant(call.at, language) }),
      );
      expect(rows[1]!.querySelector('[data-testid="complaint-answer"]')).toBeNull();
      // The contact complained about, not yet resolved, offers no second complaint.
      expect(document.querySelector(`[data-contact="${call.id}"] [data-testid="complain-contact"]`)).toBeNull();
      expect(document.body.textContent).not.toMatch(/\{\{|\}\}/u);
    },
  );

  it('complains about one contact: a reason and a text, the server’s refusal beside the kept input, then the complaint listed', async () => {
    const calls = mockApi({
      'GET /collection-contacts': { body: { items: [sms, call], disputes: [], complaints: [] } },
      'POST /collection-complaints': [
        { status: 409, body: { code: 'COMPLAINT_OPEN', message: 'open', reference: 'CC-0000000F' } },
        { status: 201, body: received },
      ],
    });
    await render();
    const t = catalogs.en;
    await screen.findByText(formatInstant(call.at, 'en'));
    const row = document.querySelector(`[data-contact="${call.id}"]`) as HTMLElement;
    fireEvent.click(within(row).getByTestId('complain-contact'));
    const form = within(row).getByTestId('complaint-form');
    const send = within(form).getByTestId('complaint-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const reason = within(form).getByLabelText(t['collections.complaints.reasonLabel'] ?? '') as HTMLSelectElement;
    expect([...reason.options].map((o) => o.value)).toEqual([
      '',
      'outsideHours',
      'tooManyContacts',
      'rudeOrThreatening',
      'contactedSomeoneElse',
      'wrongAmount',
      'other',
    ]);
    fireEvent.change(reason, { target: { value: 'rudeOrThreatening' } });
    const text = within(form).getByLabelText(t['collections.complaints.textLabel'] ?? '') as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'too short' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(text, { target: { value: '  The agent shouted at me on the phone.  ' } });
    expect(send.disabled).toBe(false);

    fireEvent.click(send);
    expect((await within(form).findByTestId('complaint-error')).textContent).toBe(
      fill(errors.en['COMPLAINT_OPEN'], { reference: 'CC-0000000F' }),
    );
    expect(text.value).toBe('  The agent shouted at me on the phone.  ');
    expect(reason.value).toBe('rudeOrThreatening');
    expect(callsTo(calls, 'POST', '/collection-complaints')[0]?.body).toEqual({
      reason: 'rudeOrThreatening',
      text: 'The agent shouted at me on the phone.',
      contactId: call.id,
    });

    fireEvent.click(send);
    const listed = await screen.findByRole('heading', { name: t['collections.complaints.title'] });
    expect(listed).toBeTruthy();
    expect(screen.queryByTestId('complaint-form')).toBeNull();
    const complaint = document.querySelector(`[data-complaint="${received.id}"]`);
    expect(complaint?.getAttribute('data-state')).toBe('received');
    expect(complaint?.textContent).toContain(fill(t['collections.complaints.reference'], { reference: 'CC-00000000' }));
  });

  it('complains about collection in general, naming the loan when every contact was about it', async () => {
    const calls = mockApi({
      'GET /collection-contacts': { body: { items: [sms, call], disputes: [], complaints: [] } },
      'POST /collection-complaints': { status: 201, body: answered },
    });
    await render();
    fireEvent.click(await screen.findByTestId('complain-general'));
    const form = screen.getByTestId('complaint-form');
    expect(form.closest('[data-contact]')).toBeNull();
    fireEvent.change(within(form).getByTestId('complaint-reason'), { target: { value: 'tooManyContacts' } });
    fireEvent.change(within(form).getByTestId('complaint-text'), {
      target: { value: 'They call me every single day.' },
    });
    fireEvent.click(within(form).getByTestId('complaint-send'));
    await screen.findByRole('heading', { name: catalogs.en['collections.complaints.title'] });
    expect(callsTo(calls, 'POST', '/collection-complaints')[0]?.body).toEqual({
      reason: 'tooManyContacts',
      text: 'They call me every single day.',
      orderId,
    });
  });
});
