/**
 * Re-enrichment with the rules of issue 20's seventh round (docs/categories.md, "Where each kind of
 * payment goes" and "Round 7 (category lexicon)"): a multilingual lexicon of kinds of business and
 * kinds of payment for every subcategory (Czech, Slovak, German, Polish, Hungarian, Croatian,
 * Slovene, Italian, English, Spanish, French; compound endings such as "*garage" and "*fürdő"),
 * the kind opening a bank's card text as the payee's before the MCC, services sold on the side by
 * shops, tobacconists and fuel stations (cash back, gift cards, top-ups, vignettes, car washes,
 * lottery) also in a counterparty holding the card text, confectioners as cafés, town words never
 * deciding in any text, surnames that are words of a kind of business. Databases that ran 0030
 * keep stale categories, merchants and recurrence otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
