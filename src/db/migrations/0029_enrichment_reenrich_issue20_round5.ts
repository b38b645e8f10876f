/**
 * Re-enrichment with the rules of issue 20's fifth round (docs/categories.md, "Merchant names: the
 * convention" and "Quality and speed"): services sold by shops named as the merchant, brands' arms
 * and country companies shown by their own names, processor prefixes and card texts never read as
 * people, German ae/oe/ue spellings read as umlauts (names derived from descriptors so spelled get
 * the id of the umlaut spelling), new fuel, parking, school and café vocabulary, two-monthly and
 * summer-paused series. Databases that ran 0027 keep stale categories, merchants and recurrence
 * otherwise. The same work as 0018: every account's stored transactions enriched again inside the
 * migration's transaction, only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
