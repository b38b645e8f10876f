/**
 * Deterministic sandbox data (DESIGN.md §7). From a seed (provider + test user) and the bank (a
 * catalog row) the generator yields the same accounts and transactions every time: current and
 * saving accounts with IBANs valid for the country (the bank's own national code and check
 * digits), and 90 days of transactions ending at the anchor time: salary, rent, monthly
 * subscriptions and direct debits, card payments at the country's merchants with MCC codes,
 * transfers and cash withdrawals. Czech and Slovak banks give payment symbols (variable,
 * constant, specific); the others a creditor reference (ISO 11649). Card payments of the last 3
 * days are Uncleared. Spending is calibrated to the salary, so balances stay positive. A third
 * account in a foreign currency has a little travel activity. Amounts are numbers in the account
 * currency (negative = outgoing, 2 decimals); dates are UTC. An account's balance is its opening
 * balance plus every transaction of `accountTransactions`, cleared and uncleared.
 */
import { createHash } from 'node:crypto';
import { base, cs_CZ, de, de_AT, en, en_GB, Faker, pl, sk } from '@faker-js/faker';
import { composeIBAN } from 'ibantools';
import type { BankAccount, BankTransaction, BankTransactionDetails } from '../connector.ts';
import type { CatalogProvider } from './catalog.ts';
import { accountNames, categoryNames, countries, labels, merchants, subscriptions, travelMerchants, type Country, type CountryFormat, type Merchant, type Subscription } from './fixtures.ts';

export type SandboxScenario = 'ok' | 'many' | 'empty';

/** The bank whose data is generated: its country, national bank code and BIC (a catalog row). */
export type SandboxBank = Pick<CatalogProvider, 'name' | 'countryCode' | 'bankCode' | 'bicCodes'>;

/**
 * One call of the sandbox control `POST /v1/sandbox/connections/{id}/transactions` at `since`:
 * `count` generated card payments (the newest at `since`, one minute apart, on the first current
 * account), or the partner's own `transactions` (externalIds fixed when added) on account
 * `accountExternalId`.
 */
export type ExtraTransactions = { since: Date; count: number } | { since: Date; accountExternalId: string; transactions: BankTransaction[] };

const DAY_MS = 86_400_000;
const HISTORY_DAYS = 90;
const UNCLEARED_DAYS = 3;
const fakerLocales = { CZ: [cs_CZ, en, base], SK: [sk, en, base], DE: [de, en, base], AT: [de_AT, de, en, base], PL: [pl, en, base], GB: [en_GB, en, base] } as const;

function countryOf(bank: SandboxBank): Country {
  return bank.countryCode in countries ? (bank.countryCode as Country) : 'CZ';
}

function formatOf(bank: SandboxBank): CountryFormat {
  return countries[countryOf(bank)];
}

/** A faker instance seeded from `parts` (never the global one), speaking the bank's country. */
function seeded(bank: SandboxBank, ...parts: (string | number)[]): Faker {
  const faker = new Faker({ locale: [...fakerLocales[countryOf(bank)]] });
  faker.seed(createHash('sha256').update(parts.join('|')).digest().readUInt32BE(0));
  return faker;
}

/** Digits `body` plus the mod-11 check digit of Czech/Slovak account numbers (weights ending in 1), or null when none exists. */
function withMod11Check(body: string): string | null {
  const weights = [6, 3, 7, 9, 10, 5, 8, 4, 2, 1].slice(-(body.length + 1));
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : `${body}${check}`;
}

/** A Czech/Slovak account part of `length` digits with `significant` of them non-zero-led, valid by mod 11. */
function czechNumber(faker: Faker, length: number, significant: number): string {
  for (;;) {
    const body = faker.string.numeric({ length: significant - 1, allowLeadingZeros: false }).padStart(length - 1, '0');
    const number = withMod11Check(body);
    if (number) return number;
  }
}

/** Polish bank-branch code: 3-digit bank, 4-digit branch, check digit (weights 3, 9, 7, 1, 3, 9, 7). */
function polishBranch(bankCode: string, branch: string): string {
  const digits = `${bankCode}${branch}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * [3, 9, 7, 1, 3, 9, 7][i]!, 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/** The national part (BBAN) of a new account at `bank`, with the bank's fixed code and national check digits. */
function bban(faker: Faker, bank: SandboxBank): string {
  switch (countryOf(bank)) {
    case 'CZ':
    case 'SK': {
      const prefix = faker.datatype.boolean(0.25) ? czechNumber(faker, 6, faker.number.int({ min: 2, max: 6 })) : '000000';
      return `${bank.bankCode}${prefix}${czechNumber(faker, 10, faker.number.int({ min: 6, max: 10 }))}`;
    }
    case 'DE':
      return `${bank.bankCode}${faker.string.numeric({ length: 10, allowLeadingZeros: true })}`;
    case 'AT':
      return `${bank.bankCode}${faker.string.numeric({ length: 11, allowLeadingZeros: true })}`;
    case 'PL':
      return `${polishBranch(bank.bankCode, faker.string.numeric({ length: 4, allowLeadingZeros: true }))}${faker.string.numeric({ length: 16, allowLeadingZeros: true })}`;
    case 'GB':
      return `${bank.bicCodes[0]!.slice(0, 4)}${bank.bankCode}${faker.string.numeric({ length: 8, allowLeadingZeros: true })}`;
  }
}

function iban(faker: Faker, bank: SandboxBank): string {
  const composed = composeIBAN({ countryCode: countryOf(bank), bban: bban(faker, bank) });
  if (!composed) throw new Error(`The sandbox bank ${bank.name} has a bank code that does not fit ${bank.countryCode} IBANs`);
  return composed;
}

/** ISO 11649 creditor reference `RF` + check digits + `reference` (alphanumeric). */
export function creditorReference(reference: string): string {
  const numeric = [...`${reference}RF00`].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `RF${String(check).padStart(2, '0')}${reference}`;
}

const round2 = (amount: number) => Math.round(amount * 100) / 100;
const toMinor = (amount: number) => Math.round(amount * 100);
/** Card terminals print place names in capitals without diacritics. */
const terminalText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

function emptyDetails(): BankTransactionDetails {
  return { variableSymbol: null, constantSymbol: null, specificSymbol: null, transactionCode: null, creditorReference: null, externalCategoryName: null, mccCode: null, others: null };
}

interface AccountPlan extends BankAccount {
  /** Held in another currency than the country's: a little travel activity, no salary. */
  foreign: boolean;
}

/** The accounts of a seed with `balance` = the opening balance: deterministic ids, names, IBANs. */
function planAccounts(seed: string, bank: SandboxBank, scenario: SandboxScenario): AccountPlan[] {
  const faker = seeded(bank, seed, 'accounts');
  const format = formatOf(bank);
  const names = accountNames[format.language];
  const count = scenario === 'many' ? 100 : faker.number.int({ min: 2, max: 3 });
  return Array.from({ length: count }, (_, index) => {
    const type: BankAccount['type'] = index % 2 === 1 ? 'SavingAccount' : 'CurrentAccount';
    const foreign = scenario !== 'many' && index === 2;
    const currencyCode = foreign ? (format.currency === 'EUR' ? 'USD' : 'EUR') : format.currency;
    const name = foreign ? names.foreign : type === 'SavingAccount' ? names.saving : names.current;
    const opening = foreign ? faker.number.int({ min: 500, max: 2500 }) : (faker.number.int({ min: 30_000, max: 150_000 }) * format.priceLevel) / format.czkPerUnit;
    return {
      externalId: `acc-${createHash('sha256').update(`${seed}|${index}`).digest('hex').slice(0, 16)}`,
      type,
      currencyCode,
      name: scenario === 'many' ? `${name} ${index + 1}` : name,
      iban: iban(faker, bank),
      balance: round2(opening),
      foreign,
    };
  });
}

const withoutPlan = ({ foreign: _, ...account }: AccountPlan): BankAccount => account;

/** The accounts of `seed` with `balance` set to the opening balance, before the 90 days (cheap: no transactions generated). */
export function openingAccounts(seed: string, bank: SandboxBank, scenario: SandboxScenario): BankAccount[] {
  return planAccounts(seed, bank, scenario).map(withoutPlan);
}

/** The account the sandbox control adds transactions to: the first current account. */
function extraTransactionsAccount(accounts: BankAccount[]): BankAccount | undefined {
  return accounts.find((a) => a.type === 'CurrentAccount');
}

/**
 * Every transaction of `account` as of `anchor`: its 90 days plus the batches of the sandbox
 * control: generated ones on the first current account (`extraAccountId`, computed when not
 * given), the partner's own on the account they were added to.
 */
export function accountTransactions(
  seed: string,
  account: BankAccount,
  bank: SandboxBank,
  anchor: Date,
  scenario: SandboxScenario,
  extra: ExtraTransactions[] = [],
  extraAccountId: string | undefined = extra.length ? extraTransactionsAccount(openingAccounts(seed, bank, scenario))?.externalId : undefined,
): BankTransaction[] {
  const history = generateTransactions(seed, account, bank, anchor, scenario);
  const added = extra.flatMap((batch) => {
    if ('transactions' in batch) return batch.accountExternalId === account.externalId ? batch.transactions : [];
    return account.externalId === extraAccountId ? generateNewTransactions(seed, account, bank, batch.since, batch.count) : [];
  });
  return [...history, ...added];
}

/** Accounts of `seed` whose balance is the opening balance plus every transaction `accountTransactions` yields. */
export function generateAccounts(seed: string, bank: SandboxBank, scenario: SandboxScenario, anchor: Date, extra: ExtraTransactions[] = []): BankAccount[] {
  const accounts = openingAccounts(seed, bank, scenario);
  const extraAccountId = extraTransactionsAccount(accounts)?.externalId;
  return accounts.map((account) => {
    const sum = accountTransactions(seed, account, bank, anchor, scenario, extra, extraAccountId).reduce((total, t) => total + toMinor(t.amount), 0);
    return { ...account, balance: (toMinor(account.balance) + sum) / 100 };
  });
}

/** The merchants of the bank's country. */
function localMerchants(bank: SandboxBank): Merchant[] {
  return merchants.filter((m) => m.countries.includes(countryOf(bank)));
}

/** A payment at a card merchant: descriptor with terminal digits and city, amount in CZK at Czech prices times `scale`. */
function cardPayment(faker: Faker, merchant: Merchant | (typeof travelMerchants)[number], scale = 1) {
  const descriptor = merchant.descriptor.replace('{n}', faker.string.numeric(4)).replace('{city}', terminalText(faker.location.city()));
  return { descriptor, amount: (faker.number.int({ min: merchant.min * 100, max: merchant.max * 100 }) / 100) * scale };
}

/**
 * 90 days of transactions of `account` ending at `anchor` (all recordDates <= anchor).
 * Deterministic in (seed, account, bank, anchor, scenario).
 */
export function generateTransactions(seed: string, account: BankAccount, bank: SandboxBank, anchor: Date, scenario: SandboxScenario): BankTransaction[] {
  if (scenario === 'empty') return [];
  const faker = seeded(bank, seed, account.externalId, 'transactions');
  const format = formatOf(bank);
  const text = labels[format.language];
  const category = categoryNames[format.language];
  const symbols = format.paymentSymbols;
  const foreign = account.currencyCode !== format.currency;
  /** CZK at Czech prices -> the account currency at the country's prices. */
  const local = (czk: number) => (czk * format.priceLevel) / format.czkPerUnit;
  const out: BankTransaction[] = [];
  let n = 0;

  const at = (daysAgo: number) => new Date(anchor.getTime() - daysAgo * DAY_MS - faker.number.int({ min: 0, max: DAY_MS - 1 }));
  const push = (daysAgo: number, amount: number, counterParty: string, note: string, details: Partial<BankTransactionDetails>, card = false) => {
    out.push({
      externalId: `${account.externalId}-tx-${String(n++).padStart(4, '0')}`,
      accountExternalId: account.externalId,
      amount: round2(amount),
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
  // The same monthly transfer to savings on both sides, in CZK at Czech prices.
  const savingsTransfer = seeded(bank, seed, 'savings').number.int({ min: 15, max: 50 }) * 100;

  if (foreign) {
    for (let i = faker.number.int({ min: 1, max: 2 }); i > 0; i--) push(faker.number.int({ min: 30, max: HISTORY_DAYS - 1 }), faker.number.int({ min: 20, max: 40 }) * 10, text.ownAccount, text.topUp, { transactionCode: 'TRANSFER' });
    const tripEnd = faker.number.int({ min: 0, max: 25 });
    for (let i = faker.number.int({ min: 2, max: 6 }); i > 0; i--) {
      const merchant = faker.helpers.arrayElement(travelMerchants);
      const { descriptor, amount } = cardPayment(faker, merchant);
      push(tripEnd + faker.number.int({ min: 0, max: 6 }), -amount, merchant.name, descriptor, { mccCode: merchant.mcc, transactionCode: 'CARD_PAYMENT', externalCategoryName: category.travel }, true);
    }
    return out;
  }

  if (account.type === 'SavingAccount') {
    for (const ago of monthly(16)) push(ago, Math.round(local(savingsTransfer)), text.ownAccount, text.savings, { transactionCode: 'TRANSFER', ...(symbols ? { constantSymbol: '0558' } : {}) });
    for (const ago of monthly(28)) push(ago, local(faker.number.int({ min: 1_000, max: 15_000 }) / 100), bank.name, text.interest, { transactionCode: 'INTEREST' });
    return out;
  }

  const employer = faker.company.name();
  const employeeNumber = faker.string.numeric({ length: 6, allowLeadingZeros: false });
  const salary = faker.number.int({ min: 380, max: 720 }) * 100;
  for (const ago of monthly(15)) {
    push(ago, Math.round(local(salary)), employer, `${text.salary} ${employer}`, { transactionCode: 'SALARY', externalCategoryName: category.salary, ...(symbols ? { variableSymbol: employeeNumber, constantSymbol: '0138' } : {}) });
  }

  const landlord = faker.person.fullName();
  const flat = faker.number.int({ min: 100, max: 999 });
  const rent = Math.round((salary * faker.number.float({ min: 0.25, max: 0.35 })) / 100) * 100;
  const rentReference = symbols ? { variableSymbol: `00000${flat}`, constantSymbol: '0308', specificSymbol: String(anchor.getUTCFullYear()) } : { creditorReference: creditorReference(`FLAT${flat}`) };
  for (const ago of monthly(1)) push(ago, -Math.round(local(rent)), landlord, text.rent, { transactionCode: 'STANDING_ORDER', externalCategoryName: category.housing, ...rentReference });

  const chosen = faker.helpers.arrayElements(
    subscriptions.filter((s) => s.countries.includes(countryOf(bank))),
    { min: 3, max: 5 },
  );
  // Card subscriptions cost x.99; direct debits are whole amounts.
  const price = (sub: Subscription) => (sub.mcc ? Math.ceil(local(sub.amount)) - 0.01 : Math.round(local(sub.amount)));
  for (const sub of chosen) {
    const contract = faker.string.numeric({ length: 8, allowLeadingZeros: false });
    const reference = sub.mcc ? {} : symbols ? { variableSymbol: contract, constantSymbol: '0308' } : { creditorReference: creditorReference(contract) };
    for (const ago of monthly(sub.day)) {
      push(ago, -price(sub), sub.name, sub.note, { mccCode: sub.mcc, transactionCode: sub.mcc ? 'CARD_PAYMENT' : 'DIRECT_DEBIT', externalCategoryName: category[sub.category], ...reference }, sub.mcc !== null);
    }
  }

  for (const ago of monthly(16)) push(ago, -Math.round(local(savingsTransfer)), text.ownAccount, text.savings, { transactionCode: 'TRANSFER', ...(symbols ? { constantSymbol: '0558' } : {}) });

  // Card spending takes what the month leaves after fixed costs, cash and a margin of about 15 %.
  const cash = salary * faker.number.float({ min: 0.01, max: 0.03 });
  const atmStep = format.czkPerUnit === 1 ? 100 : 10;
  const fixed = rent + savingsTransfer + chosen.reduce((total, s) => total + s.amount, 0) + (cash * 30.4) / 7;
  const cardBudgetPerDay = Math.max(salary * 0.85 - fixed, salary * 0.15) / 30.4;
  const shops = localMerchants(bank);
  const averagePayment = shops.reduce((total, m) => total + (m.min + m.max) / 2, 0) / shops.length;
  const cardScale = cardBudgetPerDay / (1.5 * averagePayment);

  for (let ago = 0; ago < HISTORY_DAYS; ago++) {
    const cards = faker.number.int({ min: 0, max: 3 });
    for (let i = 0; i < cards; i++) {
      const merchant = faker.helpers.arrayElement(shops);
      const { descriptor, amount } = cardPayment(faker, merchant, cardScale);
      push(ago, -local(amount), merchant.name, descriptor, { mccCode: merchant.mcc, transactionCode: 'CARD_PAYMENT', externalCategoryName: faker.datatype.boolean(0.6) ? category[merchant.category] : null }, true);
    }
    if (ago % 7 === 3) push(ago, -Math.max(1, Math.round(local(cash * faker.number.float({ min: 0.6, max: 1.4 })) / atmStep)) * atmStep, 'ATM', `${text.atm} ${faker.location.city()}`, { mccCode: '6011', transactionCode: 'ATM' });
    if (faker.datatype.boolean(0.12)) {
      const incoming = faker.datatype.boolean(0.5);
      const symbol = faker.datatype.boolean(0.3) ? `00${faker.string.numeric({ length: 6, allowLeadingZeros: false })}` : faker.string.numeric({ length: faker.number.int({ min: 3, max: 10 }), allowLeadingZeros: false });
      push(ago, (incoming ? 1 : -1) * local(faker.number.int({ min: 100, max: 3000 })), faker.person.fullName(), faker.helpers.arrayElement(text.transfers), {
        transactionCode: 'TRANSFER',
        externalCategoryName: category.transfers,
        ...(symbols ? { variableSymbol: symbol, specificSymbol: faker.datatype.boolean(0.3) ? faker.string.numeric(4) : null, constantSymbol: '0558' } : {}),
      });
    }
  }
  return out;
}

/**
 * `count` further card payments, the newest at `since`, one minute apart (all at or before
 * `since`), Uncleared, with externalIds that never collide with the 90-day set or other batches.
 */
export function generateNewTransactions(seed: string, account: BankAccount, bank: SandboxBank, since: Date, count: number): BankTransaction[] {
  const faker = seeded(bank, seed, account.externalId, 'new', since.getTime());
  const format = formatOf(bank);
  const shops = localMerchants(bank);
  return Array.from({ length: count }, (_, i) => {
    const merchant = faker.helpers.arrayElement(shops);
    const { descriptor, amount } = cardPayment(faker, merchant);
    return {
      externalId: `${account.externalId}-new-${since.getTime()}-${i}`,
      accountExternalId: account.externalId,
      amount: round2((-amount * format.priceLevel) / format.czkPerUnit),
      currencyCode: account.currencyCode,
      recordState: 'Uncleared' as const,
      recordDate: new Date(since.getTime() - i * 60_000),
      note: descriptor,
      counterParty: merchant.name,
      details: { ...emptyDetails(), mccCode: merchant.mcc, transactionCode: 'CARD_PAYMENT', externalCategoryName: categoryNames[format.language][merchant.category] },
    };
  });
}
