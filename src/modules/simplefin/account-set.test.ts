import { describe, expect, it } from 'vitest';
import { decimalString, minorUnits } from './account-set.ts';

describe('SimpleFIN decimal strings', () => {
  it('writes amounts with the currency minor units, without float artefacts or negative zero', () => {
    expect(minorUnits('EUR')).toBe(2);
    expect(minorUnits('JPY')).toBe(0);
    expect(minorUnits('BHD')).toBe(3);
    expect(decimalString(-12.3, 'EUR')).toBe('-12.30');
    expect(decimalString(0.1 + 0.2, 'EUR')).toBe('0.30');
    expect(decimalString(1234567.89, 'CZK')).toBe('1234567.89');
    expect(decimalString(1500, 'JPY')).toBe('1500');
    expect(decimalString(-0.001, 'EUR')).toBe('0.00');
    expect(decimalString(1.5, 'BHD')).toBe('1.500');
  });
});
