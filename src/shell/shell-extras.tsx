/**
 * Parts of the shell that are not needed for the first render: the network banner and the toast and dialog hosts.
 * They arrive in their own chunk right after the first screen shows, so a slow network paints sooner. From the home
 * screen, this part also claims the add-to-home-screen coupon (a2hs-coupon-claim.tsx). With attribution on, it asks the
 * borrower's consent and loads the attribution SDK only after it (src/attribution/).
 */
import { ConfirmHost } from '#engine/ui/confirm-dialog.tsx';
import { AttributionConsent } from '../attribution/attribution-consent.tsx';
import { ToastHost } from '#engine/ui/toast.tsx';
import { A2hsCouponClaim } from './a2hs-coupon-claim.tsx';
import { NetworkBanner } from './network-banner.tsx';
import './shell-extras.css';

export default function ShellExtras() {
  return (
    <>
      <NetworkBanner />
      <A2hsCouponClaim />
      <ToastHost />
      <ConfirmHost />
      <AttributionConsent />
    </>
  );
}
