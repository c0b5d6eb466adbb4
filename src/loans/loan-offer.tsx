/**
 * A sub-product's offer: amount and term pickers, the live quote (domain `quote`, no request per move), the stated
 * timings, and Apply (POST /loans with one Idempotency-Key per pick, reused when the same pick is retried). A
 * borrower who cannot apply sees why: an unfinished profile (with the way to finish it), a reapply date, an
 * outstanding loan. A profile not yet complete, or one underwriting would refuse, is offered no amount at all (home
 * answers no limit for them): the first sees how to finish it, the second why and when they may apply again.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubProductPricing } from '#domain/loan-types.ts';
import { formatPeso } from '#domain/money.ts';
import { useClickGuard } from '#engine/ui/click-guard.ts';
import { toast } from '#engine/ui/toast.tsx';
import { IntentKeys, loansApi, type HomeView, type OrderView } from '../api/loans.ts';
import { Link } from '../router.ts';
import { isTransient, loanErrorMessage } from './errors.ts';
import { QuoteSummary } from './figures.tsx';
import { Timings } from './timings.tsx';
import { formatDay, languageOf } from './format.ts';
import { AmountPicker, TermPicker } from './pickers.tsx';
import { loanProduct } from './pricing.ts';
import { amountChoices, liveQuote } from './quote.ts';
import './loans.css';

export interface LoanOfferProps {
  sub: SubProductPricing;
  home: HomeView;
  onApplied: (order: OrderView) => void;
}

export function LoanOffer({ sub, home, onApplied }: LoanOfferProps) {
  const { t, i18n } = useTranslation(['loan', 'errors']);
  const guard = useClickGuard();
  // No limit known (a person sets it on review): the product's own range; refused or unfinished: nothing to pick.
  const limit = home.creditLimitCentavos ?? sub.amount.maxCentavos;
  const refused = home.limitWithheld?.code === 'WOULD_REJECT' ? home.limitWithheld : null;
  const offered = home.profile.complete && !refused;
  const choices = useMemo(() => (offered ? amountChoices(sub, limit) : []), [offered, sub, limit]);
  const [amount, setAmount] = useState<number | undefined>(undefined);
  const [term, setTerm] = useState<number>(sub.termsDays[0] ?? 0);
  const [busy, setBusy] = useState(false);
  const [intents] = useState(() => new IntentKeys());
  // The largest amount the limit allows until the borrower picks another.
  const principal = amount !== undefined && choices.includes(amount) ? amount : choices[choices.length - 1];
  const quote = principal === undefined ? null : liveQuote(sub, principal, term, home.today, limit);
  const lng = languageOf(i18n);

  const apply = async () => {
    if (!quote || principal === undefined) return;
    const body = { productId: loanProduct.id, subProductId: sub.id, principalCentavos: principal, termDays: term };
    const key = intents.keyFor('apply', body);
    setBusy(true);
    try {
      const order = await loansApi.apply(body, key);
      intents.done();
      onApplied(order);
    } catch (error) {
      if (!isTransient(error)) intents.done();
      toast(await loanErrorMessage(error), 4000);
    } finally {
      setBusy(false);
    }
  };

  const blocked = !home.canApply;
  const blockedText = blockedReason(home, (key, values) => t(key, values), lng);

  return (
    <section className="card loan-offer" aria-label={t('offer.title')} data-sub={sub.id}>
      {refused ? (
        <div className="loan-note loan-note-warn" role="note" data-testid="offer-refused">
          <p>{t('home.refusedTitle')}</p>
          <p>{t(`home.refusedReason.${refused.reason}`, { defaultValue: t('home.refusedReason.other') })}</p>
          {refused.reapplyAfter && <p>{t('offer.reapplyAfter', { date: formatDay(refused.reapplyAfter, lng) })}</p>}
        </div>
      ) : !offered ? null : choices.length === 0 || principal === undefined ? (
        <p className="muted" data-testid="below-minimum">
          {t('offer.belowMinimum', { amount: formatPeso(sub.amount.minCentavos, { wholeIfExact: true }) })}
        </p>
      ) : (
        <>
          <AmountPicker choices={choices} value={principal} onChange={setAmount} disabled={busy} />
          <TermPicker terms={sub.termsDays} value={term} onChange={setTerm} disabled={busy} />
          {quote && <QuoteSummary quote={quote} />}
        </>
      )}
      {!refused && <Timings />}
      {refused ? null : !home.profile.complete ? (
        <>
          <p className="loan-note">{t('offer.profileIncomplete')}</p>
          <Link className="btn btn-primary btn-block" to={home.profile.next ?? '/identityInfo'}>
            {t('offer.completeProfile')}
          </Link>
        </>
      ) : (
        <>
          {blocked && blockedText && (
            <p className="loan-note loan-note-warn" role="note" data-testid="apply-blocked">
              {blockedText}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy || blocked || !quote}
            aria-busy={busy}
            onClick={guard(() => void apply())}
          >
            {t('offer.apply')}
          </button>
        </>
      )}
    </section>
  );
}

/** Why the borrower cannot apply now, translated; '' when nothing says why. */
function blockedReason(
  home: HomeView,
  t: (key: string, values?: Record<string, unknown>) => string,
  lng: string,
): string {
  if (home.canApply) return '';
  if (home.lastRejected && (home.applyBlockedCode === 'REAPPLY_LATER' || home.applyBlockedCode === null)) {
    return t('loan:offer.reapplyAfter', { date: formatDay(home.lastRejected.reapplyAfter, lng) });
  }
  const code = home.applyBlockedCode;
  return code ? t(`errors:${code}`, { defaultValue: t('errors:UNKNOWN') }) : '';
}
