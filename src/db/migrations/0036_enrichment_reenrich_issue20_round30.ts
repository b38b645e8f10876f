/**
 * Re-enrichment with the rules of issue 20's thirtieth round (docs/categories.md, "Round 30"):
 * - a bank's bare word for "number" before the card number ("Transakcia kartou č. 4917 55XX XXXX 2038,
 *   Miesto: DROGERIA LILIA, ...") and its word for "at" before the time ("... 12.06.2026 o 14:32, ...")
 *   are part of the card text's head, and card brands, wallets and more banks' markers open a card text:
 *   such rows get their merchant;
 * - a kind word after one or two words of a name names the payee's kind whatever MCC the terminal
 *   reports ("GORENJSKE LEKARNE" 901); an outlet named after a dash behind the town, which a specific
 *   MCC confirms ("HOTEL PODHRADI, BRNO, CZ - KAVARNA" 403); the more specific kind of a payment
 *   later in a text outranks the opening word (an airport's car park 505, a museum of toys 1103);
 * - a chain's branch as a fintech's counterparty names it ("Jumbo Utrecht Biltstraat", "Rimi 1043");
 *   toll companies abroad named as their text spells them ("Hrvatske autoceste"); Benelux and Baltic
 *   chains, operators and utilities;
 * - rent, deposits, invoices, reimbursements, car insurance and stays in Dutch, Nordic, Baltic and
 *   other languages; accommodation paid to a person 1002; Baltic first names.
 * Databases that ran 0035 keep those rows as they were otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
