/**
 * The message center (/msgCenter): two tabs, Activity (announcements and promotions) and Notify (the borrower's own
 * loan events), each with its unread count; 20 messages a page and "load more"; "clear unread" marks everything read.
 * A message opens in /msgDetail. The list is asked again each time the screen is shown (it is kept alive).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi, type MessagePage, type MessageTab, type MessageView } from '#src/api/messages.ts';
import { manilaToday } from '#domain/calendar-date.ts';
import { formatDay, formatInstant, languageOf } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { messageText } from '#src/messages/message-text.ts';
import { Link, useSearchParams } from '#src/router.ts';
import { refreshUnread, setUnread, useUnread } from '#src/shell/unread.ts';
import './msgCenter.page.css';

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
  // The first page, asked again whenever the screen is shown; later pages and "all read" belong to that answer.
  // The counts are asked with it: the tabs show them.
  const first = useLoad(`messages:${tab}`, (signal) => {
    void refreshUnread();
    return messagesApi.list(tab, null, signal);
  });
  const [later, setLater] = useState<{
    base: MessagePage;
    messages: readonly MessageView[];
    next: string | null;
  } | null>(null);
  const [allRead, setAllRead] = useState<MessagePage | null>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const base = first.data?.tab === tab ? first.data : undefined;
  const extra = later && later.base === base ? later : null;
  const list: Loaded | null = base
    ? {
        tab,
        messages: [...base.messages, ...(extra?.messages ?? [])].map((m) =>
          allRead === base && !m.read ? { ...m, read: true } : m,
        ),
        next: extra ? extra.next : base.next,
      }
    : null;

  const more = async () => {
    if (!base || !list?.next) return;
    setBusy(true);
    try {
      const page = await messagesApi.list(tab, list.next);
      setLater({ base, messages: [...(extra?.messages ?? []), ...page.messages], next: page.next });
    } catch (failure) {
      setFailed(failure);
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    setBusy(true);
    try {
      setUnread(await messagesApi.clearUnread());
      setAllRead(base ?? null);
    } catch (failure) {
      setFailed(failure);
    } finally {
      setBusy(false);
    }
  };

  const error = first.error ?? failed;
  const shown = list;
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
        <button
          type="button"
          className="msgCenter-clear"
          disabled={busy || !unread || unread.total === 0}
          onClick={() => void clear()}
        >
          {t('center.clearUnread')}
        </button>
      </div>
      <div id="msgCenter-panel" role="tabpanel" aria-labelledby={`msgCenter-tab-${tab}`}>
        {error && !shown ? (
          <LoadFailed error={error} onRetry={first.reload} />
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
              <button
                type="button"
                className="btn btn-block msgCenter-more"
                disabled={busy}
                onClick={() => void more()}
              >
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
          <span className="muted msgCenter-date">
            {message.tab === 'activity'
              ? formatDay(manilaToday(new Date(message.createdAt)), lng)
              : formatInstant(message.createdAt, lng)}
          </span>
        </span>
        <span className="msgCenter-body">{body}</span>
      </Link>
    </li>
  );
}
