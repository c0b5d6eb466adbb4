/**
 * One message (/msgDetail?tab=notify|activity&id=...): opening it marks it read (the server's answer updates the
 * unread counts); its full text in the language shown, its date, and a button to the screen it concerns.
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/api/client.ts';
import { messagesApi, type MessageTab } from '#src/api/messages.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import { formatDay, formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { messageText } from '#src/messages/message-text.ts';
import { useNavigate, useSearchParams } from '#src/router.ts';
import { refreshUnread } from '#src/shell/unread.ts';
import './msgDetail.page.css';

/** The route name of an in-app link ('/bill?order=1' -> 'bill'): the button says where it goes. */
const linkName = (link: string) => link.replace(/^\/([A-Za-z]+).*$/u, '$1');

export default function MsgDetailScreen() {
  const { t, i18n } = useTranslation('messages');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tab: MessageTab = search.get('tab') === 'activity' ? 'activity' : 'notify';
  const id = search.get('id') ?? '';
  // Opening marks it read: the badge's counts are asked again once the server answered.
  const opened = useLoad(`message:${tab}:${id}`, async (signal) => {
    const answer = await messagesApi.open(tab, id, signal);
    void refreshUnread();
    return answer;
  });
  const message = opened.data ?? null;
  const error: unknown = opened.error ?? null;

  if (error !== null && !message) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') {
      return (
        <div className="page msgDetail">
          <p className="card muted" data-testid="gone">
            {t('center.gone')}
          </p>
        </div>
      );
    }
    return (
      <div className="page msgDetail">
        <LoadFailed error={error} onRetry={opened.reload} />
      </div>
    );
  }
  if (!message) {
    return (
      <div className="page msgDetail">
        <LoadingCards count={1} />
      </div>
    );
  }
  const lng = languageOf(i18n);
  const { title, body } = messageText(t, message, lng);
  return (
    <div className="page msgDetail">
      <article className="card msgDetail-card" data-template={message.template}>
        <h2 className="msgDetail-title">{title}</h2>
        <p className="muted msgDetail-date">
          {message.tab === 'activity'
            ? formatDay(manilaToday(new Date(message.createdAt)), lng)
            : formatInstant(message.createdAt, lng)}
        </p>
        <p className="msgDetail-body">{body}</p>
      </article>
      {message.link && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="open-link"
          onClick={() => navigate(message.link!)}
        >
          {t([`center.go.${linkName(message.link)}`, 'center.open'])}
        </button>
      )}
    </div>
  );
}
