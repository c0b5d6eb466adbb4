import { LegalDocument } from '../../legal/legal-document.tsx';

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

/** /conditionalTerms: the Terms and Conditions of every loan. */
export default function ConditionalTermsScreen() {
  return <LegalDocument document="terms" idPrefix="conditionalTerms" sections={TERMS_SECTIONS} updated={TERMS_UPDATED} />;
}
