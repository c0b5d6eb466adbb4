/**
 * /staff/login: e-mail and password, then the 6-digit code of the authenticator app (asked when the server answers
 * TOTP_REQUIRED). What was typed stays on an error; a failure says how many tries a network has and how long it then waits.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLogin } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { StaffApiError } from '../api.ts';
import { LanguageSwitch } from '../layout.tsx';
import { sessionWasEnded, type LoginParams } from '../providers/auth-provider.ts';
import { ErrorText } from '../ui.tsx';

const CODE_ERRORS = new Set(['TOTP_REQUIRED', 'TOTP_INVALID', 'TOTP_REUSED']);

export function LoginScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { mutate: login, isPending } = useLogin<LoginParams>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<unknown>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    login(
      { email: email.trim(), password, ...(askCode ? { code: code.trim() } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.success) return;
          const failure = answer.error;
          if (failure instanceof StaffApiError && CODE_ERRORS.has(failure.code)) {
            // TOTP_REQUIRED is the next step, not a mistake: the code field appears and takes the focus.
            const first = !askCode && failure.code === 'TOTP_REQUIRED';
            setAskCode(true);
            if (!first) setError(failure);
            return;
          }
          setError(failure);
        },
      },
    );
  };

  return (
    <div className="st-login">
      <form className="st-login-card" onSubmit={submit} noValidate>
        <div className="st-login-head">
          <h1>{t('login.title')}</h1>
          <LanguageSwitch />
        </div>
        {(params.get('ended') !== null || sessionWasEnded()) && (
          <p className="st-notice" role="status">
            {t('login.sessionEnded')}
          </p>
        )}
        <label className="st-field">
          <span>{t('login.email')}</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
        </label>
        <label className="st-field">
          <span>{t('login.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </label>
        {askCode && (
          <label className="st-field">
            <span>{t('login.code')}</span>
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
            <small>{t('login.codeHint')}</small>
          </label>
        )}
        <ErrorText error={error} />
        <button type="submit" className="st-button" disabled={isPending}>
          {askCode ? t('login.verify') : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
