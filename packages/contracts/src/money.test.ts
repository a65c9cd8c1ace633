import { describe, expect, it } from 'vitest';
import { isCurrency, percentOf, toDecimal, toMinorUnits } from './money.js';

describe('money in minor units', () => {
  it('reads typed amounts by their digits, rounding half up to the currency', () => {
    expect(toMinorUnits('12.5', 'USD')).toBe(1250);
    expect(toMinorUnits(12.5, 'USD')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'USD')).toBe(30); // 0.30000000000000004
    expect(toMinorUnits('19.999', 'USD')).toBe(2000);
    expect(toMinorUnits('19.994', 'USD')).toBe(1999);
    expect(toMinorUnits('7', 'USD')).toBe(700);
    expect(toMinorUnits('1500.4', 'JPY')).toBe(1500);
    expect(toMinorUnits('1.2345', 'KWD')).toBe(1235);
  });

  it('refuses what is not a plain non-negative amount', () => {
    for (const bad of ['-1', '1e3', 'abc', '', '1,50', '12.5.1', 1e-7, 2_000_000]) {
      expect(toMinorUnits(bad, 'USD')).toBeNull();
    }
  });

  it('writes minor units back as a decimal', () => {
    expect(toDecimal(1250, 'USD')).toBe('12.50');
    expect(toDecimal(5, 'USD')).toBe('0.05');
    expect(toDecimal(1500, 'JPY')).toBe('1500');
    expect(toDecimal(-5, 'USD')).toBe('-0.05');
  });

  it('takes percentages with integers only', () => {
    expect(percentOf(20000, 10)).toBe(2000);
    expect(percentOf(999, 15)).toBe(150); // 149.85 -> 150
    expect(percentOf(1, 49)).toBe(0);
  });

  it('knows ISO currencies', () => {
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('EUR')).toBe(true);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency('XYZ')).toBe(false);
  });
});
