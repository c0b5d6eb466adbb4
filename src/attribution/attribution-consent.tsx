/**
 * Part of the shell's extras (after the first render): with attribution on and no answer yet it shows the consent
 * prompt (its own lazy chunk); with consent it loads the SDK; with consent withdrawn (/setup) it stops it. With
 * attribution off it renders nothing and loads nothing.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { startSdk, stopSdk } from './attribution-runner.ts';
import { attributionStep, attributionToken, readConsent, subscribeConsent } from './consent.ts';

const ConsentPrompt = lazy(() => import('./consent-prompt.tsx'));

export function AttributionConsent() {
  const [token] = useState(() => attributionToken());
  const consent = useSyncExternalStore(subscribeConsent, readConsent, () => null);
  const step = attributionStep(token, consent);
  useEffect(() => {
    if (step === 'load' && token) void startSdk(token).catch(() => undefined); // tried again at the next start
    if (step === 'declined') void stopSdk();
  }, [step, token]);
  if (step !== 'ask') return null;
  return (
    <Suspense fallback={null}>
      <ConsentPrompt />
    </Suspense>
  );
}
