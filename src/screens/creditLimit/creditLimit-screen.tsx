/**
 * The credit limit (/creditLimit, linked from the Profile tab): the limit, what would raise it next with the figures
 * of config/underwriting.json as the server applies them, the Facebook account bound (bind, unbind), and the limit's
 * history. Facebook Login comes back here with `code` and `state` (or `error`): the screen hands them to the server
 * once, then drops them from the address.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import { confirmDialog } from '#engine/ui/confirm-dialog.tsx';
import { toast } from '#engine/ui/toast.tsx';
import { errorMessage } from '#src/api/error-message.ts';
import type { FacebookBindInput } from '#api-contract/limits.ts';
import { limitsApi, type LimitView } from '#src/api/limits.ts';
import { formatInstant } from '#src/loans/format.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link, useLocation, useNavigate } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import './creditLimit.page.css';

const P = 'creditLimit';
const peso = (centavos: number) => formatPeso(centavos, { wholeIfExact: true });

/** States already handed to the server: a second render (or React's development double effect) does not send one twice. */
const handed = new Set<string>();

/** The Facebook redirect's answer in the address, or null. */
function redirectOf(search: string): FacebookBindInput | null {
  const q = new URLSearchParams(search);
  const state = q.get('state');
  const code = q.get('code');
  const error = q.get('error');
  if (!state || (!code && !error)) return null;
  return code ? { state, code } : { state, error: error ?? 'unknown' };
}

export default function CreditLimitScreen() {
  const { t, i18n } = useTranslation(['limit', 'common']);
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const location = useLocation();
  const navigate = useNavigate();
  const loaded = useLoad(`limit:${session}`, (signal) => limitsApi.get(signal));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const back = redirectOf(location.search);
    if (!back || handed.has(back.state)) return;
    handed.add(back.state);
    void navigate(location.pathname, { replace: true });
    limitsApi
      .bindFacebook(back)
      .then((view) => {
        loaded.setData(view);
        setProblem(null);
        toast(
          view.raisedCentavos ? t('facebook.boundRaised', { amount: peso(view.raisedCentavos) }) : t('facebook.bound'),
          4000,
        );
      })
      .catch(async (error: unknown) => setProblem(await errorMessage(error)));
  }, [location.search, location.pathname, navigate, loaded, t]);

  async function bind() {
    setBusy(true);
    setProblem(null);
    try {
      const { authorizeUrl } = await limitsApi.startFacebookLogin();
      window.location.assign(authorizeUrl);
    } catch (error) {
      setProblem(await errorMessage(error));
      setBusy(false);
    }
  }

  async function unbind(name: string | null) {
    const ok = await confirmDialog({
      title: t('facebook.unbindTitle'),
      message: t('facebook.unbindMessage', { name: name ?? '' }),
      confirmText: t('facebook.unbindConfirm'),
      cancelText: t('facebook.unbindCancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      loaded.setData(await limitsApi.unbindFacebook());
      setProblem(null);
    } catch (error) {
      setProblem(await errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const data = loaded.data;
  if (!data)
    return (
      <div className={`page ${P}`}>
        {loaded.error ? <LoadFailed error={loaded.error} onRetry={loaded.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  return (
    <div className={`page ${P}`}>
      {problem && (
        <p className={`card ${P}-problem`} role="alert" data-testid="limit-problem">
          {problem}
        </p>
      )}
      <section className={`card ${P}-head`} aria-labelledby={`${P}-title`}>
        <h2 id={`${P}-title`} className={`muted ${P}-label`}>
          {t('title')}
        </h2>
        <p className={`${P}-amount`} data-testid="limit-amount">
          {data.creditLimitCentavos === null ? t('noLimitYet') : peso(data.creditLimitCentavos)}
        </p>
      </section>

      <section aria-labelledby={`${P}-next`}>
        <h2 id={`${P}-next`} className="section-title">
          {t('next.title')}
        </h2>
        <ul className="list" data-testid="limit-next">
          {data.next.map((n) => (
            <li key={n.reason} className={`list-item ${P}-raise`} data-reason={n.reason}>
              <span className={`${P}-raise-text`}>
                <strong>{t(`next.reason.${n.reason}`)}</strong>
                <span className="muted">
                  {n.amountCentavos > 0
                    ? t('next.amount', { amount: peso(n.amountCentavos), ceiling: peso(n.ceilingCentavos) })
                    : t('next.atCeiling', { ceiling: peso(n.ceilingCentavos) })}
                </span>
              </span>
              {n.reason === 'addToHomeScreen' && <Link to="/addDeskTopBrowser">{t('next.howTo')}</Link>}
            </li>
          ))}
        </ul>
      </section>

      <section className={`card ${P}-facebook`} aria-labelledby={`${P}-fb`} data-testid="limit-facebook">
        <h2 id={`${P}-fb`} className={`${P}-fb-title`}>
          {t('facebook.title')}
        </h2>
        {data.facebook.bound ? (
          <>
            <p data-testid="limit-facebook-name">{t('facebook.boundTo', { name: data.facebook.name ?? '' })}</p>
            <button
              type="button"
              className="btn btn-block"
              disabled={busy}
              onClick={() => void unbind(data.facebook.name)}
            >
              {t('facebook.unbind')}
            </button>
          </>
        ) : (
          <>
            <p className="muted">{t('facebook.why')}</p>
            <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void bind()}>
              {t('facebook.bind')}
            </button>
          </>
        )}
      </section>

      <section aria-labelledby={`${P}-history`}>
        <h2 id={`${P}-history`} className="section-title">
          {t('history.title')}
        </h2>
        {data.history.length === 0 ? (
          <p className="card muted">{t('history.empty')}</p>
        ) : (
          <ol className="list" data-testid="limit-history">
            {data.history.map((h: LimitView['history'][number], i) => (
              <li key={`${h.reason}-${h.at ?? 'band'}-${i}`} className={`list-item ${P}-entry`} data-reason={h.reason}>
                <span className={`${P}-raise-text`}>
                  <strong>{t(`reason.${h.reason}`)}</strong>
                  <span className="muted">{h.at ? formatInstant(h.at, i18n.language) : t('history.first')}</span>
                </span>
                <span className={`${P}-entry-figures`}>
                  <strong>{h.reason === 'incomeBand' ? peso(h.amountCentavos) : `+${peso(h.amountCentavos)}`}</strong>
                  <span className="muted">{t('history.after', { limit: peso(h.limitAfterCentavos) })}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
