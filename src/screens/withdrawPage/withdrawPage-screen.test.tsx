// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { product } from '#src/config.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { homeView, orderView } from '#src/testing/loan-views.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import WithdrawPageScreen from './withdrawPage-screen.tsx';

const en = readCatalogs('loan').en;
const text = (key: string) => en[key] ?? `missing ${key}`;
// The server's order view names the account the money goes to (server/services/loans/views.ts).
const order = orderView({
  state: 'withdrawable',
  payout: { method: 'bank', label: 'bdo', accountMasked: '******7890' },
});
const disbursing = { ...order, state: 'disbursing' as const };
const render = () =>
  renderScreen(<WithdrawPageScreen />, {
    namespaces: ['loan', 'errors', 'forms', 'coupons'],
    path: `/withdrawPage?order=${order.id}`,
  });
const unguard = (el: HTMLElement) => {
  el.style.pointerEvents = '';
  delete el.dataset['guarded'];
};

beforeEach(() => {
  logIn();
  // jsdom has no canvas: a 2D context that accepts every call, and a PNG encoder.
  const context = new Proxy({} as Record<string, unknown>, {
    get: (t, k: string) => (k in t ? t[k] : () => undefined),
    set: (t, k: string, v) => ((t[k] = v), true),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,U0lHTkVE');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WithdrawPageScreen', () => {
  it('with a signature on file asks for none: shows the amount and masked account, withdraws with an Idempotency-Key', async () => {
    const calls = mockApi({
      [`GET /loans/${order.id}`]: { body: order },
      'GET /signature': { body: { signed: true, signedAt: '2026-04-01T00:00:00.000Z' } },
      [`POST /loans/${order.id}/withdraw`]: { body: disbursing },
    });
    await render();
    expect(await screen.findByTestId('signature-on-file')).toBeTruthy();
    expect(screen.queryByTestId('signature-needed')).toBeNull();
    expect(document.querySelector('[data-figure="received"] dd')?.textContent).toBe(
      formatPeso(order.quote.receivedCentavos),
    );
    const payout = await screen.findByTestId('payout');
    expect(payout.textContent).toContain('7890');
    expect(payout.textContent).not.toContain('001234567890');
    fireEvent.click(screen.getByRole('button', { name: text('withdraw.submit') }));
    expect(await screen.findByTestId('withdrawn')).toBeTruthy();
    expect(
      screen.getByText(text('withdraw.disbursing_other').replace('{{count}}', String(product.timings.fundsHours))),
    ).toBeTruthy();
    const [post] = callsTo(calls, 'POST', `/loans/${order.id}/withdraw`);
    expect(post!.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(callsTo(calls, 'POST', '/signature')).toHaveLength(0);
    expect(callsTo(calls, 'POST', '/documents')).toHaveLength(0);
  });

  it('without a signature asks for one, uploads it as a signature document, records it, then withdraws', async () => {
    const calls = mockApi({
      [`GET /loans/${order.id}`]: { body: order },
      'GET /signature': { body: { signed: false, signedAt: null } },
      'POST /documents': {
        status: 201,
        body: { id: 'd-1', ref: 'doc:5b0c1f0e-0000-4000-8000-000000000001', kind: 'signature' },
      },
      'POST /signature': { body: { signed: true, signedAt: '2026-05-04T02:00:00.000Z' } },
      [`POST /loans/${order.id}/withdraw`]: ['network', { body: disbursing }],
    });
    await render();
    expect(await screen.findByTestId('signature-needed')).toBeTruthy();
    const submit = screen.getByRole('button', { name: text('withdraw.submit') });
    fireEvent.click(submit);
    expect(await screen.findByText(text('withdraw.signFirst'))).toBeTruthy();
    expect(callsTo(calls, 'POST', `/loans/${order.id}/withdraw`)).toHaveLength(0);

    const pad = await screen.findByRole('img', { name: text('withdraw.signHere') });
    fireEvent.mouseDown(pad, { buttons: 1, clientX: 10, clientY: 10 });
    fireEvent.mouseMove(window, { buttons: 1, clientX: 60, clientY: 30 });
    fireEvent.mouseUp(window, { buttons: 0, clientX: 80, clientY: 40 });
    unguard(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(readCatalogs('errors').en['NETWORK_ERROR']!)).toBeTruthy();
    const upload = callsTo(calls, 'POST', '/documents')[0]!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('kind')).toBe('signature');
    expect(callsTo(calls, 'POST', '/signature')[0]!.body).toEqual({
      signature: 'doc:5b0c1f0e-0000-4000-8000-000000000001',
    });
    // The retry withdraws with the same key and does not sign again.
    expect(await screen.findByTestId('signature-on-file')).toBeTruthy();
    unguard(submit);
    fireEvent.click(screen.getByRole('button', { name: text('withdraw.submit') }));
    expect(await screen.findByTestId('withdrawn')).toBeTruthy();
    const withdraws = callsTo(calls, 'POST', `/loans/${order.id}/withdraw`);
    expect(withdraws).toHaveLength(2);
    expect(withdraws[1]!.headers['idempotency-key']).toBe(withdraws[0]!.headers['idempotency-key']);
    expect(callsTo(calls, 'POST', '/documents')).toHaveLength(1);
  });

  it('names the account the order view names (after a failed payout, the changed one), never the profile', async () => {
    // The borrower changed 0000123456 to 5566778899 after a failed payout: the order is withdrawable again.
    const reopened = { ...order, payout: { method: 'bank' as const, label: 'bdo', accountMasked: '******8899' } };
    const old = { payoutMethod: 'bank', bankCode: 'bdo', accountNumber: '0000123456' };
    const calls = mockApi({
      [`GET /loans/${order.id}`]: { body: reopened },
      'GET /signature': { body: { signed: true, signedAt: '2026-04-01T00:00:00.000Z' } },
      'GET /profile': { body: { summary: {}, sections: { bankInfo: { data: old } } } },
    });
    await render();
    const payout = await screen.findByTestId('payout');
    expect(payout.textContent).toBe('BDO Unibank ******8899');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(screen.getByTestId('payout').textContent).not.toContain('3456');
    expect(callsTo(calls, 'GET', '/profile')).toHaveLength(0);
  });

  it('without a session asks the borrower to log in', async () => {
    useCoreStore.setState({ publicData: {} });
    const calls = mockApi({});
    await render();
    expect(await screen.findByText(text('withdraw.loginFirst'))).toBeTruthy();
    expect(calls).toHaveLength(0);
    await act(async () => undefined);
  });

  it('offers a re-loan borrower to change the payout account, and nobody else', async () => {
    for (const [reloan, bankChangeAvailable, shown] of [
      [true, true, true],
      [false, true, false],
      [true, false, false],
    ] as const) {
      mockApi({
        [`GET /loans/${order.id}`]: { body: order },
        'GET /signature': { body: { signed: true, signedAt: '2026-04-01T00:00:00.000Z' } },
        'GET /loans/home': { body: homeView({ reloan, bankChangeAvailable }) },
      });
      await render();
      await screen.findByTestId('payout');
      await act(async () => {
        await new Promise((r) => setTimeout(r, 0));
      });
      const link = screen.queryByTestId('change-account');
      expect(link !== null, `reloan ${reloan}, bank change ${bankChangeAvailable}`).toBe(shown);
      if (link) expect(link.getAttribute('href')).toBe('/changeBank');
      cleanup();
    }
  });
  it('offers the coupons that can apply: a refused one says why in place, a usable one raises the received amount and goes with the withdrawal', async () => {
    const coupon = (id: string, amountCentavos: number, minimumCentavos: number) => ({
      id,
      kind: 'withdrawal',
      appliesTo: 'withdrawal',
      amountCentavos,
      minimumCentavos,
      state: 'unused',
      validFrom: '2026-04-01T00:00:00.000Z',
      expiresAt: '2026-05-01T00:00:00.000Z',
      usedAt: null,
    });
    const small = coupon('00000000-0000-4000-8000-000000000001', 3000, 100000);
    const big = coupon('00000000-0000-4000-8000-000000000002', 5000, 900000);
    const calls = mockApi({
      [`GET /loans/${order.id}`]: { body: order },
      'GET /signature': { body: { signed: true, signedAt: '2026-04-01T00:00:00.000Z' } },
      'GET /coupons?appliesTo=withdrawal': { body: { coupons: [small, big] } },
      [`POST /loans/${order.id}/withdraw-quote`]: (init) =>
        (JSON.parse(String(init.body)) as { couponId: string }).couponId === big.id
          ? {
              status: 422,
              body: { code: 'COUPON_UNAVAILABLE', message: '', reason: 'minimum', minimumCentavos: 900000 },
            }
          : {
              body: {
                ...order.quote,
                couponCentavos: 3000,
                couponKind: 'withdrawal',
                receivedCentavos: order.quote.receivedCentavos + 3000,
              },
            },
      [`POST /loans/${order.id}/withdraw`]: { body: disbursing },
    });
    await render();
    const picker = await screen.findByTestId('coupon-picker');
    const radios = picker.querySelectorAll('input[type="radio"]');
    fireEvent.click(radios[2]!);
    expect((await screen.findByTestId('coupon-refusal')).textContent).toBe(
      readCatalogs('errors').en['COUPON_UNAVAILABLE'],
    );
    expect(document.querySelector('[data-figure="received"] dd')?.textContent).toBe(
      formatPeso(order.quote.receivedCentavos),
    );
    fireEvent.click(radios[1]!);
    await vi.waitFor(() =>
      expect(document.querySelector('[data-figure="received"] dd')?.textContent).toBe(
        formatPeso(order.quote.receivedCentavos + 3000),
      ),
    );
    expect(screen.queryByTestId('coupon-refusal')).toBeNull();
    const submit = screen.getByRole('button', { name: text('withdraw.submit') });
    unguard(submit);
    fireEvent.click(submit);
    expect(await screen.findByTestId('withdrawn')).toBeTruthy();
    expect(callsTo(calls, 'POST', `/loans/${order.id}/withdraw`)[0]!.body).toEqual({ couponId: small.id });
  });
});
