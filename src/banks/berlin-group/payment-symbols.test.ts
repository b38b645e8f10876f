import { describe, expect, it } from 'vitest';
import { parsePaymentSymbols } from './payment-symbols.ts';

describe('parsePaymentSymbols', () => {
  it.each([
    ['/VS123/SS45/KS0308', { variableSymbol: '123', specificSymbol: '45', constantSymbol: '0308' }],
    ['VS:123', { variableSymbol: '123', specificSymbol: null, constantSymbol: null }],
    ['Platba VS 123 KS 0558', { variableSymbol: '123', specificSymbol: null, constantSymbol: '0558' }],
    ['/VS/123/SS/45/KS/0308', { variableSymbol: '123', specificSymbol: '45', constantSymbol: '0308' }],
    ['VS123/SS45/KS0308', { variableSymbol: '123', specificSymbol: '45', constantSymbol: '0308' }],
    ['vs=2024001 ss=9', { variableSymbol: '2024001', specificSymbol: '9', constantSymbol: null }],
  ])('reads %s', (text, expected) => {
    expect(parsePaymentSymbols(text)).toEqual(expected);
  });

  it('ignores tags glued to other words and over-long numbers', () => {
    expect(parsePaymentSymbols('ADVS123 CLASS 5 VS12345678901')).toEqual({ variableSymbol: null, specificSymbol: null, constantSymbol: null });
  });

  it('takes each symbol from the first text that has it', () => {
    expect(parsePaymentSymbols(null, 'VS1/KS0308', 'VS2 SS3')).toEqual({ variableSymbol: '1', specificSymbol: '3', constantSymbol: '0308' });
  });
});
