import { LegalDocument } from '#src/legal/legal-document.tsx';
import type { ScreenProps } from '#src/shell/screens.ts';

/** Sections of the Terms and Conditions in reading order (keys under `terms.sections` in the `legal` namespace). */
const TERMS_SECTIONS = [
  'eligibility',
  'account',
  'application',
  'disclosure',
  'pricing',
  'signature',
  'disbursement',
  'repayment',
  'extension',
  'prepayment',
  'latePayment',
  'collection',
  'coupons',
  'reloan',
  'closing',
  'complaints',
  'changes',
  'law',
] as const;

/** Date of the current version of the Terms and Conditions (Manila calendar day). */
const TERMS_UPDATED = '2026-11-21';

/** Sections of the Easy Re-loan agreement in reading order (keys under `reloan.sections` in the `legal` namespace). */
const RELOAN_SECTIONS = ['service', 'schedule', 'notice', 'voucher', 'turnOff', 'cancel', 'terms'] as const;

/** Date of the current version of the Easy Re-loan agreement (Manila calendar day). */
const RELOAN_UPDATED = '2026-11-24';

/**
 * /conditionalTerms: the Terms and Conditions of every loan; the same module renders /bookingAgreement, the Easy
 * Re-loan agreement agreed on /appointLoan before turning it on (config/routes.json: one chunk for both documents).
 */
export default function ConditionalTermsScreen({ routeName }: Partial<ScreenProps>) {
  if (routeName === 'bookingAgreement')
    return (
      <LegalDocument
        document="reloan"
        idPrefix="bookingAgreement"
        sections={RELOAN_SECTIONS}
        updated={RELOAN_UPDATED}
      />
    );
  return (
    <LegalDocument document="terms" idPrefix="conditionalTerms" sections={TERMS_SECTIONS} updated={TERMS_UPDATED} />
  );
}
