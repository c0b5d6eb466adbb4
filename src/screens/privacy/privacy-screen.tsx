import { LegalDocument } from '#src/legal/legal-document.tsx';

/** Sections of the Privacy Policy in reading order (keys under `privacy.sections` in the `legal` namespace). */
const PRIVACY_SECTIONS = [
  'whoWeAre',
  'collect',
  'purposes',
  'legalBasis',
  'notice',
  'sharing',
  'retention',
  'security',
  'rights',
  'deletion',
  'storage',
  'children',
  'changes',
] as const;

/** Date of the current version of the Privacy Policy (Manila calendar day). */
const PRIVACY_UPDATED = '2026-11-21';

/** /privacy: the Privacy Policy under the Data Privacy Act of 2012 (RA 10173). */
export default function PrivacyScreen() {
  return <LegalDocument document="privacy" idPrefix="privacy" sections={PRIVACY_SECTIONS} updated={PRIVACY_UPDATED} />;
}
