/**
 * Log in or register (spec /start): the mobile number, a 4-digit code by SMS, and a graphic code when the server asks
 * for one after abnormal operation. Every refusal shows the catalogue's translated message and keeps what was typed.
 * A new number is registered by its first login. Afterwards the borrower goes where their profile resumes.
 */
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizePhMobile, formatPhMobile } from '#domain/ph-phone.ts';
import { ApiError } from '#src/api/client.ts';
import { errorMessage } from '#src/api/error-message.ts';
import type { ProfileOverview } from '#api-contract/profile.ts';
import { publicRequest } from '#src/api/session.ts';
import { Link, useNavigate } from '#src/router.ts';
import { product, type Language } from '#src/config.ts';
import { changeLanguage } from '#src/i18n.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import './start.page.css';

interface Captcha {
  id: string;
  svg: string;
}

type Stage = 'phone' | 'code';

/** The clock, read in event handlers (never while rendering). */
const clock = () => Date.now();

export default function StartScreen() {
  const { t, i18n } = useTranslation('login');
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>('phone');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // When a code may be sent again, by number: the wait belongs to the number the code went to, so after "Change
  // number" a different number can have its code at once, and the first one still shows what is left of its wait
  // (the server limits each number and device all the same).
  const [waits, setWaits] = useState<Record<string, number>>({});
  const [now, setNow] = useState(clock);
  const codeInput = useRef<HTMLInputElement>(null);

  const national = normalizePhMobile(phone);
  const resendAt = waits[national ?? ''] ?? 0;
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = window.setTimeout(() => setNow(clock()), 1000);
    return () => window.clearTimeout(timer);
  }, [resendAt, now]);
  useEffect(() => {
    if (stage === 'code') codeInput.current?.focus();
  }, [stage]);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));

  const showError = async (failure: unknown) => {
    if (
      failure instanceof ApiError &&
      failure.code === 'CODE_INVALID' &&
      typeof failure.details['attemptsLeft'] === 'number'
    ) {
      setError(`${await errorMessage(failure)} ${t('attemptsLeft', { count: failure.details['attemptsLeft'] })}`);
      return;
    }
    setError(await errorMessage(failure));
  };

  const loadCaptcha = async () => {
    setCaptchaAnswer('');
    try {
      setCaptcha(await publicRequest<Captcha>('/auth/captcha'));
    } catch (failure) {
      await showError(failure);
    }
  };

  const waitUntil = (number: string, seconds: number) => {
    setWaits((known) => ({ ...known, [number]: clock() + seconds * 1000 }));
    setNow(clock());
  };

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!national) {
      setError(t('phoneInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await publicRequest<{ resendAfterSeconds: number }>('/auth/sms-code', {
        method: 'POST',
        body: {
          phone: national,
          language: i18n.resolvedLanguage ?? i18n.language,
          ...(captcha && { captchaId: captcha.id, captchaAnswer: captchaAnswer.trim() }),
        },
      });
      setCaptcha(null);
      waitUntil(national, answer.resendAfterSeconds);
      setStage('code');
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        (failure.code === 'CAPTCHA_REQUIRED' || failure.code === 'CAPTCHA_WRONG' || failure.code === 'TOO_FREQUENT')
      )
        await loadCaptcha();
      if (
        failure instanceof ApiError &&
        failure.code === 'RESEND_TOO_SOON' &&
        typeof failure.details['retryAfterSeconds'] === 'number'
      )
        waitUntil(national, failure.details['retryAfterSeconds']);
      await showError(failure);
    } finally {
      setBusy(false);
    }
  };

  const login = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}$/u.test(code)) {
      setError(t('codeInvalid'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const session = await publicRequest<{ token: string; customerId: string; phone: string }>('/auth/login', {
        method: 'POST',
        body: { phone: national, code, language: i18n.language },
      });
      // Where the profile resumes, asked with the new session before it is stored: storing it re-renders /start,
      // whose guard sends a logged-in borrower home, so the session and the navigation must land together.
      // Asked here rather than through src/api/profile.ts, which goes with the profile sync's chunk (vite.config.ts):
      // /start would download it for this one call.
      const profile = await publicRequest<ProfileOverview>('/profile', {
        token: session.token,
        headers: { 'x-customer-id': session.customerId },
      }).catch(() => null);
      useCoreStore
        .getState()
        .setSession({ token: session.token, customerId: session.customerId, phone_number: session.phone });
      void navigate(profile?.summary.next ?? '/homeIndex', { replace: true });
    } catch (failure) {
      // The typed code stays, selected: one tap of a digit replaces it, and a typo is still visible to check.
      await showError(failure);
      codeInput.current?.focus();
      codeInput.current?.select();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page start">
      <div className="start-languages" role="group" aria-label={t('language')}>
        {product.languages.map((code: Language) => (
          <button
            key={code}
            type="button"
            lang={code}
            aria-pressed={i18n.language === code}
            onClick={() => void changeLanguage(code)}
          >
            {t(`language.${code}`, { ns: 'common' })}
          </button>
        ))}
      </div>
      <h1 className="start-title">{t('title')}</h1>
      {stage === 'phone' ? (
        <form className="start-form" onSubmit={(e) => void sendCode(e)} noValidate>
          <p className="muted">{t('intro')}</p>
          <label className="start-label" htmlFor="start-phone">
            {t('phone')}
          </label>
          <div className="start-phone">
            <span className="start-prefix" aria-hidden="true">
              +63
            </span>
            <input
              id="start-phone"
              className="start-input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('phonePlaceholder')}
              value={phone}
              maxLength={16}
              aria-invalid={error !== '' || undefined}
              aria-describedby="start-error"
              onChange={(e) => {
                setPhone(e.target.value);
                // The clock only ticks while a wait runs: read it, so another number's wait shows what is left now.
                setNow(clock());
              }}
            />
          </div>
          {captcha && (
            <fieldset className="start-captcha">
              <legend className="start-label">{t('captchaTitle')}</legend>
              <p className="muted">{t('captchaHelp')}</p>
              <div className="start-captcha-row">
                <img
                  className="start-captcha-image"
                  alt={t('captchaImage')}
                  src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                />
                <button type="button" className="btn" onClick={() => void loadCaptcha()}>
                  {t('captchaRefresh')}
                </button>
              </div>
              <label className="visually-hidden" htmlFor="start-captcha">
                {t('captcha')}
              </label>
              <input
                id="start-captcha"
                className="start-input"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={8}
                value={captchaAnswer}
                onChange={(e) => setCaptchaAnswer(e.target.value)}
              />
            </fieldset>
          )}
          <p id="start-error" className="start-error" role="alert">
            {error}
          </p>
          <button
            type="submit"
            className="btn btn-primary btn-block"
            disabled={busy || waitSeconds > 0 || (captcha !== null && captchaAnswer.trim() === '')}
          >
            {busy ? t('sending') : waitSeconds > 0 ? t('resendIn', { seconds: waitSeconds }) : t('sendCode')}
          </button>
        </form>
      ) : (
        <form className="start-form" onSubmit={(e) => void login(e)} noValidate>
          <p className="muted">{t('codeSent', { phone: formatPhMobile(national ?? '') ?? phone })}</p>
          <label className="start-label" htmlFor="start-code">
            {t('code')}
          </label>
          <input
            id="start-code"
            ref={codeInput}
            className="start-input start-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={4}
            value={code}
            aria-invalid={error !== '' || undefined}
            aria-describedby="start-error"
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/gu, '').slice(0, 4));
              setError('');
            }}
          />
          <p id="start-error" className="start-error" role="alert">
            {error}
          </p>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy || code.length !== 4}>
            {busy ? t('loggingIn') : t('login')}
          </button>
          <div className="start-links">
            <button
              type="button"
              className="btn start-link"
              disabled={busy || waitSeconds > 0}
              onClick={() => void sendCode()}
            >
              {waitSeconds > 0 ? t('resendIn', { seconds: waitSeconds }) : t('resend')}
            </button>
            <button
              type="button"
              className="btn start-link"
              onClick={() => {
                setStage('phone');
                setCode('');
                setError('');
              }}
            >
              {t('changePhone')}
            </button>
          </div>
        </form>
      )}
      <p className="start-consent muted">
        {t('consent.before')}
        <Link to="/privacy">{t('consent.privacy')}</Link>
        {t('consent.between')}
        <Link to="/conditionalTerms">{t('consent.terms')}</Link>
        {t('consent.after')}
      </p>
    </div>
  );
}
