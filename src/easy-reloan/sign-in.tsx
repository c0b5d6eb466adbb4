/**
 * The Easy Re-loan pages without a session (open routes, or a session that ended: sessionRequest logs out on
 * UNAUTHORIZED): the sign-in instead of a request that can only fail again, coming back to the page after login.
 */
import { useTranslation } from 'react-i18next';
import { rememberReturn } from '../return-after-login.ts';
import { Link, useLocation } from '../router.ts';
import type { PublicData } from '../store/core-store.ts';

/** Both a token and a customer id are held (engine/screens/guard.ts isLoggedIn, as the shell's guard reads it). */
export function hasSession(publicData: PublicData): boolean {
  return Boolean(publicData.token) && Boolean(publicData.customerId);
}

export function ReloanSignIn() {
  const { t } = useTranslation('reloan');
  const { pathname, search } = useLocation();
  return (
    <div className="card appointLoan-sign-in" data-testid="reloan-sign-in">
      <p>{t('setting.signIn')}</p>
      <Link
        className="btn btn-primary btn-block"
        to="/start"
        onClick={() => rememberReturn(pathname + search)}
        data-testid="reloan-sign-in-link"
      >
        {t('setting.signInAction')}
      </Link>
    </div>
  );
}
