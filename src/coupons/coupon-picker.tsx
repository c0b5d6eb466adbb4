/**
 * The coupon picker of the withdrawal and the bill (lazy: its own chunk, loaded where a coupon can apply): the
 * borrower's usable coupons for the operation, "No coupon" first. Picking one asks the server what it gives
 * (`check`: the withdrawal quote or the payment quote); a coupon that cannot apply shows why in place, under it, and
 * the choice falls back to none. Nothing is reserved until the withdrawal or the payment itself.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { couponsApi, type CouponOperation, type CouponView } from '../api/coupons.ts';
import { loanErrorMessage } from '../loans/errors.ts';
import { CouponTicket } from './coupon-ticket.tsx';

export interface CouponPick<T> {
  readonly id: string;
  readonly result: T;
}

export interface CouponPickerProps<T> {
  readonly appliesTo: CouponOperation;
  /** What the coupon gives (the withdrawal or payment quote), asked through the coupons API this chunk carries. */
  readonly check: (api: typeof couponsApi, couponId: string) => Promise<T>;
  readonly onPick: (pick: CouponPick<T> | null) => void;
  readonly disabled?: boolean;
}

/** The picker's type with its result type kept (React.lazy drops a component's type parameter). */
export type CouponPickerComponent = <T>(props: CouponPickerProps<T>) => ReactNode;

export default function CouponPicker<T>({ appliesTo, check, onPick, disabled = false }: CouponPickerProps<T>) {
  const { t } = useTranslation('coupons');
  // Loaded once when shown; a list that fails to load leaves the picker out (the operation works without it).
  const [coupons, setCoupons] = useState<readonly CouponView[]>([]);
  useEffect(() => {
    const abort = new AbortController();
    // An answer cut short by the abort reads as undefined: nothing to show then.
    couponsApi.usable(appliesTo, abort.signal).then(
      (answer) => {
        if (!abort.signal.aborted && answer) setCoupons(answer.coupons);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [appliesTo]);
  const [selected, setSelected] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ id: string; message: string } | null>(null);
  if (coupons.length === 0) return null;

  const choose = async (id: string | null) => {
    setRefusal(null);
    if (id === null) {
      setSelected(null);
      onPick(null);
      return;
    }
    setChecking(id);
    try {
      const result = await check(couponsApi, id);
      setSelected(id);
      onPick({ id, result });
    } catch (error) {
      setSelected(null);
      onPick(null);
      setRefusal({ id, message: await loanErrorMessage(error) });
    } finally {
      setChecking(null);
    }
  };

  return (
    <fieldset className="coupon-picker" disabled={disabled || checking !== null} data-testid="coupon-picker">
      <legend className="loan-picker-label">{t('picker.title')}</legend>
      <p className="muted">{t('picker.count', { count: coupons.length })}</p>
      <label className={selected === null ? 'coupon-option is-selected' : 'coupon-option'}>
        <input
          type="radio"
          name={`coupon-${appliesTo}`}
          checked={selected === null}
          onChange={() => void choose(null)}
        />
        <span>{t('picker.none')}</span>
      </label>
      {coupons.map((coupon) => (
        <label key={coupon.id} className={selected === coupon.id ? 'coupon-option is-selected' : 'coupon-option'}>
          <input
            type="radio"
            name={`coupon-${appliesTo}`}
            value={coupon.id}
            checked={selected === coupon.id}
            onChange={() => void choose(coupon.id)}
          />
          <CouponTicket coupon={coupon}>
            {checking === coupon.id && <span className="muted">{t('picker.checking')}</span>}
            {refusal?.id === coupon.id && (
              <span className="coupon-refusal" role="alert" data-testid="coupon-refusal">
                {refusal.message}
              </span>
            )}
          </CouponTicket>
        </label>
      ))}
    </fieldset>
  );
}
