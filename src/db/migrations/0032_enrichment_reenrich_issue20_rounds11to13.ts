/**
 * Re-enrichment with the rules of issue 20's eleventh to thirteenth rounds, which land together (one
 * pass, not three; docs/categories.md, "Where each kind of payment goes", "Recurrence", "Round 11",
 * "Round 12" and "Round 13").
 * Round 11:
 * - a bank's details after a card text (UniCredit's "DATUM PROVEDENI TRANSAKCE: <date>", "ORIGINALNI
 *   CASTKA <amount>"; the same words in the accounts' languages) are no part of it, refund words after
 *   its country leave it a card text, and a card descriptor's name ends at its legal form;
 * - a guesthouse host's income (a platform's payout, a guest's transfer for a stay: 106), a public
 *   employer's pay ("služobný príjem", Dienstbezüge, Besoldung...: 101), "Pension" opening a payee's
 *   name a guesthouse both ways, a name opening with a kind of business no person;
 * - the kinds of business of France and Benelux, motorway service restaurants, therapies, fishing
 *   tackle, game consoles, Benelux and French chains, German outdoor shops, writing software;
 * - a brand's arms both ways (Bolt's "BOLT.EU/O" Bolt Food), banks' refund markers with a colon, a
 *   bank's card text naming the shop whoever books it, Slovak towns naming the country of a card
 *   text, Arriva's regional buses 502, naming (linking words, a name's word ending in digits).
 * Round 12:
 * - a bank's label of the place before a card text's descriptor ("Miesto:", "Místo:", "Ort:",
 *   "Miejsce:", "Mjesto:", "Hely:", "Merchant:"...) and a word for the card before its number
 *   ("Karta 4185 **** **** 3317, ...") open or head a card text; the amount a bank writes after it
 *   ("CASTKA 85,00 CZK") is no part of it;
 * - Germany's fuel chains by their short names (JET, STAR, Westfalen, Gulf, Total, bft, Hoyer),
 *   Deutsche Telekom's companies by country behind a bare "Telekom", operators' prepaid brands;
 * - Hungarian compounds of eating places, car washes, chairlifts and ski lifts, trampoline parks,
 *   swimming schools (1702), first names of the children's generation.
 * Round 13:
 * - recurrence: a payer's note says what a series pays for (only the payee's payments whose notes
 *   open with the series' word count against it: a school's meals beside its trips and fees); a
 *   monthly series resumes after the summer with its first payment from half an interval early; a
 *   payee's second series holds no payment of an accepted one;
 * - a payment processor's company as counterparty ("Stripe Payments Europe Ltd") names no payee:
 *   the note's shop is the merchant; order words are noise of a descriptor;
 * - the Slovak supplementary pension companies (NN Tatry, DDS Tatra banky...) 1203; scouts, cubs and
 *   children's camps 1702; toy shops by stem; farm stays and Italian stays 1002; deposits returned
 *   keep the purchase's subcategory; a bank's fee outranks the withdrawal it is for; the MCCs of
 *   laundries, dry cleaners, photo studios and shoe repair 904; KiK 603; a family word in a note
 *   to a person ("na lyžiarsky kurz, maminka") keeps it 1202.
 * Databases that ran 0031 keep stale categories, merchants and recurrence otherwise. The same work
 * as 0018: every account's stored transactions enriched again inside the migration's transaction,
 * only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
