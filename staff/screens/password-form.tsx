/**
 * A new password for one's own account: the current (or temporary) one, the new one twice. The server checks the
 * new one against the password policy (PASSWORD_REFUSED says why, translated); here only that the two are the same.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api.ts';
import { ErrorText } from '../ui.tsx';

export function PasswordForm({ temporary, onDone }: { temporary: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [mismatch, setMismatch] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setMismatch(next !== again);
    if (next !== again) return;
    setBusy(true);
    try {
      await api('POST', '/auth/password', { currentPassword: current, newPassword: next });
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="st-password-form" onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
      <label className="st-field">
        <span>{temporary ? t('password.temporary') : t('password.current')}</span>
        <input
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          required
        />
      </label>
      <label className="st-field">
        <span>{t('password.new')}</span>
        <input
          type="password"
          name="newPassword"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          required
        />
        <small>{t('password.rules')}</small>
      </label>
      <label className="st-field">
        <span>{t('password.again')}</span>
        <input
          type="password"
          name="newPasswordAgain"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          required
        />
      </label>
      {mismatch && (
        <p className="st-error" role="alert">
          {t('password.mismatch')}
        </p>
      )}
      <ErrorText error={error} />
      <button type="submit" className="st-button" disabled={busy}>
        {t('password.submit')}
      </button>
    </form>
  );
}
