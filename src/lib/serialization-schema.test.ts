import fastJsonStringify from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { forSerialization, sharedForSerialization } from './serialization-schema.ts';

const nullableString = Type.Union([Type.String(), Type.Null()]);
const Merchant = Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()], { description: 'or null' });
const Row = Type.Object(
  {
    id: Type.String(),
    amount: Type.Number(),
    recordState: Type.Union([Type.Literal('Cleared'), Type.Literal('Uncleared')]),
    details: Type.Object({ variableSymbol: nullableString, count: Type.Union([Type.Integer(), Type.Null()]) }),
    tags: Type.Array(nullableString),
    enrichment: Type.Optional(Type.Object({ merchant: Merchant, recurrent: Type.Boolean() })),
  },
  { $id: 'Row' },
);
const Page = Type.Object({ data: Type.Array(Type.Ref('Row')), nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }) });

const rows = [
  { id: 'a', amount: -1.5, recordState: 'Cleared', details: { variableSymbol: '123', count: 2 }, tags: ['x', null], enrichment: { merchant: { id: 'm', name: 'Albert "A"' }, recurrent: true } },
  { id: 'b', amount: 0, recordState: 'Uncleared', details: { variableSymbol: null, count: null }, tags: [], enrichment: { merchant: null, recurrent: false } },
  { id: 'c', amount: 12, recordState: 'Cleared', details: { variableSymbol: '', count: 0 }, tags: [null] },
];

describe('forSerialization', () => {
  it('leaves no anyOf in nullable and literal unions, nested or shared, and keeps the outer keywords', () => {
    const shared = sharedForSerialization({ Row }) as { Row: unknown };
    const page = forSerialization(Page);
    expect(JSON.stringify([shared, page])).not.toContain('anyOf');
    expect(page).toMatchObject({ properties: { nextCursor: { type: ['string', 'null'], description: 'null on the last page' } } });
    expect(shared.Row).toMatchObject({ $id: 'Row', properties: { recordState: { type: 'string', enum: ['Cleared', 'Uncleared'] } } });
    expect((shared.Row as typeof Row).properties.enrichment).toMatchObject({ properties: { merchant: { type: ['object', 'null'], required: ['id', 'name'], description: 'or null' } } });
  });

  it('writes the same JSON as the schemas as written, and does not change them', () => {
    const before = JSON.stringify([Row, Page]);
    const asWritten = fastJsonStringify(Page, { schema: { Row } });
    const rewritten = fastJsonStringify(forSerialization(Page) as typeof Page, { schema: sharedForSerialization({ Row }) as { Row: typeof Row } });
    for (const page of [{ data: rows, nextCursor: 'abc' }, { data: [], nextCursor: null }]) {
      expect(rewritten(page)).toBe(asWritten(page));
      expect(JSON.parse(rewritten(page))).toEqual(page);
    }
    expect(JSON.stringify([Row, Page])).toBe(before);
  });

  it('fails a value of another type as the schema as written does', () => {
    const Field = Type.Object({ v: nullableString });
    const asWritten = fastJsonStringify(Field);
    const rewritten = fastJsonStringify(forSerialization(Field) as typeof Field);
    for (const v of [5, true, { x: 1 }]) {
      expect(() => asWritten({ v } as never)).toThrow(/does not match schema definition/);
      expect(() => rewritten({ v } as never)).toThrow(/does not match schema definition/);
    }
  });

  it('keeps unions it cannot write as one type', () => {
    const mixed = Type.Union([Type.String(), Type.Number()]);
    const ofObjects = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]);
    const refOrNull = Type.Union([Type.Ref('Row'), Type.Null()]);
    for (const schema of [mixed, ofObjects, refOrNull]) expect(forSerialization(schema)).toHaveProperty('anyOf');
  });
});
