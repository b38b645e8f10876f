/**
 * Re-enrichment with the rules of issue 20's sixth round (docs/categories.md, "Where each kind of
 * payment goes" and "Quality and speed"): Austrian and German banks' card texts ("Bezahlung Karte
 * MC/...") read as card payments whose descriptor follows, a brand's arm chosen by the MCC
 * ("BOLT.EU/O" with a food MCC is Bolt Food), Slovak brands by their short names (SEVAK, 4ka, STVR),
 * services named in a shop's or an app store's note as the merchant, a card payment to a bare
 * person's name as a sole trader's purchase (no merchant, not a transfer), heat and hot water of a
 * multi-utility as energy, returned bank fees as bank fees. Databases that ran 0029 keep stale
 * categories, merchants and recurrence otherwise. The same work as 0018: every account's stored
 * transactions enriched again inside the migration's transaction, only changed rows written.
 * Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
