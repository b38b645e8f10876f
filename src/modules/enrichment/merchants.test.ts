import { describe, expect, it } from 'vitest';
import { allMerchants, analyse, merchantOf, payeeWords, recognise } from './merchants.ts';

const merchant = (text: string) => recognise(analyse(text))?.key ?? null;

describe('merchant recognition', () => {
  it('recognises card descriptors with terminal ids, cities, legal forms and case', () => {
    expect(merchant('ALBERT 0412 PRAHA 2')).toBe('albert');
    expect(merchant('Lidl Česká republika v.o.s.')).toBe('lidl');
    expect(merchant('DR.MAX LEKARNA 412 BRNO')).toBe('drmax');
    expect(merchant("McDonald's Praha")).toBe('mcdonalds');
    expect(merchant('ROHLIK.CZ*ORDER 3388120')).toBe('rohlik');
  });

  it('cuts off payment processor prefixes and keeps the merchant behind them', () => {
    expect(merchant('PAYPAL *STEAM GAMES 35314369001')).toBe('steam');
    expect(merchant('SQ *SHELL 0412')).toBe('shell');
    expect(merchant('GOOGLE *YouTube Premium')).toBe('youtube');
  });

  it('falls back to a processor that is the merchant of record, else to null', () => {
    expect(merchant('GOOGLE *Some Game Studio')).toBe('google');
    expect(merchant('SQ *KAVARNA U KOCOURA')).toBeNull();
    expect(merchant('SUMUP *PEKARNA JANA')).toBeNull();
  });

  it('prefers the longest alias', () => {
    expect(merchant('BOLT.EU/F/2601251234')).toBe('bolt-food');
    expect(merchant('UBER *EATS HELP.UBER.COM')).toBe('uber-eats');
    expect(merchant('GOOGLE *Google One')).toBe('google-one');
  });

  it('matches ordinary-word names only when the rest is noise, never guesses', () => {
    expect(merchant('SHELL 5512 ANY VILLAGE')).toBe('shell');
    expect(merchant('Shell Beach Bar')).toBeNull();
    expect(merchant('Albert Einstein')).toBeNull();
    expect(merchant('Orange Praha')).toBe('orange');
    expect(merchant('Kavárna u Zlatého klíče')).toBeNull();
    expect(merchant('')).toBeNull();
  });

  it('lets a merchant in the note win over an intermediary counterparty', () => {
    expect(merchantOf(analyse('PayPal Europe S.a r.l.'), analyse('PAYPAL *NETFLIX.COM'))).toMatchObject({ merchant: { key: 'netflix' }, inCounterParty: false });
    expect(merchantOf(analyse('PayPal Europe S.a r.l.'), analyse('nakup'))).toMatchObject({ merchant: { key: 'paypal' }, inCounterParty: true });
    expect(merchantOf(analyse('Alza.cz a.s.'), analyse('Netflix'))).toMatchObject({ merchant: { key: 'alza' } });
  });

  it('derives payee words without noise and digits', () => {
    expect(payeeWords(analyse('Ing. Jiří Procházka'), analyse('Najem 03/2026'))).toBe('ing jiri prochazka');
    expect(payeeWords(analyse(''), analyse('Pripsani uroku 2026'))).toBe('pripsani uroku');
    expect(payeeWords(analyse(''), analyse('0412 PRAHA'))).toBeNull();
  });

  it('has stable unique ids and keys', () => {
    const merchants = allMerchants();
    expect(new Set(merchants.map((m) => m.id)).size).toBe(merchants.length);
    expect(merchants.find((m) => m.key === 'albert')!.id).toBe('4527adbb-e214-4085-88f9-53a844f64b57');
  });
});
