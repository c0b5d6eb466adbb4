/** The desktop frame: the menu on the left (what the role may use), the header with the staff member, language, logout. */
import type { ReactNode } from 'react';
import { useGetIdentity, useLogout, useTranslation as useRefineTranslation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { allows } from './providers/access-control.ts';
import { LANGUAGES } from './i18n.ts';
import type { StaffIdentity } from './types.ts';
import { RESOURCES } from './resources.ts';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const { changeLocale, getLocale } = useRefineTranslation();
  return (
    <label className="st-language">
      <span>{t('header.language')}</span>
      <select value={getLocale()} onChange={(event) => void changeLocale(event.target.value)} data-testid="language">
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: staff } = useGetIdentity<StaffIdentity>();
  const { mutate: logout } = useLogout();
  const permissions = staff?.permissions ?? [];
  return (
    <div className="st-frame">
      <nav className="st-nav" aria-label={t('nav.label')}>
        <p className="st-brand">{t('brand')}</p>
        <ul>
          {RESOURCES.filter((r) => allows(permissions, r.name, 'list')).map((r) => (
            <li key={r.name}>
              <NavLink to={r.list}>{t(`nav.${r.name}`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="st-main">
        <header className="st-header">
          <div className="st-who" data-testid="who">
            <strong>{staff?.name}</strong>
            {staff && <span className="st-role">{t(`roles.${staff.role}`)}</span>}
          </div>
          <Link to="/password" className="st-link" data-testid="change-password">
            {t('header.changePassword')}
          </Link>
          <LanguageSwitch />
          <button type="button" className="st-button st-secondary" onClick={() => logout()}>
            {t('header.logout')}
          </button>
        </header>
        {staff?.simulatedProviders && staff.simulatedProviders.length > 0 && (
          <p className="st-simulated" role="note" data-testid="simulated-providers">
            {t('header.simulated', {
              providers: staff.simulatedProviders.map((name) => t(`header.simulatedProvider.${name}`)).join(', '),
            })}
          </p>
        )}
        <main className="st-content">{children}</main>
      </div>
    </div>
  );
}
