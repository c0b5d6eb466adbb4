/**
 * The first screen's turn: what the shell loads besides the screen (its extras: the banner, toasts and dialogs; the
 * unread badge) waits until the screen has been drawn and the API requests on their way then have been answered, so
 * on a slow network they do not share it with what the borrower came for (src/shell/shell.tsx).
 */
let pending = 0;
let shown = false;
const waiting = new Set<() => void>();

function settle(): void {
  if (!shown || pending > 0) return;
  for (const resume of waiting) resume();
  waiting.clear();
}

/** An API request started; call the answer when it is done (src/api/client.ts). */
export function requestStarted(): () => void {
  pending += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    settle();
  };
}

/** The first screen (not its loading state) is on the page (src/shell/screen-view.tsx). */
export function screenShown(): void {
  shown = true;
  settle();
}

/** Resolves once the first screen is shown and no API request is on its way. */
export function firstScreenSettled(): Promise<void> {
  return new Promise((resolve) => {
    waiting.add(resolve);
    settle();
  });
}
