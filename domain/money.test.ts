import { describe, expect, it } from 'vitest';
import { assertCentavos, formatPeso, pesos } from './money.ts';

describe('formatPeso', () => {
  it('formats centavos as pesos with grouping and two decimals', () => {
    expect(formatPeso(0)).toBe('₱0.00');
    expect(formatPeso(5)).toBe('₱0.05');
    expect(formatPeso(20000)).toBe('₱200.00');
    expect(formatPeso(123456789)).toBe('₱1,234,567.89');
    expect(formatPeso(-150)).toBe('-₱1.50');
  });

  it('drops .00 for round amounts when asked, and only then', () => {
    expect(formatPeso(8000000, { wholeIfExact: true })).toBe('₱80,000');
    expect(formatPeso(8000050, { wholeIfExact: true })).toBe('₱80,000.50');
  });

  it('refuses fractional centavos', () => {
    expect(() => formatPeso(10.5)).toThrow(RangeError);
  });
});

describe('pesos and assertCentavos', () => {
  it('converts whole pesos and refuses anything else', () => {
    expect(pesos(200)).toBe(20000);
    expect(() => pesos(1.5)).toThrow(RangeError);
    expect(assertCentavos(7)).toBe(7);
    expect(() => assertCentavos(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});
