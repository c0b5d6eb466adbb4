import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readLayout } from '#engine/layout/read-layout.ts';
import { STORAGE, readStorage } from '#src/storage.ts';
import { useCoreStore } from '#src/store/core-store.ts';
import './test.page.css';

/**
 * /test: a diagnostics page for support staff and testers: what the layout engine, the guard's storage and the
 * service worker did on this device, and a scratch field that shows the page is kept alive across navigation.
 */
export default function TestScreen() {
  const { t, i18n } = useTranslation('diagnostics');
  const loggedIn = useCoreStore((s) => Boolean(s.publicData.token && s.publicData.customerId));
  const [layout, setLayout] = useState(() => readLayout(window));
  const [worker, setWorker] = useState<'none' | 'active' | 'installing'>('none');
  const [note, setNote] = useState('');

  useEffect(() => {
    const refresh = () => setLayout(readLayout(window));
    window.addEventListener('resize', refresh);
    void navigator.serviceWorker
      ?.getRegistration()
      .then((reg) => setWorker(reg?.active ? 'active' : reg ? 'installing' : 'none'));
    return () => window.removeEventListener('resize', refresh);
  }, []);

  const rows: [string, string][] = [
    ['layout', t(`layoutMode.${layout.mode}`)],
    ['pixelRatio', String(layout.ratio)],
    ['rootFontSize', `${layout.rootFontSize}px`],
    ['bodyFontSize', `${layout.bodyFontSize}px`],
    ['viewport', document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? ''],
    ['language', i18n.language],
    ['channel', readStorage('session', STORAGE.channel) ?? '—'],
    ['isBrowser', readStorage('session', STORAGE.isBrowser) ?? '—'],
    ['promotion', readStorage('session', STORAGE.promotion) ?? '—'],
    ['standalone', readStorage('local', STORAGE.standalone) ?? '—'],
    ['messenger', readStorage('local', STORAGE.messenger) ?? '—'],
    ['session', t(loggedIn ? 'value.loggedIn' : 'value.loggedOut')],
    ['serviceWorker', t(`worker.${worker}`)],
    ['userAgent', navigator.userAgent],
  ];

  return (
    <div className="page">
      <p className="muted">{t('intro')}</p>
      <dl className="card test-facts">
        {rows.map(([key, value]) => (
          <div key={key} className="test-fact" data-fact={key}>
            <dt>{t(`label.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <label className="card test-note">
        <span className="section-title">{t('note.label')}</span>
        <textarea
          name="note"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={t('note.placeholder')}
        />
        <span className="muted">{t('note.help')}</span>
      </label>
    </div>
  );
}
