/**
 * The one masking rule of the staff console: what staff see of personal data until they unmask it (audited).
 * - words keep their first character: 'Juan Dela Cruz' -> 'J*** D*** C***';
 * - numbers (digits, with spaces, dashes or a leading +) keep their last 2 digits: '9171234567' -> '•••••••67';
 * - days (YYYY-MM-DD) -> '****-**-**';
 * - enum-like values stay clear: they are codes from the schemas' enums, not personal (CLEAR_KEYS: the employment
 *   type, the income band id, the ID type, gender, civil status, education, the contact's relationship, the bank
 *   code, the payout method, the loan purpose); booleans stay clear too;
 * - a document reference ('doc:<uuid>', a photo's id) stays clear: it names a file staff open through the audited
 *   documents route, not the person.
 * Nested values (a contact list, an address object) are masked leaf by leaf and joined.
 */
import { DOCUMENT_REF } from '#domain/document-ref.ts';

const CLEAR_KEYS = new Set([
  'employmentType',
  'monthlyIncome',
  'idType',
  'gender',
  'maritalStatus',
  'education',
  'relation',
  'bankCode',
  'payoutMethod',
  'loanPurpose',
  'industry',
  'payCycle',
  'yearsWorked',
]);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^\+?[\d\s-]+$/;

function maskText(value: string): string {
  if (DAY.test(value)) return '****-**-**';
  if (NUMBER.test(value)) {
    const digits = value.replace(/\D/g, '');
    return '•'.repeat(Math.max(digits.length - 2, 0)) + digits.slice(-2);
  }
  return value
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0] ?? ''}***`)
    .join(' ');
}

/** A value as staff see it masked; `key` is the field's name (enum-like keys stay clear). */
export function maskValue(value: unknown, key = ''): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return CLEAR_KEYS.has(key) ? String(value) : maskText(String(value));
  if (typeof value === 'string') return CLEAR_KEYS.has(key) || DOCUMENT_REF.test(value) ? value : maskText(value);
  if (Array.isArray(value)) return value.map((v) => maskValue(v, key)).join('; ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => maskValue(v, k))
      .join(', ');
  return '***';
}

/** A value shown in the clear (unmask): nested values as JSON. */
export function clearValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
