/**
 * Re-enrichment with the rules of issue 20's ninth round (docs/categories.md, "Where each kind of
 * payment goes" and "Round 9"): the more specific kind of a payment outranking the general one (a
 * mortgage over a loan, a returned bank fee over ATM words, one's own account over a top-up; a
 * top-up received as money from one's own account), words saying only "for children" no longer
 * making a payment to a person a childcare one, card texts with several dates and card numbers
 * before the descriptor, sole traders named with their town, numbered stores abroad behind an
 * empty card marker, the holiday countries' kinds of business, chains, transport operators and
 * towns, towns after a linking word kept in a name, organisations shown by their abbreviation (SVJ,
 * SVB, NP), a store word after a bare first name, Kaufland.cz and Kaufland.sk, Pepco 603. Databases
 * that ran 0032 keep stale categories and merchants otherwise. The same work as 0018: every
 * account's stored transactions enriched again inside the migration's transaction, only changed
 * rows written. Down: nothing to undo (derived data).
 */
export { down, up } from './0018_enrichment_reenrich.ts';
