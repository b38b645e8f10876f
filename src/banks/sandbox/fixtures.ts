/**
 * Data tables of the sandbox generator, per country: currency and price level, the language of
 * labels and bank category names, card merchants with MCC codes, monthly subscriptions and
 * direct debits. Amounts are CZK at Czech prices; the generator scales them by the country's
 * price level and converts them to the account currency.
 */
export type Language = 'cs' | 'sk' | 'de' | 'pl' | 'en';
export type Country = 'CZ' | 'SK' | 'DE' | 'AT' | 'PL' | 'GB';

export interface CountryFormat {
  currency: string;
  /** CZK per unit of the currency, to convert CZK-based amounts. */
  czkPerUnit: number;
  /** Prices and wages relative to Czech ones (CZ = 1). */
  priceLevel: number;
  language: Language;
  /** Czech/Slovak payment symbols (variable, constant, specific); elsewhere a creditor reference (ISO 11649). */
  paymentSymbols: boolean;
}

export const countries: Record<Country, CountryFormat> = {
  CZ: { currency: 'CZK', czkPerUnit: 1, priceLevel: 1, language: 'cs', paymentSymbols: true },
  SK: { currency: 'EUR', czkPerUnit: 25, priceLevel: 0.9, language: 'sk', paymentSymbols: true },
  DE: { currency: 'EUR', czkPerUnit: 25, priceLevel: 1.6, language: 'de', paymentSymbols: false },
  AT: { currency: 'EUR', czkPerUnit: 25, priceLevel: 1.6, language: 'de', paymentSymbols: false },
  PL: { currency: 'PLN', czkPerUnit: 6, priceLevel: 0.9, language: 'pl', paymentSymbols: false },
  GB: { currency: 'GBP', czkPerUnit: 29, priceLevel: 1.7, language: 'en', paymentSymbols: false },
};

export const accountNames: Record<Language, { current: string; saving: string; foreign: string }> = {
  cs: { current: 'Běžný účet', saving: 'Spořicí účet', foreign: 'Devizový účet' },
  sk: { current: 'Bežný účet', saving: 'Sporiaci účet', foreign: 'Devízový účet' },
  de: { current: 'Girokonto', saving: 'Sparkonto', foreign: 'Fremdwährungskonto' },
  pl: { current: 'Konto osobiste', saving: 'Konto oszczędnościowe', foreign: 'Konto walutowe' },
  en: { current: 'Current Account', saving: 'Savings Account', foreign: 'Currency Account' },
};

/** Transaction notes and counterparties the bank writes itself. */
export interface Labels {
  salary: string;
  rent: string;
  savings: string;
  topUp: string;
  interest: string;
  atm: string;
  /** Counterparty of transfers between the user's own accounts. */
  ownAccount: string;
  /** Notes of transfers between people. */
  transfers: string[];
}

export const labels: Record<Language, Labels> = {
  cs: { salary: 'Mzda', rent: 'Nájem byt', savings: 'Převod na spoření', topUp: 'Převod z běžného účtu', interest: 'Úroky', atm: 'Výběr z bankomatu', ownAccount: 'Vlastní účet', transfers: ['Za večeři', 'Vstupenky', 'Dárek', 'Vracím půjčku', 'Chata', 'Za nákup'] },
  sk: { salary: 'Mzda', rent: 'Nájom byt', savings: 'Prevod na sporenie', topUp: 'Prevod z bežného účtu', interest: 'Úroky', atm: 'Výber z bankomatu', ownAccount: 'Vlastný účet', transfers: ['Za večeru', 'Vstupenky', 'Darček', 'Vraciam pôžičku', 'Chata', 'Za nákup'] },
  de: { salary: 'Gehalt', rent: 'Miete Wohnung', savings: 'Übertrag Sparkonto', topUp: 'Übertrag vom Girokonto', interest: 'Zinsen', atm: 'Bargeldauszahlung', ownAccount: 'Eigenes Konto', transfers: ['Abendessen', 'Konzertkarten', 'Geschenk', 'Rückzahlung', 'Urlaub Anteil', 'Einkauf'] },
  pl: { salary: 'Wynagrodzenie', rent: 'Czynsz mieszkanie', savings: 'Przelew na oszczędności', topUp: 'Przelew z konta osobistego', interest: 'Odsetki', atm: 'Wypłata z bankomatu', ownAccount: 'Własny rachunek', transfers: ['Za kolację', 'Bilety', 'Prezent', 'Zwrot pożyczki', 'Wakacje', 'Zakupy'] },
  en: { salary: 'Salary', rent: 'Rent flat', savings: 'Transfer to savings', topUp: 'Transfer from current account', interest: 'Interest', atm: 'Cash withdrawal', ownAccount: 'Own account', transfers: ['Dinner', 'Concert tickets', 'Present', 'Paying you back', 'Holiday share', 'Shopping'] },
};

/** Kinds of spending and income the bank labels (details.externalCategoryName). */
export type Category = 'salary' | 'housing' | 'groceries' | 'fuel' | 'transport' | 'health' | 'restaurants' | 'shopping' | 'entertainment' | 'subscriptions' | 'telecom' | 'utilities' | 'sport' | 'travel' | 'transfers';

/** The bank's category names per language (all known to the enrichment's external-category table). */
export const categoryNames: Record<Language, Record<Category, string>> = {
  cs: { salary: 'Mzda', housing: 'Bydlení', groceries: 'Potraviny', fuel: 'Pohonné hmoty', transport: 'Doprava', health: 'Zdraví', restaurants: 'Restaurace', shopping: 'Nákupy', entertainment: 'Zábava', subscriptions: 'Předplatné', telecom: 'Telekomunikace', utilities: 'Energie', sport: 'Sport', travel: 'Cestování', transfers: 'Převody' },
  sk: { salary: 'Mzda', housing: 'Bývanie', groceries: 'Potraviny', fuel: 'Pohonné látky', transport: 'Verejná doprava', health: 'Zdravie', restaurants: 'Reštaurácie', shopping: 'Nákupy', entertainment: 'Zábava a kultúra', subscriptions: 'Predplatné', telecom: 'Telekomunikácie', utilities: 'Elektrina', sport: 'Sport', travel: 'Cestovanie', transfers: 'Prevody' },
  de: { salary: 'Gehalt', housing: 'Wohnen', groceries: 'Lebensmittel', fuel: 'Tanken', transport: 'Verkehr', health: 'Gesundheit', restaurants: 'Gastronomie', shopping: 'Einkaufen', entertainment: 'Unterhaltung', subscriptions: 'Abonnements', telecom: 'Telekommunikation', utilities: 'Energie & Nebenkosten', sport: 'Sport & Fitness', travel: 'Reisen', transfers: 'Überweisungen' },
  pl: { salary: 'Wynagrodzenie', housing: 'Mieszkanie', groceries: 'Żywność', fuel: 'Paliwo', transport: 'Transport publiczny', health: 'Zdrowie', restaurants: 'Restauracje', shopping: 'Zakupy', entertainment: 'Rozrywka', subscriptions: 'Subskrypcje', telecom: 'Telefon i internet', utilities: 'Rachunki', sport: 'Sport i rekreacja', travel: 'Podróże', transfers: 'Przelewy' },
  en: { salary: 'Salary', housing: 'Housing', groceries: 'Groceries', fuel: 'Fuel', transport: 'Transport', health: 'Health', restaurants: 'Restaurants', shopping: 'Shopping', entertainment: 'Entertainment', subscriptions: 'Subscriptions', telecom: 'Telecom', utilities: 'Utilities', sport: 'Sport', travel: 'Travel', transfers: 'Transfers' },
};

const EVERYWHERE: Country[] = ['CZ', 'SK', 'DE', 'AT', 'PL', 'GB'];

/** A card merchant: descriptor template ({n} = terminal digits, {city} = a city), MCC, CZK amount range, where it trades. */
export interface Merchant {
  name: string;
  descriptor: string;
  mcc: string;
  min: number;
  max: number;
  category: Category;
  countries: Country[];
}

export const merchants: Merchant[] = [
  { name: 'Albert', descriptor: 'ALBERT {n} {city}', mcc: '5411', min: 120, max: 1800, category: 'groceries', countries: ['CZ'] },
  { name: 'Lidl', descriptor: 'LIDL {n} {city}', mcc: '5411', min: 150, max: 2200, category: 'groceries', countries: ['CZ', 'SK', 'DE', 'AT', 'PL', 'GB'] },
  { name: 'Tesco', descriptor: 'TESCO STORES {n} {city}', mcc: '5411', min: 90, max: 1500, category: 'groceries', countries: ['CZ', 'SK', 'GB'] },
  { name: 'Billa', descriptor: 'BILLA {n} {city}', mcc: '5411', min: 80, max: 1200, category: 'groceries', countries: ['CZ', 'SK', 'AT'] },
  { name: 'Kaufland', descriptor: 'KAUFLAND {n} {city}', mcc: '5411', min: 150, max: 2000, category: 'groceries', countries: ['CZ', 'SK', 'DE', 'PL'] },
  { name: 'Rohlik.cz', descriptor: 'ROHLIK.CZ*ORDER {n}', mcc: '5499', min: 600, max: 3000, category: 'groceries', countries: ['CZ'] },
  { name: 'COOP Jednota', descriptor: 'COOP JEDNOTA {n} {city}', mcc: '5411', min: 60, max: 900, category: 'groceries', countries: ['SK'] },
  { name: 'REWE', descriptor: 'REWE MARKT {n} {city}', mcc: '5411', min: 100, max: 1600, category: 'groceries', countries: ['DE'] },
  { name: 'EDEKA', descriptor: 'EDEKA {n} {city}', mcc: '5411', min: 100, max: 1500, category: 'groceries', countries: ['DE'] },
  { name: 'Aldi', descriptor: 'ALDI {n} {city}', mcc: '5411', min: 100, max: 1500, category: 'groceries', countries: ['DE', 'GB'] },
  { name: 'Hofer', descriptor: 'HOFER DANKT {n} {city}', mcc: '5411', min: 100, max: 1500, category: 'groceries', countries: ['AT'] },
  { name: 'Spar', descriptor: 'SPAR {n} {city}', mcc: '5411', min: 80, max: 1200, category: 'groceries', countries: ['AT'] },
  { name: 'Biedronka', descriptor: 'BIEDRONKA {n} {city}', mcc: '5411', min: 80, max: 1300, category: 'groceries', countries: ['PL'] },
  { name: 'Żabka', descriptor: 'ZABKA Z{n} {city}', mcc: '5499', min: 40, max: 400, category: 'groceries', countries: ['PL', 'CZ'] },
  { name: "Sainsbury's", descriptor: 'SAINSBURYS S/MKTS {n} {city}', mcc: '5411', min: 100, max: 1600, category: 'groceries', countries: ['GB'] },
  { name: 'Shell', descriptor: 'SHELL {n} {city}', mcc: '5541', min: 800, max: 2200, category: 'fuel', countries: ['CZ', 'DE', 'AT', 'PL', 'GB'] },
  { name: 'OMV', descriptor: 'OMV {n} {city}', mcc: '5541', min: 700, max: 2000, category: 'fuel', countries: ['CZ', 'SK', 'AT'] },
  { name: 'Slovnaft', descriptor: 'SLOVNAFT {n} {city}', mcc: '5541', min: 700, max: 2000, category: 'fuel', countries: ['SK'] },
  { name: 'Aral', descriptor: 'ARAL TANKSTELLE {n} {city}', mcc: '5541', min: 800, max: 2200, category: 'fuel', countries: ['DE'] },
  { name: 'Orlen', descriptor: 'ORLEN STACJA {n} {city}', mcc: '5541', min: 700, max: 2000, category: 'fuel', countries: ['PL'] },
  { name: 'BP', descriptor: 'BP {n} {city}', mcc: '5541', min: 800, max: 2200, category: 'fuel', countries: ['GB', 'DE'] },
  { name: 'Bolt', descriptor: 'BOLT.EU/O/{n}', mcc: '4121', min: 90, max: 450, category: 'transport', countries: ['CZ', 'SK', 'PL', 'AT', 'DE', 'GB'] },
  { name: 'Uber', descriptor: 'UBER *TRIP {n}', mcc: '4121', min: 120, max: 600, category: 'transport', countries: EVERYWHERE },
  { name: 'České dráhy', descriptor: 'CESKE DRAHY ESHOP {n}', mcc: '4112', min: 90, max: 650, category: 'transport', countries: ['CZ'] },
  { name: 'Deutsche Bahn', descriptor: 'DB VERTRIEB GMBH {n}', mcc: '4112', min: 200, max: 1500, category: 'transport', countries: ['DE'] },
  { name: 'Transport for London', descriptor: 'TFL TRAVEL CH {n}', mcc: '4111', min: 60, max: 300, category: 'transport', countries: ['GB'] },
  { name: 'FlixBus', descriptor: 'FLIXBUS {n}', mcc: '4131', min: 150, max: 900, category: 'transport', countries: ['CZ', 'SK', 'DE', 'AT', 'PL'] },
  { name: 'Dr.Max', descriptor: 'DR.MAX LEKARNA {n} {city}', mcc: '5912', min: 60, max: 900, category: 'health', countries: ['CZ', 'SK'] },
  { name: 'dm drogerie markt', descriptor: 'DM DROGERIE MARKT {n} {city}', mcc: '5977', min: 80, max: 900, category: 'shopping', countries: ['CZ', 'SK', 'DE', 'AT'] },
  { name: 'Rossmann', descriptor: 'ROSSMANN {n} {city}', mcc: '5977', min: 80, max: 900, category: 'shopping', countries: ['CZ', 'DE', 'PL'] },
  { name: 'Starbucks', descriptor: 'STARBUCKS {n} {city}', mcc: '5814', min: 79, max: 260, category: 'restaurants', countries: EVERYWHERE },
  { name: 'Costa Coffee', descriptor: 'COSTA COFFEE {n} {city}', mcc: '5814', min: 70, max: 220, category: 'restaurants', countries: ['GB', 'PL'] },
  { name: 'Pret A Manger', descriptor: 'PRET A MANGER {n} {city}', mcc: '5814', min: 120, max: 350, category: 'restaurants', countries: ['GB'] },
  { name: "McDonald's", descriptor: 'MCDONALDS {n} {city}', mcc: '5814', min: 120, max: 380, category: 'restaurants', countries: EVERYWHERE },
  { name: 'Wolt', descriptor: 'WOLT.COM *{city}', mcc: '5812', min: 250, max: 750, category: 'restaurants', countries: ['CZ', 'SK', 'PL', 'DE', 'AT'] },
  { name: 'Lieferando', descriptor: 'LIEFERANDO.DE {n}', mcc: '5812', min: 300, max: 800, category: 'restaurants', countries: ['DE', 'AT'] },
  { name: 'Deliveroo', descriptor: 'DELIVEROO {n} {city}', mcc: '5812', min: 300, max: 800, category: 'restaurants', countries: ['GB'] },
  { name: 'IKEA', descriptor: 'IKEA {city} {n}', mcc: '5712', min: 300, max: 6000, category: 'shopping', countries: EVERYWHERE },
  { name: 'Alza.cz', descriptor: 'ALZA.CZ A.S. {n}', mcc: '5732', min: 250, max: 9000, category: 'shopping', countries: ['CZ', 'SK'] },
  { name: 'MediaMarkt', descriptor: 'MEDIA MARKT {n} {city}', mcc: '5732', min: 300, max: 9000, category: 'shopping', countries: ['DE', 'AT', 'PL'] },
  { name: 'Allegro', descriptor: 'ALLEGRO.PL {n}', mcc: '5399', min: 100, max: 3000, category: 'shopping', countries: ['PL'] },
  { name: 'Amazon', descriptor: 'AMZN MKTP {n}', mcc: '5942', min: 150, max: 3000, category: 'shopping', countries: ['DE', 'AT', 'GB'] },
  { name: 'Marks & Spencer', descriptor: 'MARKS & SPENCER {n} {city}', mcc: '5311', min: 200, max: 2500, category: 'shopping', countries: ['GB'] },
  { name: 'Decathlon', descriptor: 'DECATHLON {n} {city}', mcc: '5941', min: 200, max: 3000, category: 'shopping', countries: EVERYWHERE },
  { name: 'Steam', descriptor: 'PAYPAL *STEAM GAMES {n}', mcc: '5816', min: 150, max: 1200, category: 'entertainment', countries: EVERYWHERE },
  { name: 'Cinema City', descriptor: 'CINEMA CITY {city}', mcc: '7832', min: 180, max: 520, category: 'entertainment', countries: ['CZ', 'SK', 'PL'] },
  { name: 'CineStar', descriptor: 'CINESTAR {city}', mcc: '7832', min: 250, max: 600, category: 'entertainment', countries: ['DE'] },
];

/** Card payments of a trip abroad, for foreign-currency accounts (amounts in units of that currency). */
export const travelMerchants: { name: string; descriptor: string; mcc: string; min: number; max: number }[] = [
  { name: 'Booking.com', descriptor: 'BOOKING.COM HOTEL {n}', mcc: '4722', min: 40, max: 100 },
  { name: 'Airbnb', descriptor: 'AIRBNB * HM{n}', mcc: '7011', min: 30, max: 100 },
  { name: 'Ryanair', descriptor: 'RYANAIR {n}', mcc: '4511', min: 20, max: 90 },
  { name: 'Uber', descriptor: 'UBER *TRIP {n}', mcc: '4121', min: 8, max: 40 },
  { name: 'Starbucks', descriptor: 'STARBUCKS {n}', mcc: '5814', min: 5, max: 15 },
];

/** A monthly payment of the same amount on `day`: card subscriptions (mcc) or direct debits (mcc null). */
export interface Subscription {
  name: string;
  note: string;
  mcc: string | null;
  amount: number;
  day: number;
  category: Category;
  countries: Country[];
}

export const subscriptions: Subscription[] = [
  { name: 'Netflix', note: 'NETFLIX.COM', mcc: '4899', amount: 259, day: 3, category: 'subscriptions', countries: EVERYWHERE },
  { name: 'Spotify', note: 'Spotify P2F1A2B3C4', mcc: '5815', amount: 199, day: 7, category: 'subscriptions', countries: EVERYWHERE },
  { name: 'Apple', note: 'APPLE.COM/BILL', mcc: '5818', amount: 79, day: 16, category: 'subscriptions', countries: EVERYWHERE },
  { name: 'Form Factory', note: 'FORM FACTORY CLENSTVI', mcc: '7997', amount: 990, day: 25, category: 'sport', countries: ['CZ', 'SK'] },
  { name: 'Holmes Place', note: 'HOLMES PLACE MITGLIEDSCHAFT', mcc: '7997', amount: 1200, day: 25, category: 'sport', countries: ['DE', 'AT'] },
  { name: 'MultiSport', note: 'BENEFIT SYSTEMS MULTISPORT', mcc: '7997', amount: 700, day: 25, category: 'sport', countries: ['PL'] },
  { name: 'O2 Czech Republic', note: 'O2 CZ vyuctovani', mcc: null, amount: 649, day: 12, category: 'telecom', countries: ['CZ'] },
  { name: 'ČEZ Prodej', note: 'CEZ zaloha elektrina', mcc: null, amount: 1450, day: 20, category: 'utilities', countries: ['CZ'] },
  { name: 'Orange Slovensko', note: 'Orange SK faktura', mcc: null, amount: 599, day: 12, category: 'telecom', countries: ['SK'] },
  { name: 'innogy', note: 'innogy Slovensko zaloha plyn', mcc: null, amount: 1300, day: 20, category: 'utilities', countries: ['SK'] },
  { name: 'Telekom Deutschland', note: 'Telekom Deutschland Mobilfunk Rechnung', mcc: null, amount: 649, day: 12, category: 'telecom', countries: ['DE'] },
  { name: 'E.ON Energie Deutschland', note: 'E.ON Abschlag Strom', mcc: null, amount: 1450, day: 20, category: 'utilities', countries: ['DE'] },
  { name: 'T-Mobile Austria', note: 'T-Mobile Austria Rechnung', mcc: null, amount: 599, day: 12, category: 'telecom', countries: ['AT'] },
  { name: 'Wien Energie', note: 'Wien Energie Teilbetrag Strom', mcc: null, amount: 1450, day: 20, category: 'utilities', countries: ['AT'] },
  { name: 'Orange Polska', note: 'Orange Polska faktura', mcc: null, amount: 549, day: 12, category: 'telecom', countries: ['PL'] },
  { name: 'PGE Obrót', note: 'PGE prognoza energia', mcc: null, amount: 1200, day: 20, category: 'utilities', countries: ['PL'] },
  { name: 'Vodafone', note: 'VODAFONE LIMITED DD', mcc: null, amount: 649, day: 12, category: 'telecom', countries: ['GB'] },
  { name: 'British Gas', note: 'BRITISH GAS DD', mcc: null, amount: 1800, day: 20, category: 'utilities', countries: ['GB'] },
];
