import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './router.ts';
import { installLayout } from '#engine/layout/apply-layout.ts';
import { captureInstallPrompt } from '#engine/ui/install-prompt.ts';
import { product } from './config.ts';
import { initI18n } from './i18n.ts';
import { prefetchScreenAt } from './shell/screens.ts';
import { Shell } from './shell/shell.tsx';
import { loadManifest, onManifest } from './forms/manifest.ts';
import { applyTheme, takePublishedThemes } from './shell/theme.ts';
import { registerServiceWorker } from './shell/service-worker.ts';
import { initChannel } from './storage.ts';
import { useCoreStore } from './store/core-store.ts';
import './styles/base.css';

installLayout(window, { userScalable: product.zoom.userScalable });
initChannel();
captureInstallPrompt(window);
applyTheme(useCoreStore.getState().subProTheme);
// The seed theme paints first; what staff published replaces it when the manifest arrives (and after a reload of it).
// A failed manifest leaves the seed: the steps ask for it again when they need it.
onManifest((manifest) => takePublishedThemes(manifest.themes));
loadManifest().catch(() => undefined);

prefetchScreenAt(window.location.pathname);
void initI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      {/* Navigations show the next route at once (its loading state if its chunk is still on the way), outside a transition. */}
      <BrowserRouter useTransitions={false}>
        <Shell />
      </BrowserRouter>
    </StrictMode>,
  );
  registerServiceWorker();
});
