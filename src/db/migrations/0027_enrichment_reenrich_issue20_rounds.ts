/**
 * Re-enrichment with the rules of issue 20's third and fourth rounds (docs/categories.md,
 * "Quality and speed": legal names as brands, legal forms and organisation words, services sold
 * by shops, supermarket chains abroad, municipal and membership fees, children's keywords on
 * either side): databases that ran 0018 before these rules keep stale categories and merchants
 * otherwise. The same work as 0018: every account's stored transactions enriched again inside
 * the migration's transaction, only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
