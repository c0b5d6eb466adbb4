/**
 * Postal codes. The digit count is product configuration (docs/product-rules.md): the spec's template says 6 digits,
 * Philippine ZIP codes have 4. Only the count is checked, not whether the code is assigned to a place.
 */

/** Digits in a Philippine ZIP code. */
export const PH_POSTAL_CODE_DIGITS = 4;

function assertDigitCount(digits: number): void {
  // A bad count is a configuration error, caught by the config check, not a borrower's mistake.
  if (!Number.isInteger(digits) || digits < 1 || digits > 12) {
    throw new RangeError(`postal code digit count must be a whole number from 1 to 12, got ${digits}`);
  }
}

/** The pattern (regex source) of a postal code with exactly `digits` digits; throws RangeError for a bad count. */
export function postalCodePattern(digits: number): string {
  assertDigitCount(digits);
  return `^\\d{${digits}}$`;
}

/** The pattern of a Philippine ZIP code (4 digits). */
export const PH_POSTAL_CODE_PATTERN = postalCodePattern(PH_POSTAL_CODE_DIGITS);

/** The postal code without surrounding spaces when it has exactly `digits` digits, else null. */
export function normalizePostalCode(input: string, digits: number): string | null {
  const candidate = input.trim();
  return new RegExp(postalCodePattern(digits), 'u').test(candidate) ? candidate : null;
}

/** True when `input` is a postal code of exactly `digits` digits (surrounding spaces allowed). */
export function isPostalCode(input: string, digits: number): boolean {
  return normalizePostalCode(input, digits) !== null;
}
