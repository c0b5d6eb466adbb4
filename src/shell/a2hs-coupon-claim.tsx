/**
 * The add-to-home-screen coupon: when the app runs from the home screen, each borrower who logs in asks the server
 * for it (POST /coupons/add-to-home-screen). The server issues it once per borrower, ever; the borrower hears of it
 * only the time it was issued. Part of the shell's extras (loaded after the first render).
 */
import i18next from 'i18next';
import { useEffect } from 'react';
import { formatPeso } from '#domain/money.ts';
import { toast } from '#engine/ui/toast.tsx';
import { couponsApi } from '../api/coupons.ts';
import { useCoreStore } from '../store/core-store.ts';

/** Opened from the home screen: `display-mode: standalone`, or iOS Safari's own `navigator.standalone`. */
function isStandalone(): boolean {
  try {
    if (window.matchMedia?.('(display-mode: standalone)').matches) return true;
  } catch {
    /* no matchMedia: fall through */
  }
  return (navigator as { standalone?: boolean }).standalone === true;
}

export function A2hsCouponClaim() {
  const customerId = useCoreStore((s) => (s.publicData.token ? s.publicData.customerId : undefined));
  useEffect(() => {
    if (!customerId || !isStandalone()) return;
    let gone = false;
    couponsApi
      .claimAddToHomeScreen()
      .then(async (answer) => {
        if (!answer?.issued || !answer.coupon) return;
        // The server says so only this once: the text waits for its catalog (no screen may have loaded `coupons`
        // yet), so the borrower never reads a bare key.
        await i18next.loadNamespaces('coupons');
        if (!gone) toast(i18next.t('coupons:claim.issued', { amount: formatPeso(answer.coupon.amountCentavos) }), 4000);
      })
      .catch(() => undefined); // asked again at the next start or login
    return () => {
      gone = true;
    };
  }, [customerId]);
  return null;
}
