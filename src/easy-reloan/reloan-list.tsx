/**
 * Easy Re-loan records (/appointLoanList, where the re-loan notice leads): scheduled, cancelled and done re-loans,
 * newest first. A re-loan on its way (before and during its payout) shows the same complete Truth in Lending
 * disclosure as /loan before signing (src/loans/truth-in-lending.tsx: every finance charge, the tax line only when
 * one is configured or charged, and every charge that can arise later), since it is sent without a new signature;
 * the others their key figures and the voucher earned. A re-loan still before its payout can be cancelled (after a
 * confirmation): nothing is sent. Polls while a re-loan is on its way, so the screen follows the server's jobs.
 * Rendered by the appointLoan screen module for the appointLoanList route (one chunk for both).
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '#engine/ui/confirm-dialog.tsx';
import { toast } from '#engine/ui/toast.tsx';
import { formatPeso } from '#domain/money.ts';
import type { ReloanListView, ReloanView } from '../api/easy-reloan.ts';
import { sessionRequest } from '../api/session.ts';
import { loanErrorMessage } from '../loans/errors.ts';
import { Figures } from '../loans/figure-list.tsx';
import { formatDay, formatInstant, formatPercent, languageOf } from '../loans/format.ts';
import { LoadFailed, LoadingCards } from '../loans/load-state.tsx';
import { subProductOf } from '../loans/pricing.ts';
import { useLoad } from '../loans/use-load.ts';
import { Link } from '../router.ts';
import { sessionKeyOf, useCoreStore } from '../store/core-store.ts';
import { hasSession, ReloanSignIn } from './sign-in.tsx';
import './easy-reloan.css';

// The disclosure is its own chunk, fetched when a re-loan on its way is shown: the /appointLoan settings screen, in
// the same module, never needs it, and the entry's preload list for that route stays shorter.
const TruthInLending = lazy(() => import('../loans/truth-in-lending.tsx').then((m) => ({ default: m.TruthInLending })));

const MOVING = new Set(['applied', 'noticed', 'disbursing']);
const POLL_MS = 5000;

export function ReloanList() {
  const { t } = useTranslation('reloan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  // The key of a logged-out store is ':' (never empty): ask whether a session is held, or no request at all.
  const signedIn = useCoreStore((s) => hasSession(s.publicData));
  const list = useLoad(
    signedIn ? `reloans:${session}` : null,
    (signal) => sessionRequest<ReloanListView>('/easy-reloan/reloans', { signal }),
    (data) => (data.reloans.some((r) => MOVING.has(r.state)) ? POLL_MS : 0),
  );
  const reloans = list.data?.reloans;
  return (
    <div className="page appointLoanList">
      {!signedIn ? (
        <ReloanSignIn />
      ) : !reloans ? (
        list.error ? (
          <LoadFailed error={list.error} onRetry={list.reload} />
        ) : (
          <LoadingCards count={2} />
        )
      ) : reloans.length === 0 ? (
        <p className="card muted" data-testid="reloans-empty">
          {t('list.empty')}
        </p>
      ) : (
        <ul className="appointLoanList-list">
          {reloans.map((r) => (
            <li key={r.id}>
              <ReloanCard reloan={r} onCancelled={list.reload} />
            </li>
          ))}
        </ul>
      )}
      <Link className="btn btn-block" to="/appointLoan">
        {t('list.settingLink')}
      </Link>
    </div>
  );
}

function ReloanCard({ reloan: r, onCancelled }: { reloan: ReloanView; onCancelled: () => void }) {
  const { t, i18n } = useTranslation('reloan');
  const lng = languageOf(i18n);
  const q = r.quote;
  const moving = MOVING.has(r.state);

  async function cancel() {
    const ok = await confirmDialog({
      title: t('list.cancelTitle'),
      message: t('list.cancelMessage', { orderNo: r.orderNo }),
      confirmText: t('list.cancelConfirm'),
      cancelText: t('list.cancelKeep'),
    });
    if (!ok) return;
    try {
      await sessionRequest<ReloanView>(`/easy-reloan/reloans/${encodeURIComponent(r.id)}/cancel`, {
        method: 'POST',
        body: {},
      });
      toast(t('list.cancelled'));
    } catch (failure) {
      toast(await loanErrorMessage(failure));
    }
    onCancelled();
  }

  return (
    <article className="card appointLoanList-card" data-testid="reloan-card" data-state={r.state}>
      <header className="appointLoanList-head">
        <span className="appointLoanList-no">{r.orderNo}</span>
        <span className={`appointLoanList-state appointLoanList-state-${r.state}`} data-testid="reloan-card-state">
          {t(`state.${r.state}`)}
        </span>
      </header>
      {r.payoutAt && moving && (
        <p className="appointLoanList-when">{t('list.payoutAt', { when: formatInstant(r.payoutAt, lng) })}</p>
      )}
      {moving ? (
        <Suspense fallback={<LoadingCards count={1} />}>
          <TruthInLending quote={q} sub={subProductOf(r)} intro={t('list.disclosureIntro')} />
        </Suspense>
      ) : (
        <Figures
          items={[
            { id: 'principal', label: t('figures.principal'), value: formatPeso(r.principalCentavos), strong: true },
            { id: 'received', label: t('figures.received'), value: formatPeso(q.receivedCentavos) },
            { id: 'financeCharge', label: t('figures.financeCharge'), value: formatPeso(q.financeChargeCentavos) },
            { id: 'amountDue', label: t('figures.amountDue'), value: formatPeso(q.amountDueCentavos) },
            { id: 'dueDate', label: t('figures.dueDate'), value: formatDay(q.repaymentDate, lng) },
            { id: 'term', label: t('figures.term'), value: t('setting.days', { days: r.termDays }) },
            { id: 'eir', label: t('figures.eir'), value: formatPercent(q.effectiveMonthlyRatePpm, lng) },
            r.voucherCentavos !== null && {
              id: 'voucher',
              label: t('figures.voucher'),
              value: formatPeso(r.voucherCentavos),
            },
          ]}
        />
      )}
      {r.cancellable && (
        <button
          type="button"
          className="btn btn-danger btn-block appointLoanList-cancel"
          onClick={() => void cancel()}
          data-testid="reloan-cancel"
        >
          {t('list.cancel')}
        </button>
      )}
    </article>
  );
}
