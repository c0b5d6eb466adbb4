/**
 * Feedback (/feedback): the form (category, at least 10 characters, an optional screenshot) and what the borrower
 * sent before with its state (open, answered) and customer service's reply. The form engine arrives after the
 * list's first render (feedback-form.tsx).
 */
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeedback, type FeedbackView } from '#src/api/me.ts';
import { useLoad } from '#src/loans/use-load.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './feedback.page.css';

const FeedbackForm = lazy(() => import('./feedback-form.tsx'));

/** A day as the borrower reads it, in Manila. */
function dayOf(instant: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'Asia/Manila' }).format(new Date(instant));
}

export default function FeedbackScreen() {
  const { t, i18n } = useTranslation(['help', 'forms']);
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const list = useLoad(`feedback:${session}`, () => loadFeedback());
  const items = list.data?.items ?? [];
  const { data, setData } = list;
  const sent = useCallback((item: FeedbackView) => setData({ items: [item, ...(data?.items ?? [])] }), [data, setData]);
  const language = i18n.resolvedLanguage ?? i18n.language;

  return (
    <div className="page feedback">
      <section className="card" aria-labelledby="feedback-new">
        <h2 id="feedback-new" className="section-title">
          {t('feedback.new')}
        </h2>
        <p className="muted feedback-intro">{t('feedback.intro')}</p>
        <Suspense fallback={<div className="feedback-form-loading" aria-busy="true" />}>
          <FeedbackForm onSent={sent} />
        </Suspense>
      </section>

      <section aria-labelledby="feedback-mine">
        <h2 id="feedback-mine" className="section-title">
          {t('feedback.mine')}
        </h2>
        {list.error !== undefined && !list.data ? (
          <p className="muted" role="alert">
            {t('feedback.loadFailed')}{' '}
            <button type="button" className="btn" onClick={list.reload}>
              {t('feedback.retry')}
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="muted" data-testid="feedback-none">
            {list.data ? t('feedback.none') : ''}
          </p>
        ) : (
          <ul className="feedback-list" data-testid="feedback-list">
            {items.map((item) => (
              <li key={item.id} className="card feedback-item" data-state={item.state}>
                <p className="feedback-meta">
                  <span className="feedback-category">
                    {t(`feedback.options.category.${item.category}`, { ns: 'forms' })}
                  </span>
                  <span className={`feedback-state feedback-state-${item.state}`}>
                    {t(`feedback.state.${item.state}`)}
                  </span>
                </p>
                <p className="feedback-text">{item.text}</p>
                <p className="muted feedback-date">
                  {dayOf(item.createdAt, language)}
                  {item.hasScreenshot ? ` · ${t('feedback.withScreenshot')}` : ''}
                </p>
                {item.reply !== null && (
                  <div className="feedback-reply">
                    <p className="feedback-reply-title">{t('feedback.reply')}</p>
                    <p>{item.reply}</p>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
