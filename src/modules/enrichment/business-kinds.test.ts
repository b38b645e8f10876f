import { describe, expect, it } from 'vitest';
import { readData } from './data.ts';
import { enrichTransaction, type EnrichmentInput } from './enrich.ts';

const sub = (amount: number, counterParty: string, note: string, details: EnrichmentInput['details'] = {}) =>
  enrichTransaction({ amount, counterParty, note, details }).enrichment.category.subcategoryId;

describe('kinds of business from OpenStreetMap (the last signal of money spent)', () => {
  it('places a business abroad that no rule knows by the word for its kind, in its own language', () => {
    // Danish for an ice-cream parlour (a preset's name), Portuguese for one (a search term), in a counterparty and in a bank's card text.
    expect(sub(-6.2, 'HAVNENS ISHUS SKAGEN DNK', 'Card payment, 46.00 DKK')).toBe(403);
    expect(sub(-3.4, '', 'Card transaction of 3.40 EUR issued by GELATARIA ARTESANAL FARO')).toBe(403);
  });

  it('reads inflected forms (a stem) and, in languages that write compounds, the last part of one', () => {
    // Danish nouns with the definite article; German shops named as one word.
    expect(sub(-24.1, 'BLOMSTERBUTIKKEN ROSA ODENSE DNK', 'Card payment, 180.00 DKK')).toBe(607);
    expect(sub(-31, 'FRISORSALONEN ANNE AALBORG DNK', 'Card payment, 230.00 DKK')).toBe(904);
    expect(sub(-189, 'STADTOPTIKER KUFSTEIN AUT', 'Card payment')).toBe(902);
    expect(sub(-42, 'KINDERSCHUHGESCHAEFT LINZ AUT', 'Card payment')).toBe(603);
  });

  it('says nothing where another signal explains the payment, and never for money received', () => {
    expect(sub(-15, 'HAVNENS ISHUS SKAGEN DNK', '', { mccCode: '5912' })).toBe(901);
    expect(sub(15, 'HAVNENS ISHUS SKAGEN DNK', 'Card payment, 110.00 DKK')).toBe(105);
    expect(sub(-500, 'Jan Novák', 'ishus')).toBe(1202);
  });

  it('reads no word of a person\'s name opening the descriptor, but a kind named after it', () => {
    expect(sub(-35, 'SUMUP *ANNA KONDITOR', 'Card payment')).toBe(9901);
    expect(sub(-35, 'SUMUP *ANNA KONDITOR ISHUS', 'Card payment')).toBe(403);
  });

  it('reads no word inside a town name', () => {
    // "Lednice" is a fridge in Czech and a town in Moravia; "Stříbro" is silver and a town in Bohemia.
    expect(sub(-120, 'U TRI BRATRU LEDNICE CZE', 'Platba kartou')).toBe(9901);
    expect(sub(-120, 'U TRI BRATRU STRIBRO CZE', 'Platba kartou')).toBe(9901);
  });

  it('files every word under a subcategory of the taxonomy, with the source and its licence named', () => {
    const file = readData<{ source: { package: string; licence: string }; kinds: Record<string, string[]> }>('osm-business-kinds.json');
    expect(file.source).toMatchObject({ package: '@openstreetmap/id-tagging-schema', licence: 'ISC' });
    const ids = new Set(readData<{ categories: { subcategories: { id: number }[] }[] }>('categories.json').categories.flatMap((c) => c.subcategories.map((s) => s.id)));
    for (const id of Object.keys(file.kinds)) expect(ids.has(Number(id))).toBe(true);
    expect(Object.values(file.kinds).flat().length).toBeGreaterThan(10_000);
  });
});
