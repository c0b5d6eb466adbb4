/** /staff/password: a staff member changes their own password; their other sessions end, this one stays. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../ui.tsx';
import { PasswordForm } from './password-form.tsx';

export default function ChangePassword() {
  const { t } = useTranslation();
  const [done, setDone] = useState(0);
  return (
    <div className="st-page">
      <h1>{t('password.title')}</h1>
      {done > 0 && (
        <p className="st-notice" role="status" data-testid="password-changed">
          {t('password.changed')}
        </p>
      )}
      <Section title={t('password.sectionTitle')}>
        <PasswordForm key={done} temporary={false} onDone={() => setDone((n) => n + 1)} />
      </Section>
    </div>
  );
}
