/**
 * Data tables of the sandbox generator: country banking formats, merchants with MCC codes,
 * subscription services and labels per language. Amounts are in CZK and scaled per currency.
 */
export interface CountryFormat {
  currency: string;
  /** CZK per unit of the currency, to scale CZK-based amounts. */
  czkPerUnit: number;
  /** IBAN BBAN layout: digits (n) or letters (a) groups. */
  bban: { kind: 'n' | 'a'; length: number }[];
  language: 'cs' | 'sk' | 'de' | 'pl' | 'en';
}

export const countries: Record<string, CountryFormat> = {
  CZ: { currency: 'CZK', czkPerUnit: 1, bban: [{ kind: 'n', length: 4 }, { kind: 'n', length: 6 }, { kind: 'n', length: 10 }], language: 'cs' },
  SK: { currency: 'EUR', czkPerUnit: 25, bban: [{ kind: 'n', length: 4 }, { kind: 'n', length: 6 }, { kind: 'n', length: 10 }], language: 'sk' },
  DE: { currency: 'EUR', czkPerUnit: 25, bban: [{ kind: 'n', length: 8 }, { kind: 'n', length: 10 }], language: 'de' },
  AT: { currency: 'EUR', czkPerUnit: 25, bban: [{ kind: 'n', length: 5 }, { kind: 'n', length: 11 }], language: 'de' },
  PL: { currency: 'PLN', czkPerUnit: 6, bban: [{ kind: 'n', length: 24 }], language: 'pl' },
  GB: { currency: 'GBP', czkPerUnit: 29, bban: [{ kind: 'a', length: 4 }, { kind: 'n', length: 6 }, { kind: 'n', length: 8 }], language: 'en' },
};

export const accountNames: Record<CountryFormat['language'], { current: string; saving: string; foreign: string }> = {
  cs: { current: 'Běžný účet', saving: 'Spořicí účet', foreign: 'Devizový účet' },
  sk: { current: 'Bežný účet', saving: 'Sporiaci účet', foreign: 'Devízový účet' },
  de: { current: 'Girokonto', saving: 'Sparkonto', foreign: 'Fremdwährungskonto' },
  pl: { current: 'Konto osobiste', saving: 'Konto oszczędnościowe', foreign: 'Konto walutowe' },
  en: { current: 'Current Account', saving: 'Savings Account', foreign: 'Currency Account' },
};

export const labels: Record<CountryFormat['language'], { salary: string; rent: string; transfer: string; savings: string; interest: string; atm: string }> = {
  cs: { salary: 'Mzda', rent: 'Nájem byt', transfer: 'Převod', savings: 'Převod na spoření', interest: 'Úroky', atm: 'Výběr z bankomatu' },
  sk: { salary: 'Mzda', rent: 'Nájom byt', transfer: 'Prevod', savings: 'Prevod na sporenie', interest: 'Úroky', atm: 'Výber z bankomatu' },
  de: { salary: 'Gehalt', rent: 'Miete Wohnung', transfer: 'Überweisung', savings: 'Übertrag Sparkonto', interest: 'Zinsen', atm: 'Bargeldauszahlung' },
  pl: { salary: 'Wynagrodzenie', rent: 'Czynsz mieszkanie', transfer: 'Przelew', savings: 'Przelew na oszczędności', interest: 'Odsetki', atm: 'Wypłata z bankomatu' },
  en: { salary: 'Salary', rent: 'Rent flat', transfer: 'Transfer', savings: 'Transfer to savings', interest: 'Interest', atm: 'Cash withdrawal' },
};

/** Card merchants: descriptor template ({n} = terminal digits, {city} = a city), MCC, CZK amount range, bank category. */
export const merchants: { name: string; descriptor: string; mcc: string; min: number; max: number; category: string }[] = [
  { name: 'Albert', descriptor: 'ALBERT {n} {city}', mcc: '5411', min: 120, max: 1800, category: 'Groceries' },
  { name: 'Lidl', descriptor: 'LIDL DEKUJE ZA NAKUP {city}', mcc: '5411', min: 150, max: 2200, category: 'Groceries' },
  { name: 'Tesco', descriptor: 'TESCO STORES {n} {city}', mcc: '5411', min: 90, max: 1500, category: 'Groceries' },
  { name: 'Billa', descriptor: 'BILLA {n} {city}', mcc: '5411', min: 80, max: 1200, category: 'Groceries' },
  { name: 'Rohlik.cz', descriptor: 'ROHLIK.CZ*ORDER {n}', mcc: '5499', min: 600, max: 3000, category: 'Groceries' },
  { name: 'Shell', descriptor: 'SHELL {n} {city}', mcc: '5541', min: 800, max: 2200, category: 'Fuel' },
  { name: 'OMV', descriptor: 'OMV {n} {city}', mcc: '5541', min: 700, max: 2000, category: 'Fuel' },
  { name: 'Bolt', descriptor: 'BOLT.EU/O/{n}', mcc: '4121', min: 90, max: 450, category: 'Transport' },
  { name: 'Uber', descriptor: 'UBER *TRIP {n}', mcc: '4121', min: 120, max: 600, category: 'Transport' },
  { name: 'České dráhy', descriptor: 'CESKE DRAHY EShop {n}', mcc: '4112', min: 90, max: 650, category: 'Transport' },
  { name: 'Dr.Max', descriptor: 'DR.MAX LEKARNA {n} {city}', mcc: '5912', min: 60, max: 900, category: 'Health' },
  { name: 'Starbucks', descriptor: 'STARBUCKS {n} {city}', mcc: '5814', min: 79, max: 260, category: 'Restaurants' },
  { name: 'McDonald\'s', descriptor: 'MCDONALDS {n} {city}', mcc: '5814', min: 120, max: 380, category: 'Restaurants' },
  { name: 'Wolt', descriptor: 'WOLT.COM *{city}', mcc: '5812', min: 250, max: 750, category: 'Restaurants' },
  { name: 'IKEA', descriptor: 'IKEA {city} {n}', mcc: '5712', min: 300, max: 6000, category: 'Shopping' },
  { name: 'Alza.cz', descriptor: 'ALZA.CZ A.S. {n}', mcc: '5732', min: 250, max: 9000, category: 'Shopping' },
  { name: 'Steam', descriptor: 'PAYPAL *STEAM GAMES {n}', mcc: '5816', min: 150, max: 1200, category: 'Entertainment' },
  { name: 'Cinema City', descriptor: 'CINEMA CITY {city}', mcc: '7832', min: 180, max: 520, category: 'Entertainment' },
];

/** Monthly subscriptions: same amount every month on `day`. */
export const subscriptions: { name: string; note: string; mcc: string | null; amount: number; day: number; category: string }[] = [
  { name: 'Netflix', note: 'NETFLIX.COM', mcc: '4899', amount: 259, day: 3, category: 'Subscriptions' },
  { name: 'Spotify', note: 'Spotify P2F1A2B3C4', mcc: '5815', amount: 199, day: 7, category: 'Subscriptions' },
  { name: 'O2 Czech Republic', note: 'O2 CZ vyuctovani', mcc: null, amount: 649, day: 12, category: 'Telecom' },
  { name: 'ČEZ Prodej', note: 'CEZ zaloha elektrina', mcc: null, amount: 1450, day: 20, category: 'Utilities' },
  { name: 'Form Factory', note: 'FORM FACTORY CLENSTVI', mcc: '7997', amount: 990, day: 25, category: 'Sport' },
  { name: 'Apple', note: 'APPLE.COM/BILL', mcc: '5818', amount: 79, day: 16, category: 'Subscriptions' },
];
