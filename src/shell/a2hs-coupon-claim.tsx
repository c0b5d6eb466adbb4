/**
 * The add-to-home-screen coupon: when the app runs from the home screen, each borrower who logs in asks the server
 * for it (POST /coupons/add-to-home-screen). The server issues it once per borrower, ever; the borrower hears of it
 * only the time it was issued. Part of the shell's extras (loaded after the first render).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('coupons', { useSuspense: false });
  const customerId = useCoreStore((s) => (s.publicData.token ? s.publicData.customerId : undefined));
  useEffect(() => {
    if (!customerId || !isStandalone()) return;
    let gone = false;
    couponsApi
      .claimAddToHomeScreen()
      .then((answer) => {
        if (!gone && answer?.issued && answer.coupon)
          toast(t('claim.issued', { amount: formatPeso(answer.coupon.amountCentavos) }), 4000);
      })
      .catch(() => undefined); // asked again at the next start or login
    return () => {
      gone = true;
    };
  }, [customerId, t]);
  return null;
}
