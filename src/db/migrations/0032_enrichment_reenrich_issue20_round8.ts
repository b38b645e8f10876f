/**
 * Re-enrichment with the rules of issue 20's eighth round (docs/categories.md, "Where each kind of
 * payment goes" and "Round 8"): a note holding a bank's card text without a marker (Česká
 * spořitelna's "DROGERIE U MOSTU, PARDUBICE, CZ") read as a card payment, stars masking a card
 * number, the whole family of processor prefixes, mortgages and bank loans repaid to the holder's
 * own loan account (no merchant, the loan words before the people rule), schools keeping a street
 * named without a house number and owners' associations their house number, short names of
 * public-service companies (VaK <town>, ČD), the service a shop sells named as the merchant
 * (Euronics, Norton, an operator's top-up), kinds of business placed anew (tailors 603, photo
 * studios 2003, wine shops 303, Heuriger 403, liability insurance 1604; a bistro and tickets
 * naming only their category), invoices paid to the holder as business income, and recurrence of
 * a payee's second series. Databases that ran 0031 keep stale categories, merchants and recurrence
 * otherwise. The same work as 0018: every account's stored transactions enriched again inside the
 * migration's transaction, only changed rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
