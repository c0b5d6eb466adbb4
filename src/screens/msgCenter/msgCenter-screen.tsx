/**
 * The message center (/msgCenter): two tabs, Activity (announcements and promotions) and Notify (the borrower's own
 * loan events), each with its unread count; 20 messages a page and "load more"; "clear unread" marks everything read.
 * A message opens in /msgDetail. The list is asked again each time the screen is shown (it is kept alive).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi, type MessagePage, type MessageTab, type MessageView } from '../../api/messages.ts';
import { formatInstant, languageOf } from '../../loans/format.ts';
import { LoadFailed, LoadingCards } from '../../loans/load-state.tsx';
import { messageText } from '../../messages/message-text.ts';
import { Link, useSearchParams } from '../../router.ts';
import { setUnread, useUnread } from '../../shell/unread.ts';

const TABS: readonly MessageTab[] = ['activity', 'notify'];

interface Loaded {
  tab: MessageTab;
  messages: readonly MessageView[];
  next: string | null;
}

export default function MsgCenterScreen() {
  const { t } = useTranslation('messages');
  const [search, setSearch] = useSearchParams();
  const tab: MessageTab = search.get('tab') === 'activity' ? 'activity' : 'notify';
  const unread = useUnread();
  const [list, setList] = useState<Loaded | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    messagesApi.list(tab, null, controller.signal).then(
      (page) => setList({ tab, messages: page.messages, next: page.next }),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [tab, nonce]);

  const more = useCallback(async () => {
    if (!list?.next) return;
    setBusy(true);
    try {
      const page: MessagePage = await messagesApi.list(list.tab, list.next);
      setList((shown) => (shown && shown.tab === page.tab ? { tab: shown.tab, messages: [...shown.messages, ...page.messages], next: page.next } : shown));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }, [list]);

  const clear = async () => {
    setBusy(true);
    try {
      setUnread(await messagesApi.clearUnread());
      setList((shown) => shown && { ...shown, messages: shown.messages.map((m) => ({ ...m, read: true })) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const shown = list?.tab === tab ? list : null;
  return (
    <div className="page msgCenter">
      <div className="msgCenter-tabs" role="tablist" aria-label={t('center.tabs')}>
        {TABS.map((id) => {
          const count = unread?.[id] ?? 0;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              id={`msgCenter-tab-${id}`}
              data-tab={id}
              aria-selected={id === tab}
              aria-controls="msgCenter-panel"
              className={id === tab ? 'msgCenter-tab is-active' : 'msgCenter-tab'}
              onClick={() => setSearch({ tab: id }, { replace: true })}
            >
              {t(`center.tab.${id}`)}
              {count > 0 && (
                <>
                  <span className="msgCenter-count" data-testid={`unread-${id}`} aria-hidden="true">
                    {count > 99 ? '99+' : count}
                  </span>
                  <span className="visually-hidden">{t('center.unread', { count })}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <div className="msgCenter-bar">
        <button type="button" className="msgCenter-clear" disabled={busy || !unread || unread.total === 0} onClick={() => void clear()}>
          {t('center.clearUnread')}
        </button>
      </div>
      <div id="msgCenter-panel" role="tabpanel" aria-labelledby={`msgCenter-tab-${tab}`}>
        {error !== null && !shown ? (
          <LoadFailed error={error} onRetry={() => setNonce((n) => n + 1)} />
        ) : !shown ? (
          <LoadingCards />
        ) : shown.messages.length === 0 ? (
          <p className="card muted msgCenter-empty" data-testid="empty">
            {t(`center.empty.${tab}`)}
          </p>
        ) : (
          <>
            <ul className="msgCenter-list">
              {shown.messages.map((m) => (
                <MessageRow key={m.id} message={m} />
              ))}
            </ul>
            {shown.next && (
              <button type="button" className="btn btn-block msgCenter-more" disabled={busy} onClick={() => void more()}>
                {t('center.loadMore')}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function MessageRow({ message }: { message: MessageView }) {
  const { t, i18n } = useTranslation('messages');
  const lng = languageOf(i18n);
  const { title, body } = messageText(t, message, lng);
  return (
    <li>
      <Link
        className={message.read ? 'card msgCenter-item' : 'card msgCenter-item is-unread'}
        to={`/msgDetail?tab=${message.tab}&id=${encodeURIComponent(message.id)}`}
        data-message={message.id}
        data-template={message.template}
        data-read={message.read}
      >
        <span className="msgCenter-row">
          <strong className="msgCenter-title">
            {!message.read && (
              <>
                <span className="msgCenter-dot" aria-hidden="true" />
                <span className="visually-hidden">{t('center.new')}</span>
              </>
            )}
            {title}
          </strong>
          <span className="muted msgCenter-date">{formatInstant(message.createdAt, lng)}</span>
        </span>
        <span className="msgCenter-body">{body}</span>
      </Link>
    </li>
  );
}
