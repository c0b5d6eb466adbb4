/**
 * Keeps Chromium's `beforeinstallprompt` event from the moment the app starts, so an install button shown later (the
 * add-to-home-screen tutorial) can still open the browser's own dialog. Safari never fires it. This is the part the
 * app loads at start-up; the button's hook, `useInstallPrompt`, is ./use-install-prompt.ts (loaded with its screen).
 */

/** The event Chromium fires when the app can be installed. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | undefined;
let listening = false;
const listeners = new Set<() => void>();

/** Keeps `event` (undefined: forgets the one kept) and tells the subscribers. */
export function keepInstallPrompt(event: BeforeInstallPromptEvent | undefined): void {
  deferred = event;
  listeners.forEach((l) => l());
}

/** The event kept, if any. */
export const installPrompt = (): BeforeInstallPromptEvent | undefined => deferred;

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
    keepInstallPrompt(event);
  });
  win.addEventListener('appinstalled', () => keepInstallPrompt(undefined));
}

/** Calls `listener` whenever the event kept changes; returns the unsubscribe. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  captureInstallPrompt(window);
  listeners.add(listener);
  return () => listeners.delete(listener);
}
