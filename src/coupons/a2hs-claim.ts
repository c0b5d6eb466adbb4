/**
 * The add-to-home-screen coupon: when the app runs from the home screen (the shell checks that before loading this
 * chunk), each borrower who logs in asks the server for it (POST /coupons/add-to-home-screen). The server issues it
 * once per borrower, ever; the borrower hears of it only the time it was issued.
 */
import i18next from 'i18next';
import { formatPeso } from '../../domain/money.ts';
import { toast } from '../../engine/ui/toast.tsx';
import { couponsApi } from '../api/coupons.ts';
import { useCoreStore, type PublicData } from '../store/core-store.ts';

/** Claims for every borrower who logs in while the app runs; answers the unsubscribe. */
export function watchAddToHomeScreen(): () => void {
  let asked: string | undefined;
  const claim = ({ token, customerId }: PublicData) => {
    if (!token || !customerId || asked === customerId) return;
    asked = customerId;
    couponsApi
      .claimAddToHomeScreen()
      .then(async (answer) => {
        if (!answer.issued || !answer.coupon) return;
        await i18next.loadNamespaces('coupons');
        toast(i18next.t('coupons:claim.issued', { amount: formatPeso(answer.coupon.amountCentavos) }), 4000);
      })
      .catch(() => {
        asked = undefined; // asked again at the next login or start
      });
  };
  claim(useCoreStore.getState().publicData);
  return useCoreStore.subscribe((state) => claim(state.publicData));
}
