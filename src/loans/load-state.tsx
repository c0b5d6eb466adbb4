/** What a loan screen shows while its data loads (a skeleton), or when loading failed (the reason and a retry). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loanErrorMessage } from './errors.ts';
import './loans.css';

export function LoadingCards({ count = 2 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div className="loan-skeleton" aria-busy="true" data-testid="loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card loan-skeleton-card" />
      ))}
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  useEffect(() => {
    let live = true;
    void loanErrorMessage(error).then((text) => live && setMessage(text));
    return () => {
      live = false;
    };
  }, [error]);
  return (
    <div className="card loan-failed" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-block" onClick={onRetry}>
        {t('app.retry')}
      </button>
    </div>
  );
}
