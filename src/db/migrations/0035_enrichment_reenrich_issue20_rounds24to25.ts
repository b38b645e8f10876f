/**
 * Re-enrichment with the rules of issue 20's twenty-fourth and twenty-fifth rounds (docs/categories.md,
 * "Kinds of business from OpenStreetMap", "Round 25"):
 * - round 24: money spent that no other signal explains is placed by a word for its kind of
 *   business in the payee's descriptor, from OpenStreetMap's presets in 41 European languages
 *   (data/osm-business-kinds.json: "GELATARIA DA PRAIA LAGOS" 403, "KINDERSCHUHGESCHAEFT" 603),
 *   where it was 9901 Uncategorised spending;
 * - round 25: membership fees in Dutch, Nordic, Baltic, French, Italian, Spanish and Portuguese 903;
 *   holiday and thirteenth-month pay 101; car-wash lines 506; water heaters and boilers 204; ICA's
 *   formats, supermarkets' fuel stations, Nordic children's clothing, Bulgarian pharmacies, Baltic
 *   restaurant chains, hosting providers and Catawiki as merchants.
 * Databases that ran 0034 keep those rows as they were otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
