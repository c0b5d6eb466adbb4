/**
 * /guildDetail: the detailed add-to-home-screen guide for one browser (`?browser=`, default from the user-agent):
 * large illustrated steps with explanations, troubleshooting tips, the rewards and a way back to the tutorial.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '#src/router.ts';
import { limitRaises } from '#config/underwriting.json';
import { product } from '#src/config.ts';
import { useChosenBrowser } from '../addDeskTopBrowser/a2hs-hooks.ts';
import {
  A2HS_PATHS,
  browserHref,
  OTHER_BROWSERS_MIN_IOS,
  rewardAmounts,
  stepDetailKey,
  stepKey,
  stepsFor,
  tipsFor,
} from '../addDeskTopBrowser/browsers.ts';
import { BrowserGlyph, StepIllustration } from '../addDeskTopBrowser/step-art.tsx';
import './guildDetail.page.css';

const P = 'guildDetail';
const appName = product.shortName ?? product.displayName;

export default function GuildDetailScreen() {
  const { t } = useTranslation('a2hs');
  const { browser } = useChosenBrowser();
  const amounts = rewardAmounts(product.addToHomeScreen, limitRaises.addToHomeScreen);
  const browserName = t(`browsers.${browser}`);

  return (
    <div className={`page ${P}`} data-browser={browser}>
      <header className={`card ${P}-head`}>
        <BrowserGlyph browser={browser} className={`${P}-head-glyph`} />
        <div>
          <h2 className={`${P}-title`}>{t('guide.title', { name: appName, browser: browserName })}</h2>
          <p className="muted">{t('guide.intro')}</p>
        </div>
      </header>

      <ol className={`${P}-steps`}>
        {stepsFor(browser).map((step, i) => (
          <li key={step.id} className={`card ${P}-step`} data-step={step.id}>
            <div className={`${P}-step-art`}>
              <StepIllustration kind={step.illustration} prefix={P} />
            </div>
            <div className={`${P}-step-text`}>
              <span className={`${P}-step-number`}>{t('tutorial.stepNumber', { number: i + 1 })}</span>
              <h3 className={`${P}-step-title`}>{t(stepKey(browser, step), { name: appName })}</h3>
              <p className={`${P}-step-detail`}>{t(stepDetailKey(browser, step), { name: appName })}</p>
            </div>
          </li>
        ))}
      </ol>

      <section className={`card ${P}-tips`} aria-labelledby={`${P}-tips-title`}>
        <h2 id={`${P}-tips-title`} className="section-title">
          {t('guide.tipsTitle')}
        </h2>
        <dl className={`${P}-tips-list`}>
          {tipsFor(browser).map((tip) => (
            <div key={tip} className={`${P}-tip`} data-tip={tip}>
              <dt className={`${P}-tip-title`}>{t(`guide.tips.${tip}.title`)}</dt>
              <dd className={`${P}-tip-body`}>
                {t(`guide.tips.${tip}.body`, { name: appName, version: OTHER_BROWSERS_MIN_IOS })}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={`card ${P}-rewards`} aria-labelledby={`${P}-rewards-title`}>
        <h2 id={`${P}-rewards-title`} className="section-title">
          {t('guide.rewardsTitle')}
        </h2>
        <ul className={`${P}-rewards-list`}>
          <li className={`${P}-reward`} data-reward="coupon">
            <strong className={`${P}-reward-value`}>{amounts.coupon}</strong>
            <span className="muted">{t('rewards.couponLabel')}</span>
          </li>
          <li className={`${P}-reward`} data-reward="limit">
            <strong className={`${P}-reward-value`}>
              {t('rewards.limitValue', { amount: amounts.limit, ceiling: amounts.ceiling })}
            </strong>
            <span className="muted">{t('rewards.limitLabel')}</span>
          </li>
        </ul>
        <p className="muted">{t('guide.rewardsNote', { name: appName })}</p>
      </section>

      <div className={`${P}-actions`}>
        <Link to={browserHref(A2HS_PATHS.video, browser)} className="btn btn-block">
          {t('guide.videoLink')}
        </Link>
        <Link to={browserHref(A2HS_PATHS.tutorial, browser)} className="btn btn-primary btn-block">
          {t('guide.back')}
        </Link>
      </div>
    </div>
  );
}
