/**
 * Re-enrichment with the rules of issue 20's fourteenth to eighteenth rounds, which land together
 * (one pass, not five; docs/categories.md, "Where each kind of payment goes", "Merchant names: the
 * convention", "Round 14", "Round 15", "Round 16", "Round 17" and "Round 18").
 * Round 14:
 * - a brand of another country (merchants.json `home`: the Slovak brands SPP, ZSE, Slovnaft...)
 *   named with the home country's word in a bank-transfer name ("SPP CZ, a.s.") is its company
 *   there, a merchant of its own (naming rule 4); a home brand's Czech company stays the brand;
 * - city transport companies by their initials ("DP MESTA DECINA": DPMD, "Dopravní podnik Karlovy
 *   Vary": DPKV); the tourist clubs by their abbreviations ("Klub slovenských turistov Sitno": KST
 *   Sitno, KČT);
 * - a service shops sell on the side includes the subcategories keyword rules mark `soldByShops`
 *   (an operator's prepaid brand after a chain's dash: "ALDI NORD ... - ALDI TALK AUFLADUNG" is
 *   Aldi Talk, 703);
 * - a catch-all keyword of a category yields to a specific kind of it in the same text ("pojistné
 *   PZP+HAV": car insurance, 1602); money-back words keep theirs;
 * - wine shops in the accounts' languages 303 (enoteca, vinoteca, winoteka, Weinhandel, borbolt,
 *   caviste, wijnhandel...); abbeys and monasteries 1103 (Stift, Kloster, klášter, klasztor,
 *   apátság...); towns named with "Maut" (Mautern, Mauthausen) are places, no toll; savings products
 *   named with a bank's prefix ("mSpoření") 1201.
 * Round 15:
 * - the countries of the Balkans (Montenegro, Serbia, Bosnia and Herzegovina, North Macedonia,
 *   Albania, Bulgaria: codes, names, towns); a counterparty written like a card terminal's
 *   descriptor, in upper case and ending in a foreign country's code ("VOLI 47 DOBRA VODA MNE": N26,
 *   Revolut), is a card text: chains and numbered stores abroad, the town dropped from its name;
 * - a brand of another country in a card text naming a third country is no brand ("SPP KRAKOW
 *   PARKOMAT": Kraków's paid parking zone, an authority's: 505, no merchant); a ticket or parking
 *   machine's word (Biletomat, Parkomat, Fahrkartenautomat) is no part of a name ("MPK Kraków");
 * - a short brand written with a digit opens its descriptor ("O2 PREDAJNA ..., SVK": O2 Slovakia);
 *   a bank's word for the card before its number in a card text's head;
 * - a bank booking a card text (a chargeback paid back by the card's issuer) names no payee, the
 *   card text does; money back that only says so from a payee the list does not know takes the
 *   subcategory of the account's purchase from that payee and names it;
 * - a utility paid by card at one of its sites ("STADTWERKE ... PARKHAUS": 505) and a site's outlet
 *   ("HOTEL AMBIENTE - KAVARNA": 403) by the word naming it last;
 * - an organisation's unit after the comma is part of its name ("Junák – český skaut, středisko
 *   Bobři"); the list's Wedel is named "Pijalnia Czekolady E.Wedel";
 * - words: villas 1002, fortresses 1103, tunnels and Alpine toll roads 505, garden bars and pump
 *   rooms 403, pet care by a person 608, little schools and Pionýr 1702, buy-backs 105, expenses
 *   paid back 104, toy shops' glued domains 607, travel agencies' names 1003.
 * Round 16:
 * - a fintech's English framing of a transfer's note ("Sent money to <payee>, <reference>",
 *   "Received money from <payer> with reference <ref>", "To <payee> - <ref>"): the payee is the
 *   counterparty's name (or becomes the counterparty when it is empty), the reference is the note;
 *   a card marker's amount and connective ("Card transaction of 16.00 EUR issued by DARS ...",
 *   "Card payment at ...") are no part of the descriptor;
 * - a dash parts what was sold from an unmarked card text without a comma ("TABAK NOVINY ... SK -
 *   DOBITIE ORANGE KUPON 10": Orange Slovensko, 703); a kindergarten's keyword in a note beside a
 *   school's ("stravné MŠ"): 1702; a children's camp outranks the travel agency selling it;
 * - a sole trader paid by card under a titled name ("MUDR. HANA STRELCOVA") is no merchant; a town
 *   after a German or Dutch linking word (zu, zum, zur, van) stays part of the name;
 * - the chains Maxi (Serbia), NIS Petrol, Makpetrol and EKO (Greece) where they trade; words:
 *   Greek parking, sunbeds, cruises and holiday studios, Dutch boat trips and transport (rederij,
 *   rondvaart, GVB, NS Reizigers), lake ferries (navigazione), Slovene cable cars (žičnice), German
 *   Späti and Currybude, glued fuel names (*petrol), diminutive inns (hospůdka), bike rental, heating
 *   bills (vyúčtování tepla), a bank's cashback reward 104, veterinary pharmacies 608, car parts 506, invoice
 *   references (INV) 106, course sites (kurzy…) 1701, cinemas by stem (kino…) 1101.
 * Round 17:
 * - a bank named by its legal name is named by its brand (merchants.json bankBrands: "Všeobecná
 *   úverová banka, a.s." is VÚB, "Československá obchodní/obchodná banka" ČSOB, "365.bank, a. s."
 *   365.bank), which names the merchant, never the category (the loan or mortgage words do);
 * - a brand followed by a foreign country's name in a card text is the brand's company there, a
 *   merchant of its own ("PACKETA SLOVAKIA BRATISLAVA": Packeta Slovakia; naming rule 4); the list's
 *   "Transport for London" is shown as TfL;
 * - a fintech's framing opening the counterparty ("To Österreichischer Alpenverein") is no part of
 *   the name; a note "NAME /TOWN" with nobody in the counterparty is a card text ("ELEKTRO-VOLT.CZ
 *   /OSTRAVA");
 * - the countries Romania, Denmark, Sweden, Britain and the Netherlands by their codes; the chain
 *   Profi (Romania) where it trades; words of kinds of business and chains of Denmark, Sweden,
 *   Romania, Bulgaria and Britain (DSB, Danhostel, pølser, bageri, Føtex, 7-Eleven, slot, ForSea,
 *   Skånetrafiken, apotek, konditori, vandrarhem, gatukök, rökeri, Petrom, covrigărie, rovinieta,
 *   plazh, shezlongi, keshta za gosti, Dunav most, Thameslink, Dishoom...), glued fuel names
 *   (*tank), a currency exchange inside the account (Exchanged to GBP) 1201, an electrician's
 *   breakers (istič…, jistič…) over the electronics word of his firm's name.
 * Round 18:
 * - Czech and Slovak banks by their legal names named by brand (bankBrands: "Banka CREDITAS" is
 *   Creditas, "UniCredit Bank Czech Republic and Slovakia" UniCredit, "MONETA Money Bank" MONETA,
 *   "Prima banka Slovensko" Prima banka, SZRB, Národní rozvojová banka); Buřinka a building society
 *   of its own (the list had it as an alias of ČMSS);
 * - the words of about forty kinds of business in 23 European languages (Catalan, Spanish,
 *   Portuguese, French, Italian, German, Dutch, the Nordic languages, Finnish, Polish, the Baltic
 *   languages, Hungarian, Romanian, Bulgarian, South Slavic, Albanian, Greek and Turkish in Latin
 *   letters, English) and chains where they trade (Condis, Covirán, Aerobus, TUSSAM, Trans Côte
 *   d'Azur, EVA Transportes, Fragonard, Renfe, SNCF, SBB, Mega Image, Baltic, Nordic and British
 *   chains); Student Agency a travel agency (no longer RegioJet's alias), SAZKAmobil 703, Casino
 *   the group's name; car-wash words sold by fuel stations; a class's fund 1701;
 * - the main tourist towns of Europe and the country codes the rules lacked (FR, CH, BE, FI, NO, EE,
 *   LT, TR, IE, LU, CY, IS, MC, XK);
 * - card texts of every Czech and Slovak bank: card-payment markers one after another ("Nákup POS
 *   22.07.2026, karta …, NAME, TOWN, SK"), more markers, place labels and card-number words, a
 *   number masked up to its last digits ("karta *7731").
 * Databases that ran 0032 keep stale categories and merchants otherwise. The same work as 0018:
 * every account's stored transactions enriched again inside the migration's transaction, only
 * changed rows written (money back takes its purchase's category over the account, as recurrence
 * is computed). Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
