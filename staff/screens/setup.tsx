/**
 * /staff/setup: the first sign-in of a new account, or the next one after a reset. Until it is done the server lets the
 * session do nothing else (STAFF_SETUP_REQUIRED). In order: enrol an authenticator (the secret shown here, to the
 * owner only, confirmed by a first code), then replace the temporary password with one's own.
 */
import { useState, type FormEvent } from 'react';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { api } from '../api.ts';
import { LanguageSwitch } from '../layout.tsx';
import { refreshIdentity } from '../providers/auth-provider.ts';
import type { TotpEnrolment } from '#api-contract/staff.ts';
import type { StaffIdentity } from '../types.ts';
import { ErrorText } from '../ui.tsx';
import { PasswordForm } from './password-form.tsx';
import { TotpSetupCard } from './totp-setup.tsx';

function SecondFactorStep({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<TotpEnrolment | undefined>(undefined);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = async (work: () => Promise<void>) => {
    setError(undefined);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const show = () => run(async () => setSetup(await api<TotpEnrolment>('POST', '/auth/second-factor', {})));
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api('POST', '/auth/second-factor/confirm', { code: code.trim() });
      onDone();
    });
  };
  return (
    <section className="st-section" data-testid="setup-second-factor">
      <h2>{t('setup.secondFactorTitle')}</h2>
      <p>{t('setup.secondFactorIntro')}</p>
      {setup ? (
        <>
          <TotpSetupCard setup={setup} />
          <form onSubmit={confirm} noValidate>
            <label className="st-field">
              <span>{t('setup.firstCode')}</span>
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                value={code}
                autoFocus
                onChange={(e) => setCode(e.target.value.replace(/\D/gu, ''))}
              />
            </label>
            <ErrorText error={error} />
            <button type="submit" className="st-button" disabled={busy}>
              {t('setup.confirm')}
            </button>
          </form>
        </>
      ) : (
        <>
          <ErrorText error={error} />
          <button type="button" className="st-button" disabled={busy} onClick={() => void show()}>
            {t('setup.showSecret')}
          </button>
        </>
      )}
    </section>
  );
}

export function SetupScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate: logout } = useLogout();
  const { data: staff, isLoading, refetch } = useGetIdentity<StaffIdentity>();
  if (isLoading || !staff) return null;
  const pending = staff.pending;
  if (pending.length === 0) return <Navigate to="/" replace />;
  const next = async () => {
    const fresh = await refreshIdentity();
    await refetch();
    if (fresh && fresh.pending.length === 0) navigate('/', { replace: true });
  };
  return (
    <div className="st-login">
      <div className="st-login-card st-setup" data-testid="setup">
        <div className="st-login-head">
          <h1>{t('setup.title')}</h1>
          <LanguageSwitch />
        </div>
        <p>{t('setup.intro', { email: staff.email })}</p>
        {pending[0] === 'secondFactor' ? (
          <SecondFactorStep onDone={() => void next()} />
        ) : (
          <section className="st-section" data-testid="setup-password">
            <h2>{t('setup.passwordTitle')}</h2>
            <PasswordForm temporary onDone={() => void next()} />
          </section>
        )}
        <button type="button" className="st-button st-secondary" onClick={() => logout()}>
          {t('header.logout')}
        </button>
      </div>
    </div>
  );
}
