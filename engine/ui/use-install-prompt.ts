/** The install button's hook, over the event kept since start-up (./install-prompt.ts). */
import { useMemo, useSyncExternalStore } from 'react';
import { installPrompt, keepInstallPrompt, subscribeInstallPrompt } from './install-prompt.ts';

/** `install` opens the browser's install dialog (resolves whether the user accepted); undefined when not offered. */
export function useInstallPrompt(): { install: (() => Promise<boolean>) | undefined } {
  const event = useSyncExternalStore(subscribeInstallPrompt, installPrompt, () => undefined);
  const install = useMemo(() => {
    if (!event) return undefined;
    return async () => {
      // The event can be used once: drop it whatever the user answers.
      keepInstallPrompt(undefined);
      try {
        await event.prompt();
        return (await event.userChoice).outcome === 'accepted';
      } catch {
        return false;
      }
    };
  }, [event]);
  return { install };
}
