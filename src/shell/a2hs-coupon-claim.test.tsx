// @vitest-environment jsdom
/** The add-to-home-screen coupon, claimed when the app is opened from the home screen (a2hs-coupon-claim.tsx). */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatPeso } from '#domain/money.ts';
import { callsTo, logIn, mockApi } from '#src/testing/api-mock.ts';
import { readCatalogs } from '#src/testing/catalog-check.ts';
import { renderScreen } from '#src/testing/render-screen.tsx';
import { A2hsCouponClaim } from './a2hs-coupon-claim.tsx';

const catalogs = readCatalogs('coupons');
const coupon = {
  id: '00000000-0000-4000-8000-000000000001',
  amountCentavos: 10000,
};

beforeEach(() => {
  logIn();
  // Opened from the home screen.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('A2hsCouponClaim', () => {
  it.each(['en', 'fil'] as const)(
    'tells of the coupon in words (%s), though no screen loaded the coupons catalog',
    async (language) => {
      const calls = mockApi({
        'POST /coupons/add-to-home-screen': { body: { issued: true, coupon } },
      });
      await renderScreen(<A2hsCouponClaim />, { language, path: '/homeIndex' });
      const expected = catalogs[language]['claim.issued']!.replace('{{amount}}', formatPeso(coupon.amountCentavos));
      // The newest toast (an earlier test's may still be showing).
      const toast = () => [...document.querySelectorAll('.ui-toast')].at(-1)?.textContent;
      await vi.waitFor(() => expect(toast()).toBe(expected));
      // Asked once: the answer says "issued" only the first time.
      expect(callsTo(calls, 'POST', '/coupons/add-to-home-screen')).toHaveLength(1);
    },
  );
});
