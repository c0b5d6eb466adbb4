import { useTranslation } from 'react-i18next';
import { useNavigate } from '../router.ts';
import { backIcon, Icon } from '#engine/ui/icons.tsx';
import { product } from '../config.ts';

/** The title bar: the route's translated title and, where the route wants one, a back button. */
export function TitleBar({ routeName, back }: { routeName: string; back: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    // A page opened directly (shared link, home-screen icon) has no history to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/', { replace: true });
  };
  return (
    <header className="title-bar">
      {back && (
        <button type="button" className="title-bar-back" onClick={goBack} aria-label={t('app.back')}>
          <Icon path={backIcon} />
        </button>
      )}
      <h1 className="title-bar-title">{t(`routes.${routeName}`, { name: product.displayName })}</h1>
    </header>
  );
}
