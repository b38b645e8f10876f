import { describe, expect, it } from 'vitest';
import { sandboxCatalog } from './catalog.ts';
import { generateAccounts, generateNewTransactions, generateTransactions, openingAccounts, validIban } from './generator.ts';

const anchor = new Date('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

describe('sandbox generator', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = generateAccounts('conn-1:user_ok', 'CZ', 'ok', anchor);
    expect(generateAccounts('conn-1:user_ok', 'CZ', 'ok', anchor)).toEqual(a);
    expect(generateTransactions('conn-1:user_ok', a[0]!, 'CZ', anchor, 'ok')).toEqual(generateTransactions('conn-1:user_ok', a[0]!, 'CZ', anchor, 'ok'));
    expect(generateAccounts('conn-1:user_ok+2', 'CZ', 'ok', anchor)[0]!.iban).not.toBe(a[0]!.iban);
  });

  it('gives valid IBANs of the right country and currency for every catalog country', () => {
    const expected: Record<string, [number, string]> = { CZ: [24, 'CZK'], SK: [24, 'EUR'], DE: [22, 'EUR'], AT: [20, 'EUR'], PL: [28, 'PLN'], GB: [22, 'GBP'] };
    for (const country of new Set(sandboxCatalog.map((p) => p.countryCode))) {
      for (let i = 0; i < 20; i++) {
        const [current] = openingAccounts(`seed-${i}`, country, 'ok');
        expect(validIban(current!.iban!), current!.iban!).toBe(true);
        expect(current!.iban!.startsWith(country)).toBe(true);
        expect(current!.iban!.length).toBe(expected[country]![0]);
        expect(current!.currencyCode).toBe(expected[country]![1]);
      }
    }
    expect(validIban('CZ6508000000192000145399')).toBe(true);
    expect(validIban('CZ6508000000192000145398')).toBe(false);
  });

  it('makes balances equal opening balance plus all transactions', () => {
    const opening = openingAccounts('bal', 'CZ', 'ok');
    const accounts = generateAccounts('bal', 'CZ', 'ok', anchor);
    for (const [i, account] of accounts.entries()) {
      const sum = generateTransactions('bal', account, 'CZ', anchor, 'ok').reduce((s, t) => s + Math.round(t.amount * 100), 0);
      expect(Math.round(account.balance * 100)).toBe(Math.round(opening[i]!.balance * 100) + sum);
    }
  });

  it('spans 90 days with salary, rent, monthly subscriptions, card payments with MCC, recent ones Uncleared', () => {
    const [current] = generateAccounts('shape', 'CZ', 'ok', anchor);
    const txs = generateTransactions('shape', current!, 'CZ', anchor, 'ok');
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
    expect(new Set(txs.map((t) => t.externalId)).size).toBe(txs.length);
  });

  it('serves 100 accounts for many and no transactions for empty', () => {
    expect(openingAccounts('m', 'CZ', 'many')).toHaveLength(100);
    const [account] = openingAccounts('e', 'CZ', 'empty');
    expect(generateTransactions('e', account!, 'CZ', anchor, 'empty')).toEqual([]);
  });

  it('adds new transactions after a date that never collide with the 90-day set', () => {
    const [account] = openingAccounts('n', 'CZ', 'ok');
    const known = new Set(generateTransactions('n', account!, 'CZ', anchor, 'ok').map((t) => t.externalId));
    const fresh = generateNewTransactions('n', account!, 'CZ', anchor, 5);
    expect(fresh).toHaveLength(5);
    expect(fresh.every((t) => !known.has(t.externalId) && t.recordDate > anchor)).toBe(true);
    expect(generateNewTransactions('n', account!, 'CZ', anchor, 5)).toEqual(fresh);
  });
});
