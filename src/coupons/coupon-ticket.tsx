/**
 * One coupon as a ticket: its value, its kind, what it lowers, the least amount it needs and how long it lasts (or
 * when it was used or expired). Shared by /coupon, /couponInvalid and the coupon picker.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { manilaToday } from '#domain/calendar-date.ts';
import { formatPeso } from '#domain/money.ts';
import type { CouponView } from '../api/coupons.ts';
import { formatDay, languageOf } from '../loans/format.ts';
import './coupons.css';

export function CouponTicket({ coupon, children }: { coupon: CouponView; children?: ReactNode }) {
  const { t, i18n } = useTranslation('coupons');
  const lng = languageOf(i18n);
  const day = (iso: string | null) => formatDay(iso ? manilaToday(new Date(iso)) : null, lng);
  const inactive = coupon.state === 'used' || coupon.state === 'expired';
  return (
    <div
      className={inactive ? 'coupon-ticket is-inactive' : 'coupon-ticket'}
      data-coupon={coupon.id}
      data-kind={coupon.kind}
      data-state={coupon.state}
    >
      <div className="coupon-ticket-value">
        <strong data-testid="coupon-amount">{formatPeso(coupon.amountCentavos)}</strong>
        <span>{t(`kind.${coupon.kind}`)}</span>
      </div>
      <div className="coupon-ticket-body">
        <span className="coupon-ticket-use">{t(`appliesTo.${coupon.appliesTo}`)}</span>
        <span className="muted" data-testid="coupon-minimum">
          {coupon.minimumCentavos > 0 ? t('minimum', { amount: formatPeso(coupon.minimumCentavos) }) : t('noMinimum')}
        </span>
        <span className="muted" data-testid="coupon-validity">
          {coupon.state === 'used'
            ? t('usedOn', { date: day(coupon.usedAt) })
            : coupon.state === 'expired'
              ? t('expiredOn', { date: day(coupon.expiresAt) })
              : t('validUntil', { date: day(coupon.expiresAt) })}
        </span>
        {inactive && <span className="coupon-ticket-state">{t(`state.${coupon.state}`)}</span>}
        {children}
      </div>
    </div>
  );
}
