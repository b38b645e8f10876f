/**
 * The table "Where each kind of payment goes" of docs/categories.md, row by row: each row's
 * payee and note shapes (other businesses than the fixtures') and the subcategory (and merchant,
 * where the row says) the table gives them. An audit of the rules' precedence against the
 * documented table: a rule that contradicts a row fails here, whatever the fixtures say.
 */
import { describe, expect, it } from 'vitest';
import { enrichTransaction, type EnrichmentInput } from './enrich.ts';

interface Case {
  amount: number;
  counterParty: string;
  note: string;
  details?: EnrichmentInput['details'];
  sub: number;
  /** Expected merchant name (null: none); unchecked when absent. */
  merchant?: string | null;
}

const row = (amount: number, counterParty: string, note: string, sub: number, extra: Partial<Case> = {}): Case => ({ amount, counterParty, note, sub, ...extra });

const table: Record<string, Case[]> = {
  'a refund of a purchase takes the purchase\'s subcategory, the shop as merchant': [
    row(899, 'ZALANDO SE', 'Rückerstattung Bestellung 10442', 603, { merchant: 'Zalando' }),
    row(1540, '', 'Vrácení peněz: SHELL 2201, Olomouc, CZ', 501, { merchant: 'Shell' }),
    row(3120, 'ČEZ Prodej, a.s.', 'přeplatek z vyúčtování elektřiny', 701, { merchant: 'ČEZ' }),
    row(12400, 'Finanční úřad pro Jihomoravský kraj', 'vratka přeplatku daně z příjmů', 1501),
    // Money-back words beside the kind of what was bought, no merchant of the list: that purchase reversed.
    row(18.5, '', 'Gutschrift Kartenzahlung THERME LAA AN DER THAYA AUT', 1103),
  ],
  'money a person repays is a transfer between people': [row(450, 'Lucie Benešová', 'vracím za lístky do kina', 1202, { merchant: null })],
  'wages, pensions and business income name no merchant': [
    row(48200, 'Alza.cz a.s.', 'Mzda 05/2026', 101, { merchant: null }),
    row(18400, 'Česká správa sociálního zabezpečení', 'starobní důchod', 102, { merchant: null }),
  ],
  'reimbursements are 104; an employer is no merchant': [
    row(2300, 'Seznam.cz, a.s.', 'proplacení cestovních náhrad 04/2026', 104, { merchant: null }),
    row(8900, 'Kooperativa pojišťovna, a.s.', 'pojistné plnění škodní událost 4420', 104, { merchant: 'Kooperativa' }),
  ],
  'cash back at a supermarket till is cash': [
    row(-500, 'BILLA', 'cashback', 1301, { merchant: 'Billa' }),
    row(-1500, 'LIDL CESKA REPUBLIKA', 'NÁKUP KARTOU 14.05.2026 LIDL 0442, OSTRAVA, CZ - CASH BACK 1500,00 CZK', 1301),
    // The card text in the counterparty, the bank's marker alone in the note.
    row(-800, 'PENNY MARKET 1187, KOLIN, CZ - CASH BACK 800,00 CZK', 'PLATBA KARTOU 02.06.2026 4125 XXXX XXXX 1188', 1301, { details: { mccCode: '5411' } }),
  ],
  'a subscription or service sold by a shop is the service\'s, and the service is the merchant when the text names one': [
    row(-269, 'Alza.cz a.s.', 'Předplatné Microsoft 365 Family', 803, { merchant: 'Microsoft 365' }),
    row(-799, 'DATART', 'NÁKUP KARTOU 02.04.2026 DATART 021, BRNO, CZ - NETFLIX DARKOVA KARTA 800', 801, { merchant: 'Netflix' }),
    row(-399, 'NAY *HBO MAX 3 MESIACE', 'PLATBA KARTOU 03.05.2026 NAY *HBO MAX 3 MESIACE BRATISLAVA SK', 801, { merchant: 'HBO Max' }),
    // A service the list does not know, behind a shop's prefix: named from the text after the star.
    row(-590, 'NAY *KASPERSKY STANDARD 1 ROK', 'PLATBA KARTOU 04.05.2026 NAY *KASPERSKY STANDARD 1 ROK BRATISLAVA SK', 803, { merchant: 'Kaspersky' }),
    row(-1590, 'CZC.CZ', 'NÁKUP KARTOU 11.04.2026 CZC.CZ, PRAHA 9, CZ - KASPERSKY PLUS 1 ROK', 803),
    row(-499, 'ALZA.CZ A.S.', 'NÁKUP KARTOU 08.02.2026 ALZAPLUS+ PREDPLATNE, PRAHA 7, CZ', 805, { merchant: 'Alza.cz' }),
    row(-1299, 'EURONICS', 'NÁKUP KARTOU 12.03.2026 EURONICS, PLZEN, CZ - PLAYSTATION PLUS GAME PASS 12 MESICU', 1102, { merchant: 'PlayStation Store' }),
    row(-1090, 'EURONICS', 'NÁKUP KARTOU 14.03.2026 EURONICS, PLZEN, CZ - NORTON 360 STANDARD 1 ROK', 803, { merchant: 'Norton' }),
    // The payer's own note of a transfer to a shop, opening with the shop's name, names the service after it.
    row(-1188, 'Internet Mall, a.s.', 'MALL.CZ objednávka 7712004 - Disney+ předplatné 12 měsíců', 801, { merchant: 'Disney+' }),
    // Goods of the shop beside the service's name: the shop's.
    row(-8990, 'EURONICS', 'NÁKUP KARTOU 14.03.2026 EURONICS, PLZEN, CZ - HERNI KONZOLE PLAYSTATION 5 + GAME PASS', 602),
  ],
  'gift cards, top-ups, tickets, vignettes, car washes and lottery sold by shops, tobacconists and fuel stations are the service\'s': [
    row(-500, 'BILLA 0871 BRNO - GOOGLE PLAY DARKOVA KARTA 500 KC', 'PLATBA KARTOU 21.06.2026 4125 XXXX XXXX 0931', 805, { details: { mccCode: '5411' } }),
    row(-500, 'TABAK TRAFIKA NA NAMESTI BRNO - STEAM WALLET 500 KC', 'PLATBA KARTOU 08.07.2026 4125 XXXX XXXX 0931', 1102, { details: { mccCode: '5993' } }),
    row(-300, '', 'Nákup: TRAFIKA U POSTY, Kolin, CZ - DOBITI T-MOBILE KUPON 300, dne 3.5.2026', 703, { merchant: 'T-Mobile' }),
    // A top-up voucher naming its operator after a shop's card text: the operator (naming rule 2), whatever the shop's MCC; naming none, the shop.
    row(-400, '', 'PLATBA KARTOU 02.09.2026 4125xxxxxxxx3345 ALBERT 0412, KOLIN, CZ - DOBITI VODAFONE KUPON 400', 703, { details: { mccCode: '5411' }, merchant: 'Vodafone' }),
    row(-200, '', 'PLATBA KARTOU 02.09.2026 4125xxxxxxxx3345 ALBERT 0412, KOLIN, CZ - DOBITI KREDITU 200', 703, { details: { mccCode: '5411' }, merchant: 'Albert' }),
    row(-40, 'TRAFIKA U NADRAZI KOLIN - JIZDENKA MHD 90 MIN', 'PLATBA KARTOU 03.05.2026 4125 XXXX XXXX 0931', 502, { details: { mccCode: '5993' } }),
    row(-440, '', 'Nákup: OMV 2214 BRNO - DALNICNI ZNAMKA 10 DNI, Brno, CZ', 505),
    row(-190, '', 'PLATBA KARTOU 21.11.2026 4125xxxxxxxx3345 SHELL 0412 KOLIN - MYTI VOZU PROGRAM 2, KOLIN, CZ', 506, { details: { mccCode: '5541' } }),
    row(-120, 'TRAFIKA NA ROHU - SAZKA EUROJACKPOT', 'PLATBA KARTOU 03.05.2026 4125 XXXX XXXX 0931', 1104, { details: { mccCode: '5993' } }),
    // The fuel station's own goods: fuel.
    row(-1500, '', 'PLATBA KARTOU 21.11.2026 4125xxxxxxxx3345 SHELL 0412 KOLIN, KOLIN, CZ', 501, { details: { mccCode: '5541' } }),
  ],
  'a drugstore, pharmacy or vet whatever MCC its terminal reports': [
    row(-212, 'ROSSMANN 1120 PLZEN', '', 604, { details: { mccCode: '5411' } }),
    row(-980, 'VETERINARNI ORDINACE DR KOCI', '', 608, { details: { mccCode: '5912' } }),
    // The kind opening a bank's card text when the counterparty names no one; an optician, a beauty salon, a pet shop with a pharmacy's or cosmetics shop's MCC.
    row(-268, '', 'PLATBA KARTOU 16.05.2026 4125xxxxxxxx3345 LEKARNA POD KASTANEM, TREBIC, CZ', 901, { details: { mccCode: '5411' } }),
    row(-1290, 'OCNI OPTIKA LUNETA TREBIC', 'PLATBA KARTOU 16.10.2026 4125 XXXX XXXX 0931', 902, { details: { mccCode: '5912', externalCategoryName: 'Zdraví a lékárny' } }),
    row(-540, '', 'PLATBA KARTOU 26.09.2026 4125xxxxxxxx3345 KOSMETICKE STUDIO LILIE, TREBIC, CZ', 904, { details: { mccCode: '5977' } }),
    row(-610, 'SUPER ZOO TREBIC CENTRUM', 'PLATBA KARTOU 06.08.2026 4125 XXXX XXXX 0931', 608, { details: { mccCode: '5912' } }),
    // A bank that writes the whole card text in the note, without a marker (name, town, country; name town country).
    row(-212, '', 'DROGERIE NA NAMESTI, TREBIC, CZ', 604, { details: { mccCode: '5912', externalCategoryName: 'Zdraví' }, merchant: 'Drogerie Na Namesti' }),
    row(-318, '', 'LEKARNA POD RADNICI, TREBIC, CZ', 901, { details: { mccCode: '5411' }, merchant: 'Lekarna Pod Radnici' }),
    row(-860, '', 'VETERINA POD LIPOU TREBIC CZ', 608, { details: { mccCode: '5912' }, merchant: 'Veterina Pod Lipou' }),
  ],
  'a site\'s outlet that a specific MCC confirms (a hotel\'s restaurant)': [
    row(-640, '', 'PLATBA KARTOU 04.08.2026 4125xxxxxxxx3345 HOTEL ZLATA HVEZDA - RESTAURACE, TREBIC, CZ', 401, { details: { mccCode: '5812' } }),
    row(-2640, '', 'PLATBA KARTOU 04.08.2026 4125xxxxxxxx3345 HOTEL ZLATA HVEZDA, TREBIC, CZ', 1002, { details: { mccCode: '7011' } }),
  ],
  'a brand\'s other business': [
    row(-400, 'TESCO MOBILE CR', '', 703),
    row(-9900, 'BILLA REISEN', '', 1003),
    row(-14.2, 'MOL LIMO 0231', 'Platba kartou 02.06.2026 MOL LIMO 0231 BUDAPEST HUN', 507, { merchant: 'MOL Limo' }),
  ],
  'a brand\'s company in another country': [
    row(-25, 'Orange Slovensko, a.s.', 'faktúra 05/2026', 703, { merchant: 'Orange Slovensko' }),
    row(-30, 'Slovak Telekom, a.s.', 'Magenta paušál 06/2026', 703, { merchant: 'Slovak Telekom' }),
  ],
  'restaurants, cafés, bakeries, pharmacies and fuel abroad without MCC': [
    row(-38.5, 'POS 03.08.2026 4405xxxxxxxx1203 KONOBA SKALINADA MAKARSKA HRV', '', 401),
    row(-6.2, 'CAFFE BAR LUNA ZADAR', '', 403),
    row(-4.1, 'PEKARA KRUH I KIFLA SPLIT', '', 303),
    row(-12.9, 'LJEKARNA SPLIT 4', '', 901),
    row(-52.3, 'GENOL 114 KREMS', '', 501),
    // Behind a processor's prefix or in a bank's card text: a business, never a person.
    row(-42, 'NEXI*TRATTORIA DEL PORTO', 'Karetní transakce NEXI*TRATTORIA DEL PORTO, RIMINI, ITA, 42,00 EUR', 401, { merchant: 'Trattoria Del Porto' }),
    row(-5.4, 'SUMUP *CAFFE BAR MARIJA', '', 403, { merchant: 'Caffe Bar Marija' }),
  ],
  'a card payment to a bare person\'s name (a sole trader under their own name): no merchant; a specific MCC\'s category, else uncategorised spending, never a transfer between people': [
    row(-35, 'SUMUP *PAVEL KRATOCHVIL', '', 9901, { merchant: null }),
    row(-600, 'JANA HORAKOVA', '', 1701, { merchant: null, details: { mccCode: '8299' } }),
    row(-18, '', 'Nákup: MARTIN SEDLACEK, Brno, CZ', 9901, { merchant: null }),
    // The town after the name, without a comma, is no part of it (round 9).
    row(-450, '', 'Místo: SUMUP *PETR DVORAK BEROUN', 9901, { merchant: null }),
    row(-22, 'ZETTLE_*TOMAS MAREK JIHLAVA', '', 9901, { merchant: null }),
  ],
  'a foreign bank\'s card text names the business after its marker (town, country, amount in another currency cut)': [
    row(-27.6, '', 'Bezahlung Karte MC/000003621 CBA 0231 SOPRON HUN HUF 10.890,00', 301, { merchant: 'CBA potraviny' }),
    row(-12.4, '', 'Bezahlung Maestro MC/000004417 KONOBA BURA TROGIR HRV', 401, { merchant: 'Konoba Bura' }),
    row(-9.4, '', 'Bezahlung Karte MC/000003621 NEMZETI UTDIJFIZETESI SZOLG. BUDAPEST HUN HUF 3.700,00', 505),
    // Several dates and card numbers before the descriptor, each ending at a comma (round 9).
    row(-31, '', 'Platba kartou 4405********2210, 03.08.2026, APTEKA POD LIPAMI, ZAKOPANE, POL, 132,00 PLN', 901, { merchant: 'Apteka Pod Lipami' }),
  ],
  'a utility serving several kinds is paid for what its bill\'s note names; a returned bank fee is a bank fee': [
    row(-1400, 'Veolia Energie ČR, a.s.', 'záloha teplá voda 03/2026', 701, { merchant: 'Veolia' }),
    row(35, '', 'VRACENI POPLATKU ZA VEDENI UCTU - REKLAMACE', 1401, { merchant: null }),
  ],
  'supermarket chains abroad without MCC': [
    row(-23.4, 'SPAR 5521 VILLACH', '', 301),
    row(-17.2, 'KONZUM 0441 SIBENIK', '', 301),
    row(-9.9, 'ZABKA Z1188 GDANSK', '', 301),
    row(-19.2, '', 'POS 10.08.2026 4405xxxxxxxx1203 KRAS 112 RIJEKA HRV', 301),
    // A marker with nothing after it leaves the descriptor to the counterparty (Revolut; round 9).
    row(-33.1, 'BOSO 214 KOTOR MNE', 'Card payment', 301),
  ],
  'utilities abroad; a longer keyword of the note refines the payee\'s': [
    row(-64, 'Stadtwerke Regensburg GmbH', 'Abschlag Wasser 06/2026', 702),
    row(-88, 'Elektro Ljubljana d.d.', 'račun za struju 05/2026', 701),
  ],
  'a word of a town never decides, in a descriptor or a note': [
    row(-31, 'COOP JEDNOTA STARA VODA', '', 301),
    row(-44, 'LIDL NOWA WODA', '', 301),
    row(-380, 'Kaufland', 'KAUFLAND 6045 VYSOKE MYTO', 301, { details: { mccCode: '5411' } }),
    row(-6.5, 'CAFFE BAR MARINA STUBICKE TOPLICE', '', 403),
  ],
  'a surname that is a word of a kind of business makes no person a business': [
    row(-450, 'SUMUP *ANNA METZGER', '', 9901, { merchant: null }),
    row(-3000, 'JUDr. Karel Notar', 'nájem červen', 201, { merchant: null }),
  ],
  'membership fees of adults are sport & fitness': [
    row(-60, 'Deutscher Alpenverein Sektion Rosenheim', 'Mitgliedsbeitrag 2026', 903),
    row(-120, 'Planinarsko društvo Velebit', 'članarina 2026', 903),
    row(-90, 'Klub Sportowy Orzeł', 'składka członkowska 2026', 903),
    row(-25, 'Sportegyesület Pécs', 'tagdíj 2026', 903),
    row(-30, 'Športový klub Tatran', 'členský príspevok 2026', 903),
  ],
  'waste and municipal fees are 705': [
    row(-1200, 'Statutární město Ostrava', 'poplatek za komunální odpad 2026', 705, { merchant: null }),
    row(-52, 'Mesto Žilina', 'poplatok za komunálny odpad 2026', 705, { merchant: null }),
    row(-210, 'Marktgemeinde Wolfsberg', 'Müllgebühr 1. Quartal', 705),
    row(-400, 'Magistrát města Pardubic', 'poplatek za psa 2026', 705),
  ],
  'a fee word of a named payee\'s note is that payee\'s, not a bank fee': [
    row(-39, '', 'Poplatek za vedení účtu', 1401, { merchant: null }),
    row(-900, 'Univerzita Pardubice', 'poplatek za přijímací řízení', 1701),
  ],
  'taxes and authorities name no merchant': [row(-2400, 'Finanční úřad pro Pardubický kraj', 'daň z nemovitých věcí 2026', 1501, { merchant: null })],
  'vignettes, tolls and parking': [
    row(-9.6, 'ASFINAG', 'Vignette 10-Tages', 505),
    row(-15, 'DARS d.o.o.', 'e-vinjeta 7 dni', 505),
    row(-12, 'CONTIPARK TIEFGARAGE OPERNRING', 'Karetní transakce CONTIPARK TIEFGARAGE OPERNRING, WIEN, AUT', 505),
  ],
  'ice cream parlours are cafés': [row(-4.5, 'GELATERIA DA MARIO PULA', '', 403), row(-6.1, 'SUMUP *EISSALON ROSSI', 'Karetní transakce SUMUP *EISSALON ROSSI, GRAZ, AUT', 403)],
  'school fees, tuition, language courses of adults, school trips and meals are 1701': [
    row(-8000, 'Gymnázium Jana Keplera', 'školné 2026/27', 1701),
    row(-5400, 'Jazyková škola Polyglot s.r.o.', 'kurz němčiny pro dospělé', 1701),
    row(-3600, 'Základní škola Olomouc, Holečkova 10', 'lyžařský kurz 7.B', 1701),
    row(-620, 'Základní škola Olomouc, Holečkova 10', 'stravné 05/2026', 1701),
    row(-400, 'Anna Svobodová', 'doučování matematiky', 1701),
    row(-28, 'Základná škola, Mierová 12, Senec', 'obedy 10/2026 Tomáš', 1701),
    row(-120, 'Základná škola, Mierová 12, Senec', 'škola v prírode 5.A', 1701),
    row(-50, 'Katarína Kováčová', 'doučovanie angličtina', 1701, { merchant: null }),
  ],
  'kindergartens (their "školné" too), after-school clubs, babysitting and children\'s activities are 1702': [
    row(-3200, 'Školka Sluníčko s.r.o.', 'školné 09/2026 - Ema', 1702),
    row(-3500, 'Mateřská škola Klíček', 'školné září', 1702),
    row(-2900, 'Lesní školka Šiška z.s.', 'školné 10/2026', 1702),
    row(-600, 'Základní škola Olomouc, Holečkova 10', 'úplata za ŠD 1. pololetí', 1702),
    row(-1800, 'TJ Slavoj Plzeň', 'přípravka fotbal jaro', 1702),
    row(-2200, 'Plavecká škola Vydrýsek', 'kurz plavání předškoláci', 1702),
    row(-350, 'Petra Dvořáková', 'hlídání 12.5.', 1702),
  ],
  'toy shops are 607, a children\'s word alone makes no shop 1702': [row(-899, 'DETSKY SVET HRACKY OPAVA', '', 607, { details: { mccCode: '5945' } })],
  'restaurants, inns and canteens are 401; fast food and snack bars 402': [
    row(-420, '', 'Nákup: HOSTINEC U DVOU LIP, Trebic, CZ, dne 3.5.2026', 401),
    row(-38, 'GASTHOF ZUM HIRSCHEN ZELL AM SEE AUT', 'Platba kartou 4405 xxxx xxxx 3307', 401),
    row(-12, '', 'Bezahlung Karte MC/000003621 ALPENGASTHOF KREUZWIRT AUT', 401),
    row(-9.2, 'ETTEREM NAPSUGAR EGER HUN', '', 401),
    row(-85, 'ZETTLE_*OBCERSTVENI NA PLOVARNE', '', 402),
    row(-6, '', 'Bezahlung Karte MC/000003621 WUERSTELSTAND LEO WIEN AUT', 402),
    // A bistro is a restaurant or a snack bar: its MCC says which; a word of the category alone, 401.
    row(-210, 'BISTRO U NADRAZI TREBIC', '', 402, { details: { mccCode: '5814' } }),
    row(-380, 'BISTRO U NADRAZI TREBIC', '', 401, { details: { mccCode: '5812' } }),
    row(-190, 'BISTRO POD HRADEM', '', 401),
    // A motorway service restaurant chain: fast food.
    row(-12.4, 'AUTOGRILL 0412 VERONA NORD ITA', 'Platba kartou 4405 xxxx xxxx 3307', 402, { merchant: 'Autogrill' }),
  ],
  'cafés, bars, pubs and confectioners\' or pastry cafés are 403': [
    row(-145, '', 'Nákup: CUKRARNA U KASNY, Trebic, CZ, dne 3.5.2026', 403),
    row(-11, 'KONDITOREI GRUBER BAD ISCHL AUT', 'Platba kartou 4405 xxxx xxxx 3307', 403),
    row(-7.5, 'SLASTICARNA ROZA OPATIJA HRV', '', 403),
    row(-420, 'PIVNICE U RYTIRE TREBIC', '', 403),
    // A wine tavern (Heuriger, Buschenschank) is a bar.
    row(-24, 'HEURIGER HOFER GRINZING WIEN AUT', 'Platba kartou 4405 xxxx xxxx 3307', 403),
    row(-31, '', 'Bezahlung Karte MC/000003621 BUSCHENSCHANK KOLLER LEUTSCHACH AUT', 403),
  ],
  'groceries and food shops: 301; bakeries, butchers, greengrocers and markets: 303': [
    row(-220, '', 'Nákup: VECERKA NGUYEN, Trebic, CZ', 301),
    row(-14, '', 'Kartová transakcia 05.07.2026 4405xxxxxxxx7731 TRGOVINA SVETI JURAJ SENJ HRV, suma 14,00 EUR', 301),
    row(-8.9, 'GREISSLER ZUR LINDE WIEN', '', 301),
    row(-231, '', 'Místo: MASNA NA NAMESTI TREBIC', 303),
    row(-95, 'ZELOVOC U MARKETY NITRA', '', 303),
    row(-6, '', 'Bezahlung Karte MC/000003621 STADTBAECKEREI HUBER LINZ AUT', 303),
    // Specialist drink shops: a wine shop, a winery's cellar shop, a beer shop; a bakery shop with a restaurant's MCC.
    row(-540, 'VINOTEKA NA HRADBACH TREBIC', '', 303, { details: { mccCode: '5812' } }),
    row(-26, 'WEINGUT BRUNDLMAYER LANGENLOIS AUT', '', 303),
    row(-310, 'PIVOTEKA U KOCOURA', '', 303),
    row(-88, '', 'PEKARSTVI U VEZE, TREBIC, CZ', 303, { details: { mccCode: '5812', externalCategoryName: 'Restaurace' } }),
  ],
  'doctors, dentists, opticians, physiotherapy and labs are 902, also with a pharmacy\'s MCC': [
    row(-1650, '', 'Nákup: DENTAL CLINIC SMILE, Trebic, CZ, dne 11.5.2026', 902),
    row(-900, 'FYZIOTERAPIE POHYB TREBIC', '', 902),
    row(-45, '', 'Bezahlung Karte MC/000003621 ZAHNARZTPRAXIS DR LANG GRAZ AUT', 902),
    row(-60, 'Detská ambulancia Slniečko s.r.o.', 'ročný poplatok za nadštandardné služby', 902),
    row(-25, 'FOGASZAT DR KISS GYOR HUN', '', 902),
  ],
  'pharmacies 901; hairdressers, beauty salons, laundries, tailors and photo studios 904; vets and pet shops 608': [
    row(-19, '', 'Bezahlung Karte MC/000003621 MARIEN APOTHEKE KREMS AUT', 901),
    row(-12, 'GYOGYSZERTAR SZENT ISTVAN PECS HUN', '', 901),
    row(-350, 'KADERNICTVI LUCIE TREBIC', '', 904),
    row(-28, 'FODRASZAT ZSOFI SOPRON HUN', '', 904),
    row(-180, 'CISTIRNA A PRADELNA TREBIC', '', 904),
    row(-250, 'SUMUP *KREJCOVSTVI NA ROHU', '', 904, { details: { mccCode: '5697' } }),
    row(-30, 'AENDERUNGSSCHNEIDEREI ALI WIEN', '', 904),
    row(-450, 'FOTOATELIER MAJA TREBIC', '', 904),
    row(-390, 'SQ *FOTO STUDIO PIXEL', '', 904, { details: { mccCode: '7221' } }),
    row(-890, 'VETCENTRUM ARCHA TREBIC', '', 608, { details: { mccCode: '5912' } }),
    row(-55, 'KLEINTIERPRAXIS DR ROTH SALZBURG', '', 608),
  ],
  'gyms, pools, rinks, climbing walls and clubs are 903; water parks, thermal baths, spas, zoos, museums, caves and cable cars 1103': [
    row(-120, 'KOUPALISTE POD LESEM TREBIC', '', 903),
    row(-15, 'LEZECKA STENA VERTIKAL TREBIC', '', 903),
    row(-9, 'UPOLOVA STRANDFURDO SZEGED', '', 1103),
    row(-30, '', 'Bezahlung Karte MC/000003621 THERME GEINBERG AUT', 1103),
    row(-44, '', 'Bezahlung Karte MC/000003621 PLANAI HOCHWURZEN BAHNEN AUT', 1103),
    row(-38, 'SCHMITTENHOEHEBAHN ZELL AM SEE AUT', '', 1103),
    row(-12, '', 'Kartová transakcia 12.07.2026 4405xxxxxxxx7731 JASKYNA DOMICA PLESIVEC SVK, suma 12,00 EUR', 1103),
    row(-18, 'MUZEJ MIMARA ZAGREB HRV', '', 1103),
    row(-25, 'ZICARA SLJEME ZAGREB', '', 1103),
    // Tickets name the category, what they are for the subcategory: a castle, a national park; a theatre; tickets alone 1101.
    row(-320, 'VSTUPNE HRAD PERNSTEJN', '', 1103),
    row(-40, '', 'Kartová transakcia 12.07.2026 4405xxxxxxxx7731 ULAZNICE NP KRKA SKRADIN HRV, suma 40,00 EUR', 1103),
    row(-590, 'VSTUPENKY DIVADLO HORACKE', '', 1101),
    row(-250, 'VSTUPENKY ONLINE', '', 1101),
  ],
  'parking, garages and tolls in every language are 505': [
    row(-6, 'ALTSTADTGARAGE SALZBURG AUT', 'Platba kartou 4405 xxxx xxxx 3307', 505),
    row(-9, '', 'Kartová transakcia 12.07.2026 4405xxxxxxxx7731 NAPLATNA POSTAJA ZUTA LOKVA HRV, suma 9,00 EUR', 505),
    row(-4, 'PARKOLOHAZ ARKAD BUDAPEST', '', 505),
    row(-3.5, 'GARAZNA HISA KOLODVOR LJUBLJANA', '', 505),
    row(-40, 'PARCHEGGIO STAZIONE TRIESTE', '', 505),
  ],
  'fuel and EV charging 501; public transport 502; trains, coaches and ferries 504; car service 506': [
    row(-15, 'GREENWAY NABIJANIE BANSKA BYSTRICA', '', 501),
    row(-1.4, 'DOPRAVNY PODNIK BRATISLAVA', '', 502),
    // City buses abroad; e-scooter sharing.
    row(-2.1, 'GUAGUAS MUNICIPALES LAS PALMAS ESP', '', 502),
    row(-1.5, '', 'Kartová transakcia 21.07.2026 4405xxxxxxxx7731 AUTOBUS LINEA 3 RIMINI ITA, suma 1,50 EUR', 502),
    row(-95, 'LIME*2 RIDES', 'Karetní transakce, LISBOA, PT', 507, { merchant: 'Lime' }),
    row(-48, 'WESTBAHN TICKET SALZBURG', '', 504),
    row(-60, '', 'Kartová transakcia 21.07.2026 4405xxxxxxxx7731 TRAJEKT BRESTOVA POROZINA HRV, suma 60,00 EUR', 504),
    row(-2200, 'PNEU SERVIS HORAK TREBIC', '', 506),
    row(-80, 'GUMISZERVIZ KOVACS GYOR', '', 506),
  ],
  'mortgages, also repaid to the own bank or loan account, are 202 (bank loans 1801); a Slovak child benefit is 102; a bank\'s ATM fee abroad is 1401': [
    row(-540, '', 'Splátka hypotekárneho úveru č. 5512 06/2026', 202, { merchant: null }),
    row(-18600, '', 'splátka hypotéky 06/2026', 202),
    // Repaid to the holder's own loan account, which the bank names after the holder or the loan product: no merchant, the loan words outrank the people rule.
    row(-9800, 'Horáková Jitka', 'Splátka hypotečního úvěru č. 7740012', 202, { merchant: null }),
    row(-702.5, 'Kollár Štefan', 'splátka hypotéky 88120455', 202, { merchant: null }),
    row(-12400, 'HYPOTEČNÍ ÚVĚR 5520018874', 'Splátka úvěru 5520018874', 202, { merchant: null }),
    row(-3200, 'Dvořák Radim', 'Splátka úvěru 4471220 06/2026', 1801, { merchant: null }),
    row(-1900, 'SPOTŘEBITELSKÝ ÚVĚR 2231009', 'splátka 07/2026', 1801, { merchant: null }),
    // A lender that is a company stays the merchant; a private loan between people stays a transfer.
    row(-2500, 'Pujcka Plus Finance s.r.o.', 'splátka úvěru 118842', 1801, { merchant: 'Pujcka Plus Finance' }),
    row(-1000, 'Jana Veselá', 'splátka půjčky', 1202, { merchant: null }),
    row(60, 'Ústredie práce, sociálnych vecí a rodiny', 'prídavok na dieťa 06/2026', 102, { merchant: null }),
    row(-3, '', 'Poplatok za výber z bankomatu v zahraničí 16.07.2026', 1401, { merchant: null }),
  ],
  'schools, universities and e-learning are 1701, a parents\' association too; leisure centres and kindergartens 1702': [
    row(-30, 'Rodičovské združenie pri ZŠ Hlavná', 'príspevok 2026/27', 1701),
    row(-29, '', 'Nákup: PLURALSIGHT, Farmington, US', 1701),
    row(-84, '', 'Nákup kartou 15.11.2026 DUOLINGO*PLUS, PITTSBURGH, USA', 1701),
    row(-25, 'CVČ Klokan Žilina', 'krúžok keramika', 1702),
    // Babysitting in Slovak, paid to a person.
    row(-45, 'Lucia Kováčová', 'stráženie Samka 11/2026', 1702, { merchant: null }),
  ],
  'invoices paid to the account holder are business income, whatever the client (an owners\' association paying a tradesman)': [
    row(21800, 'SVJ Jungmannova 1520', 'FA 2026112 oprava elektroinstalace', 106, { merchant: null }),
    row(15400, 'STAVBY KRÁL s.r.o.', 'úhrada FV 2026031', 106, { merchant: null }),
  ],
  'liability insurance is insurance of no property: 1604': [
    row(-2900, 'Allianz pojišťovna, a.s.', 'pojištění odpovědnosti podnikatele 2026', 1604),
    row(-1200, 'ČSOB Pojišťovna, a. s.', 'pojištění odpovědnosti zaměstnance', 1604),
  ],
  'a railway\'s delay compensation is the ticket\'s': [row(9.9, 'RegioJet a.s.', 'kompenzace za zpoždění spoje RJ 1021', 504)],
  'holiday countries\' kinds of business, supermarket chains and transport operators without MCC (round 9)': [
    row(-9.8, 'PASTELARIA BELEM 84', 'Card payment', 403),
    row(-41, '', 'Platba kartou 4405********2210, 12.07.2026, CHURRASQUEIRA O POLEIRO, FARO, PRT', 401),
    row(-17.3, 'CONTINENTE BOM DIA ALBUFEIRA', 'Card payment', 301, { merchant: 'Continente' }),
    row(-62, 'POUSADA DE OBIDOS', 'Card payment', 1002),
    row(-23.5, 'PSISTARIA O THANASIS RETHYMNO GRC', 'Card payment', 401),
    row(-7.9, 'FARMAKIO KOSTAKIS HERAKLION GRC', 'Card payment', 901),
    row(-31.2, 'AB VASSILOPOULOS 0412 ATHINA GRC', 'Card payment', 301, { merchant: 'AB Vassilopoulos' }),
    row(-12, 'MUSEU NACIONAL DO AZULEJO LISBOA', 'Card payment', 1103),
    row(-4.4, 'ESZPRESSZO KORZO EGER HUN', 'Card payment', 403),
    row(-2.2, 'ANM NAPOLI', 'Card payment', 502, { merchant: 'ANM' }),
    row(-11.9, 'SKM TROJMIASTO GDANSK', 'Card payment · 50,00 PLN', 504, { merchant: 'SKM Trójmiasto' }),
    row(-19.4, 'ECZANE GUNES ALANYA TUR', 'Card payment', 901),
    // A town after a linking word is part of the name.
    row(-15, 'MUSEO DEL MARE TRIESTE ITA', 'Card payment', 1103, { merchant: 'Museo Del Mare' }),
    row(-8, 'CASTELO DE SAO JORGE LISBOA', 'Card payment', 1103, { merchant: 'Castelo De Sao Jorge' }),
  ],
  'merchant names by the convention (round 9): a kind of organisation by its abbreviation, a store word after a bare first name, a marketplace by its site, the operator of a top-up voucher': [
    row(-3900, 'Společenství vlastníků jednotek domu Kounicova 688', 'zálohy na služby 11/2026', 203, { merchant: 'SVJ Kounicova 688' }),
    row(-85, 'Spoločenstvo vlastníkov bytov Kukučínova 14', 'fond opráv 11/2026', 203, { merchant: 'SVB Kukučínova 14' }),
    row(-14, 'NARODNY PARK MURANSKA PLANINA', 'Card payment', 1103, { merchant: 'NP Muranska Planina' }),
    row(-59, 'MONIKA SHOP, KOSICE, SK', 'Platba kartou 12.10.2026 karta 5404********3318', 603, { merchant: 'Monika Shop', details: { mccCode: '5651' } }),
    row(-890, '', 'Místo: KAUFLAND.CZ MARKETPLACE PRAHA Částka: 890,00 CZK', 605, { merchant: 'Kaufland.cz' }),
    row(-24.9, '', 'Platba kartou 4405 **** **** 3017 KAUFLAND.SK BRATISLAVA SVK', 605, { merchant: 'Kaufland.sk' }),
    row(-300, 'TABAK U RADNICE, KOLIN, CZ - DOBITI T-MOBILE KUPON', 'PLATBA KARTOU 02.11.2026 5168xxxxxxxx2291', 703, { merchant: 'T-Mobile', details: { mccCode: '5993' } }),
    row(-19.9, 'PEPCO 4410 ZILINA SVK', '', 603, { merchant: 'Pepco' }),
    row(-6, 'OMV 3312, TRNAVA, SK - UMYTIE AUTA PROGRAM 2', 'Platba kartou 03.11.2026 karta 5404********3318', 506, { merchant: 'OMV', details: { mccCode: '5541' } }),
  ],
  'the more specific kind of a payment outranks the general one, whatever the words\' lengths (round 9)': [
    // A mortgage is a loan: its word outranks the loan's.
    row(-14200, '', 'Splátka úvěru 2207719304 - hypotéka', 202, { merchant: null }),
    row(-690, 'Petra Horváthová', 'splátka úveru č. 5512 hypotéka', 202, { merchant: null }),
    // A returned bank fee stays a bank fee, also from the bank named as counterparty.
    row(1.5, 'Tatra banka, a.s.', 'Vrátenie poplatku za výber z bankomatu 09/2026', 1401, { merchant: null }),
    row(40, '', 'Vrácení poplatku - výběr z bankomatu jiné banky', 1401, { merchant: null }),
    // A top-up of one's own account elsewhere is a transfer to an own account, no merchant.
    row(-200, 'Revolut Bank UAB', 'dobití vlastního účtu Revolut', 1201, { merchant: null }),
    row(150, 'Top-up by *7781', 'Top-up from Tatra banka account SK12 1100 ****', 1201, { merchant: null }),
    // Words saying only "for children" make no payment to a person a childcare one.
    row(-100, 'Jozef Baláž', 'pre deti na Mikuláša', 1202, { merchant: null }),
  ],
  'social insurance contributions are 1502 without a merchant, its benefits 102; an insurer\'s premium returned is the policy\'s, not a claim (round 10)': [
    row(-388.5, 'Sociálna poisťovňa', 'sociálne odvody 11/2026', 1502, { merchant: null }),
    row(612, 'Sociálna poisťovňa', 'nemocenské 10/2026', 102, { merchant: null }),
    row(-1480, 'Zakład Ubezpieczeń Społecznych', 'składki 11/2026', 1502, { merchant: null }),
    row(840, 'ČSOB Pojišťovna, a. s.', 'vrácení nespotřebovaného pojistného - havarijní pojištění 5512', 1602, { merchant: 'ČSOB Pojišťovna' }),
    row(55, 'Allianz - Slovenská poisťovňa, a.s.', 'vrátenie poistného, poistenie domácnosti - zánik zmluvy', 1603, { merchant: 'Allianz - Slovenská poisťovňa' }),
  ],
  'a guesthouse is accommodation, a pension received a pension; nature parks, castles and fortresses are leisure; boat trips are excursions (round 10)': [
    row(-95, '', 'Kartenzahlung 12.08.2026 PENSION HUBERTUS MAYRHOFEN AUT', 1002, { merchant: 'Pension Hubertus' }),
    row(1450, 'Pensionsversicherungsanstalt', 'Pension 11/2026', 102, { merchant: null }),
    row(-12, '', 'Kartová transakcia 14.08.2026: PARK PRIRODE TELASCICA SALI HRV', 1103),
    row(-9, '', 'Kartová platba 4405 77** **** 1111, 12.07.2026, GODOLLOI KIRALYI KASTELY, GODOLLO, HUN, 3 500,00 HUF', 1103),
    row(-28, '', 'Kartenzahlung ATTERSEE AUSFLUGSSCHIFF UNTERACH AUT', 1003),
    row(-30, '', 'POS 03.08.2026 4405xxxxxxxx1111 KAPETAN LUKA IZLETI TUCEPI HRV', 1003),
  ],
  'an electrician\'s work is home improvement, whatever the electronics word of the name; a school word alone makes no payment to a person tuition; one\'s savings are one\'s own account (round 10)': [
    row(-18300, 'ELEKTRO NOVOTNÝ s.r.o.', 'FV 2026077 elektroinstalace kuchyně', 204),
    row(-2400, 'Elektro Mikeš s.r.o.', 'Rechnung 4410', 602),
    row(-40, 'Marek Dvořák', 'Adámkovi do školy', 1202, { merchant: null }),
    row(-600, 'Petra Nová', 'doučování matematiky 10/2026', 1701, { merchant: null }),
    row(-2000, 'Veronika Malá', 'na spořák', 1201, { merchant: null }),
  ],
  'a chain named beside a word of its own kind is that chain whatever MCC its terminal reports; a kind word and a name keep both (round 10)': [
    row(-31.9, 'ZIKO APTEKA UL. DLUGA KRAKOW', 'Nákup kartou 5299 **** **** 7710, 14.09.2026', 901, { merchant: 'Ziko Apteka', details: { mccCode: '5977' } }),
    row(-129, 'PEARLE OPTIKA OC FORUM USTI', 'Platba kartou 15.09.2026', 902, { merchant: 'Pearle', details: { mccCode: '5912' } }),
    row(-80, '', 'PARKING CENTRUM, OLOMOUC, CZ', 505, { merchant: 'Parking Centrum', details: { mccCode: '7523' } }),
  ],
  'a brand\'s company in the country of a card text or named by its kind word there; a top-up voucher at a fuel station is the operator\'s (round 10)': [
    row(-10, '', 'POS 05.10.2026 5167xxxxxxxx1111 OMV 3310 ZILINA SVK - DOBITIE O2 10', 703, { merchant: 'O2 Slovakia', details: { mccCode: '5541' } }),
    row(-500, '', 'Transakce kartou 5375XXXXXXXX1111 dne 02.10.2026: MOL 4410, JIHLAVA, CZ - DOBITI VODAFONE KUPON 500', 703, { merchant: 'Vodafone', details: { mccCode: '5541' } }),
    row(-29, '', 'Transakcia kartou 4405 77** **** 1111, T-MOBILE PREDAJNA, KOSICE, SVK, 03.10.2026', 703, { merchant: 'Slovak Telekom', details: { mccCode: '4814' } }),
    row(-3200, 'UNIQA poisťovňa, a.s.', 'PZP zmluva 55120', 1602, { merchant: 'UNIQA poisťovňa' }),
    row(-89, '', 'Karetní transakce: HILTON GARDEN INN KRAKOW, KRAKOW, POL', 1002, { merchant: 'Hilton Garden Inn', details: { mccCode: '3504' } }),
  ],
  'a Slovak brand\'s Czech company by its own name; an operator\'s prepaid brand sold at its chain\'s store; wine shops, abbeys and a town\'s word (round 14)': [
    row(-1620, 'SPP CZ, a.s.', 'záloha plyn 06/2026, OM 27ZG410051873309', 701, { merchant: 'SPP CZ' }),
    row(-375, '', 'ALDI NORD 117, PIRNA, DE - ALDI TALK AUFLADUNG 15,00 EUR', 703, { merchant: 'Aldi Talk', details: { mccCode: '5411' } }),
    row(-412, '', 'Nákup: LIDL 0412, BRNO, CZ', 301, { merchant: 'Lidl', details: { mccCode: '5411' } }),
    row(-856, 'ENOTECA IL CALICE TRIESTE ITA', 'Card payment, EUR 34.50', 303),
    row(-420, '', 'Karetní transakce: VINOTECA LA UVA, SEVILLA, ESP', 303),
    row(-35, 'WEINHANDLUNG MAYER KREMS', '', 303),
    row(-12, 'VINERIA DA PINO VERONA', '', 403),
    row(-28, '', 'Platba kartou 4319 48** **** 7712 Miesto: STIFT MELK KASSA, MELK, AUT', 1103),
    row(-18, '', 'Platba kartou 4319 48** **** 7712 Miesto: KLASZTOR TYNIEC, KRAKOW, POL', 1103),
    row(-31.2, '', 'Platba kartou 4319 48** **** 7712 Miesto: SPAR MAUTERN, MAUTERN AN DER DONAU, AUT', 301, { merchant: 'Spar' }),
  ],
  'a fintech\'s English framing of a transfer or a card text is stripped: the payee and the reference are read (round 16)': [
    row(-520, 'Marek Horváth', 'Sent money to Marek Horváth, nájomné 03/2027', 201, { merchant: null }),
    row(-380, 'Mgr. Eva Kollárová', 'To Mgr. Eva Kollárová - nájom 04/2027', 201, { merchant: null }),
    row(1900, 'Pixelwerk GmbH', 'Received money from Pixelwerk GmbH with reference Rechnung 2027-04', 106, { merchant: null }),
    row(-35, '', 'Sent money to Tenisový klub Orava, členský príspevok 2027', 903, { merchant: 'Tenisový klub Orava' }),
    row(-42, '', 'Card transaction of 42.00 EUR issued by OMV 2231 VILLACH', 501, { merchant: 'OMV' }),
    row(-12, '', 'Card payment at BILLA 0412 GRAZ', 301, { merchant: 'Billa' }),
    // "From" alone frames only the counterparty's own name.
    row(200, 'Petra Malá', 'From mum for the trip', 1202, { merchant: null }),
  ],
  'a dash parts what was sold from an unmarked card text without a comma; a kindergarten\'s word in a note beside a school word (round 16)': [
    row(-15, '', 'TRAFIKA MIER NAMESTIE POPRAD SK - DOBITIE ORANGE KUPON 15', 703, { merchant: 'Orange Slovensko' }),
    row(-28.4, 'Školská jedáleň pri MŠ Lúčna', 'stravné MŠ 03/2027 Ema Kováčová', 1702),
    row(-780, 'ZŠ a MŠ Komenského', 'obědy březen Jan Novák', 1701),
    row(-790, '', 'Nákup: FITNESS ATLAS, Tabor, CZ, dne 6.3.2027, částka 790.00 CZK', 903),
  ],
  'kinds of business abroad and at home without MCC, chains of the Balkans and Greece where they trade (round 16)': [
    row(-210, 'MAXI 0127 BEOGRAD SRB', 'Card payment, 1,020 RSD', 301, { merchant: 'Maxi' }),
    row(-1400, 'NIS PETROL BS NOVI SAD 4 SRB', 'Card payment, 6,700 RSD', 501, { merchant: 'NIS Petrol' }),
    row(-1500, 'EKO 1180 KALAMARIA GRC', 'Card payment, 60.00 EUR', 501, { merchant: 'EKO' }),
    row(-100, 'STATHMEFSI LIMANI KAVALA GRC', 'Card payment, 4.00 EUR', 505),
    row(-250, 'GOLDEN SAND SUNBEDS KALLITHEA GRC', 'Card payment, 10.00 EUR', 1103),
    row(-1800, 'ATHOS CRUISES NEA RODA GRC', 'Card payment, 70.00 EUR', 1003),
    row(-180, 'CURRYWURST EXPRESS HAMBURG DEU', 'Card payment, 7.50 EUR', 402),
    row(-240, 'SPAETI ZUR ECKE HAMBURG DEU', 'Card payment, 9.80 EUR', 301),
    row(-22, '', 'Card transaction of 22.00 EUR issued by REDERIJ DE VLIET RONDVAART UTRECHT', 1003),
    row(-4, '', 'Card transaction of 4.00 EUR issued by HTM DEN HAAG', 502),
    row(-1100, '', 'Nákup: VALAPETROL 03 VSETIN, Vsetin, CZ, dne 6.3.2027, částka 1100.00 CZK', 501),
    row(-350, '', 'Nákup: SUMUP *HOSPUDKA NA NAVSI, Rejviz, CZ, dne 6.3.2027, částka 350.00 CZK', 401),
    row(-500, '', 'Nákup: SQ *E-BIKE RENT KLINOVEC, Bozi Dar, CZ, dne 6.3.2027, částka 500.00 CZK', 1103),
    row(-260, '', 'Nákup: KINOSVET 2, Zlin, CZ, dne 6.3.2027, částka 260.00 CZK', 1101),
    row(-1800, 'Teplárna Otrokovice a.s.', 'vyúčtování tepla 2026/27 nedoplatek', 701),
    row(120, '', 'Odměna cashback 03/2027', 104, { merchant: null }),
    row(-290, '', 'Karetní transakce 07.03.2027 karta 5269 **** **** 0831: VETERINARNI LEKARNA AZOR, Zlin, CZ', 608, { details: { mccCode: '5912' } }),
    row(-70, 'Moto-Części Nowak sp. z o.o.', 'zamówienie 1201 klocki hamulcowe Fabia', 506),
    row(2400, 'Brightline Ltd', 'INV-2027-03 consulting', 106, { merchant: null }),
  ],
  'a children\'s camp sold by a travel agency is the camp; a doctor paid by card under her own name and title is no merchant (round 16)': [
    row(-120, 'CK Lastovička s.r.o.', 'záloha letný tábor Jánošík 5.-11.7. Ema Kováčová', 1702, { merchant: 'CK Lastovička' }),
    row(-900, '', 'Nákup: MUDR. PETR HORAK, Zlin, CZ, dne 6.3.2027, částka 900.00 CZK', 902, { merchant: null }),
  ],
  'kinds of business and chains of Denmark, Sweden, Romania, Bulgaria and Britain without MCC; a lender named by its legal name, a currency exchange, an electrician\'s breakers (round 17)': [
    row(-6, 'DSB ODENSE BANEGAARD', '', 504),
    row(-31, 'ODENSE DANHOSTEL', '', 1002),
    row(-5, 'JOHNS POLSEVOGN AARHUS', '', 402),
    row(-7, 'BAGERI KORNET AARHUS', 'Card payment', 303),
    row(-12, 'FOTEX AARHUS C', '', 301),
    row(-4, '7-ELEVEN 2041 MALMO', '', 301),
    row(-16, 'EGESKOV SLOT KVAERNDRUP', '', 1103),
    row(-9, 'STENA LINE FREDERIKSHAVN', '', 504),
    row(-3, 'VASTTRAFIK GOTEBORG', '', 502),
    row(-8, 'APOTEKET GOTEBORG', '', 901),
    row(-6, 'KONDITORI BRUNNSPARKEN MALMO', '', 403),
    row(-60, 'VANDRARHEM SLOTTSSTADEN MALMO', '', 1002),
    row(-7, 'GATUKOK LILLA TORG MALMO', '', 402),
    row(-11, 'FISKEHANDEL HAMNEN SIMRISHAMN', '', 303),
    row(-60, 'ROMPETROL 221 SIBIU', 'Card payment, RON 298.00', 501),
    row(-3, 'BRUTARIE LA CUPTOR SIBIU', 'Card payment, RON 14.90', 303),
    row(-6, 'ROVINIETA 30 ZILE', 'Card payment, RON 29.80', 505),
    row(-55, 'PENSIUNEA CASA VERDE SIBIU', 'Card payment', 1002),
    row(-14, 'PLAZH ZLATNA RIBKA SHEZLONG', 'Card payment', 1103),
    row(-90, 'KESHTA ZA GOSTI LAVANDULA SOZOPOL', 'Card payment', 1002),
    row(-21, 'THAMESLINK TVM GATWICK AIRPORT', 'Card payment, GBP 18.10', 504),
    row(-900, 'Agrotank Podhradí s.r.o.', 'Platba kartou PHM', 501),
    row(-60, 'Exchanged to EUR', 'Exchanged to EUR', 1201, { merchant: null }),
    row(-320, 'Slovenská sporiteľňa, a.s.', 'splátka hypotéky 22001144', 202, { merchant: 'Slovenská sporiteľňa' }),
    row(-410, 'Všeobecná úverová banka, a.s.', 'splátka úveru 88120044', 1801, { merchant: 'VÚB' }),
    row(-180, 'ELEKTRO NOVAK s.r.o.', 'FA 2027-012 výmena ističa v rozvádzači', 204),
  ],
  'firms named by their kind in Turkish, Nordic and Baltic words; Europe\'s airlines, ferries, city transport, airport coaches, motorways, attractions and chains where they trade; a brand\'s store; fintechs\' conversions and top-ups (round 19)': [
    row(-2100, '', 'Card transaction of 4,100.00 TRY issued by SUNEXPRESS HAVA YOLLARI IZMIR', 1001),
    row(-900, '', 'Card transaction of 1,700.00 TRY issued by CORENDON HAVA TASIMACILIGI A.S. ANTALYA', 1001, { merchant: 'Corendon Airlines' }),
    row(-260, '', 'Card transaction of 500.00 TRY issued by TURK TELEKOM ILETISIM BODRUM', 703, { merchant: 'Türk Telekom' }),
    row(-180, '', 'Card transaction of 340.00 TRY issued by BIM BIRLESIK MAGAZALAR 4412 BODRUM', 301, { merchant: 'BİM' }),
    row(-40, '', 'Card transaction of 80.00 TRY issued by TURYOL VAPUR KADIKOY', 504, { merchant: 'Turyol' }),
    row(-90, '', 'Card transaction of 170.00 TRY issued by KARAKOY GULLUOGLU', 403),
    row(-75, '', 'Card transaction of 140.00 TRY issued by ISTTAKSI BEYOGLU', 503),
    row(-130, 'VIKING LINE HELSINKI FIN', 'Card payment', 504, { merchant: 'Viking Line' }),
    row(-9, 'STAGECOACH BUSES MANCHESTER GBR', 'Card payment', 502, { merchant: 'Stagecoach' }),
    row(-7, 'RUTER AS OSLO NOR', 'Card payment', 502, { merchant: 'Ruter' }),
    row(-22, 'FLYTOGET OSLO LUFTHAVN', 'Card payment', 504, { merchant: 'Flytoget' }),
    row(-60, 'OERESUNDSBRON MALMO SWE', 'Card payment', 505),
    row(-45, 'LISEBERG GOTEBORG SWE', 'Card payment', 1103, { merchant: 'Liseberg' }),
    row(-20, 'NATIONALMUSEET KOBENHAVN', 'Card payment', 1103),
    row(-15, 'SALUHALLEN LUND', 'Card payment', 303),
    row(-6, 'BAGERIET ANNA AARHUS', 'Card payment', 303),
    row(-4, 'AGENSKALNA TIRGUS RIGA LVA', 'Card payment', 303),
    row(-31, 'REMA 1000 AARHUS C', 'Card payment', 301, { merchant: 'Rema 1000' }),
    row(-120, 'SCANDIC CONTINENTAL STOCKHOLM SWE', 'Card payment', 1002),
    row(-5, 'MOL BUBI BUDAPEST HUN', 'Card payment', 507, { merchant: 'MOL Bubi' }),
    row(-25, '', 'Transakcia kartou 4319 48** **** 7731 Miesto: TELEKOM PREDAJNA OPTIMA, KOSICE, SVK', 703, { merchant: 'Slovak Telekom', details: { mccCode: '4812' } }),
    row(-1500, '', 'Karta 5169 **** **** 2290, Místo: ROBIN OIL 112, KOLIN, CZ', 501),
    row(-1490, '', 'Karta 5169 **** **** 2290, Místo: TANK OIL 3, HUMPOLEC, CZ', 501),
    row(-3990, '', 'Nákup: ELEKTROKOLA-SHOP.CZ, BRNO, CZ', 606),
    row(-890, 'BALETNI SKOLA LABUTKA BRNO', 'Karetní transakce', 1702),
    row(-2000, '', 'Converted 2,000.00 CZK to 80.00 EUR', 1201, { merchant: null }),
    row(-400, '', 'Top-up by *9182', 1201, { merchant: null }),
    row(400, '', 'Top-up by *9182', 1201, { merchant: null }),
  ],
  'a fintech\'s own plan fee is a bank fee without merchant; kinds of business by their words in every language (round 22)': [
    row(-129, 'bunq B.V.', 'bunq Pro subscription 03/2027', 1401, { merchant: null }),
    row(-12.99, 'Revolut Ltd', 'Premium plan fee', 1401, { merchant: null }),
    row(-16.99, 'Revolut', 'Metal plan fee', 1401, { merchant: null }),
    row(-600, '', 'Card payment at TITANIC BELFAST VISITOR EXPERIENCE, BELFAST, GB: 21.00 GBP at 28.71 CZK/GBP', 1103),
    row(-860, '', 'Card payment at GLENFIDDICH DISTILLERY, DUFFTOWN, GB: 30.00 GBP at 28.71 CZK/GBP', 1103),
    row(-6400, '', 'Card payment at GARNI EDELWEISS, CANAZEI, IT: 260.00 EUR at 24.66 CZK/EUR', 1002),
    row(-290, '', 'Nákup: SYDTRAFIK, Vejle, DK, dne 12.05.2027, částka 88.00 DKK', 502),
    row(-40, 'FUNIVIA FAEDO PIANCAVALLO ITA', 'Card payment', 1103),
    row(-30, 'TELECABINE DU MONT CHERY LES GETS FRA', 'Card payment', 1103),
    row(-90, 'HOCKEY SHOP PUK', 'POS nákup, karta *4410, ZVOLEN, SVK, 14.02.2027', 606),
    row(-140, '', 'Platba kartou 5168 41** **** 9021 Miesto: ELEKTROMATERIAL KOVAC, NITRA, SVK', 204, { details: { mccCode: '5065' } }),
    row(-45, 'PRISLUSENSTVO-MOBILY.SK', 'POS nákup, karta *7320, KOSICE, SVK, 03.03.2027', 602),
    row(-25, 'PEKARNA OSEM MARIBOR SVN', 'Card payment', 303),
    row(-18, 'KAHVILA AALTO TAMPERE FIN', 'Card payment', 403),
    row(-7300, '', 'Card payment at AGRITURISMO IL CASALE, MONTEPULCIANO, IT: 296.00 EUR at 24.66 CZK/EUR', 1002),
    row(-3.5, 'STREFA PLATNEGO PARKOWANIA NOWY SACZ POL', 'Card payment, 15.00 PLN, 1 EUR = 4.2800 PLN', 505, { merchant: null }),
    row(-80, 'PILATUS BAHNEN KRIENS CHE', 'Card payment, 75.00 CHF, 1 EUR = 0.9400 CHF', 1103),
    row(-16, '', 'Platba kartou 4405 77** **** 7745 Miesto: EVINJETA DARS, LJUBLJANA, SVN', 505, { merchant: 'DARS', details: { mccCode: '4784' } }),
    row(-13700, '', 'Nákup: LEGOLAND HOTEL, Billund, DK, dne 03.04.2027, částka 4120.00 DKK', 1002, { merchant: 'Legoland Hotel' }),
    row(-2030, '', 'Nákup: LEGO HOUSE, Billund, DK, dne 04.04.2027, částka 610.00 DKK', 1103, { merchant: 'LEGO House' }),
    row(-35, 'APTEEKKI HERTTONIEMI HELSINKI FIN', 'Card payment', 901),
    row(-60, 'KAPPER STUDIO NOORD AMSTERDAM NLD', 'Card payment', 904),
    row(-45, 'BOGHANDEL ARNOLD BUSCK KOBENHAVN DNK', 'Card payment', 607),
    row(-30, 'BOZPSKOLENIA.SK', 'Platba kartou', 1701),
  ],
  'a fintech\'s fees of every kind are bank fees without merchant; a trade\'s supplies are business expenses, a hobby\'s fabrics sports & hobby (round 23)': [
    row(-1.5, 'Revolut', 'Weekend FX fee', 1401, { merchant: null }),
    row(-4.9, 'N26', 'Card delivery fee', 1401, { merchant: null }),
    row(-2.1, 'Wise', 'Currency conversion fee 0.43%', 1401, { merchant: null }),
    row(-3100, 'Kadeřnické potřeby Novák s.r.o.', 'FA 270044 nůžky, barvy', 2003),
    row(-85, 'Servis šicích strojů Beneš', 'FA 270102 servis šicího stroje Brother', 2003),
    row(-22, '', 'Nákup POS 11.03.2027, karta 4405 77** **** 1180, METRAZ PRI MOSTE, POPRAD, SK', 606),
  ],
};

describe('the documented table "Where each kind of payment goes"', () => {
  for (const [name, cases] of Object.entries(table)) {
    it(name, () => {
      for (const c of cases) {
        const { enrichment } = enrichTransaction({ amount: c.amount, counterParty: c.counterParty, note: c.note, details: c.details ?? {} });
        const label = `${c.amount} "${c.counterParty}" "${c.note}"`;
        expect.soft(enrichment.category.subcategoryId, label).toBe(c.sub);
        if (c.merchant !== undefined) expect.soft(enrichment.merchant?.name ?? null, label).toBe(c.merchant);
      }
    });
  }
});
