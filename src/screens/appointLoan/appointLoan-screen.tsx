/**
 * Easy Re-loan (/appointLoan): a borrower who repaid a loan turns it on with the amount (default: their limit, the next
 * amount shown), the term and the payout account on file, after agreeing to the Easy Re-loan agreement
 * (/bookingAgreement). While it is on: the rewards so far, and turning it off behind a confirmation that warns of
 * the rewards lost (refused by the server once a voucher was used: the refusal, and that it stays on until it turns
 * itself off, are said under the button and stay there). After it turned itself off, it asks to be turned on again.
 * The figures (voucher, cancel window, turn-off count) are the server's, from config. The same module renders
 * /appointLoanList (src/easy-reloan/reloan-list.tsx).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '#engine/ui/confirm-dialog.tsx';
import { toast } from '#engine/ui/toast.tsx';
import { formatPeso } from '#domain/money.ts';
import type { EasyReloanInput, EasyReloanView } from '#src/api/easy-reloan.ts';
import { errorCode } from '#src/api/error-message.ts';
import { loansApi } from '#src/api/loans.ts';
import { sessionRequest } from '#src/api/session.ts';
import { codeMessage, loanErrorMessage } from '#src/loans/errors.ts';
import { LoadFailed, LoadingCards } from '#src/loans/load-state.tsx';
import { useLoad } from '#src/loans/use-load.ts';
import { Link } from '#src/router.ts';
import { sessionKeyOf, useCoreStore } from '#src/store/core-store.ts';
import { ReloanList } from '#src/easy-reloan/reloan-list.tsx';
import { hasSession, ReloanSignIn } from '#src/easy-reloan/sign-in.tsx';
import type { ScreenProps } from '#src/shell/screens.ts';
import '#src/easy-reloan/easy-reloan.css';

/** The select's value for "my limit at the time". */
const LIMIT = 'limit';

/** The forms catalog key of a payout label (as src/loans/payout.ts payoutLabelKey; not imported: a chunk more to preload). */
function payoutLabelKey(payout: NonNullable<EasyReloanView['payout']>): string {
  const field =
    payout.method === 'bank' ? 'bankCode' : payout.method === 'eWallet' ? 'eWalletProvider' : 'remittanceShop';
  return `forms:bankInfo.options.${field}.${payout.label}`;
}

/** Every amount of the grid up to the limit, largest first. */
function amountsOf(s: EasyReloanView): number[] {
  const top = Math.min(s.amount.maxCentavos, s.limitCentavos);
  const out: number[] = [];
  for (let a = s.amount.minCentavos; a <= top && out.length < 200; a += s.amount.stepCentavos) out.push(a);
  return out.reverse();
}

/** The screen module of /appointLoan and /appointLoanList (config/routes.json): one chunk for both. */
export default function EasyReloanScreen({ routeName }: Partial<ScreenProps>) {
  return routeName === 'appointLoanList' ? <ReloanList /> : <AppointLoanScreen />;
}

function AppointLoanScreen() {
  const { t } = useTranslation('reloan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  // The key of a logged-out store is ':' (never empty): ask whether a session is held, or no request at all.
  const signedIn = useCoreStore((s) => hasSession(s.publicData));
  const loaded = useLoad(signedIn ? `easyReloan:${session}` : null, (signal) =>
    sessionRequest<EasyReloanView>('/easy-reloan', { signal }),
  );
  const s = loaded.data;
  if (!signedIn) {
    return (
      <div className="page appointLoan">
        <ReloanSignIn />
      </div>
    );
  }
  if (!s)
    return (
      <div className="page appointLoan">
        {loaded.error ? <LoadFailed error={loaded.error} onRetry={loaded.reload} /> : <LoadingCards count={2} />}
      </div>
    );
  return (
    <div className="page appointLoan">
      <section className="card appointLoan-intro" data-testid="reloan-intro">
        <p>
          {t('setting.intro', {
            voucher: formatPeso(s.voucherCentavos),
            total: s.disbursementsBeforeTurnOff,
            hours: s.cancelWindowMinutes / 60,
          })}
        </p>
      </section>
      {!s.available ? (
        <p className="card muted" data-testid="reloan-unavailable">
          {t('setting.unavailable')}
        </p>
      ) : !s.eligible ? (
        <p className="card muted" data-testid="reloan-not-eligible">
          {t('setting.notEligible')}
        </p>
      ) : (
        <SettingForm key={`${s.enabled}:${s.principalCentavos}:${s.termDays}`} status={s} onChange={loaded.setData} />
      )}
      <Link className="btn btn-block appointLoan-list-link" to="/appointLoanList" data-testid="reloan-list-link">
        {t('setting.listLink')}
      </Link>
    </div>
  );
}

/**
 * The way to another payout account (/changeBank), offered only once home says a change is open: under bank
 * maintenance (home's bankChangeAvailable false) it says the change must wait instead of leading to a page that only
 * says so; nothing while that is not known yet.
 */
function ChangePayout() {
  const { t } = useTranslation('reloan');
  const session = useCoreStore((s) => sessionKeyOf(s.publicData));
  const home = useLoad(`home:${session}`, (signal) => loansApi.home(signal));
  const available = home.data?.bankChangeAvailable;
  if (available === false)
    return (
      <p className="muted" data-testid="reloan-payout-maintenance">
        {t('setting.changePayoutMaintenance')}
      </p>
    );
  if (available !== true) return null;
  return (
    <Link to="/changeBank" data-testid="reloan-change-payout">
      {t('setting.changePayout')}
    </Link>
  );
}

function SettingForm({ status: s, onChange }: { status: EasyReloanView; onChange: (next: EasyReloanView) => void }) {
  const { t } = useTranslation(['reloan', 'forms']);
  const [amount, setAmount] = useState<string>(s.principalCentavos === null ? LIMIT : String(s.principalCentavos));
  const [term, setTerm] = useState<number>(s.termDays ?? s.termsDays[0] ?? 0);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [turnOffError, setTurnOffError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amounts = amountsOf(s);
  const chosen = amount === LIMIT ? null : Number(amount);
  const next = Math.min(chosen ?? s.nextAmountCentavos, s.nextAmountCentavos);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!agreed) {
      setError(await codeMessage('RELOAN_AGREEMENT_REQUIRED'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: EasyReloanInput = { principalCentavos: chosen, termDays: term, agreeAgreement: true };
      onChange(await sessionRequest<EasyReloanView>('/easy-reloan', { method: 'PUT', body }));
      toast(t(s.enabled ? 'setting.saved' : 'setting.turnedOn'));
    } catch (failure) {
      setError(await loanErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    const ok = await confirmDialog({
      title: t('turnOff.confirmTitle'),
      message: t('turnOff.confirmMessage', {
        voucher: formatPeso(s.voucherCentavos),
        total: s.disbursementsBeforeTurnOff,
      }),
      confirmText: t('turnOff.confirm'),
      cancelText: t('turnOff.keep'),
    });
    if (!ok) return;
    setTurnOffError(null);
    try {
      onChange(await sessionRequest<EasyReloanView>('/easy-reloan', { method: 'DELETE' }));
      toast(t('turnOff.done'));
    } catch (failure) {
      // Said under the button, where it stays (a toast was gone before it could be read); a used voucher's refusal
      // also says what happens instead.
      const message = await loanErrorMessage(failure);
      setTurnOffError(
        errorCode(failure) === 'RELOAN_VOUCHER_USED'
          ? `${message} ${t('turnOff.staysOn', { done: s.disbursedInCycle, total: s.disbursementsBeforeTurnOff })}`
          : message,
      );
    }
  }

  return (
    <form className="card appointLoan-form" onSubmit={(e) => void submit(e)} noValidate data-testid="reloan-form">
      <p
        className={s.enabled ? 'appointLoan-state appointLoan-state-on' : 'appointLoan-state'}
        data-testid="reloan-state"
        data-enabled={s.enabled}
      >
        {s.enabled
          ? t('setting.stateOn', { done: s.disbursedInCycle, total: s.disbursementsBeforeTurnOff })
          : t('setting.stateOff')}
      </p>
      {s.enabled && s.noLoanOpen && (
        <p className="appointLoan-ask" role="status" data-testid="reloan-waiting">
          {t('setting.waitingForLoan')} <Link to="/homeIndex">{t('setting.applyFromHome')}</Link>
        </p>
      )}
      {s.offReason === 'auto' && (
        <p className="appointLoan-ask" role="status" data-testid="reloan-reenable">
          {t('setting.askReenable', { total: s.disbursementsBeforeTurnOff })}
        </p>
      )}
      <label className="appointLoan-field">
        <span>{t('setting.amount')}</span>
        <select value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="reloan-amount">
          <option value={LIMIT}>{t('setting.amountLimit', { limit: formatPeso(s.limitCentavos) })}</option>
          {amounts.map((a) => (
            <option key={a} value={String(a)}>
              {formatPeso(a)}
            </option>
          ))}
        </select>
      </label>
      <p className="appointLoan-next" data-testid="reloan-next">
        {t('setting.next', { amount: formatPeso(next) })}
      </p>
      <label className="appointLoan-field">
        <span>{t('setting.term')}</span>
        <select value={term} onChange={(e) => setTerm(Number(e.target.value))} data-testid="reloan-term">
          {s.termsDays.map((d) => (
            <option key={d} value={d}>
              {t('setting.days', { days: d })}
            </option>
          ))}
        </select>
      </label>
      <div className="appointLoan-field">
        <span>{t('setting.payout')}</span>
        <p data-testid="reloan-payout">
          {s.payout
            ? `${t(payoutLabelKey(s.payout), { defaultValue: s.payout.label })} ${s.payout.accountMasked}`
            : t('setting.noPayout')}
        </p>
        <ChangePayout />
      </div>
      <label className="appointLoan-agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="reloan-agree"
        />
        <span>
          {t('setting.agreePrefix')} <Link to="/bookingAgreement">{t('setting.agreement')}</Link>
        </span>
      </label>
      {error && (
        <p className="appointLoan-error" role="alert" data-testid="reloan-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy} data-testid="reloan-submit">
        {s.enabled ? t('setting.save') : s.offReason === 'auto' ? t('setting.turnOnAgain') : t('setting.turnOn')}
      </button>
      {s.enabled && (
        <button
          type="button"
          className="btn btn-danger btn-block"
          onClick={() => void turnOff()}
          data-testid="reloan-turn-off"
          aria-describedby={turnOffError ? 'reloan-turn-off-error' : undefined}
        >
          {t('turnOff.action')}
        </button>
      )}
      {turnOffError && (
        <p id="reloan-turn-off-error" className="appointLoan-error" role="alert" data-testid="reloan-turn-off-error">
          {turnOffError}
        </p>
      )}
    </form>
  );
}
