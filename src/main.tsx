import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './router.ts';
import { installLayout } from '#engine/layout/apply-layout.ts';
import { isAndroid } from '#engine/layout/device.ts';
import { isLoggedIn } from '#engine/screens/guard.ts';
import { captureInstallPrompt } from '#engine/ui/install-prompt.ts';
import { product } from './config.ts';
import { initI18n } from './i18n.ts';
import { prefetchScreenAt } from './shell/screens.ts';
import { firstScreenDone, Shell } from './shell/shell.tsx';
import { loadManifest, onManifest } from './forms/manifest.ts';
import { applyTheme, takePublishedThemes } from './shell/theme.ts';
import { registerServiceWorker } from './shell/service-worker.ts';
import { hydratable } from './prerendered.ts';
import { initChannel } from './storage.ts';
import { useCoreStore } from './store/core-store.ts';
import 'virtual:seed-theme.css';
import './styles/base.css';

installLayout(window, { userScalable: product.zoom.userScalable });
initChannel();
captureInstallPrompt(window);
applyTheme(useCoreStore.getState().subProTheme);
// The seed theme paints first; what staff published replaces it when the manifest arrives (and after a reload of it).
// A failed manifest leaves the seed: the steps ask for it again when they need it.
onManifest((manifest) => takePublishedThemes(manifest.themes));
loadManifest().catch(() => undefined);

/**
 * Lifts the page's `inert` (scripts/prerender.ts) once React's own first render is on the page, before it paints: until
 * that render replaces it the markup is the page's, and whatever is typed into it would go with it.
 */
function LiveOnCommit(): null {
  useLayoutEffect(() => {
    document.getElementById('root')!.inert = false;
  });
  return null;
}

void initI18n(undefined, prefetchScreenAt(window.location.pathname)).then((i18n) => {
  const root = document.getElementById('root')!;
  // Not where the guard sends the visitor elsewhere at once (an Android browser, to its own page): React would keep
  // the page's markup beside its own.
  const elsewhere = product.unsupportedPlatforms.includes('android') && isAndroid(navigator.userAgent);
  const hydrate =
    !elsewhere && hydratable(root, i18n.language, location.pathname, isLoggedIn(useCoreStore.getState().publicData));
  const app = (
    <StrictMode>
      <LiveOnCommit />
      {/* Navigations show the next route at once (its loading state if its chunk is still on the way), outside a transition. */}
      <BrowserRouter useTransitions={false}>
        <Shell />
      </BrowserRouter>
    </StrictMode>
  );
  // The page's own markup (scripts/prerender.ts) painted before any script ran; hydrated where it is this first
  // render's. A part the server could not draw (a screen still loading there) is drawn here: React's recoverable
  // errors for those parts are expected, not reported.
  // Markup React hydrates is live from now: React replays what is done on parts it has not hydrated yet. Markup drawn
  // for another language, path or visitor stays inert until React's render replaces it (LiveOnCommit): text typed
  // into it would be lost.
  if (hydrate) root.inert = false;
  // In a transition, React renders the first screen in slices of a few milliseconds and lets the browser answer a tap
  // in between, instead of one long task while the page is already on screen.
  startTransition(() => {
    if (hydrate) hydrateRoot(root, app, { onRecoverableError: () => undefined });
    else createRoot(root).render(app);
  });
  void firstScreenDone.then(registerServiceWorker);
});
