/** Loads the SDK chunk (attribution-sdk.ts) on consent, and stops it when consent is withdrawn; never before consent. */
import type * as AttributionSdk from './attribution-sdk.ts';

let sdk: Promise<typeof AttributionSdk> | undefined;

export function startSdk(token: string): Promise<void> {
  sdk ??= import('./attribution-sdk.ts');
  return sdk.then((m) => m.runAttribution(token));
}

export function stopSdk(): Promise<void> {
  return sdk ? sdk.then((m) => m.stopAttribution()) : Promise.resolve();
}
