/** One feedback item with its reply, or the reply form while it is open (for those who may reply). */
import { Suspense, useState } from 'react';
import { CanAccess, useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { StaffForm } from '../forms/staff-form.tsx';
import type { FeedbackInboxItem, FeedbackView } from '#api-contract/staff-ops.ts';
import { DateTime, ErrorText } from '../ui.tsx';

/** An inbox item has no reply yet; a customer's feedback (GET /staff/customers/:id) has its reply. */
type FeedbackItem = FeedbackInboxItem & Partial<Pick<FeedbackView, 'reply' | 'repliedAt'>>;

export function FeedbackCard({ item, onReplied }: { item: FeedbackItem; onReplied: () => void }) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const [error, setError] = useState<unknown>(undefined);
  const reply = ({ text }: { text: string }) => {
    setError(undefined);
    mutate(
      {
        url: `/feedback/${item.id}/reply`,
        method: 'post',
        values: { text },
        successNotification: false,
        errorNotification: false,
      },
      { onSuccess: onReplied, onError: setError },
    );
  };
  return (
    <article className="st-card" data-feedback={item.id}>
      <header className="st-card-head">
        <span className="st-badge">{t(`feedback.categories.${item.category}`, { defaultValue: item.category })}</span>
        <span className={`st-badge st-state-${item.state}`}>
          {t(`feedback.states.${item.state}`, { defaultValue: item.state })}
        </span>
        <DateTime value={item.createdAt} />
      </header>
      <p className="st-quote">{item.text}</p>
      {item.reply ? (
        <div className="st-reply">
          <strong>{t('feedback.reply')}</strong>
          <p>{item.reply}</p>
          <small>
            <DateTime value={item.repliedAt} />
          </small>
        </div>
      ) : (
        <CanAccess resource="feedback" action="reply">
          <Suspense fallback={null}>
            <StaffForm<{ text: string }>
              name="feedbackReply"
              onSubmit={reply}
              disabled={mutation.isPending}
              submitText={t('feedback.send')}
            />
          </Suspense>
          <ErrorText error={error} />
        </CanAccess>
      )}
    </article>
  );
}
