import { describe, expect, it } from 'vitest';
import { readData } from './data.ts';
import { allMerchants, analyse, payeeOf, payeeWords, recognise } from './merchants.ts';

const merchant = (text: string, card = false, mccCategoryId: number | null = null) => recognise(analyse(text), { card, mccCategoryId, name: true })?.merchant.key ?? null;
const payee = (counterParty: string, note: string, mcc = false) => payeeOf(analyse(counterParty), analyse(note), { mcc, mccCategoryId: null });

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
    // The family's other prefixes and separators: POS systems, gateways, resellers of record.
    expect(merchant('DOTYKACKA*SHELL 0412')).toBe('shell');
    expect(merchant('STORYOUS *SHELL 0412')).toBe('shell');
    expect(merchant('VIVA WALLET * SHELL 0412')).toBe('shell');
    expect(merchant('P24*ALLEGRO')).toBe('allegro');
    expect(merchant('2CO.COM*AVAST ONE')).toBe('avast');
    expect(merchant('DOTYKACKA*PIVNICE U SLONA')).toBeNull();
  });

  it('names the service a shop or other seller sold behind its `NAME *` prefix, else the seller (naming rule 2)', () => {
    expect(merchant('ALZA.CZ *MICROSOFT 365', true)).toBe('microsoft-365');
    expect(merchant('PLATBA KARTOU 25.04.2026 DATART *ONEPLAY 3M PRAHA CZ')).toBe('oneplay');
    expect(merchant('ALZA.CZ *OBJEDNAVKA 5512', true)).toBe('alza');
    // Not a shop: what follows its prefix is no service it resold.
    expect(merchant('UBER *EATS HELP.UBER.COM')).toBe('uber-eats');
  });

  it('reads a seller\'s prefix after a bank\'s date and card number, and a dash parting a shop from the service it sold in a card text', () => {
    const electronics = 6;
    const grocery = 3;
    expect(merchant('PLATBA KARTOU 14.05.2026 4125xxxxxxxx3345 ALZA.CZ *XBOX GAME PASS ULTIMATE 1M, PRAHA, CZ', true, electronics)).toBe('xbox');
    expect(merchant('TESCO HM 2371 OSTRAVA - GOOGLE PLAY DARKOVA KARTA 500 KC', true, grocery)).toBe('google-play');
    expect(merchant('PLATBA KARTOU 24.06.2026 4125xxxxxxxx3345 ALBERT HYPERMARKET, JIHLAVA, CZ - NETFLIX DARKOVA KARTA 500', true, grocery)).toBe('netflix');
    expect(merchant('PLATBA KARTOU 24.06.2026 4125xxxxxxxx3345 DATART 014, PRAHA 5, CZ - HERNI KONZOLE XBOX SERIES S', true, electronics)).toBe('datart');
    // The shop's own goods beside the service: the shop, known or not; a payer's note's dash parts nothing.
    expect(merchant('SMARTY.CZ OSTRAVA - HERNI KONZOLE NINTENDO SWITCH 2', true, electronics)).toBe('smarty');
    expect(merchant('MOBILY U NADRAZI - HERNI KONZOLE NINTENDO SWITCH 2', true, electronics)).toBeNull();
    expect(recognise(analyse('DATART eshop - Voyo predplatne 12 mesicu'), { card: false, mccCategoryId: null })?.merchant.key).toBe('datart');
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

  it('never reads a word written with diacritics as a short name written without them ("VŠE", the university, is not VSE)', () => {
    expect(merchant('VSE')).toBe('vse');
    expect(merchant('VŠE')).toBeNull();
    expect(merchant('VŠE PRAHA, PRAHA, CZ', true)).toBeNull();
    // A terminal's text without diacritics still matches a short name written with them.
    expect(merchant('CEZ')).toBe('cez');
  });

  it('matches ordinary-word names only when the rest is noise, never guesses', () => {
    expect(merchant('SHELL 5512 ANY VILLAGE')).toBe('shell');
    expect(merchant('Shell Beach Bar')).toBeNull();
    expect(merchant('Albert Einstein')).toBeNull();
    expect(merchant('Orange Praha')).toBe('orange');
    expect(merchant('Kavárna u Zlatého klíče')).toBeNull();
    expect(merchant('')).toBeNull();
  });

  it('reads an exact alias opening an upper-case card descriptor with any town after it, when the MCC agrees', () => {
    const grocery = 3;
    const transport = 5;
    expect(merchant('SPAR HOLICE', true, grocery)).toBe('spar');
    expect(merchant('COOP TUTY VELKA BITES', true, grocery)).toBe('coop');
    expect(merchant('MAKRO PRAHA-STODULKY', true, grocery)).toBe('makro');
    expect(merchant('ALBERT VAM DEKUJE 1234 PRAHA 5', true, grocery)).toBe('albert');
    expect(merchant('SHELL HORNI POCERNICE', true, transport)).toBe('shell');
    expect(merchant('BP KLECANY', true, transport)).toBe('bp');
    expect(merchant('MOL OSTRAVA-PORUBA', true, null)).toBe('mol');
    // A mixed-case name, or an MCC of another category: no guess.
    expect(merchant('Spar Dolni Lhota', true, grocery)).toBeNull();
    expect(merchant('ORANGE BAR STODOLNI', true, 4)).toBeNull();
    expect(merchant('BARBER SHOP SHELL', true, null)).toBeNull();
  });

  it('reads an exact alias opening an upper-case name without MCC (a bank that gives none) unless a word of another kind of business follows', () => {
    expect(merchant('SPAR HOLICE')).toBe('spar');
    expect(merchant('SPAR BAD VOESLAU')).toBe('spar');
    expect(merchant('ORANGE BAR STODOLNI')).toBeNull();
    expect(merchant('Spar Dolni Lhota')).toBeNull();
  });

  it('names a brand\'s other business by its own name, not the brand\'s ("SHELL RECHARGE", "GOOGLE *Google Cloud")', () => {
    expect(merchant('SHELL RECHARGE 0021 OLOMOUC', true, 5)).toBe('shell-recharge');
    expect(merchant('MOL RECHARGE 0021 OLOMOUC', true, 5)).toBeNull();
    expect(merchant('BOLT DRIVE 2603111822', true, 5)).toBe('bolt-drive');
    expect(merchant('LIDL TRAVEL 2603111822', true, null)).toBeNull();
    expect(merchant('GOOGLE *Google Cloud g.co/helppay#', true, 8)).toBe('google-cloud');
    expect(merchant('GOOGLE *Google Play', true, 8)).toBe('google-play');
    // A brand's lounge, outlet or arena is a business of its own.
    expect(merchant('ZALANDO LOUNGE BERLIN', true, 6)).toBe('zalando-lounge');
    expect(merchant('ZALANDO OUTLET STORE BERLIN', true, 6)).toBe('zalando-outlet');
    expect(merchant('ABOUT YOU OUTLET BERLIN', true, 6)).toBeNull();
    expect(merchant('O2 ARENA PRAHA', true, null)).toBe('o2-arena');
    expect(merchant('SHELL ARENA PRAHA', true, null)).toBeNull();
    // A word of the brand's own kind of business is no other business.
    expect(merchant('Allianz pojišťovna, a.s.')).toBe('allianz');
  });

  it('reads an exact alias after an opening word of the merchant\'s own kind of business', () => {
    expect(merchant('LEKARNA BENU 44 PARDUBICE', true, 3)).toBe('benu');
    expect(merchant('KNIHKUPECTVI LUXOR PLZEN', true, null)).toBe('luxor');
    expect(merchant('RESTAURACE BENU PLZEN', true, null)).toBeNull();
  });

  it('reads the descriptor after the card-payment markers of Czech banks', () => {
    expect(merchant('Nákup: GLOBUS BRNO-IVANOVICE, Brno, CZ, dne 3.5.2026, částka 812.00 CZK')).toBe('globus');
    expect(merchant('Nákup: AWS EMEA, aws.amazon.co, LU, dne 2.5.2026, částka 12.40 USD')).toBe('aws');
    expect(merchant('Místo: PENNY MARKET JICIN')).toBe('penny');
    expect(merchant('PLATBA KARTOU KAUFLAND 1234 ZNOJMO CZ')).toBe('kaufland');
    expect(merchant('Místo: ZELENINA U NADRAZI JICIN')).toBeNull();
  });

  it('matches aliases in bank-transfer names only when they open the name or the rest is noise', () => {
    expect(merchant('Knihy Dobrovský s.r.o.')).toBe('dobrovsky');
    expect(merchant('Generali Česká pojišťovna a.s.')).toBe('generali');
    expect(merchant('Správa nemovitostí Dobrovský s.r.o.')).toBeNull();
    expect(merchant('Petr Dobrovský')).toBeNull();
  });

  it('never makes a person a merchant, nor takes the merchant of a transfer from its note', () => {
    expect(payee('Petr Dobrovský', 'Vrácení půjčky')).toEqual({ merchant: null, inCounterParty: false, person: true, noteHint: null, abroad: 0, soleTrader: false, merchantEnd: -1 });
    expect(payee('Tomáš Novák', 'Netflix na 3 mesice')).toMatchObject({ merchant: null, person: true });
    expect(payee('NOVAKOVA EVA', 'za lidl nakup')).toMatchObject({ merchant: null, person: true });
    expect(payee('Albert Novotný', 'tenis')).toMatchObject({ merchant: null, person: true });
    expect(payee('Zara Ahmed', 'Dinner')).toMatchObject({ merchant: null, person: true });
    expect(payee('Ing. Jiří Procházka', 'Najem byt - spotify zahrnut')).toMatchObject({ merchant: null, person: true });
    expect(payee('Správa domu Korunní s.r.o.', 'Najem byt - spotify zahrnut')).toMatchObject({ merchant: null, person: false, noteHint: { key: 'spotify' } });
    // A card payment is never a person, even when the shop bears a first name.
    expect(payee('ZARA 3145 PALLADIUM PRAHA', '', true)).toMatchObject({ merchant: { key: 'zara' }, person: false });
    expect(payee('Marks & Spencer', '')).toMatchObject({ merchant: { key: 'marks-and-spencer' }, person: false });
    // Behind a processor's prefix or with a bank's card-payment text a business was paid, whatever first names it bears,
    // unless the name is only a person's (a sole trader paid under their own name).
    expect(payee('ZETTLE_*CAFFE BAR LUKA', '')).toMatchObject({ person: false });
    expect(payee('GELATERIA LA ROMANA', 'Karetní transakce GELATERIA LA ROMANA, CAORLE, ITA, 6,20 EUR')).toMatchObject({ person: false });
    expect(payee('SUMUP *JANA NOVAKOVA', '')).toMatchObject({ merchant: null, person: false, soleTrader: true });
    expect(payee('Lucia Horváthová', 'doučovanie matematika')).toMatchObject({ merchant: null, person: true });
  });

  it('lets a merchant in the note win over an intermediary counterparty', () => {
    expect(payee('PayPal Europe S.a r.l.', 'PAYPAL *NETFLIX.COM')).toMatchObject({ merchant: { key: 'netflix' }, inCounterParty: false });
    expect(payee('PayPal Europe S.a r.l.', 'nakup')).toMatchObject({ merchant: { key: 'paypal' }, inCounterParty: true });
    expect(payee('Alza.cz a.s.', 'Netflix')).toMatchObject({ merchant: { key: 'alza' } });
  });

  it('derives payee words without noise and digits', () => {
    expect(payeeWords(analyse('Ing. Jiří Procházka'), analyse('Najem 03/2026'))).toBe('ing jiri prochazka');
    expect(payeeWords(analyse(''), analyse('Pripsani uroku 2026'))).toBe('pripsani uroku');
    expect(payeeWords(analyse(''), analyse('0412 PRAHA'))).toBeNull();
  });

  it('tells a brand\'s Slovak company and its Czech one apart, and same-named companies of two towns', () => {
    expect(merchant('Dopravný podnik mesta Žiliny, a.s.')).toBe('dpmz-zilina');
    expect(merchant('DOPRAVNI PODNIK OSTRAVA', true, 5)).toBe('dpo');
    expect(merchant('Dopravný podnik mesta Prešov, a.s.')).toBe('dpmp-presov');
    expect(merchant('DPMP PARDUBICE JIZDENKA')).toBe('dpmp');
    expect(merchant('ČEZ Slovensko, s.r.o.')).toBe('cez-slovensko');
    expect(merchant('ČEZ Prodej, a.s.')).toBe('cez');
    expect(merchant('PACKETA SLOVAKIA BRATISLAVA', true, 20)).toBe('packeta');
    expect(merchant('Zásilkovna s.r.o.')).toBe('zasilkovna');
    expect(merchant('Východoslovenská vodárenská spoločnosť, a.s.')).toBe('vvs');
    expect(merchant('Východoslovenská energetika a.s.')).toBe('vse');
    expect(merchant('Wüstenrot stavebná sporiteľňa, a.s.')).toBe('wustenrot-ss');
    expect(merchant('Wüstenrot pojišťovna a.s.')).toBe('wustenrot');
    // The short name people use is the display name; the legal name only an alias.
    expect(allMerchants().find((m) => m.key === 'dpmz-zilina')!.name).toBe('DPMŽ');
    expect(allMerchants().find((m) => m.key === 'dpo')!.name).toBe('DPO');
  });

  it('names a brand\'s arm of another kind of business as the arm, and the brand as the brand', () => {
    expect(merchant('WOLT MARKET ZILINA', true, 3)).toBe('wolt-market');
    expect(merchant('WOLT ZILINA', true, 4)).toBe('wolt');
    expect(merchant('KAUFLAND MARKETPLACE PRAHA', true, 6)).toBe('kaufland-marketplace');
    expect(merchant('KAUFLAND 1450 BRNO', true, 3)).toBe('kaufland');
    expect(merchant('TESCO ONLINE NAKUP PRAHA', true, 3)).toBe('tesco-online');
    expect(merchant('TESCO STORES 4421 PRAHA', true, 3)).toBe('tesco');
    expect(merchant('ZARA HOME AUPARK', true, 2)).toBe('zara-home');
    expect(merchant('ZSE DRIVE NABIJANIE KOSICE', true, 5)).toBe('zse-drive');
    expect(merchant('ZSE Energia, a.s.')).toBe('zse');
    expect(merchant('SLOVNAFT ARENA BRATISLAVA', true, 11)).toBe('slovnaft-arena');
    expect(merchant('SLOVNAFT 0412 BRATISLAVA', true, 5)).toBe('slovnaft');
  });

  it('keeps short and ordinary-word aliases from matching inside other names', () => {
    // "Zoo Ostrava" is no alias: pet shops and zoos share the word.
    expect(merchant('SUPER ZOO OSTRAVA AVION', true, null)).toBe('super-zoo');
    // "Prima+" would be the one word "prima" once its plus is dropped: a pharmacy named Prima is no streaming service.
    expect(merchant('LJEKARNA PRIMA MAKARSKA', true, null)).toBeNull();
    // "Strava" (the app) is a Czech word for meals: only its company names are aliases.
    expect(recognise(analyse('Strava MŠ 05/2026'), { card: false, mccCategoryId: null })).toBeNull();
    expect(merchant('STRAVA.COM SAN FRANCISCO', true, null)).toBe('strava');
    // The sportswear brand and the Slovak bookmaker are one word once folded: the bookmaker only by its company names.
    expect(merchant('NIKE 0412 PRAHA', true, 6)).toBe('nike');
    expect(merchant('NIKE.SK BRATISLAVA', true, 11)).toBe('nike-sk');
    expect(merchant('ALBERTINA WIEN', true, 11)).toBe('albertina');
    expect(merchant('TESCOMA 0021 ZLIN', true, 2)).toBe('tescoma');
    // A chain abroad's short name counts only in a card payment naming no other country than the chain's (merchants.json countries).
    expect(merchant('IDEA 112 BUDVA', true, null)).toBe('idea-me');
    expect(merchant('IDEA, PRAHA, CZ', true, null)).toBeNull();
    expect(merchant('IDEA s.r.o.')).toBeNull();
    expect(merchant('ALSA, BRNO, CZ', true, null)).toBeNull();
    expect(merchant('ALSA ESTACION SUR MADRID ESP', true, null)).toBe('alsa');
  });

  it('names a brand\'s company in the country a card text names (merchants.json companies), and a hotel group\'s sub-brands as themselves', () => {
    expect(merchant('Transakcia kartou 4405 77** **** 1111, ORANGE PREDAJNA EUROVEA, BRATISLAVA, SVK, 12.10.2026', true, 7)).toBe('orange-slovensko');
    expect(merchant('PLATBA KARTOU 12.10.2026 ORANGE 4410, OLOMOUC, CZ', true, 7)).toBe('orange');
    expect(merchant('POS 05.10.2026 5167xxxxxxxx1111 OMV 3310 ZILINA SVK - DOBITIE O2 10', true, 5)).toBe('o2-slovakia');
    expect(merchant('KOOPERATIVA poisťovňa, a.s. Vienna Insurance Group')).toBe('kooperativa-sk');
    expect(merchant('Kooperativa pojišťovna, a.s., Vienna Insurance Group')).toBe('kooperativa');
    expect(merchant('UNIQA poisťovňa, a.s.')).toBe('uniqa-sk');
    expect(merchant('HOLIDAY INN EXPRESS BERLIN CITY, BERLIN, DEU', true, 10)).toBe('holiday-inn-express');
    expect(merchant('HOLIDAY INN PRAGUE, PRAHA, CZ', true, 10)).toBe('holiday-inn');
    expect(merchant('RADISSON BLU CARLTON, BRATISLAVA, SVK', true, 10)).toBe('radisson-blu');
    // Deutsche Telekom's word: its company in the country a card text names.
    expect(merchant('Platba kartou TABAK U POSTY, ZILINA, SVK - DOBITIE TELEKOM 10', true)).toBe('slovak-telekom');
    expect(merchant('Bezahlung Karte TELEKOM SHOP 0412, GRAZ, AUT', true, 7)).toBe('magenta');
    expect(merchant('Kártyás vásárlás TELEKOM 1123, GYOR, HUN', true, 7)).toBe('magyar-telekom');
    // A fuel chain of Germany known by a short word, where it trades; an operator's prepaid brand after a top-up word.
    expect(merchant('Nákup: JET 2210, PASSAU, DEU', true)).toBe('jet');
    expect(merchant('Nákup: JET 2210, PRAHA, CZ', true)).toBeNull();
    expect(merchant('Nákup: ALBERT 0412, BRNO, CZ - DOBITI KAKTUS 300', true)).toBe('kaktus');
    // Round 15: a brand written with a digit opens its descriptor; a bank's word for the card in a card text's head; a brand of
    // another country in a card text of a third country is a word of that country; chains abroad in a terminal's descriptor as counterparty.
    expect(merchant('Transakcia kartou 5168 31** **** 9042, 09.07.2026, O2 PREDAJNA MIRAGE, ZILINA, SVK', true)).toBe('o2-slovakia');
    expect(merchant('Kartová transakcia 25.09.2026 Karta 4405 77** **** 6612 Miesto: TABAK PRESS HLAVNA, TRNAVA, SVK - DOBITIE O2 KUPON 10', true)).toBe('o2-slovakia');
    expect(merchant('Platba kartou SPP 0412, BRATISLAVA, SVK', true)).toBe('spp');
    expect(merchant('Platba kartou SPP 0412, KRAKOW, POL', true)).toBeNull();
    expect(payeeOf(analyse('IDEA 27 BAR MNE', undefined, true), analyse(''), { mcc: false, mccCategoryId: null }).merchant?.key).toBe('idea-me');
    expect(payeeOf(analyse('BILETOMAT MPK KRAKOW POL', undefined, true), analyse(''), { mcc: false, mccCategoryId: null }).merchant?.key).toBe('mpk-krakow');
  });

  it('matches no town, country or legal form alone, nor a person\'s name', () => {
    const noise = readData<Record<string, string[] | string>>('descriptor-noise.json');
    // Web addresses in a card text's town field ("Itunes.com" of Apple's descriptors) are their merchant's.
    const towns = Object.values(noise.countryCities as unknown as Record<string, string[]>).flat();
    const places = ['cities', 'countries', 'legalForms'].flatMap((group) => noise[group] as string[]).concat(towns).filter((word) => !/\.(com|net|org)$/i.test(word));
    expect(places.filter((word) => merchant(word.toUpperCase(), true, null) !== null || merchant(word) !== null)).toEqual([]);
    const names = readData<{ firstNames: string[] }>('people.json').firstNames;
    expect(names.filter((name) => payee(`${name} Novák`, 'platba').merchant !== null || payee(`${name.toUpperCase()} NOVAK`, '', true).merchant !== null)).toEqual([]);
  });

  it('has stable unique ids and keys', () => {
    const merchants = allMerchants();
    expect(new Set(merchants.map((m) => m.id)).size).toBe(merchants.length);
    expect(merchants.find((m) => m.key === 'albert')!.id).toBe('4527adbb-e214-4085-88f9-53a844f64b57');
  });

  it('names a chain\'s branch in a fintech\'s counterparty, a chain abroad alone, and a toll company abroad as its card text spells it (round 30)', () => {
    expect(payee('Jumbo Utrecht Biltstraat', '').merchant?.key).toBe('jumbo');
    expect(payee('Febo Damstraat', '').merchant?.key).toBe('febo');
    expect(payee('NS Utrecht Centraal', '').merchant?.key).toBe('ns');
    expect(payee('Maxima', '').merchant?.key).toBe('maxima-baltic');
    expect(payee('Rimi 1043', 'RIMI 1043 TALLINN, EE').merchant?.key).toBe('rimi');
    // Not a chain's branch: a street's ending alone, another country, or more words of a name.
    expect(payee('Jumbo Straat', '').merchant).toBeNull();
    expect(payee('Rimi 1043 Praha CZ', '').merchant).toBeNull();
    expect(payee('Jumbo Bike Shop', '').merchant).toBeNull();
    expect(merchant('Platba kartou 5168 41** **** 3907 Miesto: HRVATSKE AUTOCESTE D.O.O., ZADAR, HRV', true)).toBe('hrvatske-autoceste');
    expect(merchant('Karetní transakce HAC NAPLATA CESTARINE LUCKO, ZAGREB, HRV', true)).toBe('hac');
    // More banks' heads: a wallet or card brand as the marker, a time after the date, a mask before the card's last digits.
    for (const note of ['Debit card purchase at KAVARNA DOBRA, OLOMOUC, CZ', 'Kartenumsatz KAVARNA DOBRA OLOMOUC CZ', 'Mastercard KAVARNA DOBRA OLOMOUC CZ', 'Google Pay: KAVARNA DOBRA, OLOMOUC', 'Platba mobilem Apple Pay, KAVARNA DOBRA, OLOMOUC, CZ', 'Platba kartou 12.06.2026 o 14:32, KAVARNA DOBRA, OLOMOUC, CZ', 'Transakce kartou 5375XXXXXXXX5510 dne 11.08.2026 v 14:32: KAVARNA DOBRA', 'Karta *2038, KAVARNA DOBRA, Olomouc', 'Bezhotovostná platba KAVARNA DOBRA OLOMOUC', 'Nákup u obchodníka KAVARNA DOBRA, OLOMOUC, CZ']) {
      const text = analyse(note);
      expect([note, text.card, text.tokens.slice(text.start, text.start + 2)]).toEqual([note, true, ['kavarna', 'dobra']]);
    }
  });

  it('reads a long name a terminal cut mid-word, a chain abroad before one word of its branch, and no brand before a linking word (round 31)', () => {
    expect(payee('NARODNA DIALNICNA SPOL', 'Platba kartou 537586******2184, BRATISLAVA, SVK, 12,00 EUR').merchant?.key).toBe('nds');
    expect(payee('NARODNA DIALNICNA', '').merchant).toBeNull();
    expect(payee('Centra Ballycastle', '').merchant?.key).toBe('centra');
    expect(payee('Maxol Ballymoney', '').merchant?.key).toBe('maxol');
    expect(payee('Centra Fitness', '').merchant).toBeNull();
    expect(payee('Centra Ballycastle Road', '').merchant).toBeNull();
    expect(merchant('ACROPOLIS OF LINDOS /LINDOS', true)).toBeNull();
    expect(merchant('ACROPOLIS ATHENS', true)).toBe('acropolis');
    // Words of a toll company's kind before a railway's initials are no railway; a legal form ends a name before the ticket office's word.
    expect(payee('NEMZETI UTDIJFIZETESI SZ', 'Platba kartou 537586******2184, BUDAPEST, HUN').merchant).toBeNull();
    expect(merchant('Card transaction of 7.20 EUR issued by EAV SRL BIGLIETTERIA NAPOLI', true)).toBe('eav');
  });

  it('reads a chain\'s branch by its centre, and a card payment\'s name that opens with a brand before a first name (round 32)', () => {
    expect(payee('Meininger Hamburg City Center', '').merchant?.key).toBe('meininger');
    expect(payee('PENNEYS MARY ST', 'Platba kartou 5168 44XX XXXX 2291, DUBLIN 1, IRL').merchant?.key).toBe('penneys');
    expect(payee('ALBERT NOVAK', 'Platba kartou 5168 44XX XXXX 2291, PRAHA, CZE').merchant).toBeNull();
    expect(payee('SJ', '').merchant?.key).toBe('sj');
  });
});
