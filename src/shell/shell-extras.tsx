/**
 * Parts of the shell that are not needed for the first render: the network banner and the toast and dialog hosts.
 * They arrive in their own chunk right after the first screen shows, so a slow network paints sooner. From the home
 * screen, this part also claims the add-to-home-screen coupon (src/coupons/a2hs-claim.ts).
 */
import { useEffect } from 'react';
import { ConfirmHost } from '../../engine/ui/confirm-dialog.tsx';
import { ToastHost } from '../../engine/ui/toast.tsx';
import { NetworkBanner } from './network-banner.tsx';
import './shell-extras.css';

/** Opened from the home screen: `display-mode: standalone`, or iOS Safari's own `navigator.standalone`. */
function isStandalone(): boolean {
  try {
    if (window.matchMedia?.('(display-mode: standalone)').matches) return true;
  } catch {
    /* no matchMedia: fall through */
  }
  return (navigator as { standalone?: boolean }).standalone === true;
}

export default function ShellExtras() {
  // From the home screen, the add-to-home-screen coupon is claimed after login (its own small chunk).
  useEffect(() => {
    if (!isStandalone()) return;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('../coupons/a2hs-claim.ts').then((m) => {
      if (!gone) stop = m.watchAddToHomeScreen();
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return (
    <>
      <NetworkBanner />
      <ToastHost />
      <ConfirmHost />
    </>
  );
}
