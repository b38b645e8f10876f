import { validateIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { catalogProvider, sandboxCatalog } from './catalog.ts';
import { categoryNames, countries, merchants, subscriptions, travelMerchants, type Country } from './fixtures.ts';
import { accountTransactions, creditorReference, generateAccounts, generateNewTransactions, generateTransactions, openingAccounts } from './generator.ts';

const anchor = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const vltava = catalogProvider('vltava_xf')!;
const firstBankOf = (country: string) => sandboxCatalog.find((p) => p.countryCode === country)!;
const allCountries = Object.keys(countries) as Country[];

/** ISO 11649: the reference with `RF` and its check digits moved to the end is 1 mod 97. */
const validCreditorReference = (value: string) => {
  const moved = `${value.slice(4)}${value.slice(0, 4)}`;
  return /^RF\d{2}[A-Z0-9]{1,21}$/.test(value) && BigInt([...moved].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('')) % 97n === 1n;
};

describe('sandbox generator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = generateAccounts('vltava_xf:user_ok', vltava, 'ok', anchor);
    expect(generateAccounts('vltava_xf:user_ok', vltava, 'ok', anchor)).toEqual(a);
    expect(generateTransactions('vltava_xf:user_ok', a[0]!, vltava, anchor, 'ok')).toEqual(generateTransactions('vltava_xf:user_ok', a[0]!, vltava, anchor, 'ok'));
    expect(generateAccounts('vltava_xf:user_ok+2', vltava, 'ok', anchor)[0]!.iban).not.toBe(a[0]!.iban);
  });

  it('gives IBANs valid for their country (national check digits too) with the bank code of the provider', { timeout: 30_000 }, () => {
    const expected: Record<string, [number, string]> = { CZ: [24, 'CZK'], SK: [24, 'EUR'], DE: [22, 'EUR'], AT: [20, 'EUR'], PL: [28, 'PLN'], GB: [22, 'GBP'] };
    for (const bank of sandboxCatalog) {
      const bankPart = bank.countryCode === 'GB' ? `${bank.bicCodes[0]!.slice(0, 4)}${bank.bankCode}` : bank.bankCode;
      for (let i = 0; i < 40; i++) {
        for (const account of openingAccounts(`seed-${i}`, bank, 'ok')) {
          const iban = account.iban!;
          expect(validateIBAN(iban), `${bank.code} ${iban}`).toEqual({ valid: true, errorCodes: [] });
          expect(iban.slice(0, 2)).toBe(bank.countryCode);
          expect(iban.slice(4, 4 + bankPart.length), iban).toBe(bankPart);
          expect(iban).toHaveLength(expected[bank.countryCode]![0]);
        }
        expect(openingAccounts(`seed-${i}`, bank, 'ok')[0]!.currencyCode).toBe(expected[bank.countryCode]![1]);
      }
    }
    expect(validateIBAN('CZ6508000000192000145399').valid).toBe(true);
    expect(validateIBAN('CZ6508000000192000145398').valid).toBe(false);
  });

  it('makes balances equal opening balance plus all transactions', () => {
    const opening = openingAccounts('bal', vltava, 'ok');
    const accounts = generateAccounts('bal', vltava, 'ok', anchor);
    for (const [i, account] of accounts.entries()) {
      const sum = generateTransactions('bal', account, vltava, anchor, 'ok').reduce((s, t) => s + Math.round(t.amount * 100), 0);
      expect(Math.round(account.balance * 100)).toBe(Math.round(opening[i]!.balance * 100) + sum);
    }
  });

  it('calibrates spending to income: balances end positive and the salary covers the spending', { timeout: 30_000 }, () => {
    for (const country of allCountries) {
      const bank = firstBankOf(country);
      let positive = 0;
      let covered = 0;
      const seeds = 40;
      for (let i = 0; i < seeds; i++) {
        const accounts = generateAccounts(`calibration-${i}`, bank, 'ok', anchor);
        if (accounts.every((a) => a.balance > 0)) positive++;
        const txs = generateTransactions(`calibration-${i}`, accounts[0]!, bank, anchor, 'ok');
        const income = txs.filter((t) => t.details.transactionCode === 'SALARY').reduce((s, t) => s + t.amount, 0);
        const spent = -txs.filter((t) => t.amount < 0).reduce((s, t) => s + t.amount, 0);
        if (spent < income * 1.1 && spent > income * 0.6) covered++;
      }
      expect(positive, country).toBeGreaterThanOrEqual(seeds * 0.95);
      expect(covered, country).toBeGreaterThanOrEqual(seeds * 0.9);
    }
  });

  it('spans 90 days with salary, rent, monthly subscriptions, card payments with MCC, recent ones Uncleared', () => {
    const [current] = generateAccounts('shape', vltava, 'ok', anchor);
    const txs = generateTransactions('shape', current!, vltava, anchor, 'ok');
    expect(txs.length).toBeGreaterThanOrEqual(150);
    expect(txs.length).toBeLessThanOrEqual(400);
    for (const t of txs) {
      expect(t.recordDate.getTime()).toBeLessThanOrEqual(anchor.getTime());
      expect(t.recordDate.getTime()).toBeGreaterThan(anchor.getTime() - 91 * DAY);
    }
    expect(txs.filter((t) => t.details.transactionCode === 'SALARY' && t.amount > 0).length).toBeGreaterThanOrEqual(2);
    expect(txs.filter((t) => t.details.transactionCode === 'STANDING_ORDER' && t.amount < 0).length).toBeGreaterThanOrEqual(2);
    const byNote = new Map<string, number[]>();
    for (const t of txs.filter((x) => x.details.transactionCode === 'DIRECT_DEBIT' || ['NETFLIX.COM', 'APPLE.COM/BILL'].includes(x.note))) byNote.set(t.note, [...(byNote.get(t.note) ?? []), t.amount]);
    expect([...byNote.values()].some((amounts) => amounts.length >= 2 && new Set(amounts).size === 1)).toBe(true);
    const cards = txs.filter((t) => t.details.transactionCode === 'CARD_PAYMENT');
    expect(cards.every((t) => /^\d{4}$/.test(t.details.mccCode ?? ''))).toBe(true);
    const uncleared = txs.filter((t) => t.recordState === 'Uncleared');
    expect(uncleared.length).toBeGreaterThan(0);
    expect(uncleared.every((t) => anchor.getTime() - t.recordDate.getTime() < 3 * DAY)).toBe(true);
    expect(txs.some((t) => /^0+[1-9]/.test(t.details.variableSymbol ?? ''))).toBe(true);
    expect(txs.filter((t) => t.details.transactionCode === 'SALARY').every((t) => t.details.constantSymbol === '0138')).toBe(true);
    expect(new Set(txs.map((t) => t.externalId)).size).toBe(txs.length);
  });

  it('speaks the country: its merchants, labels and bank categories; Czech symbols only in CZ and SK, creditor references elsewhere', () => {
    const czechOnly = ['Rohlik.cz', 'České dráhy', 'ČEZ Prodej', 'O2 Czech Republic', 'Albert', 'Vlastní účet'];
    for (const country of allCountries) {
      const bank = firstBankOf(country);
      const language = countries[country].language;
      const known = new Set([...merchants, ...subscriptions].filter((m) => m.countries.includes(country)).map((m) => m.name));
      const txs = openingAccounts(`speak-${country}`, bank, 'ok')
        .slice(0, 2)
        .flatMap((account) => generateTransactions(`speak-${country}`, account, bank, anchor, 'ok'));
      for (const t of txs.filter((x) => x.details.transactionCode === 'CARD_PAYMENT' || x.details.transactionCode === 'DIRECT_DEBIT')) expect(known.has(t.counterParty), `${country} ${t.counterParty}`).toBe(true);
      for (const t of txs.filter((x) => x.details.externalCategoryName)) expect(Object.values(categoryNames[language])).toContain(t.details.externalCategoryName);
      const rent = txs.filter((t) => t.details.transactionCode === 'STANDING_ORDER');
      expect(rent.length).toBeGreaterThanOrEqual(2);
      if (country === 'CZ' || country === 'SK') {
        expect(rent.every((t) => t.details.constantSymbol === '0308' && t.details.variableSymbol)).toBe(true);
        continue;
      }
      for (const t of txs) {
        expect([t.details.variableSymbol, t.details.constantSymbol, t.details.specificSymbol], `${country} ${t.note}`).toEqual([null, null, null]);
        expect(czechOnly).not.toContain(t.counterParty);
      }
      expect(rent.every((t) => validCreditorReference(t.details.creditorReference ?? ''))).toBe(true);
    }
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
  });

  it('gives the foreign-currency account a little travel activity, no salary or rent', () => {
    let seen = 0;
    for (let i = 0; seen < 20 && i < 200; i++) {
      const accounts = generateAccounts(`foreign-${i}`, vltava, 'ok', anchor);
      const foreign = accounts.find((a) => a.currencyCode !== 'CZK');
      if (!foreign) continue;
      seen++;
      const txs = generateTransactions(`foreign-${i}`, foreign, vltava, anchor, 'ok');
      expect(txs.length).toBeGreaterThanOrEqual(3);
      expect(txs.length).toBeLessThanOrEqual(8);
      expect(txs.filter((t) => t.details.transactionCode === 'SALARY' || t.details.transactionCode === 'STANDING_ORDER')).toEqual([]);
      for (const t of txs.filter((x) => x.amount < 0)) expect(travelMerchants.map((m) => m.name)).toContain(t.counterParty);
      expect(foreign.balance).toBeGreaterThan(0);
    }
    expect(seen).toBe(20);
  });

  it('serves 100 accounts for many and no transactions for empty', () => {
    expect(openingAccounts('m', vltava, 'many')).toHaveLength(100);
    const [account] = openingAccounts('e', vltava, 'empty');
    expect(generateTransactions('e', account!, vltava, anchor, 'empty')).toEqual([]);
  });

  it('adds transactions dated at or before a moment, on the first current account, counted in its balance', () => {
    const [account] = openingAccounts('n', vltava, 'ok');
    const known = new Set(generateTransactions('n', account!, vltava, anchor, 'ok').map((t) => t.externalId));
    const since = new Date(anchor.getTime() + 5 * DAY);
    const fresh = generateNewTransactions('n', account!, vltava, since, 5);
    expect(fresh).toHaveLength(5);
    expect(fresh.every((t) => !known.has(t.externalId) && t.recordDate <= since && t.recordDate > anchor && t.recordState === 'Uncleared')).toBe(true);
    expect(generateNewTransactions('n', account!, vltava, since, 5)).toEqual(fresh);

    const later = new Date(since.getTime() + 60_000);
    const extra = [{ since, count: 5 }, { since: later, count: 2 }];
    const all = accountTransactions('n', account!, vltava, anchor, 'ok', extra);
    expect(all.slice(0, -2)).toEqual([...generateTransactions('n', account!, vltava, anchor, 'ok'), ...fresh]);
    expect(all.slice(-2).every((t) => t.recordDate <= later && t.recordDate >= since)).toBe(true);
    expect(new Set(all.map((t) => t.externalId)).size).toBe(all.length);
    const added = all.slice(-7);
    const [plain, other] = generateAccounts('n', vltava, 'ok', anchor);
    const [withExtra, otherWithExtra] = generateAccounts('n', vltava, 'ok', anchor, extra);
    expect(Math.round(withExtra!.balance * 100)).toBe(Math.round(plain!.balance * 100) + added.reduce((s, t) => s + Math.round(t.amount * 100), 0));
    expect(otherWithExtra).toEqual(other);
  });
});
