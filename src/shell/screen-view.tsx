import { memo, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '#engine/ui/error-boundary.tsx';
import { screenShown } from '../api/activity.ts';
import { routeScreens } from './screens.ts';

/**
 * One route's view: its lazy screen, a loading state, and a reload offer when the chunk cannot be fetched. The frame
 * around it renders again for its own reasons (the shell's extras arrive, a tab's badge): the screen does not.
 */
export const ScreenView = memo(function ScreenView({ routeName }: { routeName: string }) {
  const Screen = routeScreens.get(routeName);
  // Routes whose screens arrive with later work show the shell (title bar, navigation) and nothing invented.
  if (!Screen) return <div className="page" data-screen="shell-only" />;
  return (
    <ErrorBoundary fallback={() => <ScreenFailed />}>
      <Suspense fallback={<ScreenLoading />}>
        {/* eslint-disable-next-line react-hooks/static-components -- looked up in a module-level map, never created here */}
        <Screen routeName={routeName} />
        <Shown />
      </Suspense>
    </ErrorBoundary>
  );
});

/** Tells the shell the screen is on the page, past its loading state (src/api/activity.ts). */
function Shown() {
  useEffect(screenShown, []);
  return null;
}

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="page page-loading" aria-busy="true">
      <span className="spinner" />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

function ScreenFailed() {
  const { t } = useTranslation();
  // A lazy chunk that failed stays failed inside React.lazy, so retrying means loading the page again.
  return (
    <div className="page page-failed" role="alert">
      <p>{t('app.unavailableScreen')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </div>
  );
}
