/**
 * Re-enrichment with the rules of issue 20's fourteenth round (docs/categories.md, "Where each kind
 * of payment goes", "Merchant names: the convention" and "Round 14"):
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
 * Databases that ran 0032 keep stale categories and merchants otherwise. The same work as 0018:
 * every account's stored transactions enriched again inside the migration's transaction, only
 * changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
