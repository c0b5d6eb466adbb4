/**
 * Android notice (spec section 2): the web app serves iPhone users only for now. It suggests an iPhone's browser,
 * lets the visitor copy the website address, and offers customer service from config.
 */
import { useTranslation } from 'react-i18next';
import { copyText } from '#engine/ui/copy-text.ts';
import { Icon } from '#engine/ui/icons.tsx';
import { phoneIcon } from '#engine/ui/icon-set.ts';
import { product } from '#src/config.ts';
import { ServiceChannels } from '#src/contact/service-channels.tsx';
import './noAndroid.page.css';

export default function NoAndroidScreen() {
  const { t } = useTranslation(['result', 'common']);
  const { displayName: name, website } = product;
  return (
    <div className="page noAndroid">
      <section className="card noAndroid-notice" aria-labelledby="noAndroid-title">
        <span className="noAndroid-icon">
          <Icon path={phoneIcon} />
        </span>
        <h2 id="noAndroid-title" className="noAndroid-title">
          {t('noAndroid.title', { name })}
        </h2>
        <p className="prose">{t('noAndroid.message')}</p>
        <p className="prose">{t('noAndroid.iphone', { name })}</p>
        <div className="noAndroid-website">
          <span className="noAndroid-website-address" data-testid="website">
            {website}
          </span>
          <button
            type="button"
            className="btn noAndroid-copy"
            onClick={() => void copyText(website, t('app.copySuccess', { ns: 'common' }))}
          >
            {t('noAndroid.copyLink')}
          </button>
        </div>
      </section>
      <section className="card" aria-labelledby="noAndroid-help">
        <h2 id="noAndroid-help" className="section-title">
          {t('noAndroid.helpTitle')}
        </h2>
        <p className="prose noAndroid-help-body">{t('noAndroid.helpBody')}</p>
        <ServiceChannels ns="result" />
      </section>
    </div>
  );
}
