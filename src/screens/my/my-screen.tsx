/**
 * The Profile tab (/my): the borrower's hub, rendered from one request (GET /me). Masked phone, credit limit and how
 * to raise it, each information step with its state (the payout step is locked while a loan is open: its account
 * changes through /changeBank), the payout account, coupons, messages, the collection contacts made to them, Easy Re-loan when config enables it, help and
 * feedback, about us, add to home screen, language, SMS reminders, settings, and log out.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { confirmDialog } from '#engine/ui/confirm-dialog.tsx';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { chevronIcon } from '#engine/ui/icon-set.ts';
import { toast } from '#engine/ui/toast.tsx';
import { chooseLanguage, loadMe, logOut, savePreferences, type MeView } from '#src/api/me.ts';
import { errorMessage } from '#src/api/error-message.ts';
import { requestEarly } from '#src/api/session.ts';
import { product, type Language } from '#src/config.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useNavigate } from '#src/router.ts';
import { useUnread } from '#src/shell/unread.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './my.page.css';

/** Where each kind of payout account's name is in the payout form's texts (forms namespace). */
const ACCOUNT_LABEL: Record<NonNullable<MeView['payoutAccount']>['method'], string> = {
  bank: 'bankInfo.options.bankCode.',
  eWallet: 'bankInfo.options.eWalletProvider.',
  remittance: 'bankInfo.options.remittanceShop.',
};

/** Opened directly: the summary travels beside the page's scripts (src/shell/screens.ts). */
export const earlyGets = ['/me'];
export const early = () => earlyGets.forEach(requestEarly);

export default function MyScreen() {
  const { t } = useTranslation(['profile', 'common', 'forms']);
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const me = useLoad(`me:${session}`, () => loadMe());
  // The tab bar's counts, asked again on every route change, are newer than the summary once they arrive.
  const live = useUnread();

  if (!me.data) {
    return (
      <div className="page my">
        {me.error ? (
          <div className="card my-failed" role="alert">
            <p>{t('loadFailed')}</p>
            <button type="button" className="btn" onClick={me.reload}>
              {t('retry')}
            </button>
          </div>
        ) : (
          <MyHead data={undefined} />
        )}
        <LogOutButton />
      </div>
    );
  }
  const data = me.data;
  const unread = live ? live.total : data.unread.notify + data.unread.activity;
  const account = data.payoutAccount && (
    <span className="list-item-label">
      {t(`${ACCOUNT_LABEL[data.payoutAccount.method]}${data.payoutAccount.label}`, { ns: 'forms' })}
      <span className="muted my-account"> {data.payoutAccount.accountMasked}</span>
    </span>
  );
  return (
    <div className="page my">
      <MyHead data={data} />

      <section aria-labelledby="my-steps">
        <h2 id="my-steps" className="section-title">
          {t('steps.title')}
        </h2>
        <ul className="list" data-testid="my-steps">
          {data.steps.map((s) => (
            <li key={s.step}>
              {s.state === 'locked' ? (
                <div className="list-item my-step" data-state={s.state}>
                  <span className="list-item-label">{t(`routes.${s.step}`, { ns: 'common' })}</span>
                  <span className="list-item-value my-badge my-badge-locked">{t('steps.locked')}</span>
                </div>
              ) : (
                <Link className="list-item my-step" data-state={s.state} to={s.route}>
                  <span className="list-item-label">{t(`routes.${s.step}`, { ns: 'common' })}</span>
                  <span className={`list-item-value my-badge my-badge-${s.state}`}>{t(`steps.${s.state}`)}</span>
                  <span className="visually-hidden">{t(s.state === 'complete' ? 'steps.review' : 'steps.fill')}</span>
                  <Icon path={chevronIcon} />
                </Link>
              )}
            </li>
          ))}
        </ul>
        {data.payoutLocked && (
          // The way to change the account meanwhile is named only when it is open (not under bank maintenance).
          <p className="muted my-note" data-testid="my-locked-note">
            {t(data.bankChangeAvailable ? 'steps.lockedNote' : 'steps.lockedNoteMaintenance')}
          </p>
        )}
      </section>

      <section aria-labelledby="my-payout">
        <h2 id="my-payout" className="section-title">
          {t('payout.title')}
        </h2>
        <ul className="list">
          <li>
            {data.payoutAccount && !data.bankChangeAvailable ? (
              // Under bank maintenance the account is shown, and why it cannot be changed now, with no way to a
              // change the server would refuse.
              <div className="list-item" data-testid="my-payout">
                {account}
                <span className="list-item-value muted">{t('payout.maintenance')}</span>
              </div>
            ) : data.payoutAccount ? (
              <Link className="list-item" to="/changeBank" data-testid="my-payout">
                {account}
                <span className="list-item-value">{t('payout.change')}</span>
                <Icon path={chevronIcon} />
              </Link>
            ) : (
              <Link className="list-item" to="/bankInfo" data-testid="my-payout">
                <span className="list-item-label">{t('payout.none')}</span>
                <Icon path={chevronIcon} />
              </Link>
            )}
          </li>
        </ul>
      </section>

      <nav aria-label={t('more')}>
        <ul className="list">
          <HubLink
            to="/coupon"
            label={t('links.coupons')}
            value={data.usableCoupons > 0 ? t('links.couponCount', { count: data.usableCoupons }) : undefined}
            testId="my-coupons"
          />
          <HubLink to="/creditLimit" label={t('links.creditLimit')} testId="my-credit-limit" />
          <HubLink
            to="/msgCenter"
            label={t('links.messages')}
            value={unread > 0 ? t('links.unreadCount', { count: unread }) : undefined}
            testId="my-messages"
          />
          <HubLink to="/collectionContacts" label={t('links.collectionContacts')} testId="my-collection-contacts" />
          {product.easyReloan?.enabled === true && <HubLink to="/appointLoan" label={t('links.easyReloan')} />}
          <HubLink
            to="/help"
            label={t('links.help')}
            value={data.openFeedback > 0 ? t('links.openFeedback', { count: data.openFeedback }) : undefined}
          />
          <HubLink to="/aboutUs" label={t('links.aboutUs')} />
          <HubLink to="/addDeskTopBrowser" label={t('links.addToHome')} />
          <HubLink to="/setup" label={t('links.settings')} />
        </ul>
      </nav>

      <LanguageChoice />
      <SmsReminders initial={data.preferences.smsReminders} />
      <LogOutButton />
    </div>
  );
}

/**
 * The card at the top: the masked phone, the credit limit and the way to raise it. Drawn before the summary arrives,
 * with its figures held open, so the card is on the page from its HTML (scripts/prerender.ts) and nothing in it moves
 * when they come; a borrower without a limit yet loses that line then.
 */
function MyHead({ data }: { data: MeView | undefined }) {
  const { t } = useTranslation('profile');
  // undefined: not known yet; null: none.
  const limit = data ? data.creditLimitCentavos : undefined;
  return (
    <section className="card my-head" aria-labelledby="my-phone" aria-busy={data ? undefined : true}>
      <p className="muted my-phone-label">{t('phone')}</p>
      <h2 id="my-phone" className="my-phone" data-testid={data ? 'my-phone' : undefined}>
        {data ? <>+63 {data.phoneMasked}</> : <span className="my-pending" />}
      </h2>
      {limit !== null && (
        <>
          <p className="muted my-limit-label">{t('limit.title')}</p>
          <p className="my-limit" data-testid={limit === undefined ? undefined : 'my-limit'}>
            {limit === undefined ? <span className="my-pending" /> : formatPeso(limit, { wholeIfExact: true })}
          </p>
        </>
      )}
      <Link className="my-raise" to="/creditLimit">
        {t('limit.raise')}
      </Link>
    </section>
  );
}

function HubLink({
  to,
  label,
  value,
  testId,
}: {
  to: string;
  label: string;
  value?: string | undefined;
  testId?: string;
}) {
  return (
    <li>
      <Link className="list-item" to={to} data-testid={testId}>
        <span className="list-item-label">{label}</span>
        {value !== undefined && <span className="list-item-value my-count">{value}</span>}
        <Icon path={chevronIcon} />
      </Link>
    </li>
  );
}

function LanguageChoice() {
  const { t, i18n } = useTranslation(['profile', 'common']);
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <fieldset className="my-group">
      <legend className="section-title">{t('language')}</legend>
      <div className="my-languages">
        {product.languages.map((code: Language) => (
          <button
            key={code}
            type="button"
            className="btn my-language"
            lang={code}
            aria-pressed={current === code}
            onClick={() => void chooseLanguage(code)}
          >
            {t(`language.${code}`, { ns: 'common' })}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function SmsReminders({ initial }: { initial: boolean }) {
  const { t } = useTranslation('profile');
  const [on, setOn] = useState(initial);
  const [saving, setSaving] = useState(false);
  const change = async (next: boolean) => {
    setOn(next);
    setSaving(true);
    try {
      const saved = await savePreferences({ smsReminders: next });
      setOn(saved.smsReminders);
    } catch (error) {
      setOn(!next);
      toast(await errorMessage(error), 4000);
    } finally {
      setSaving(false);
    }
  };
  return (
    <ul className="list my-group">
      <li>
        <label className="list-item my-switch">
          <span className="list-item-label">
            {t('sms.title')}
            <span className="muted my-switch-hint">{t('sms.hint')}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="my-switch-input"
            checked={on}
            disabled={saving}
            onChange={(e) => void change(e.target.checked)}
          />
        </label>
      </li>
    </ul>
  );
}

function LogOutButton() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const guard = useClickGuard();
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
    <button type="button" className="btn btn-danger btn-block my-logout" onClick={guard(() => void logout())}>
      {t('logout.button')}
    </button>
  );
}
