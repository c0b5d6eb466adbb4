/**
 * Keeps Chromium's `beforeinstallprompt` event from the moment the app starts, so an install button shown later (the
 * add-to-home-screen tutorial) can still open the browser's own dialog. Safari never fires it.
 */
import { useMemo, useSyncExternalStore } from 'react';

/** The event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | undefined;
let listening = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function isInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return typeof (event as Partial<BeforeInstallPromptEvent>).prompt === 'function';
}

/** Starts keeping the event; call once at start-up (further calls do nothing). */
export function captureInstallPrompt(win: Window): void {
  if (listening) return;
  listening = true;
  win.addEventListener('beforeinstallprompt', (event) => {
    if (!isInstallPromptEvent(event)) return;
    event.preventDefault();
    deferred = event;
    emit();
  });
  win.addEventListener('appinstalled', () => {
    deferred = undefined;
    emit();
  });
}

function subscribe(listener: () => void): () => void {
  captureInstallPrompt(window);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `install` opens the browser's install dialog (resolves whether the user accepted); undefined when not offered. */
export function useInstallPrompt(): { install: (() => Promise<boolean>) | undefined } {
  const event = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => undefined,
  );
  const install = useMemo(() => {
    if (!event) return undefined;
    return async () => {
      // The event can be used once: drop it whatever the user answers.
      deferred = undefined;
      emit();
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
