/**
 * Settings: language, attribution consent (when attribution is on), links to the information pages, account deletion (a sub-view at ?view=deleteAccount, so the
 * back button returns to the list) and log out. Deletion is done by customer service (spec section 6): the app
 * only explains it and hands the borrower the channels; no API call exists for it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '#src/router.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { confirmDialog } from '#engine/ui/confirm-dialog.tsx';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { product, type Language } from '#src/config.ts';
import { chooseLanguage, logOut } from '#src/api/me.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import { ServiceChannels } from '#src/contact/service-channels.tsx';
import { AttributionSetting } from '#src/attribution/attribution-setting.tsx';
import './setup.page.css';

/** The query value that opens the account-deletion sub-view. */
export const DELETE_ACCOUNT_VIEW = 'deleteAccount';

/** Information pages reachable from the settings list, in order. */
const LINKS = [
  { to: '/aboutUs', label: 'links.aboutUs' },
  { to: '/privacy', label: 'links.privacy' },
  { to: '/conditionalTerms', label: 'links.terms' },
  { to: '/addDeskTopBrowser', label: 'links.addToHome' },
] as const;

export default function SetupScreen() {
  const [params] = useSearchParams();
  return params.get('view') === DELETE_ACCOUNT_VIEW ? <DeleteAccount /> : <SettingsList />;
}

function SettingsList() {
  const { t, i18n } = useTranslation(['setup', 'common']);
  const navigate = useNavigate();
  const guard = useClickGuard();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const logout = async () => {
    const ok = await confirmDialog({
      title: t('logout.confirmTitle'),
      message: t('logout.confirmMessage'),
      confirmText: t('logout.confirm'),
      cancelText: t('logout.cancel'),
    });
    if (!ok) return;
    logOut();
    void navigate('/start', { replace: true });
  };

  return (
    <div className="page setup">
      <fieldset className="setup-group">
        <legend className="section-title setup-legend">{t('language.title')}</legend>
        <ul className="list">
          {product.languages.map((code: Language) => (
            <li key={code}>
              <label className="list-item setup-language">
                <span className="list-item-label" lang={code}>
                  {t(`language.${code}`, { ns: 'common' })}
                </span>
                <input
                  type="radio"
                  className="setup-radio"
                  name="setup-language"
                  value={code}
                  checked={current === code}
                  onChange={() => void chooseLanguage(code)}
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <AttributionSetting />

      <nav aria-label={t('links.title')}>
        <ul className="list">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link className="list-item" to={link.to}>
                <span className="list-item-label">{t(link.label)}</span>
                <Icon path={chevronIcon} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <ul className="list">
        <li>
          <Link className="list-item" to={{ search: `?view=${DELETE_ACCOUNT_VIEW}` }}>
            <span className="list-item-label">{t('account.delete')}</span>
            <Icon path={chevronIcon} />
          </Link>
        </li>
      </ul>

      <button type="button" className="btn btn-danger btn-block setup-logout" onClick={guard(() => void logout())}>
        {t('logout.button')}
      </button>
    </div>
  );
}

function DeleteAccount() {
  const { t } = useTranslation(['setup', 'common']);
  const guard = useClickGuard();
  const phone = useCoreStore((s) => s.publicData.phone_number);
  const [requested, setRequested] = useState(false);
  const nextRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (requested) nextRef.current?.focus();
  }, [requested]);

  const request = async () => {
    const ok = await confirmDialog({
      title: t('delete.confirmTitle'),
      message: t('delete.confirmMessage'),
      confirmText: t('delete.confirm'),
      cancelText: t('delete.cancel'),
      danger: true,
    });
    if (ok) setRequested(true);
  };

  const name = product.displayName;
  const mail = {
    subject: t('delete.mailSubject', { name }),
    body: phone ? t('delete.mailBodyWithPhone', { name, phone }) : t('delete.mailBody', { name }),
  };

  return (
    <div className="page setup setup-delete">
      <section className="card prose" aria-labelledby="setup-delete-title">
        <h2 id="setup-delete-title" className="section-title">
          {t('delete.title')}
        </h2>
        <ul className="setup-delete-points">
          <li>{t('delete.meaning')}</li>
          <li>{t('delete.loansFirst')}</li>
          <li>{t('delete.retained')}</li>
          <li>{t('delete.byService')}</li>
        </ul>
      </section>

      {requested ? (
        <section className="card" aria-labelledby="setup-delete-next" data-testid="delete-next">
          <h2 id="setup-delete-next" className="section-title" ref={nextRef} tabIndex={-1}>
            {t('delete.nextTitle')}
          </h2>
          <p className="prose setup-delete-next-body">{t('delete.nextBody')}</p>
          <ServiceChannels ns="setup" mail={mail} />
        </section>
      ) : (
        <button type="button" className="btn btn-danger btn-block" onClick={guard(() => void request())}>
          {t('delete.request')}
        </button>
      )}
    </div>
  );
}
