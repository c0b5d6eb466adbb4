/**
 * The attribution SDK (Adjust's official web SDK), in its own chunk: imported only by attribution-runner.ts, after the
 * borrower consented. Initialised once per page; a withdrawn consent stops it, a renewed one restarts it.
 */
import Adjust from '@adjustcom/adjust-web-sdk';

let initialised = false;

export function runAttribution(appToken: string): void {
  if (initialised) {
    Adjust.restart();
    return;
  }
  initialised = true;
  Adjust.initSdk({ appToken, environment: 'production' });
}

export function stopAttribution(): void {
  if (initialised) Adjust.stop();
}
