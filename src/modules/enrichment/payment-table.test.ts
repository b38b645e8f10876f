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
  ],
  'a subscription or service sold by a shop is the service\'s, and the service is the merchant when the text names one': [
    row(-269, 'Alza.cz a.s.', 'Předplatné Microsoft 365 Family', 803, { merchant: 'Microsoft 365' }),
    row(-799, 'DATART', 'NÁKUP KARTOU 02.04.2026 DATART 021, BRNO, CZ - NETFLIX DARKOVA KARTA 800', 801, { merchant: 'Netflix' }),
    row(-399, 'NAY *HBO MAX 3 MESIACE', 'PLATBA KARTOU 03.05.2026 NAY *HBO MAX 3 MESIACE BRATISLAVA SK', 801, { merchant: 'HBO Max' }),
    // A service the list does not know, behind a shop's prefix: named from the text after the star.
    row(-590, 'NAY *KASPERSKY STANDARD 1 ROK', 'PLATBA KARTOU 04.05.2026 NAY *KASPERSKY STANDARD 1 ROK BRATISLAVA SK', 803, { merchant: 'Kaspersky' }),
    row(-1590, 'CZC.CZ', 'NÁKUP KARTOU 11.04.2026 CZC.CZ, PRAHA 9, CZ - KASPERSKY PLUS 1 ROK', 803),
    row(-499, 'ALZA.CZ A.S.', 'NÁKUP KARTOU 08.02.2026 ALZAPLUS+ PREDPLATNE, PRAHA 7, CZ', 805, { merchant: 'Alza.cz' }),
    row(-1299, 'EURONICS', 'NÁKUP KARTOU 12.03.2026 EURONICS, PLZEN, CZ - PLAYSTATION PLUS GAME PASS 12 MESICU', 1102),
    // Goods of the shop beside the service's name: the shop's.
    row(-8990, 'EURONICS', 'NÁKUP KARTOU 14.03.2026 EURONICS, PLZEN, CZ - HERNI KONZOLE PLAYSTATION 5 + GAME PASS', 602),
  ],
  'a drugstore, pharmacy or vet whatever MCC its terminal reports': [
    row(-212, 'ROSSMANN 1120 PLZEN', '', 604, { details: { mccCode: '5411' } }),
    row(-980, 'VETERINARNI ORDINACE DR KOCI', '', 608, { details: { mccCode: '5912' } }),
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
  ],
  'a foreign bank\'s card text names the business after its marker (town, country, amount in another currency cut)': [
    row(-27.6, '', 'Bezahlung Karte MC/000003621 CBA 0231 SOPRON HUN HUF 10.890,00', 301, { merchant: 'CBA potraviny' }),
    row(-12.4, '', 'Bezahlung Maestro MC/000004417 KONOBA BURA TROGIR HRV', 401, { merchant: 'Konoba Bura' }),
    row(-9.4, '', 'Bezahlung Karte MC/000003621 NEMZETI UTDIJFIZETESI SZOLG. BUDAPEST HUN HUF 3.700,00', 505),
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
  ],
  'utilities abroad; a longer keyword of the note refines the payee\'s': [
    row(-64, 'Stadtwerke Regensburg GmbH', 'Abschlag Wasser 06/2026', 702),
    row(-88, 'Elektro Ljubljana d.d.', 'račun za struju 05/2026', 701),
  ],
  'a word of a town never decides': [row(-31, 'COOP JEDNOTA STARA VODA', '', 301), row(-44, 'LIDL NOWA WODA', '', 301)],
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
