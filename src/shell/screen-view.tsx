import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../engine/ui/error-boundary.tsx';
import { screenComponent } from './screens.ts';

/** One route's view: its lazy screen, a loading state, and a retry when the chunk cannot be fetched. */
export function ScreenView({ screen, stylesheet }: { screen: string | undefined; stylesheet: string }) {
  const Screen = screen ? screenComponent(screen, stylesheet) : undefined;
  // Routes whose screens arrive with later work show the shell (title bar, navigation) and nothing invented.
  if (!Screen) return <div className="page" data-screen="shell-only" />;
  return (
    <ErrorBoundary fallback={(retry) => <ScreenFailed retry={retry} />}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
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

function ScreenFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page page-failed" role="alert">
      <p>{t('app.unavailableScreen')}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()} onBlur={retry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
