/**
 * Why a coupon grant waits for a supervisor (the grant's answer, the approvals list): each rule it went over, with
 * its limit and period, in the staff member's language (`staff:couponGrant.waitsFor.<cap>`). And the caps themselves,
 * shown beside the grant form so the agent knows them before asking.
 */
import { useTranslation } from 'react-i18next';
import { formatPeso } from '#domain/money.ts';
import type { GrantCap, GrantWait } from '#api-contract/staff-ops.ts';

const peso = (centavos: number) => formatPeso(centavos, { wholeIfExact: true });

/** The reasons a grant waits, one per line; nothing when it did not wait. */
export function GrantWaits({ waits }: { waits: readonly GrantWait[] | undefined }) {
  const { t } = useTranslation();
  if (!waits || waits.length === 0) return null;
  return (
    <ul className="st-compact" data-testid="grant-waits">
      {waits.map((w) => {
        const period = w.periodDays === null ? '' : t('common.days', { count: w.periodDays });
        const text = w.cap.endsWith('Grants')
          ? t(`couponGrant.waitsFor.${w.cap}`, { count: w.limit, period })
          : t(`couponGrant.waitsFor.${w.cap}`, { limit: peso(w.limit), period });
        return <li key={w.cap}>{text}</li>;
      })}
    </ul>
  );
}

/** The caps a grant must stay within to be issued without a supervisor. */
export function GrantCaps({ caps }: { caps: { perCustomer: GrantCap; perAgent: GrantCap } }) {
  const { t } = useTranslation();
  const line = (key: 'capsCustomer' | 'capsAgent', cap: GrantCap) =>
    t(`couponGrant.${key}`, {
      count: cap.maxGrants,
      amount: peso(cap.maxCentavos),
      period: t('common.days', { count: cap.periodDays }),
    });
  return (
    <ul className="st-hint st-compact">
      <li>{line('capsCustomer', caps.perCustomer)}</li>
      <li>{line('capsAgent', caps.perAgent)}</li>
    </ul>
  );
}
