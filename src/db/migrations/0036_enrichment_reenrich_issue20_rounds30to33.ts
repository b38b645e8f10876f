/**
 * Re-enrichment with the rules of issue 20's thirtieth to thirty-third rounds (docs/categories.md, "Round 30" to "Round 33"):
 * - round 30: a bank's bare word for "number" before the card number ("Transakcia kartou č. 4917 55XX XXXX 2038,
 *   Miesto: DROGERIA LILIA, ...") and its word for "at" before the time ("... 12.06.2026 o 14:32, ...")
 *   are part of the card text's head, and card brands, wallets and more banks' markers open a card text:
 *   such rows get their merchant;
 * - round 30: a kind word after one or two words of a name names the payee's kind whatever MCC the terminal
 *   reports ("GORENJSKE LEKARNE" 901); an outlet named after a dash behind the town, which a specific
 *   MCC confirms ("HOTEL PODHRADI, BRNO, CZ - KAVARNA" 403); the more specific kind of a payment
 *   later in a text outranks the opening word (an airport's car park 505, a museum of toys 1103);
 * - round 30: a chain's branch as a fintech's counterparty names it ("Jumbo Utrecht Biltstraat", "Rimi 1043");
 *   toll companies abroad named as their text spells them ("Hrvatske autoceste"); Benelux and Baltic
 *   chains, operators and utilities;
 * - round 30: rent, deposits, invoices, reimbursements, car insurance and stays in Dutch, Nordic, Baltic and
 *   other languages; accommodation paid to a person 1002; Baltic first names;
 * - round 31: a brand's outlet named after its name (a store's restaurant 401, a supermarket's fuel
 *   station 501); a long name a card terminal cut mid-word ("NARODNA DIALNICNA SPOL": NDS); a chain
 *   abroad before one word of its branch in a fintech's counterparty ("Centra Ballycastle"); no brand
 *   before a linking word ("ACROPOLIS OF LINDOS"); contributions paid back 1502; a friend's share of a
 *   stay 1202; fish bars, falafel, saloons, whisky shops, baite, gorges, ancient theatres, heritage
 *   bodies, bancomats, car accessories and holiday parks; Matas, Maxol, Migrol, Catena, Montefarm,
 *   Sole 365, EAV, Garmin Connect and more chains as merchants;
 * - round 32: rent beside service charges 201; every parking word against an airport's 505; a school's
 *   house number kept in its name (not in its id); a pension company named (1203); a chain's branch by
 *   its centre ("Meininger Hamburg City Center"); a card payment's name opening with a brand before a
 *   first name ("PENNEYS MARY ST"); Balkan, Irish, Romanian and Finnish kinds; publishers 607; more
 *   chains and attractions as merchants;
 * - round 33: the policy an insurer's note names (home insurance 1603 at a car insurer); a student
 *   dormitory's rent 201; fitness centres, beer halls, thermal resorts, open-air stages, ATMs abroad;
 *   Alza.sk as the Slovak company of Alza; European Sleeper, Waxholmsbolaget, Foto Koch.
 * Databases that ran 0035 keep those rows as they were otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
