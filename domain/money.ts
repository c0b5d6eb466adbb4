/** Money is integer centavos everywhere; pesos exist only when displayed. */
export type Centavos = number;

/** Whole centavos for a whole number of pesos. */
export function pesos(amount: number): Centavos {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`pesos must be a whole number, got ${amount}`);
  return amount * 100;
}

/** Throws unless `value` is a safe integer number of centavos. */
export function assertCentavos(value: number): Centavos {
  if (!Number.isSafeInteger(value)) throw new RangeError(`centavos must be a safe integer, got ${value}`);
  return value;
}

/**
 * Formats centavos as Philippine pesos (₱1,234.50) with integer arithmetic, so no float ever touches the amount.
 * `wholeIfExact` drops ".00" for round amounts, as in "up to ₱80,000".
 */
export function formatPeso(centavos: Centavos, options: { wholeIfExact?: boolean } = {}): string {
  assertCentavos(centavos);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const whole = Math.trunc(abs / 100);
  const cents = abs % 100;
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = options.wholeIfExact && cents === 0 ? '' : `.${cents.toString().padStart(2, '0')}`;
  return `${sign}₱${grouped}${fraction}`;
}
