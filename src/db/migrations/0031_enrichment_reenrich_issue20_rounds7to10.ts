/**
 * Re-enrichment with the rules of issue 20's seventh to tenth rounds (docs/categories.md, "Where
 * each kind of payment goes" and "Round 7" to "Round 10"), one pass for the four rounds that landed
 * together:
 * - round 7: a multilingual lexicon of kinds of business and payment for every subcategory (compound
 *   endings such as "*garage"), the kind opening a card text before the MCC, services sold on the
 *   side by shops, tobacconists and fuel stations, town words never deciding, ~1,900 list merchants;
 * - round 8: a note holding a bank's card text without a marker read as a card payment, masked card
 *   numbers, processor prefixes as a family, own mortgages and loans without a merchant, naming;
 * - round 9: the more specific kind of a payment outranking the general one, holiday countries'
 *   vocabulary and chains, naming decisions (abbreviations, a marketplace by its site);
 * - round 10: a bank's "on <date>" no part of a name, a brand's company in the country a card text
 *   names, social-insurance contributions, an insurer's returned premium, kinds and priorities.
 * Databases that ran 0030 keep stale categories, merchants and recurrence otherwise. The same work
 * as 0018: every account's stored transactions enriched again inside the migration's transaction,
 * only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
