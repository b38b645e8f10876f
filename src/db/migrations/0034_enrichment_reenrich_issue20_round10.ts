/**
 * Re-enrichment with the rules of issue 20's tenth round (docs/categories.md, "Where each kind of
 * payment goes" and "Round 10"): a bank's "on <date>" (dne, dňa, dnia, am, on, napján) no part of a
 * card text's name, a head part ending at a colon; a brand's company in the country a card text
 * names (Orange Slovensko, O2 Slovakia, Slovak Telekom...), the Slovak companies of insurers, hotel
 * groups' sub-brands, a top-up voucher after a fuel station's descriptor the operator's; a chain
 * abroad's short name only in a card payment naming no other country; a word of the merchant's own
 * kind outranking the terminal's MCC; a kind word and a name kept together; social-insurance
 * contributions 1502, an insurer's premium returned the policy's, a guesthouse "Pension" 1002,
 * nature parks and castles 1103, boat trips 1003, an electrician's installation 204, a school word
 * alone no tuition for a person, "spořák" 1201. Databases that ran 0033 keep stale categories and
 * merchants otherwise. The same work as 0018: every account's stored transactions enriched again
 * inside the migration's transaction, only changed rows written. Down: nothing to undo (derived
 * data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
