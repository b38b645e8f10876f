import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { categories, forAmount, subcategory } from './taxonomy.ts';

describe('taxonomy', () => {
  it('is documented in docs/categories.md with the same ids and names', () => {
    const doc = readFileSync(new URL('../../../docs/categories.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| (\d+) \| ([^|]+) \| (\d+) \| ([^|]+) \|/gm)].map((m) => [Number(m[1]), m[2]!.trim(), Number(m[3]), m[4]!.trim()]);
    const expected = categories.flatMap((c) => c.subcategories.map((s) => [c.id, c.name, s.id, s.name]));
    expect(rows).toEqual(expected);
  });

  it('numbers subcategories inside their category', () => {
    for (const c of categories) for (const s of c.subcategories) expect(Math.floor(s.id / 100)).toBe(c.id);
  });

  it('maps a subcategory to the direction of the money', () => {
    expect(forAmount(subcategory(301), -10)).toEqual({ sub: subcategory(301), weak: false });
    expect(forAmount(subcategory(301), 10)).toEqual({ sub: subcategory(301), weak: true, reverses: true });
    expect(forAmount(subcategory(1604), 10, 104)).toEqual({ sub: subcategory(104), weak: false });
    expect(forAmount(subcategory(1301), 10)!.sub.id).toBe(1302);
    expect(forAmount(subcategory(103), -10)!.sub.id).toBe(1402);
    expect(forAmount(subcategory(101), -10)).toBeNull();
    expect(forAmount(subcategory(1202), -10)!.sub.id).toBe(1202);
    expect(() => subcategory(42)).toThrow(/unknown subcategoryId 42/);
  });
});
