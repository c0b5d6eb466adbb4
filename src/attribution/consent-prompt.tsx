/** The attribution consent prompt (NPC: asked, not assumed): allow or decline; the answer can be changed on /setup. */
import { useTranslation } from 'react-i18next';
import { setConsent } from './consent.ts';
import './consent-prompt.css';

export default function ConsentPrompt() {
  const { t } = useTranslation('attribution');
  return (
    <section
      className="attribution-consent"
      role="dialog"
      aria-labelledby="attribution-consent-title"
      aria-describedby="attribution-consent-text"
    >
      <h2 id="attribution-consent-title" className="attribution-consent-title">
        {t('title')}
      </h2>
      <p id="attribution-consent-text" className="attribution-consent-text">
        {t('message')}
      </p>
      <div className="attribution-consent-actions">
        <button type="button" className="btn" onClick={() => setConsent('denied')}>
          {t('deny')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => setConsent('granted')}>
          {t('allow')}
        </button>
      </div>
    </section>
  );
}
