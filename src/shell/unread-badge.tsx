/**
 * The unread count on the Profile tab (lazy: the shell's first render carries only its import). It asks for the
 * counts when it appears, on every route change and when the app comes back to the foreground; forgets them at
 * logout. No timer: nothing keeps a phone awake.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '../router.ts';
import { useCoreStore } from '../store/core-store.ts';
import { refreshUnread, setUnread, useUnread, watchForeground } from './unread.ts';
import './unread-badge.css';

export default function UnreadBadge() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const token = useCoreStore((s) => s.publicData.token);
  const total = useUnread()?.total ?? 0;
  useEffect(() => {
    if (token) void refreshUnread();
    else setUnread(null);
  }, [token, pathname]);
  useEffect(() => watchForeground(() => Boolean(useCoreStore.getState().publicData.token)), []);
  if (total === 0) return null;
  return (
    <>
      <span className="ui-bottom-nav-badge" aria-hidden="true" data-testid="unread-badge">
        {total > 99 ? '99+' : total}
      </span>
      <span className="visually-hidden">{t('nav.unread', { count: total })}</span>
    </>
  );
}
