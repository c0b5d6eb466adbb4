/**
 * /addDeskTopBrowser: the add-to-home-screen tutorial. A rewards banner, a browser picker preselected from the
 * user-agent (kept in `?browser=` so Back restores the previous choice), the chosen browser's illustrated steps,
 * an Install button where a Chromium browser offers one, and links to the detailed and the video guide.
 * Running from the home screen already, it shows the unlocked state instead.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '#src/router.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { copyText } from '#engine/ui/copy-text.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { checkIcon, plusIcon } from '#engine/ui/icon-set.ts';
import { limitRaises } from '#config/underwriting.json';
import { product } from '#src/config.ts';
import { useInstallPrompt } from '#engine/ui/use-install-prompt.ts';
import { useChosenBrowser, useStandalone } from './a2hs-hooks.ts';
import {
  A2HS_PATHS,
  BROWSER_IDS,
  browserHref,
  isInAppBrowser,
  rewardAmounts,
  stepKey,
  stepsFor,
  type BrowserId,
} from './browsers.ts';
import { BrowserGlyph, StepIllustration } from './step-art.tsx';
import './addDeskTopBrowser.page.css';

const P = 'addDeskTopBrowser';
const appName = product.shortName ?? product.displayName;

export default function AddDeskTopBrowserScreen() {
  const { t } = useTranslation('a2hs');
  const { browser, detected, choose } = useChosenBrowser();
  const standalone = useStandalone();
  const { install } = useInstallPrompt();
  const guard = useClickGuard();

  return (
    <div className={`page ${P}`}>
      <Rewards />
      {standalone ? (
        <section className={`card ${P}-done`} role="status">
          <span className={`${P}-done-mark`}>
            <Icon path={checkIcon} />
          </span>
          <h2 className="section-title">{t('standalone.title', { name: appName })}</h2>
          <p className="muted">{t('standalone.body')}</p>
          <Link to="/homeIndex" className="btn btn-primary btn-block">
            {t('standalone.home')}
          </Link>
        </section>
      ) : (
        <>
          {install && (
            <section className={`card ${P}-install`}>
              <p>{t('tutorial.installTitle', { name: appName })}</p>
              <button type="button" className="btn btn-primary btn-block" onClick={guard(() => void install())}>
                <Icon path={plusIcon} />
                {t('tutorial.installButton', { name: appName })}
              </button>
            </section>
          )}
          <BrowserPicker browser={browser} detected={detected} onChoose={choose} />
          {isInAppBrowser(browser) && <InAppNotice />}
          <section className="card" aria-labelledby={`${P}-steps-title`}>
            <h2 id={`${P}-steps-title`} className="section-title">
              {t('tutorial.stepsTitle', { browser: t(`browsers.${browser}`) })}
            </h2>
            <ol className={`${P}-steps`} data-browser={browser}>
              {stepsFor(browser).map((step, i) => (
                <li key={step.id} className={`${P}-step`} data-step={step.id}>
                  <StepIllustration kind={step.illustration} prefix={P} />
                  <div className={`${P}-step-text`}>
                    <span className={`${P}-step-number`}>{t('tutorial.stepNumber', { number: i + 1 })}</span>
                    <p>{t(stepKey(browser, step), { name: appName })}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <nav className={`${P}-links`}>
            <Link to={browserHref(A2HS_PATHS.guide, browser)} className="btn">
              {t('tutorial.guideLink')}
            </Link>
            <Link to={browserHref(A2HS_PATHS.video, browser)} className="btn">
              {t('tutorial.videoLink')}
            </Link>
          </nav>
        </>
      )}
    </div>
  );
}

/** The rewards of adding to the home screen, with amounts from config. */
function Rewards() {
  const { t } = useTranslation('a2hs');
  const amounts = rewardAmounts(product.addToHomeScreen, limitRaises.addToHomeScreen);
  return (
    <section className={`${P}-rewards`} aria-labelledby={`${P}-rewards-title`}>
      <h2 id={`${P}-rewards-title`} className={`${P}-rewards-title`}>
        {t('rewards.title', { name: appName })}
      </h2>
      <p className={`${P}-rewards-subtitle`}>{t('rewards.subtitle')}</p>
      <ul className={`${P}-rewards-list`}>
        <li className={`${P}-reward`} data-reward="coupon">
          <strong className={`${P}-reward-value`}>{amounts.coupon}</strong>
          <span className={`${P}-reward-label`}>{t('rewards.couponLabel')}</span>
        </li>
        <li className={`${P}-reward`} data-reward="limit">
          <strong className={`${P}-reward-value`}>
            {t('rewards.limitValue', { amount: amounts.limit, ceiling: amounts.ceiling })}
          </strong>
          <span className={`${P}-reward-label`}>{t('rewards.limitLabel')}</span>
        </li>
      </ul>
    </section>
  );
}

function BrowserPicker({
  browser,
  detected,
  onChoose,
}: {
  browser: BrowserId;
  detected: BrowserId;
  onChoose: (browser: BrowserId) => void;
}) {
  const { t } = useTranslation('a2hs');
  return (
    <fieldset className={`card ${P}-picker`}>
      <legend className={`section-title ${P}-picker-title`}>{t('tutorial.pickerTitle')}</legend>
      <p className="muted">{t('tutorial.pickerHint')}</p>
      <div className={`${P}-picker-options`}>
        {BROWSER_IDS.map((id) => (
          <label key={id} className={id === browser ? `${P}-option is-selected` : `${P}-option`}>
            <input
              type="radio"
              name={`${P}-browser`}
              value={id}
              className="visually-hidden"
              checked={id === browser}
              onChange={() => onChoose(id)}
            />
            <BrowserGlyph browser={id} className={`${P}-option-glyph`} />
            <span className={`${P}-option-name`}>{t(`browsers.${id}`)}</span>
            {id === detected && <span className={`${P}-option-badge`}>{t('tutorial.detected')}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** In Facebook / Messenger: open the page in Safari first, or copy its link into Safari. */
function InAppNotice() {
  const { t } = useTranslation(['a2hs', 'common']);
  const guard = useClickGuard();
  const copyLink = () => {
    const link = `${window.location.origin}${browserHref(A2HS_PATHS.tutorial, 'safari')}`;
    void copyText(link, t('app.copySuccess', { ns: 'common' }));
  };
  return (
    <section className={`card ${P}-inapp`} role="note">
      <h2 className="section-title">{t('inApp.title')}</h2>
      <p>{t('inApp.body')}</p>
      <p className="muted">{t('inApp.copyHint')}</p>
      <button type="button" className="btn btn-block" onClick={guard(copyLink)}>
        {t('inApp.copyButton')}
      </button>
    </section>
  );
}
