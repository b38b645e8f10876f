/**
 * Re-enrichment with the rules of issue 20's eleventh and twelfth rounds, which land together (one
 * pass, not two; docs/categories.md, "Where each kind of payment goes", "Round 11" and "Round 12").
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
 * Databases that ran 0031 keep stale categories, merchants and recurrence otherwise. The same work
 * as 0018: every account's stored transactions enriched again inside the migration's transaction,
 * only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
