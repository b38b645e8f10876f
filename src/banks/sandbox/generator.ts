/**
 * Deterministic sandbox data (DESIGN.md §7). From a seed (connection id + test user) the
 * generator yields the same accounts and transactions every time: current and saving accounts
 * with valid IBANs for the country, 90 days of transactions ending at the anchor time with
 * Czech payment symbols (variable, constant, specific), MCC codes on card payments, salary,
 * rent, monthly subscriptions, card payments, transfers and cash withdrawals; card payments
 * of the last 3 days are Uncleared. Amounts are numbers in the account currency (negative =
 * outgoing, 2 decimals); dates are UTC. An account's balance is its opening balance plus the
 * sum of all its generated transactions, cleared and uncleared.
 */
import { createHash } from 'node:crypto';
import { base, cs_CZ, de, de_AT, en, en_GB, Faker, pl, sk } from '@faker-js/faker';
import type { BankAccount, BankTransaction, BankTransactionDetails } from '../connector.ts';
import { accountNames, countries, labels, merchants, subscriptions, type CountryFormat } from './fixtures.ts';

export type SandboxScenario = 'ok' | 'many' | 'empty';

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;
const UNCLEARED_DAYS = 3;
const fakerLocales = { CZ: [cs_CZ, en, base], SK: [sk, en, base], DE: [de, en, base], AT: [de_AT, de, en, base], PL: [pl, en, base], GB: [en_GB, en, base] } as const;

function formatOf(countryCode: string): CountryFormat {
  return countries[countryCode] ?? countries.CZ!;
}

/** A faker instance seeded from `parts` (never the global one). */
function seeded(countryCode: string, ...parts: (string | number)[]): Faker {
  const faker = new Faker({ locale: [...(fakerLocales[countryCode as keyof typeof fakerLocales] ?? fakerLocales.CZ)] });
  faker.seed(createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0));
  return faker;
}

/** ISO 13616 mod-97 check of an electronic-format IBAN. */
export function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

function mod97(value: string): number {
  let rest = 0;
  for (const char of value) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

function iban(faker: Faker, countryCode: string): string {
  const bban = formatOf(countryCode)
    .bban.map((g) => (g.kind === 'n' ? faker.string.numeric({ length: g.length, allowLeadingZeros: true }) : faker.string.alpha({ length: g.length, casing: 'upper' })))
    .join('');
  const check = 98 - mod97(`${bban}${countryCode}00`);
  return `${countryCode}${String(check).padStart(2, '0')}${bban}`;
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;
const toMinor = (amount: number) => Math.round(amount * 100);

function emptyDetails(): BankTransactionDetails {
  return { variableSymbol: null, constantSymbol: null, specificSymbol: null, transactionCode: null, creditorReference: null, externalCategoryName: null, mccCode: null, others: null };
}

interface AccountPlan {
  externalId: string;
  type: BankAccount['type'];
  currencyCode: string;
  name: string;
  iban: string;
  openingBalance: number;
}

/** The accounts of a seed before balances: deterministic ids, names, IBANs, opening balances. */
function planAccounts(seed: string, countryCode: string, scenario: SandboxScenario): AccountPlan[] {
  const faker = seeded(countryCode, seed, 'accounts');
  const format = formatOf(countryCode);
  const names = accountNames[format.language];
  const count = scenario === 'many' ? 100 : faker.number.int({ min: 2, max: 3 });
  return Array.from({ length: count }, (_, index) => {
    const type: BankAccount['type'] = index % 2 === 1 ? 'SavingAccount' : 'CurrentAccount';
    const foreign = scenario !== 'many' && index === 2;
    const currencyCode = foreign ? (format.currency === 'EUR' ? 'USD' : 'EUR') : format.currency;
    const name = foreign ? names.foreign : type === 'SavingAccount' ? names.saving : names.current;
    const opening = faker.number.int({ min: 30_000, max: 150_000 }) / (foreign ? 25 : format.czkPerUnit);
    return {
      externalId: `acc-${createHash('sha256').update(`${seed}|${index}`).digest('hex').slice(0, 16)}`,
      type,
      currencyCode,
      name: scenario === 'many' ? `${name} ${index + 1}` : name,
      iban: iban(faker, countryCode),
      openingBalance: round2(opening),
    };
  });
}

/** The accounts of `seed` with `balance` set to the opening balance, before the 90 days (cheap: no transactions generated). */
export function openingAccounts(seed: string, countryCode: string, scenario: SandboxScenario): BankAccount[] {
  return planAccounts(seed, countryCode, scenario).map((plan) => ({ externalId: plan.externalId, name: plan.name, type: plan.type, currencyCode: plan.currencyCode, iban: plan.iban, balance: plan.openingBalance }));
}

/** Accounts of `seed` whose balance is the opening balance plus every transaction `generateTransactions` yields at `anchor`. */
export function generateAccounts(seed: string, countryCode: string, scenario: SandboxScenario, anchor: Date): BankAccount[] {
  return openingAccounts(seed, countryCode, scenario).map((account) => {
    const sum = generateTransactions(seed, account, countryCode, anchor, scenario).reduce((total, t) => total + toMinor(t.amount), 0);
    return { ...account, balance: (toMinor(account.balance) + sum) / 100 };
  });
}

/**
 * 90 days of transactions of `account` ending at `anchor` (all recordDates <= anchor).
 * Deterministic in (seed, account, country, anchor, scenario).
 */
export function generateTransactions(seed: string, account: BankAccount, countryCode: string, anchor: Date, scenario: SandboxScenario): BankTransaction[] {
  if (scenario === 'empty') return [];
  const faker = seeded(countryCode, seed, account.externalId, 'transactions');
  const format = formatOf(countryCode);
  const scale = account.currencyCode === format.currency ? format.czkPerUnit : 25;
  const text = labels[format.language];
  const out: BankTransaction[] = [];
  let n = 0;

  const at = (daysAgo: number) => new Date(anchor.getTime() - daysAgo * DAY_MS - faker.number.int({ min: 0, max: DAY_MS - 1 }));
  const push = (daysAgo: number, amountCzk: number, counterParty: string, note: string, details: Partial<BankTransactionDetails>, card = false) => {
    out.push({
      externalId: `${account.externalId}-tx-${String(n++).padStart(4, '0')}`,
      accountExternalId: account.externalId,
      amount: round2(amountCzk / scale),
      currencyCode: account.currencyCode,
      recordState: card && daysAgo < UNCLEARED_DAYS ? 'Uncleared' : 'Cleared',
      recordDate: at(daysAgo),
      note,
      counterParty,
      details: { ...emptyDetails(), ...details },
    });
  };
  // Days ago of a given day of month within the 90-day window.
  const monthly = (day: number) => {
    const days: number[] = [];
    for (let ago = 0; ago < HISTORY_DAYS; ago++) if (new Date(anchor.getTime() - ago * DAY_MS).getUTCDate() === day) days.push(ago);
    return days;
  };

  if (account.type === 'SavingAccount') {
    for (const ago of monthly(16)) push(ago, faker.number.int({ min: 20, max: 60 }) * 100, 'Vlastní účet', text.savings, { transactionCode: 'TRANSFER', constantSymbol: '0558' });
    for (const ago of monthly(28)) push(ago, faker.number.int({ min: 500, max: 9000 }) / 100, 'Bank', text.interest, { transactionCode: 'INTEREST' });
    return out;
  }

  const employer = faker.company.name();
  const employeeNumber = faker.string.numeric({ length: 6, allowLeadingZeros: false });
  const salary = faker.number.int({ min: 380, max: 720 }) * 100;
  for (const ago of monthly(15)) push(ago, salary, employer, `${text.salary} ${employer}`, { variableSymbol: employeeNumber, constantSymbol: '0138', transactionCode: 'SALARY', externalCategoryName: 'Příjmy' });

  const landlord = faker.person.fullName();
  const flat = `00000${faker.number.int({ min: 100, max: 999 })}`;
  const rent = faker.number.int({ min: 120, max: 260 }) * 100;
  for (const ago of monthly(1)) push(ago, -rent, landlord, text.rent, { variableSymbol: flat, constantSymbol: '0308', specificSymbol: '2024', transactionCode: 'STANDING_ORDER', externalCategoryName: 'Bydlení' });

  for (const sub of faker.helpers.arrayElements(subscriptions, { min: 3, max: 5 })) {
    for (const ago of monthly(sub.day)) {
      push(ago, -sub.amount, sub.name, sub.note, { mccCode: sub.mcc, transactionCode: sub.mcc ? 'CARD_PAYMENT' : 'DIRECT_DEBIT', externalCategoryName: sub.category, constantSymbol: sub.mcc ? null : '0308' }, sub.mcc !== null);
    }
  }

  for (const ago of monthly(16)) push(ago, -faker.number.int({ min: 20, max: 60 }) * 100, 'Vlastní účet', text.savings, { transactionCode: 'TRANSFER', constantSymbol: '0558' });

  for (let ago = 0; ago < HISTORY_DAYS; ago++) {
    const cards = faker.number.int({ min: 0, max: 3 });
    for (let i = 0; i < cards; i++) {
      const merchant = faker.helpers.arrayElement(merchants);
      const descriptor = merchant.descriptor.replace('{n}', faker.string.numeric(4)).replace('{city}', faker.location.city().toUpperCase());
      const amount = faker.number.int({ min: merchant.min * 100, max: merchant.max * 100 }) / 100;
      push(ago, -amount, merchant.name, descriptor, { mccCode: merchant.mcc, transactionCode: 'CARD_PAYMENT', externalCategoryName: faker.datatype.boolean(0.6) ? merchant.category : null }, true);
    }
    if (ago % 7 === 3) push(ago, -faker.number.int({ min: 1, max: 6 }) * 500, 'ATM', `${text.atm} ${faker.location.city()}`, { mccCode: '6011', transactionCode: 'ATM' });
    if (faker.datatype.boolean(0.12)) {
      const incoming = faker.datatype.boolean(0.4);
      const symbol = faker.datatype.boolean(0.3) ? `00${faker.string.numeric({ length: 6, allowLeadingZeros: false })}` : faker.string.numeric({ length: faker.number.int({ min: 3, max: 10 }), allowLeadingZeros: false });
      push(ago, (incoming ? 1 : -1) * faker.number.int({ min: 100, max: 5000 }), faker.person.fullName(), `${text.transfer} ${faker.lorem.word()}`, {
        variableSymbol: symbol,
        specificSymbol: faker.datatype.boolean(0.3) ? faker.string.numeric(4) : null,
        constantSymbol: '0558',
        transactionCode: 'TRANSFER',
      });
    }
  }
  return out;
}

/** `count` further transactions dated after `since` (1 hour apart), with externalIds that never collide with the 90-day set. */
export function generateNewTransactions(seed: string, account: BankAccount, countryCode: string, since: Date, count: number): BankTransaction[] {
  const faker = seeded(countryCode, seed, account.externalId, 'new', since.getTime());
  const scale = formatOf(countryCode).czkPerUnit;
  return Array.from({ length: count }, (_, i) => {
    const merchant = faker.helpers.arrayElement(merchants);
    return {
      externalId: `${account.externalId}-new-${since.getTime()}-${i}`,
      accountExternalId: account.externalId,
      amount: round2(-faker.number.int({ min: merchant.min * 100, max: merchant.max * 100 }) / 100 / scale),
      currencyCode: account.currencyCode,
      recordState: 'Uncleared' as const,
      recordDate: new Date(since.getTime() + (i + 1) * 3_600_000),
      note: merchant.descriptor.replace('{n}', faker.string.numeric(4)).replace('{city}', 'PRAHA'),
      counterParty: merchant.name,
      details: { ...emptyDetails(), mccCode: merchant.mcc, transactionCode: 'CARD_PAYMENT' },
    };
  });
}
