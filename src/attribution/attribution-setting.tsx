/** /setup: the borrower's attribution answer, to change at any time; shown only when attribution is on. */
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { attributionToken, readConsent, setConsent, subscribeConsent } from './consent.ts';

export function AttributionSetting() {
  const { t } = useTranslation('setup');
  const [token] = useState(() => attributionToken());
  const consent = useSyncExternalStore(subscribeConsent, readConsent, () => null);
  if (!token) return null;
  return (
    <fieldset className="setup-group">
      <legend className="section-title setup-legend">{t('attribution.title')}</legend>
      <ul className="list">
        <li>
          <label className="list-item setup-language">
            <span className="list-item-label">{t('attribution.label')}</span>
            <input
              type="checkbox"
              className="setup-radio"
              name="attribution-consent"
              checked={consent === 'granted'}
              onChange={(e) => setConsent(e.target.checked ? 'granted' : 'denied')}
            />
          </label>
        </li>
      </ul>
      <p className="setup-hint">{t('attribution.hint')}</p>
    </fieldset>
  );
}
