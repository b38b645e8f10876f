import { describe, expect, it } from 'vitest';
import { initialsOf, monogramSvg } from './bank-logo.ts';
import { contrast, readableOn } from './branding.ts';

describe('branding colours', () => {
  it('picks the readable text colour on an accent (WCAG contrast)', () => {
    expect(readableOn('#0b7a75')).toBe('#ffffff');
    expect(readableOn('#1f5fbf')).toBe('#ffffff');
    expect(readableOn('#f2c94c')).toBe('#000000');
    expect(readableOn('#ffffff')).toBe('#000000');
    for (const accent of ['#0b7a75', '#f2c94c', '#ff0000', '#00ff00', '#777777']) expect(contrast(accent, readableOn(accent))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('bank monograms', () => {
  it('initials skip generic words; the colour is a function of the id', () => {
    expect(initialsOf('Vltava Bank')).toBe('V');
    expect(initialsOf('Moravská spořitelna')).toBe('MS');
    expect(initialsOf('Šumava Credit Union')).toBe('ŠC');
    expect(initialsOf('Bank')).toBe('B');
    expect(monogramSvg('a', 'X & Y')).toBe(monogramSvg('a', 'X & Y'));
    expect(monogramSvg('a', 'X')).not.toBe(monogramSvg('b', 'X'));
    expect(monogramSvg('a', '<X>')).not.toContain('<X>');
  });
});
